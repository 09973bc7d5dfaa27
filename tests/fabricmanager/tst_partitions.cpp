// Partitions from a network intent, and the P_Keys read back, without the
// real tools (tst_subnetmanager runs them): the plan worked by hand on a k=4
// fat-tree, a brute-force check of the P_Key rule (two ports talk when they
// share a partition and one of them is full) against the intent's own rule
// order for random intents, the refusals naming their rule, the readers of
// saquery PKTR / smpquery pkeys / saquery -p on output captured from the real
// tools (tests/data/pkeys), and the enforcement check on it.

#include "core/fabricmanager/enforcement.h"
#include "core/fabricmanager/partitionplan.h"
#include "core/fabricmanager/pkeydump.h"
#include "core/fabricmanager/smconfig.h"
#include "core/model/infinibandids.h"
#include "core/generators/presets.h"
#include "core/intents/intentreader.h"
#include "core/intents/selector.h"

#include <QFile>
#include <QTest>

#include <random>

using namespace Railyard;

namespace {

QByteArray data(const char *name)
{
    QFile file(QStringLiteral(RAILYARD_TEST_DATA "/pkeys/") + QLatin1String(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::string_view view(const QByteArray &bytes)
{
    return std::string_view(bytes.constData(), size_t(bytes.size()));
}

IntentRule rdma(std::string from, std::string to)
{
    return IntentRule{{}, std::move(from), std::move(to), IntentProtocol::Rdma, {}};
}

/// The intent's decision for a host pair, from its rules in order (docs/intent-format.md).
bool intentAllows(const Intent &intent, const Host &a, const Host &b)
{
    auto matches = [](const std::string &pattern, const Host &host) {
        std::string error;
        const std::optional<Selector> s = Selector::compile(pattern, &error);
        return s && s->matchesHost(host);
    };
    for (const IntentRule &r : intent.deny)
        if (r.proto != IntentProtocol::Tcp && matches(r.from, a) && matches(r.to, b))
            return false;
    for (const IntentRule &r : intent.allow)
        if (r.proto != IntentProtocol::Tcp && matches(r.from, a) && matches(r.to, b))
            return true;
    return false;
}

/// Whether the plan lets two hosts talk: a partition holding both, one full.
bool planLets(const PartitionPlan &plan, std::int32_t a, std::int32_t b)
{
    if (plan.defaultFull)
        return true;
    for (const PlannedPartition &p : plan.partitions) {
        const bool aFull = std::binary_search(p.fullHosts.begin(), p.fullHosts.end(), a);
        const bool bFull = std::binary_search(p.fullHosts.begin(), p.fullHosts.end(), b);
        const bool aIn = aFull || std::binary_search(p.limitedHosts.begin(), p.limitedHosts.end(), a);
        const bool bIn = bFull || std::binary_search(p.limitedHosts.begin(), p.limitedHosts.end(), b);
        if (aIn && bIn && (aFull || bFull))
            return true;
    }
    return false;
}

/// Every HCA port's P_Keys as OpenSM would apply the plan.
PkeysByPort applied(const Fabric &fabric, const PartitionPlan &plan)
{
    const InfinibandIds ids = InfinibandIds::of(fabric);
    PkeysByPort out;
    for (const InfinibandIds::Ca &ca : ids.cas) {
        std::vector<std::uint16_t> keys{std::uint16_t(plan.defaultFull ? 0xffff : 0x7fff)};
        for (const PlannedPartition &p : plan.partitions) {
            if (std::binary_search(p.fullHosts.begin(), p.fullHosts.end(), ca.host))
                keys.push_back(std::uint16_t(p.pkey | 0x8000));
            else if (std::binary_search(p.limitedHosts.begin(), p.limitedHosts.end(), ca.host))
                keys.push_back(p.pkey);
        }
        out[ca.guid + 1] = keys;
    }
    return out;
}

} // namespace

class TestPartitions : public QObject
{
    Q_OBJECT

private slots:
    /// k = 4 fat-tree, 8 racks of 2 hosts in zones of 2 racks. The intent:
    /// zone-01 and zone-02 talk within themselves, rack-001 and rack-005 talk
    /// both ways, rack-008 may not talk within itself, TCP everywhere.
    /// By hand: rdma-zone-01 = racks 1-2 full; rdma-zone-02 = racks 3-4 full;
    /// rack-005's hosts may not talk to each other (no rule), so they are
    /// limited members of a partition of rack-001 full. 4 × 3 × 2 + 2 × 2 × 2
    /// = 32 ordered pairs allowed.
    void planWorkedByHand()
    {
        const Fabric fabric = generateClos(fatTreeParams(4, 200));
        const IntentReadResult read = readIntentFile(QStringLiteral(RAILYARD_TEST_DATA "/pkeys/fat-tree-k4.intent.json"));
        QVERIFY2(read.ok(), qPrintable(read.errorText()));
        const PartitionPlan plan = planPartitions(fabric, *read.intent);
        QVERIFY(!plan.defaultFull);
        QCOMPARE(plan.partitions.size(), size_t(3));
        QCOMPARE(plan.partitions[0].name, std::string("rdma-zone-01"));
        QCOMPARE(plan.partitions[0].fullHosts, (std::vector<std::int32_t>{0, 1, 2, 3}));
        QCOMPARE(plan.partitions[1].fullHosts, (std::vector<std::int32_t>{4, 5, 6, 7}));
        QCOMPARE(plan.partitions[2].fullHosts, (std::vector<std::int32_t>{0, 1}));
        QCOMPARE(plan.partitions[2].limitedHosts, (std::vector<std::int32_t>{8, 9}));
        QCOMPARE(plan.partitions[2].rule, std::string("/allow/3"));
        QCOMPARE(plan.serviceLevel, std::optional<int>(3));
        QCOMPARE(plan.mostPerHost, 2);
        QCOMPARE(plan.notMapped.size(), size_t(2)); // the TCP rule, deny_public_egress
        QVERIFY(plan.notMapped[0].rfind("/allow/4:", 0) == 0);
        int allowed = 0;
        for (std::int32_t a = 0; a < fabric.hostCount(); ++a)
            for (std::int32_t b = 0; b < fabric.hostCount(); ++b)
                if (a != b && planLets(plan, a, b)) {
                    QVERIFY(intentAllows(*read.intent, fabric.host(a), fabric.host(b)));
                    ++allowed;
                }
        QCOMPARE(allowed, 32);

        const std::string conf = partitionsConf(fabric, plan);
        QVERIFY(conf.find("Default=0x7fff, ipoib : ALL=limited, ALL_SWITCHES=full, SELF=full;") != std::string::npos);
        QVERIFY(conf.find("rdma-rack-005-to-001=0x0003, ipoib, mtu=5 :\n    0x5259020000000011=full, "
                          "0x5259020000000021=full, 0x5259020000000091=limited, 0x52590200000000a1=limited;")
                != std::string::npos);
        const std::string qos = qosPolicyConf(fabric, plan);
        QVERIFY(qos.find("any, pkey 0x0003 : 3") != std::string::npos);

        SmConfigOptions options;
        options.intent = &*read.intent;
        options.directory = "/etc/opensm";
        const SmConfig config = subnetManagerConfig(fabric, options);
        QVERIFY(config.files.count("qos-policy.conf"));
        QVERIFY(config.files.at("opensm.conf").find("qos_policy_file /etc/opensm/qos-policy.conf") != std::string::npos);
    }

    /// OpenSM reads partitions.conf a line of at most 4,094 characters at a
    /// time and, on a cut line, falls back to every port full in Default: a
    /// partition of 512 HCA ports (rail-optimized, 64 hosts of 8 rails) is
    /// written 8 ports a line, 64 lines, every port once, ended by one ';'.
    void largePartitionsKeepLinesShort()
    {
        const Fabric fabric = generateClos(railOptimizedParams(64));
        Intent intent;
        intent.allow.push_back(rdma("*/rack-00[1-8]", "*/rack-00[1-8]"));
        const PartitionPlan plan = planPartitions(fabric, intent);
        QCOMPARE(plan.partitions.size(), size_t(1));
        QCOMPARE(plan.partitions[0].fullHosts.size(), size_t(32));
        const std::string conf = partitionsConf(fabric, plan);
        size_t longest = 0, start = 0, ports = 0, memberLines = 0;
        bool inPartition = false;
        while (start < conf.size()) {
            const size_t end = conf.find('\n', start);
            const std::string line = conf.substr(start, end - start);
            longest = std::max(longest, line.size());
            if (!line.empty() && line[0] != '#' && line.rfind("Default", 0) != 0 && line.back() == ':')
                inPartition = true;
            else if (inPartition) {
                ++memberLines;
                for (size_t at = line.find("=full"); at != std::string::npos; at = line.find("=full", at + 1))
                    ++ports;
                if (line.back() == ';')
                    inPartition = false;
                else
                    QCOMPARE(line.back(), ',');
            }
            start = end + 1;
        }
        QCOMPARE(ports, size_t(256)); // 32 hosts × 8 HCAs
        QCOMPARE(memberLines, size_t(32));
        QVERIFY(!inPartition);
        QVERIFY2(longest < 300, std::to_string(longest).c_str());
    }

    void everyPairAllowedKeepsDefaultFull()
    {
        const Fabric fabric = generateClos(fatTreeParams(4, 200));
        Intent intent;
        intent.allow.push_back(rdma("*", "*"));
        const PartitionPlan plan = planPartitions(fabric, intent);
        QVERIFY(plan.defaultFull);
        QVERIFY(plan.partitions.empty());
        QVERIFY(partitionsConf(fabric, plan).find("Default=0x7fff, ipoib : ALL=full;") != std::string::npos);
    }

    /// What P_Keys cannot say is refused, naming the rule.
    void unmappableRulesAreRefused()
    {
        const Fabric fabric = generateClos(fatTreeParams(4, 200));
        Intent oneWay;
        oneWay.allow.push_back(rdma("zone-01/*", "zone-01/*"));
        oneWay.allow.push_back(rdma("zone-01/*", "zone-02/*"));
        try {
            planPartitions(fabric, oneWay);
            QFAIL("a one-way rule was mapped");
        } catch (const PartitionPlanError &e) {
            QCOMPARE(e.pointer(), std::string("/allow/1"));
            QVERIFY2(std::string(e.what()).find("but not back") != std::string::npos, e.what());
        }
        Intent bipartite; // racks 1 and 2 talk to each other, neither within itself
        bipartite.allow.push_back(rdma("*/rack-001", "*/rack-002"));
        bipartite.allow.push_back(rdma("*/rack-002", "*/rack-001"));
        try {
            planPartitions(fabric, bipartite);
            QFAIL("a bipartite rule was mapped");
        } catch (const PartitionPlanError &e) {
            QVERIFY(e.pointer() == "/allow/0" || e.pointer() == "/allow/1");
            QVERIFY2(std::string(e.what()).find("neither of which may talk within itself") != std::string::npos, e.what());
        }
        // One host each: full members are fine (a host talking to itself is no pair).
        Intent hosts;
        hosts.allow.push_back(rdma("host001", "host003"));
        hosts.allow.push_back(rdma("host003", "host001"));
        const PartitionPlan plan = planPartitions(fabric, hosts);
        QCOMPARE(plan.partitions.size(), size_t(1));
        QVERIFY(planLets(plan, 0, 2) && !planLets(plan, 0, 1));
    }

    /// Random symmetric intents over racks and single hosts: whenever a plan
    /// is made, the P_Key rule gives exactly the intent's decision for every
    /// host pair, and the enforcement check agrees.
    void randomIntentsBruteForce()
    {
        const Fabric fabric = generateClos(fatTreeParams(4, 200));
        std::mt19937 rng(7);
        std::bernoulli_distribution coin(0.35);
        int planned = 0, refused = 0;
        for (int round = 0; round < 200; ++round) {
            Intent intent;
            std::vector<std::string> names;
            for (int r = 1; r <= 8; ++r)
                names.push_back(QStringLiteral("*/rack-%1").arg(r, 3, 10, QLatin1Char('0')).toStdString());
            names.push_back("host003");
            names.push_back("host012");
            for (size_t i = 0; i < names.size(); ++i)
                for (size_t j = i; j < names.size(); ++j)
                    if (coin(rng)) {
                        intent.allow.push_back(rdma(names[i], names[j]));
                        if (i != j)
                            intent.allow.push_back(rdma(names[j], names[i]));
                    }
            if (coin(rng))
                intent.deny.push_back(rdma(names[rng() % names.size()], "*"));
            if (!intent.deny.empty())
                intent.deny.push_back(rdma("*", intent.deny.back().from));
            PartitionPlan plan;
            try {
                plan = planPartitions(fabric, intent);
            } catch (const PartitionPlanError &e) {
                QVERIFY2(e.pointer().rfind("/allow/", 0) == 0, e.what());
                ++refused;
                continue;
            }
            ++planned;
            long long allowed = 0;
            for (std::int32_t a = 0; a < fabric.hostCount(); ++a)
                for (std::int32_t b = 0; b < fabric.hostCount(); ++b) {
                    if (a == b)
                        continue;
                    const bool expected = intentAllows(intent, fabric.host(a), fabric.host(b));
                    QVERIFY2(planLets(plan, a, b) == expected,
                             qPrintable(QStringLiteral("round %1: %2 -> %3").arg(round).arg(a).arg(b)));
                    allowed += expected;
                }
            const EnforcementCheck check = checkEnforcement(fabric, intent, applied(fabric, plan));
            QVERIFY2(check.verdict == EnforcementCheck::Verdict::Enforced, check.summary().c_str());
            QCOMPARE(check.allowedPairs, allowed);
            QCOMPARE(check.allowedPairs + check.deniedPairs, 16LL * 15);
        }
        QVERIFY2(planned >= 40, qPrintable(QString::number(planned)));
        QVERIFY(refused > 0);
    }

    void sharedPkeyRule()
    {
        QCOMPARE(sharedPkey({0x8001}, {0x0001}), std::uint16_t(0x8001));
        QCOMPARE(sharedPkey({0x0001}, {0x0001}), std::uint16_t(0)); // limited with limited
        QCOMPARE(sharedPkey({0x8001}, {0x8002}), std::uint16_t(0));
        QCOMPARE(sharedPkey({0x7fff, 0x0003}, {0x8003}), std::uint16_t(0x8003));
    }

    /// Output captured from the real saquery and smpquery (OpenSM 3.3.23 under
    /// ibsim with the k = 4 intent's configuration).
    void readsRealOutput()
    {
        const PkeyReadResult pktr = readPkeyTables(view(data("fat-tree-k4-intent.pktr")), QStringLiteral("pktr"));
        QVERIFY2(pktr.ok(), qPrintable(pktr.errorText()));
        QCOMPARE(pktr.ports->size(), size_t(16)); // LIDs 21-36, port 1, two blocks each
        QCOMPARE(pktr.ports->front().lid, 21);
        QCOMPARE(pktr.ports->front().port, 1);
        QCOMPARE(pktr.ports->front().pkeys, (std::vector<std::uint16_t>{0x7fff, 0x8001, 0x8003}));
        const PkeyReadResult smp = readPkeyTables(view(data("host001.smpquery-pkeys")), QStringLiteral("smp"));
        QVERIFY2(smp.ok(), qPrintable(smp.errorText()));
        QCOMPARE(smp.ports->size(), size_t(1));
        QCOMPARE(smp.ports->front().lid, 0);
        QCOMPARE(smp.ports->front().capacity, 64);
        QCOMPARE(smp.ports->front().pkeys, (std::vector<std::uint16_t>{0x7fff, 0x8001, 0x8003}));
        const PathRecordReadResult paths = readPathRecords(view(data("partitions.saquery-p")), QStringLiteral("p"));
        QVERIFY2(paths.ok(), qPrintable(paths.errorText()));
        QCOMPARE(paths.records->size(), size_t(3));
        QCOMPARE(paths.records->at(1).pkey, std::uint16_t(0x8003));
        QCOMPARE(paths.records->at(1).sl, 3);
        QCOMPARE(paths.records->at(1).slid, 21);
        QCOMPARE(paths.records->at(1).dlid, 29);
        const PathRecordReadResult all = readPathRecords(view(data("all.saquery-p")), QStringLiteral("all"));
        QVERIFY2(all.ok(), qPrintable(all.errorText()));
        QVERIFY(!all.records->empty());
    }

    void enforcementOnRealOutput()
    {
        const Fabric fabric = generateClos(fatTreeParams(4, 200));
        const IntentReadResult intent = readIntentFile(QStringLiteral(RAILYARD_TEST_DATA "/pkeys/fat-tree-k4.intent.json"));
        QVERIFY(intent.ok());
        const PkeyReadResult pktr = readPkeyTables(view(data("fat-tree-k4-intent.pktr")), QStringLiteral("pktr"));
        const LftReadResult lfts = readLftDump(view(data("fat-tree-k4-intent.dump_fts")), QStringLiteral("lfts"));
        QVERIFY(pktr.ok() && lfts.ok());
        std::vector<std::string> problems;
        const PkeysByPort pkeys = pkeysByPortGuid(*pktr.ports, *lfts.dump, &problems);
        QVERIFY(problems.empty());
        EnforcementCheck check = checkEnforcement(fabric, *intent.intent, pkeys);
        QVERIFY2(check.verdict == EnforcementCheck::Verdict::Enforced, check.summary().c_str());
        QCOMPARE(check.allowedPairs, 32LL);
        QCOMPARE(check.deniedPairs, 208LL);
        const PartitionPlan plan = planPartitions(fabric, *intent.intent);
        const PathRecordReadResult paths = readPathRecords(view(data("partitions.saquery-p")), QStringLiteral("p"));
        checkServiceLevels(check, plan, *paths.records);
        QCOMPARE(check.pathsChecked, 3);
        QVERIFY(check.serviceLevelProblems.empty());

        // The same P_Keys against an intent that also opens zone-03 (racks 5
        // and 6): its 4 × 3 ordered pairs share no partition (rack-005's
        // hosts are limited members of 0x0003 only).
        Intent wider = *intent.intent;
        wider.allow.push_back(rdma("zone-03/*", "zone-03/*"));
        const EnforcementCheck violated = checkEnforcement(fabric, wider, pkeys);
        QVERIFY(violated.verdict == EnforcementCheck::Verdict::Violated);
        QCOMPARE(violated.violations, 12LL);
        QVERIFY(violated.examples.front().intentAllows);

        // A service level other than the intent's.
        PartitionPlan sl4 = plan;
        sl4.serviceLevel = 4;
        EnforcementCheck wrongSl = checkEnforcement(fabric, *intent.intent, pkeys);
        checkServiceLevels(wrongSl, sl4, *paths.records);
        QCOMPARE(wrongSl.serviceLevelProblems.size(), size_t(3));
        QVERIFY(wrongSl.verdict == EnforcementCheck::Verdict::Violated);

        // A port missing: incomplete, and named.
        PkeysByPort partial = pkeys;
        partial.erase(partial.begin());
        const EnforcementCheck incomplete = checkEnforcement(fabric, *intent.intent, partial);
        QVERIFY(incomplete.verdict == EnforcementCheck::Verdict::Incomplete);
        QCOMPARE(incomplete.missing.size(), size_t(1));
    }

    void badInputNamesTheLine()
    {
        const PkeyReadResult junk = readPkeyTables("PKeyTableRecord dump:\n\t\tLID....0\n", QStringLiteral("f"));
        QVERIFY(!junk.ok());
        QVERIFY2(junk.errorText().startsWith(QStringLiteral("f:2:")), qPrintable(junk.errorText()));
        const PkeyReadResult noTable = readPkeyTables("PKeyTableRecord dump:\n\t\tLID....3\n\t\tPort....1\n"
                                                      "\t\tBlock....0\n", QStringLiteral("f"));
        QVERIFY(!noTable.ok());
        const std::string longLine(5000, 'x');
        const PkeyReadResult lng = readPkeyTables(longLine, QStringLiteral("f"));
        QVERIFY(!lng.ok());
        QVERIFY(lng.errorText().size() < 200);
        const PkeyReadResult tooMany = readPkeyTables(
            std::string("PKeyTableRecord dump:\nLID....3\nPort....1\nBlock....0\nPKey Table:\n")
                + "0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 "
                  "0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 0x0001 "
                  "0x0001 0x0001 0x0001 0x0001 0x0001\n",
            QStringLiteral("f"));
        QVERIFY(!tooMany.ok());
        QVERIFY(!readPkeyTables("", QStringLiteral("f")).ok());
        const PathRecordReadResult paths = readPathRecords("PathRecord dump:\n\t\tsl....99\n", QStringLiteral("p"));
        QVERIFY(!paths.ok());
        QVERIFY2(paths.errorText().contains(QStringLiteral("p:2:")), qPrintable(paths.errorText()));
        QVERIFY(!readPathRecords("hello\n", QStringLiteral("p")).ok());
    }
};

QTEST_GUILESS_MAIN(TestPartitions)
#include "tst_partitions.moc"
