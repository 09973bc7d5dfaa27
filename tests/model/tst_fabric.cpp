#include "core/model/fabric.h"

#include <QTest>

using namespace Railyard;

namespace {
bool hasProblem(const std::vector<Problem> &problems, const std::string &needle)
{
    for (const auto &p : problems)
        if (p.message.find(needle) != std::string::npos)
            return true;
    return false;
}

Fabric twoHostsOneLeaf()
{
    Fabric f;
    Host h;
    h.id = "h1";
    h.nics = {Nic{0, 400, 1}};
    f.addHost(h);
    h.id = "h2";
    f.addHost(h);
    Switch s;
    s.id = "leaf1";
    s.radix = 4;
    f.addSwitch(s);
    f.addLink({"h1--leaf1", f.findNode("h1"), f.findNode("leaf1"), 0, 0, 400});
    f.addLink({"h2--leaf1", f.findNode("h2"), f.findNode("leaf1"), 0, 1, 400});
    return f;
}
} // namespace

class TestFabric : public QObject
{
    Q_OBJECT
private slots:
    void validFabricHasNoProblems()
    {
        const Fabric f = twoHostsOneLeaf();
        QVERIFY(f.validate().empty());
        QCOMPARE(f.gpuCount(), 16LL);
        QCOMPARE(f.incidentLinks(f.findNode("leaf1")).size(), size_t(2));
    }

    void addingAHostRenumbersSwitchEnds()
    {
        Fabric f = twoHostsOneLeaf();
        Host h;
        h.id = "h3";
        f.addHost(h);
        const Link &l = f.link(f.findLink("h1--leaf1"));
        QCOMPARE(f.nodeId(l.b), std::string("leaf1"));
        QCOMPARE(f.findNode("leaf1"), 3);
    }

    void duplicateIdIsReported()
    {
        Fabric f = twoHostsOneLeaf();
        Switch s;
        s.id = "h1";
        f.addSwitch(s);
        QVERIFY(hasProblem(f.validate(), "duplicate id 'h1'"));
    }

    void capacityMustBePositive()
    {
        Fabric f = twoHostsOneLeaf();
        f.link(0).capacityGbps = 0;
        QVERIFY(hasProblem(f.validate(), "capacity must be positive"));
        f.link(0).capacityGbps = -10;
        QVERIFY(hasProblem(f.validate(), "capacity must be positive"));
    }

    void portsStayWithinRadix()
    {
        Fabric f = twoHostsOneLeaf();
        f.link(1).portB = 4;
        QVERIFY(hasProblem(f.validate(), "beyond its radix 4"));
        f.link(1).portB = 0;
        QVERIFY(hasProblem(f.validate(), "reuses port 0"));
    }

    void linksPerSwitchWithinRadix()
    {
        Fabric f = twoHostsOneLeaf();
        f.switchAt(0).radix = 1;
        QVERIFY(hasProblem(f.validate(), "has 2 links but only 1 ports"));
    }

    void danglingAndSelfLinks()
    {
        Fabric f = twoHostsOneLeaf();
        f.addLink({"loop", 2, 2, -1, -1, 100});
        f.addLink({"dangling", 0, 99, -1, -1, 100});
        const auto problems = f.validate();
        QVERIFY(hasProblem(problems, "to itself"));
        QVERIFY(hasProblem(problems, "dangling end"));
    }

    void degradedRateWithinCapacity()
    {
        Fabric f = twoHostsOneLeaf();
        f.link(0).state = LinkState::Degraded;
        f.link(0).degradedGbps = 500;
        QVERIFY(hasProblem(f.validate(), "degraded rate"));
        f.link(0).degradedGbps = 100;
        QVERIFY(f.validate().empty());
        QCOMPARE(f.link(0).effectiveGbps(), 100.0);
        f.link(0).state = LinkState::Down;
        QCOMPARE(f.link(0).effectiveGbps(), 0.0);
    }

    void nvlinkDomainNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::newRow("generated") << "nvl-0001" << true;
        QTest::newRow("dots and colons") << "r12.nvl72:a_b" << true;
        QTest::newRow("digit first") << "7" << true;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("space") << "rack 1" << false;
        QTest::newRow("leading dash") << "-nvl" << false;
        QTest::newRow("slash") << "pod/rack" << false;
        QTest::newRow("non-ASCII") << QString::fromUtf8("d\xc3\xb6m") << false;
        QTest::newRow("1024 bytes") << QString(1024, QLatin1Char('a')) << true;
        QTest::newRow("1025 bytes") << QString(1025, QLatin1Char('a')) << false;
    }
    void nvlinkDomainNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        const std::string text = name.toStdString();
        QCOMPARE(isValidNvlinkDomainName(text), valid);
        QCOMPARE(nvlinkDomainNameProblem(text).empty(), valid);
    }

    // Hosts naming one domain share it; the name must be valid and every host
    // of a domain needs NVLink, reported with the host's id.
    void nvlinkDomainsAndTheirInvariants()
    {
        Fabric f = twoHostsOneLeaf();
        QVERIFY(f.nvlinkDomains().empty());
        f.host(0).nvlinkDomain = "nvl-a";
        f.host(1).nvlinkDomain = "nvl-a";
        QVERIFY(f.validate().empty());
        const std::vector<NvlinkDomain> domains = f.nvlinkDomains();
        QCOMPARE(domains.size(), size_t(1));
        QCOMPARE(domains[0].hosts, (std::vector<std::int32_t>{0, 1}));
        QCOMPARE(domains[0].gpus, 16LL);
        f.host(1).nvlinkGBps = 0;
        std::vector<Problem> problems = f.validate();
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].elementId, std::string("h2"));
        QCOMPARE(problems[0].message,
                 std::string("host 'h2' is in NVLink domain 'nvl-a' but has no NVLink (nvlink_gbytes_per_s is 0)"));
        QVERIFY(hasProblem(f.validateElements({f.hostNode(1)}, {}), "host 'h2' has no NVLink"));
        f.host(1).nvlinkGBps = 450;
        f.host(0).nvlinkDomain = "nvl a";
        problems = f.validate();
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].elementId, std::string("h1"));
        QVERIFY(hasProblem(problems, "NVLink domain name 'nvl a' is not valid"));
    }

    void tierNamesRoundTrip()
    {
        for (Tier t : {Tier::Leaf, Tier::Spine, Tier::Core, Tier::Unlayered})
            QCOMPARE(*tierFromName(tierName(t)), t);
        QVERIFY(!tierFromName("aggregation"));
    }
};

QTEST_GUILESS_MAIN(TestFabric)
#include "tst_fabric.moc"
