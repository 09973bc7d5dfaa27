// Comparing fabrics. diff: a sample against itself is empty; against a copy
// without one spine it lists that spine, its links and the bisection delta,
// which equals the what-if of failing the spine (an independent path through
// the analysis). verify-cabling: a design against itself is clean; planted
// faults are each found once with the devices and ports: a swapped pair
// (between ports of one switch, and between two switches), a missing cable,
// an extra cable, a cable moved to another port, a link trained slower; and
// the round trip through the ibnetdiscover format (design vs "discovered").

#include "core/compare/fabricdiff.h"
#include "core/registry/formatregistry.h"
#include "core/formats/ibnetdiscover/ibnetdiscoverreader.h"
#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"

#include <QtTest>

using namespace Railyard;

namespace {

Fabric sample(const char *name)
{
    ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_SAMPLES "/") + QLatin1String(name));
    return std::move(*r.fabric);
}

/// The fabric without one switch and its links, and without one link,
/// built anew (ids kept).
Fabric without(const Fabric &f, const std::string &switchId, const std::string &linkId = {})
{
    Fabric out;
    out.name = f.name;
    for (const Host &h : f.hosts())
        out.addHost(h);
    for (const Switch &s : f.switches())
        if (s.id != switchId)
            out.addSwitch(s);
    std::vector<Link> links;
    for (const Link &l : f.links()) {
        if (f.nodeId(l.a) == switchId || f.nodeId(l.b) == switchId || l.id == linkId)
            continue;
        Link copy = l;
        copy.a = out.findNode(f.nodeId(l.a));
        copy.b = out.findNode(f.nodeId(l.b));
        links.push_back(copy);
    }
    out.appendLinks(std::move(links));
    return out;
}

std::int32_t linkBetween(const Fabric &f, const std::string &a, const std::string &b)
{
    for (std::int32_t i = 0; i < std::int32_t(f.links().size()); ++i) {
        const Link &l = f.link(i);
        if ((f.nodeId(l.a) == a && f.nodeId(l.b) == b) || (f.nodeId(l.a) == b && f.nodeId(l.b) == a))
            return i;
    }
    return -1;
}

/// A port of the switch no link uses (-1 when none is free).
int freePort(const Fabric &f, const std::string &switchId, int skip = 0)
{
    const NodeIndex n = f.findNode(switchId);
    std::vector<bool> used(size_t(f.switchAt(f.switchIndexOf(n)).radix), false);
    for (const Link &l : f.links()) {
        if (l.a == n && l.portA >= 0)
            used[size_t(l.portA)] = true;
        if (l.b == n && l.portB >= 0)
            used[size_t(l.portB)] = true;
    }
    for (size_t p = 0; p < used.size(); ++p)
        if (!used[p] && skip-- == 0)
            return int(p);
    return -1;
}

int count(const CablingReport &r, CablingFinding::Kind kind)
{
    int n = 0;
    for (const CablingFinding &f : r.findings)
        n += f.kind == kind;
    return n;
}

} // namespace

class TestFabricDiff : public QObject
{
    Q_OBJECT

private slots:
    void identical();
    void spineRemoved();
    void changedElements();
    void cablingClean();
    void swappedWithinSwitch();
    void swappedBetweenSwitches();
    void missingExtraMovedSlow();
    void throughIbnetdiscover();
};

void TestFabricDiff::identical()
{
    const Fabric f = sample("cluster-3k.fabric.json");
    const FabricDiff d = diffFabrics(f, f);
    QVERIFY(d.empty());
    QCOMPARE(d.before->bisectionGbps, d.after->bisectionGbps);
    QVERIFY(diffToText(d).find("identical") != std::string::npos);
}

