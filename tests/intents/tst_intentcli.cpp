// railyard-cli intent ... and keys generate, end to end: exit codes, the
// lint and diff JSON against hand-counted numbers on the cluster-3k
// samples, the whole review flow, verify failures naming their reason,
// malformed intents naming the file and pointer, and usage errors.

#include "tests/common/clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString samples = QStringLiteral(RAILYARD_SAMPLES "/");
const QString fabric = samples + QStringLiteral("cluster-3k.fabric.json");
const QString v3 = samples + QStringLiteral("cluster-3k.v3.intent.json");
const QString v4 = samples + QStringLiteral("cluster-3k.v4.intent.json");

QJsonObject parseObject(const QString &text)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

} // namespace

class TestIntentCli : public QObject
{
    Q_OBJECT

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QTemporaryDir m_dir;

private slots:
    void initTestCase();
    void help();
    void lintSamples();
    void lintJson();
    void lintAgainstARunningJob();
    void diffJson();
    void diffText();
    void reviewFlow();
    void verifyFailures();
    void approveOwnChangeRefused();
    void malformedIntent();
    void usageErrors_data();
    void usageErrors();
};

void TestIntentCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(QStringLiteral(RAILYARD_CLI)), RAILYARD_CLI);
}

void TestIntentCli::help()
{
    CliRun run = runCli({QStringLiteral("intent"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(QStringLiteral("verify REVIEWED --keyring DIR")));
    for (const char *sub : {"lint", "diff", "sign", "approve", "reject", "verify"}) {
        run = runCli({QStringLiteral("intent"), QLatin1String(sub), QStringLiteral("--help")});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.out.startsWith(QStringLiteral("Usage: railyard-cli intent ") + QLatin1String(sub)),
                 qPrintable(run.out));
    }
    run = runCli({QStringLiteral("keys"), QStringLiteral("generate"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    run = runCli({QStringLiteral("--help")});
    QVERIFY(run.out.contains(QStringLiteral("intent lint|diff|sign|...")));
}

void TestIntentCli::lintSamples()
{
    // v3 leaves public egress open on zone-03 (racks 065-096): an error, exit 1.
    CliRun run = runCli({QStringLiteral("intent"), QStringLiteral("lint"), v3, QStringLiteral("--fabric"), fabric});
    QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
    QVERIFY2(run.out.contains(QStringLiteral("error: /deny_public_egress: public egress is left open on 32 GPU racks "
                                             "(rack-[065-096])")),
             qPrintable(run.out));
    // v4 closes it: notes only, exit 0.
    run = runCli({QStringLiteral("intent"), QStringLiteral("lint"), v4, QStringLiteral("--fabric"), fabric});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("0 errors, 0 warnings")));
}

void TestIntentCli::lintJson()
{
    const CliRun run = runCli({QStringLiteral("intent"), QStringLiteral("lint"), v4, QStringLiteral("--fabric"), fabric,
                               QStringLiteral("--json"), QStringLiteral("--matrix")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject o = parseObject(run.out);
    // 96 racks of 4 hosts; RDMA: 3 zones × 32² + 2 × 32 × 8 = 3,584 of 9,216 rack pairs.
    QCOMPARE(o.value(QStringLiteral("fabric")).toObject().value(QStringLiteral("groups")).toInt(), 96);
    const QJsonObject reach = o.value(QStringLiteral("reachability")).toObject();
    QCOMPARE(reach.value(QStringLiteral("group_pairs")).toInt(), 9216);
    const QJsonObject protocols = reach.value(QStringLiteral("protocols")).toObject();
    QCOMPARE(protocols.value(QStringLiteral("rdma")).toObject().value(QStringLiteral("allowed_pairs")).toInt(), 3584);
    QCOMPARE(protocols.value(QStringLiteral("tcp")).toObject().value(QStringLiteral("allowed_pairs")).toInt(), 9216);
    QCOMPARE(protocols.value(QStringLiteral("tcp")).toObject().value(QStringLiteral("egress_open_groups")).toInt(), 0);
    QCOMPARE(o.value(QStringLiteral("errors")).toInt(), 0);
    QCOMPARE(o.value(QStringLiteral("intent")).toObject().value(QStringLiteral("sha256")).toString().size(), 64);
    const QJsonArray matrix = o.value(QStringLiteral("matrix")).toArray();
    QVERIFY(!matrix.isEmpty());
    long long allowedRdma = 0;
    for (const QJsonValue &v : matrix) {
        const QJsonObject b = v.toObject();
        if (b.value(QStringLiteral("proto")).toString() == QLatin1String("rdma")
            && b.value(QStringLiteral("allowed")).toBool())
            allowedRdma
                += b.value(QStringLiteral("from_groups")).toInt() * b.value(QStringLiteral("to_groups")).toInt();
    }
    QCOMPARE(allowedRdma, 3584LL);
}

/// v4 allows RDMA within each zone (and zone-01 with su-005), yet
/// llama-70b-3k's data-parallel groups span the three zones: lint with the
/// job running reports the job broken, with the bytes per step it would
/// lose, at most what `place` says crosses zones and more than nothing.
void TestIntentCli::lintAgainstARunningJob()
{
    const QString job = samples + QStringLiteral("llama-70b-3k.job.json");
    const CliRun run = runCli({QStringLiteral("intent"), QStringLiteral("lint"), v4, QStringLiteral("--fabric"), fabric,
                               QStringLiteral("--job"), job, QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 1, qPrintable(describe(run)));
    const QJsonObject o = parseObject(run.out);
    QString message;
    for (const QJsonValue &v : o.value(QStringLiteral("findings")).toArray())
        if (v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("job-traffic-denied"))
            message = v.toObject().value(QStringLiteral("message")).toString();
    QVERIFY2(message.startsWith(QStringLiteral("llama-70b-3k: ")), qPrintable(run.out));
    const QRegularExpressionMatch m
        = QRegularExpression(QStringLiteral("^llama-70b-3k: ([0-9.]+) GiB per step of its RDMA traffic")).match(message);
    QVERIFY2(m.hasMatch(), qPrintable(message));
    const double deniedGiB = m.captured(1).toDouble();
    // What crosses zones, from the placement report of the same job.
    const CliRun place = runCli({QStringLiteral("place"), fabric, job, QStringLiteral("--json")});
    QVERIFY2(place.exitCode == 0, qPrintable(describe(place)));
    const double crossZone = parseObject(place.out)
                                 .value(QStringLiteral("bytes_per_step_by_tier"))
                                 .toObject()
                                 .value(QStringLiteral("cross-zone"))
                                 .toDouble();
    QVERIFY2(crossZone > 0, qPrintable(place.out.left(400)));
    QVERIFY2(deniedGiB > 0 && deniedGiB * 1024.0 * 1024 * 1024 <= crossZone * 1.001,
             qPrintable(QStringLiteral("%1 GiB denied, %2 GiB across zones").arg(deniedGiB).arg(crossZone / 1073741824.0)));
    // The text names the groups the traffic runs between.
    const CliRun text = runCli({QStringLiteral("intent"), QStringLiteral("lint"), v4, QStringLiteral("--fabric"), fabric,
                                QStringLiteral("--job"), job});
    QVERIFY2(text.out.contains(QStringLiteral("would be denied: rack-")), qPrintable(text.out));
}

void TestIntentCli::diffJson()
{
    const CliRun run = runCli({QStringLiteral("intent"), QStringLiteral("diff"), v3, v4, QStringLiteral("--fabric"),
                               fabric, QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    const QJsonObject o = parseObject(run.out);
    const QJsonObject rules = o.value(QStringLiteral("rules")).toObject();
    QCOMPARE(rules.value(QStringLiteral("added")).toInt(), 2);
    QCOMPARE(rules.value(QStringLiteral("removed")).toInt(), 3);
    QCOMPARE(rules.value(QStringLiteral("changed")).toInt(), 1);
    QCOMPARE(rules.value(QStringLiteral("unchanged")).toInt(), 3);
    const QJsonObject rdma = o.value(QStringLiteral("reachability"))
                                 .toObject()
                                 .value(QStringLiteral("protocols"))
                                 .toObject()
                                 .value(QStringLiteral("rdma"))
                                 .toObject();
    QCOMPARE(rdma.value(QStringLiteral("newly_allowed_pairs")).toInt(), 512);
    QCOMPARE(rdma.value(QStringLiteral("egress_closed_groups")).toInt(), 32);
    // Blocks: rack-[001-032] → rack-[033-040] and back over RDMA; zone-03 egress per protocol.
    const QJsonArray blocks
        = o.value(QStringLiteral("reachability")).toObject().value(QStringLiteral("blocks")).toArray();
    QCOMPARE(blocks.size(), 4);
    const QJsonObject first = blocks[0].toObject();
    QCOMPARE(first.value(QStringLiteral("from")).toString(), QStringLiteral("rack-[001-032]"));
    QCOMPARE(first.value(QStringLiteral("to")).toString(), QStringLiteral("rack-[033-040]"));
    QCOMPARE(first.value(QStringLiteral("pairs")).toInt(), 256);
    QCOMPARE(first.value(QStringLiteral("after")).toString(), QStringLiteral("/allow/3"));
    const QJsonObject racks = o.value(QStringLiteral("racks")).toObject();
    QCOMPARE(racks.value(QStringLiteral("added")).toInt(), 40);
    QCOMPARE(racks.value(QStringLiteral("removed")).toInt(), 32);
    QCOMPARE(racks.value(QStringLiteral("changed")).toInt(), 0);
    // zone-03's 128 hosts × 8 NICs lose egress.
    QCOMPARE(o.value(QStringLiteral("links")).toObject().value(QStringLiteral("removed")).toInt(), 1024);
}

void TestIntentCli::diffText()
{
    const CliRun run = runCli({QStringLiteral("intent"), QStringLiteral("diff"), v3, v4, QStringLiteral("--fabric"),
                               fabric, QStringLiteral("--no-links")});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("/deny_public_egress: false → true")));
    QVERIFY(run.out.contains(
        QStringLiteral("+ rdma rack-[001-032] → rack-[033-040]  (256 pairs; v3 default deny ⇒ v4 /allow/3)")));
    QVERIFY(run.out.contains(QStringLiteral("0 links")));
}

void TestIntentCli::reviewFlow()
{
    const QString keys = path(QStringLiteral("keys"));
    for (const char *name : {"alice", "bob"}) {
        const CliRun run = runCli({QStringLiteral("keys"), QStringLiteral("generate"), QStringLiteral("--name"),
                                   QLatin1String(name), QStringLiteral("--out"), keys});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    }
    QCOMPARE(QFile::permissions(QDir(keys).filePath(QStringLiteral("alice.key"))),
             QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser);
    // Generating again never overwrites.
    CliRun run = runCli({QStringLiteral("keys"), QStringLiteral("generate"), QStringLiteral("--name"),
                         QStringLiteral("alice"), QStringLiteral("--out"), keys});
    QCOMPARE(run.exitCode, 1);
    // The keyring holds the public keys only.
    const QString ring = path(QStringLiteral("ring"));
    QVERIFY(QDir().mkpath(ring));
    for (const char *name : {"alice.pub", "bob.pub"})
        QVERIFY(QFile::copy(QDir(keys).filePath(QLatin1String(name)), QDir(ring).filePath(QLatin1String(name))));

    const QString submitted = path(QStringLiteral("v4.submitted.json"));
    const QString reviewed = path(QStringLiteral("v4.reviewed.json"));
    run = runCli({QStringLiteral("intent"), QStringLiteral("sign"), v4, QStringLiteral("--key"),
                  QDir(keys).filePath(QStringLiteral("alice.key")), QStringLiteral("-o"), submitted});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("signed by alice")));
    // Submitted but not approved: verify fails naming the reason.
    run = runCli({QStringLiteral("intent"), QStringLiteral("verify"), submitted, QStringLiteral("--keyring"), ring});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("no reviewer signature")), qPrintable(describe(run)));

    run = runCli({QStringLiteral("intent"), QStringLiteral("approve"), submitted, QStringLiteral("--key"),
                  QDir(keys).filePath(QStringLiteral("bob.key")), QStringLiteral("--comment"),
                  QStringLiteral("egress closed, su-005 opened as planned"), QStringLiteral("-o"), reviewed});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    run = runCli({QStringLiteral("intent"), QStringLiteral("verify"), reviewed, QStringLiteral("--keyring"), ring});
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
    QVERIFY(run.out.contains(QStringLiteral("valid: cluster-3k v4")));
    QVERIFY(run.out.contains(QStringLiteral("submitted by alice")));
    QVERIFY(run.out.contains(QStringLiteral("approved by bob")));

    // One changed byte: the rail count.
    QFile file(reviewed);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    file.close();
    const qsizetype at = bytes.indexOf("\"rails\": 8");
    QVERIFY(at > 0);
    bytes[at + 9] = '4';
    const QString edited = path(QStringLiteral("edited.json"));
    QFile out(edited);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(bytes);
    out.close();
    run = runCli({QStringLiteral("intent"), QStringLiteral("verify"), edited, QStringLiteral("--keyring"), ring});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("INVALID")), qPrintable(describe(run)));
    QVERIFY2(run.err.contains(QStringLiteral("content_sha256 does not match")), qPrintable(describe(run)));

    // Every command that takes an intent takes the reviewed file, verified
    // first: lint, diff, sm-config and sm-check use its content; the edited
    // file and a file without a keyring are refused, NOT VERIFIED.
    const QString smDir = path(QStringLiteral("sm"));
    const QList<QStringList> commands{
        {QStringLiteral("intent"), QStringLiteral("lint"), QStringLiteral("@"), QStringLiteral("--fabric"), fabric},
        {QStringLiteral("intent"), QStringLiteral("diff"), v3, QStringLiteral("@"), QStringLiteral("--fabric"), fabric},
        {QStringLiteral("sm-config"), fabric, QStringLiteral("--out"), smDir, QStringLiteral("--intent"), QStringLiteral("@")},
        {QStringLiteral("sm-check"), fabric, QStringLiteral("--intent"), QStringLiteral("@")},
    };
    for (QStringList args : commands) {
        const qsizetype slot = args.indexOf(QStringLiteral("@"));
        args[slot] = reviewed;
        // sm-check with a verified intent goes on to start OpenSM under ibsim
        // on the whole cluster (tests/fabricmanager covers that): here only
        // its refusals, which come first.
        if (args.first() != QLatin1String("sm-check")) {
            const CliRun ok = runCli(args + QStringList{QStringLiteral("--keyring"), ring});
            QVERIFY2(!ok.err.contains(QStringLiteral("NOT VERIFIED")) && !ok.err.contains(QStringLiteral("expected")),
                     qPrintable(describe(ok)));
            if (args.first() == QLatin1String("intent"))
                QVERIFY2(ok.out.contains(QStringLiteral("cluster-3k v4")), qPrintable(describe(ok)));
            else
                QVERIFY2(ok.exitCode == 0, qPrintable(describe(ok)));
        }
        const CliRun noKeyring = runCli(args);
        QCOMPARE(noKeyring.exitCode, 1);
        QVERIFY2(noKeyring.err.contains(QStringLiteral("NOT VERIFIED")) && noKeyring.err.contains(QStringLiteral("--keyring")),
                 qPrintable(describe(noKeyring)));
        args[slot] = edited;
        const CliRun tampered = runCli(args + QStringList{QStringLiteral("--keyring"), ring});
        QCOMPARE(tampered.exitCode, 1);
        QVERIFY2(tampered.err.contains(QStringLiteral("NOT VERIFIED")) && tampered.err.contains(QStringLiteral("content_sha256")),
                 qPrintable(describe(tampered)));
    }

    // A keyring without bob: the reviewer's key is not trusted.
    QVERIFY(QFile::remove(QDir(ring).filePath(QStringLiteral("bob.pub"))));
    run = runCli({QStringLiteral("intent"), QStringLiteral("verify"), reviewed, QStringLiteral("--keyring"), ring});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("(signed as \"bob\") is not in the keyring")), qPrintable(describe(run)));
}

