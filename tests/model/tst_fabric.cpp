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

    /// Reachability, by hand: two hosts on one leaf reach each other; a
    /// third host on a second leaf with no link to the first is cut off (one
    /// group of one named); two more on that leaf make the cut-off group 3
    /// hosts, the largest part stays the fabric; one link between the
    /// leaves joins them all. Link states do not count (the healthy design).
    void reachabilityNamesCutOffGroups()
    {
        Fabric f = twoHostsOneLeaf();
        QVERIFY(f.reachabilityProblems().empty());
        Switch s;
        s.id = "leaf2";
        s.radix = 8;
        f.addSwitch(s);
        Host h;
        h.id = "h3";
        h.nics = {Nic{0, 400, 1}};
        f.addHost(h);
        f.addLink({"h3--leaf2", f.findNode("h3"), f.findNode("leaf2"), 0, 0, 400});
        std::vector<Problem> p = f.reachabilityProblems();
        QCOMPARE(p.size(), size_t(1));
        QCOMPARE(p[0].elementId, std::string("h3"));
        QVERIFY2(p[0].message.find("host 'h3' reach no host outside itself") == 0
                     && p[0].message.find("2 hosts are in its largest part and 1 outside it") != std::string::npos,
                 p[0].message.c_str());
        QVERIFY(f.validate().empty()); // kept apart: readers load unfinished designs
        for (const char *id : {"h4", "h5"}) {
            h.id = id;
            f.addHost(h);
            f.addLink({std::string(id) + "--leaf2", f.findNode(id), f.findNode("leaf2"), 0, id[1] - '0' - 3, 400});
        }
        p = f.reachabilityProblems();
        QCOMPARE(p.size(), size_t(1));
        QCOMPARE(p[0].elementId, std::string("h1")); // now h1 and h2 are the smaller part
        QVERIFY2(p[0].message.find("hosts 'h1' … 'h2' (2) reach no host outside their group") == 0,
                 p[0].message.c_str());
        Link joined{"leaf1--leaf2", f.findNode("leaf1"), f.findNode("leaf2"), 3, 7, 400};
        joined.state = LinkState::Down; // down or not, the design joins them
        f.addLink(joined);
        QVERIFY(f.reachabilityProblems().empty());
        // A host with no link at all is its own group; with maxGroups 0 only the count.
        h.id = "h6";
        f.addHost(h);
        h.id = "h7";
        f.addHost(h);
        p = f.reachabilityProblems(1);
        QCOMPARE(p.size(), size_t(2));
        QVERIFY2(p[1].message == "1 more hosts in 1 more cut-off groups", p[1].message.c_str());
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