void TestFabricDiff::spineRemoved()
{
    const Fabric f = sample("cluster-3k.fabric.json");
    const Fabric g = without(f, "spine-0001");
    const FabricDiff d = diffFabrics(f, g);
    QCOMPARE(d.removedSwitches, std::vector<std::string>{"spine-0001"});
    QVERIFY(d.addedSwitches.empty() && d.addedLinks.empty() && d.changedLinks.empty() && d.removedHosts.empty());
    std::int64_t spineLinks = 0;
    for (const Link &l : f.links())
        spineLinks += f.nodeId(l.a) == "spine-0001" || f.nodeId(l.b) == "spine-0001";
    QCOMPARE(std::int64_t(d.removedLinks.size()), spineLinks);
    for (const LinkRef &l : d.removedLinks)
        QVERIFY(l.a == "spine-0001" || l.b == "spine-0001");
    // The bisection delta is what failing the spine costs: the what-if of the same fabric.
    const AnalysisReport whatIf = analyzeFabric(f, Failures{{}, {f.switchIndexOf(f.findNode("spine-0001"))}});
    QCOMPARE(d.after->bisectionGbps, whatIf.bisection.gbps);
    QVERIFY(d.after->bisectionGbps < d.before->bisectionGbps);
    QCOMPARE(d.before->linkGbps - d.after->linkGbps, double(spineLinks) * 400);
    const QString json = QString::fromStdString(diffToJson(d));
    QVERIFY(json.contains(QLatin1String("\"bisection_delta_gbps\"")));
    QVERIFY(json.contains(QLatin1String("\"identical\": false")));
}

void TestFabricDiff::changedElements()
{
    Fabric f = generateClos(railOptimizedParams(16));
    Fabric g = f;
    g.host(0).gpus = 4;
    g.host(1).nvlinkDomain = "nvl-0001";
    f.host(2).nvlinkDomain = "nvl-0001";
    g.host(2).nvlinkDomain = "nvl-0002";
    g.switchAt(0).radix = 32;
    g.link(0).state = LinkState::Degraded;
    g.link(0).degradedGbps = 200;
    const FabricDiff d = diffFabrics(f, g, false);
    QCOMPARE(d.changedHosts.size(), size_t(3));
    QCOMPARE(d.changedHosts[0].changes, std::vector<std::string>{"gpus 8 → 4"});
    // A host that joins, or moves to another, multi-host NVLink domain is changed.
    QCOMPARE(d.changedHosts[1].changes, std::vector<std::string>{"nvlink domain none → nvl-0001"});
    QCOMPARE(d.changedHosts[2].changes, std::vector<std::string>{"nvlink domain nvl-0001 → nvl-0002"});
    QCOMPARE(d.changedSwitches.size(), size_t(1));
    QCOMPARE(d.changedLinks.size(), size_t(1));
    QCOMPARE(d.changedLinks[0].changes, std::vector<std::string>{"state up → degraded"});
    QVERIFY(!d.before);
}

void TestFabricDiff::cablingClean()
{
    const Fabric f = generateClos(railOptimizedParams(32));
    const CablingReport r = verifyCabling(f, f);
    QVERIFY(r.clean());
    QCOMPARE(r.matched, std::int64_t(f.links().size()));
}

void TestFabricDiff::swappedWithinSwitch()
{
    const Fabric design = generateClos(railOptimizedParams(32));
    Fabric built = design;
    // leaf-0001's first two uplinks land on each other's spine port.
    std::vector<std::int32_t> uplinks;
    for (std::int32_t i = 0; i < std::int32_t(built.links().size()) && uplinks.size() < 2; ++i)
        if (built.nodeId(built.link(i).a) == "leaf-0001" && built.isSwitch(built.link(i).b))
            uplinks.push_back(i);
    QCOMPARE(uplinks.size(), size_t(2));
    std::swap(built.link(uplinks[0]).b, built.link(uplinks[1]).b);
    std::swap(built.link(uplinks[0]).portB, built.link(uplinks[1]).portB);
    const CablingReport r = verifyCabling(design, built);
    QCOMPARE(r.findings.size(), size_t(1));
    QCOMPARE(int(r.findings[0].kind), int(CablingFinding::Kind::Swapped));
    QCOMPARE(r.findings[0].design.size(), size_t(2));
    QVERIFY2(r.findings[0].message.find("leaf-0001 port") != std::string::npos, r.findings[0].message.c_str());
    QCOMPARE(r.matched, std::int64_t(design.links().size()) - 2);
}