void TestIntentCli::verifyFailures()
{
    // Not a reviewed file at all.
    const CliRun run
        = runCli({QStringLiteral("intent"), QStringLiteral("verify"), v4, QStringLiteral("--keyring"), m_dir.path()});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("not a reviewed intent")), qPrintable(describe(run)));
}

void TestIntentCli::approveOwnChangeRefused()
{
    const QString keys = path(QStringLiteral("own"));
    CliRun run = runCli({QStringLiteral("keys"), QStringLiteral("generate"), QStringLiteral("--name"),
                         QStringLiteral("carol"), QStringLiteral("--out"), keys});
    QCOMPARE(run.exitCode, 0);
    const QString key = QDir(keys).filePath(QStringLiteral("carol.key"));
    const QString submitted = path(QStringLiteral("own.submitted.json"));
    // v4 names alice as its author: carol signing it is refused, unless forced.
    run = runCli({QStringLiteral("intent"), QStringLiteral("sign"), v4, QStringLiteral("--key"), key,
                  QStringLiteral("-o"), submitted});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("'carol' is not the author the file names ('alice'")),
             qPrintable(describe(run)));
    QVERIFY(!QFile::exists(submitted));
    run = runCli({QStringLiteral("intent"), QStringLiteral("sign"), v4, QStringLiteral("--key"), key,
                  QStringLiteral("--force"), QStringLiteral("-o"), submitted});
    QCOMPARE(run.exitCode, 0);
    run = runCli({QStringLiteral("intent"), QStringLiteral("approve"), submitted, QStringLiteral("--key"), key,
                  QStringLiteral("--name"), QStringLiteral("someone-else"), QStringLiteral("-o"),
                  path(QStringLiteral("own.reviewed.json"))});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QStringLiteral("the author cannot approve or reject their own change")),
             qPrintable(describe(run)));
    QVERIFY(!QFileInfo::exists(path(QStringLiteral("own.reviewed.json"))));
}