void TestFabricDiff::swappedBetweenSwitches()
{
    const Fabric design = generateClos(railOptimizedParams(32));
    Fabric built = design;
    // gpu001 and gpu002's rail-0 cables exchanged at the leaf end.
    const std::int32_t l1 = linkBetween(built, "gpu001", "leaf-0001");
    const std::int32_t l2 = linkBetween(built, "gpu002", "leaf-0001");
    QVERIFY(l1 >= 0 && l2 >= 0);
    std::swap(built.link(l1).portB, built.link(l2).portB);
    const CablingReport r = verifyCabling(design, built);
    QCOMPARE(r.findings.size(), size_t(1));
    QCOMPARE(int(r.findings[0].kind), int(CablingFinding::Kind::Swapped));
    QVERIFY(cablingToText(r).find("swapped") != std::string::npos);
    QVERIFY(cablingToJson(r).find("\"clean\": false") != std::string::npos);
}

void TestFabricDiff::missingExtraMovedSlow()
{
    const Fabric design = generateClos(railOptimizedParams(16)); // leaves with free ports
    Fabric built = without(design, "none");
    // Missing: gpu003's rail-0 cable. Moved: gpu004's rail-0 cable to a free leaf port.
    // Slow: gpu005's rail-0 cable trained 2x. Extra: a cable between two free leaf ports.
    const std::int32_t missing = linkBetween(design, "gpu003", "leaf-0001");
    const std::int32_t moved = linkBetween(built, "gpu004", "leaf-0001");
    const std::int32_t slow = linkBetween(built, "gpu005", "leaf-0001");
    const int movedTo = freePort(built, "leaf-0001");
    QVERIFY(movedTo >= 0);
    built.link(moved).portB = movedTo;
    built.link(slow).state = LinkState::Degraded;
    built.link(slow).degradedGbps = 200;
    Link extra;
    extra.id = "patch";
    extra.a = built.findNode("leaf-0002");
    extra.b = built.findNode("leaf-0003");
    extra.portA = freePort(built, "leaf-0002");
    extra.portB = freePort(built, "leaf-0003");
    built.addLink(extra);
    const Fabric floor = without(built, "none", design.link(missing).id);
    const CablingReport r = verifyCabling(design, floor);
    QCOMPARE(count(r, CablingFinding::Kind::Missing), 1);
    QCOMPARE(count(r, CablingFinding::Kind::Miswired), 1);
    QCOMPARE(count(r, CablingFinding::Kind::WrongSpeed), 1);
    QCOMPARE(count(r, CablingFinding::Kind::Extra), 1);
    QCOMPARE(r.findings.size(), size_t(4));
    for (const CablingFinding &f : r.findings) {
        if (f.kind == CablingFinding::Kind::Miswired)
            QVERIFY2(f.message.find("goes to leaf-0001 port " + std::to_string(movedTo + 1)) != std::string::npos,
                     f.message.c_str()); // 1-based, as on the switch
        if (f.kind == CablingFinding::Kind::WrongSpeed)
            QVERIFY2(f.message.find("200 Gb/s") != std::string::npos, f.message.c_str());
        if (f.kind == CablingFinding::Kind::Missing)
            QVERIFY2(f.message.find("gpu003") != std::string::npos, f.message.c_str());
    }
}

void TestFabricDiff::throughIbnetdiscover()
{
    // The design, "discovered" as an ibnetdiscover dump with two host cables swapped.
    const Fabric design = generateClos(railOptimizedParams(16));
    Fabric built = design;
    std::swap(built.link(linkBetween(built, "gpu001", "leaf-0001")).portB,
              built.link(linkBetween(built, "gpu002", "leaf-0001")).portB);
    QString error;
    const ReadResult found
        = Ibnetdiscover::read(Ibnetdiscover::write(built, &error), QStringLiteral("found.ibnetdiscover"));
    QVERIFY2(found.ok(), qPrintable(found.errorText()));
    QVERIFY(
        verifyCabling(design, *Ibnetdiscover::read(Ibnetdiscover::write(design, &error), QStringLiteral("same")).fabric)
            .clean());
    const CablingReport r = verifyCabling(design, *found.fabric);
    QCOMPARE(r.findings.size(), size_t(1));
    QCOMPARE(int(r.findings[0].kind), int(CablingFinding::Kind::Swapped));
}

QTEST_GUILESS_MAIN(TestFabricDiff)
#include "tst_fabricdiff.moc"