void TestIntentCli::malformedIntent()
{
    const QString bad = path(QStringLiteral("bad.intent.json"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\n  \"format\": \"railyard-intent\",\n  \"format_version\": 1,\n  \"metadata\": {\"version\": 1},\n"
               "  \"cluster\": \"c\", \"backend\": \"roce\", \"rails\": 8, \"topology\": \"fat_tree\",\n"
               "  \"deny_public_egress\": true,\n"
               "  \"allow\": [{\"from\": \"rack-[0-\", \"to\": \"*\", \"proto\": \"rdma\"}]\n}\n");
    file.close();
    const CliRun run
        = runCli({QStringLiteral("intent"), QStringLiteral("lint"), bad, QStringLiteral("--fabric"), fabric});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(bad + QStringLiteral(":7:")), qPrintable(describe(run)));
    QVERIFY2(run.err.contains(QStringLiteral("at /allow/0/from: bad selector \"rack-[0-\"")),
             qPrintable(describe(run)));
}

void TestIntentCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no subcommand") << QStringList{QStringLiteral("intent")} << QStringLiteral("missing subcommand");
    QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("intent"), QStringLiteral("apply")}
                                        << QStringLiteral("unknown subcommand 'apply'");
    QTest::newRow("lint without fabric") << QStringList{QStringLiteral("intent"), QStringLiteral("lint"), v4}
                                         << QStringLiteral("--fabric is required");
    QTest::newRow("diff with one file") << QStringList{QStringLiteral("intent"), QStringLiteral("diff"), v4,
                                                       QStringLiteral("--fabric"), fabric}
                                        << QStringLiteral("missing NEW");
    QTest::newRow("sign without output") << QStringList{QStringLiteral("intent"), QStringLiteral("sign"), v4,
                                                        QStringLiteral("--key"), QStringLiteral("k.key")}
                                         << QStringLiteral("-o/--output is required");
    QTest::newRow("reject without comment")
        << QStringList{QStringLiteral("intent"), QStringLiteral("reject"), v4,
                       QStringLiteral("--key"),  QStringLiteral("k.key"),  QStringLiteral("-o"),
                       QStringLiteral("x")}
        << QStringLiteral("--comment is required");
    QTest::newRow("verify without keyring") << QStringList{QStringLiteral("intent"), QStringLiteral("verify"), v4}
                                            << QStringLiteral("--keyring is required");
    QTest::newRow("keys bad name") << QStringList{QStringLiteral("keys"),   QStringLiteral("generate"),
                                                  QStringLiteral("--name"), QStringLiteral("../x"),
                                                  QStringLiteral("--out"),  QStringLiteral("d")}
                                   << QStringLiteral("not a valid signer name");
}

void TestIntentCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(describe(run)));
}

QTEST_GUILESS_MAIN(TestIntentCli)
#include "tst_intentcli.moc"
