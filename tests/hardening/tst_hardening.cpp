// Regression tests for hostile and absurd inputs (issue 13): one row per
// finding. Inputs are generated here (deep nesting, long runs of blanks,
// sparse files) so nothing large is committed. Each railyard-cli run gets an
// address-space limit of 512 MB (RLIMIT_AS) and a 20 s hang detector; the
// real figures are printed and recorded in docs/reliability.md.

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool underAsan = true; // ASan reserves terabytes of address space: no RLIMIT_AS
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool underAsan = true;
#else
constexpr bool underAsan = false;
#endif
#else
constexpr bool underAsan = false;
#endif

constexpr rlim_t memoryLimit = rlim_t(512) << 20;
constexpr int hangMs = 20000;

struct Run
{
    int exitCode = -1;
    bool crashed = false;
    bool timedOut = false;
    QByteArray out;
    QByteArray err;
    qint64 ms = 0;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    if (!underAsan && qEnvironmentVariableIsEmpty("RAILYARD_NO_RLIMIT")) {
        p.setChildProcessModifier([] {
            const rlimit limit{memoryLimit, memoryLimit};
            ::setrlimit(RLIMIT_AS, &limit);
        });
    }
    QElapsedTimer timer;
    timer.start();
    p.start(QStringLiteral(RAILYARD_CLI), args);
    Run r;
    if (!p.waitForFinished(hangMs)) {
        r.timedOut = true;
        p.kill();
        p.waitForFinished();
    }
    r.ms = timer.elapsed();
    r.crashed = p.exitStatus() == QProcess::CrashExit;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QByteArray repeat(const char *s, int n)
{
    return QByteArray(s).repeated(n);
}

QByteArray fabricJson(const QByteArray &body)
{
    return R"({"format":"railyard-fabric","version":1,)" + body + "}";
}

const QByteArray twoNodes
    = R"("hosts":[{"id":"h1","gpus":8,"nics":[{"gbps":400}]}],"switches":[{"id":"s1","tier":"leaf","radix":64}],)";

QByteArray graphml(const QByteArray &body, const QByteArray &ns = "http://graphml.graphdrawing.org/xmlns")
{
    return "<?xml version=\"1.0\"?>\n<graphml xmlns=\"" + ns
        + "\">\n"
          "<key id=\"role\" for=\"node\" attr.name=\"role\" attr.type=\"string\"/>\n"
          "<key id=\"gpus\" for=\"node\" attr.name=\"gpus\" attr.type=\"int\"/>\n"
          "<key id=\"gbps\" for=\"edge\" attr.name=\"gbps\" attr.type=\"double\"/>\n"
          "<graph edgedefault=\"undirected\">\n"
        + body + "</graph>\n</graphml>\n";
}

QByteArray jobJson(const QByteArray &parallelism, const QByteArray &gpus = "8")
{
    return R"({"format":"railyard-job","version":1,"name":"j","model":{"parameters":1e9,"layers":8,"hidden_size":1024,)"
           R"("sequence_length":1024,"vocabulary":1000,"precision":"bf16"},"parallelism":)"
        + parallelism + R"(,"batch":{"micro_batch":1,"global_batch":8},"gpus":)" + gpus + "}";
}

} // namespace

class TestHardening : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hostileInput_data();
    void hostileInput();
    void specialInputFiles_data();
    void specialInputFiles();
    void outputToDevice_data();
    void outputToDevice();
    void outputToFifo();
    void syntaxErrorAfterBlankLines();
    void percentInId();
    void cleanupTestCase();

private:
    QString write(const QString &name, const QByteArray &data);
    QTemporaryDir m_dir;
    qint64 m_worstMs = 0;
    QString m_worstCase;
};

void TestHardening::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(QStringLiteral(RAILYARD_CLI)), RAILYARD_CLI);
}

QString TestHardening::write(const QString &name, const QByteArray &data)
{
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// Each row: a file (name, contents), the command run on it, the exit code and
// a piece of the message. Every run must end (no crash, no hang) within the
// memory limit, and stderr must stay short (no echo of the input).
void TestHardening::hostileInput_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("contents");
    QTest::addColumn<QStringList>("args"); // "@" is replaced by the file's path
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");

    const int deep = 60000;
    const QByteArray nested = repeat("[", deep) + repeat("]", deep);
    const QStringList validate = {QStringLiteral("validate"), QStringLiteral("@")};
    const QStringList analyze = {QStringLiteral("analyze"), QStringLiteral("@")};
    const QString nestedMsg = QStringLiteral("nested deeper than 64 levels");

    // Crashes: deep JSON inside a host, switch, link, name or format.
    QTest::newRow("deep json in name") << "a.fabric.json" << fabricJson(R"("name":)" + nested) << validate << 1
                                       << nestedMsg;
    QTest::newRow("deep json in format") << "a.fabric.json" << QByteArray(R"({"format":)" + nested + "}") << validate
                                         << 1 << nestedMsg;
    QTest::newRow("deep json in host") << "a.fabric.json" << fabricJson(R"("hosts":[{"id":"h","x":)" + nested + "}]")
                                       << analyze << 1 << nestedMsg;
    QTest::newRow("deep json in switch") << "a.fabric.json"
                                         << fabricJson(R"("switches":[{"id":"s","x":)" + nested + "}]") << validate << 1
                                         << nestedMsg;
    QTest::newRow("deep json in link") << "a.fabric.json" << fabricJson(R"("links":[{"id":"l","x":)" + nested + "}]")
                                       << validate << 1 << nestedMsg;
    QTest::newRow("deep objects") << "a.fabric.json"
                                  << fabricJson(R"("name":)" + repeat(R"({"a":)", deep) + "1" + repeat("}", deep))
                                  << validate << 1 << nestedMsg;

    // Crashes: deep GraphML inside <data> and a key's <default>.
    const QByteArray deepXml = repeat("<x>", 100000) + repeat("</x>", 100000);
    QTest::newRow("deep graphml data") << "a.graphml"
                                       << graphml("<node id=\"n\"><data key=\"role\">" + deepXml + "</data></node>\n")
                                       << validate << 1 << QStringLiteral("nested deeper than 64 levels");
    QByteArray deepDefault = graphml("");
    deepDefault.replace("attr.type=\"double\"/>", "attr.type=\"double\"><default>" + deepXml + "</default></key>");
    QTest::newRow("deep graphml default")
        << "a.graphml" << deepDefault << validate << 1 << QStringLiteral("nested deeper than 64 levels");
    QTest::newRow("deep graphml graphs") << "a.graphml" << graphml(repeat("<graph>", 5000) + repeat("</graph>", 5000))
                                         << validate << 1 << QStringLiteral("nested deeper than 64 levels");

    // Blow-ups from tiny files: huge radix (eight switches), invalid radix 0, GPUs and NIC ports.
    QByteArray radixSwitches;
    for (int i = 0; i < 8; ++i)
        radixSwitches += QByteArray(i ? "," : "") + R"({"id":"s)" + QByteArray::number(i)
            + R"(","tier":"leaf","radix":2147483647})";
    QTest::newRow("radix 2^31-1") << "a.fabric.json" << fabricJson(R"("switches":[)" + radixSwitches + "]") << analyze
                                  << 1 << QStringLiteral("radix must be in [1, 65536], got 2147483647");
    QTest::newRow("radix 0") << "a.fabric.json" << fabricJson(R"("switches":[{"id":"s","tier":"leaf","radix":0}])")
                             << validate << 1 << QStringLiteral("radix must be in [1, 65536], got 0");
    QTest::newRow("gpus 2^31-1") << "a.fabric.json" << fabricJson(R"("hosts":[{"id":"h","gpus":2147483647}])")
                                 << validate << 1 << QStringLiteral("at most 1024 GPUs");
    QTest::newRow("nic ports 2^31-1")
        << "a.fabric.json" << fabricJson(R"("hosts":[{"id":"h","gpus":8,"nics":[{"gbps":400,"ports":2147483647}]}])")
        << validate << 1 << QStringLiteral("a NIC has 1 to 16 ports");
    QTest::newRow("graphml radix 2^31-1")
        << "a.graphml"
        << graphml("<key id=\"radix\" for=\"node\" attr.name=\"radix\" attr.type=\"int\"/>"
                   "<node id=\"s\"><data key=\"role\">leaf</data><data key=\"radix\">2147483647</data></node>\n")
        << validate << 1 << QStringLiteral("radix must be in [1, 65536]");
    QTest::newRow("graphml gpus 2^31-1")
        << "a.graphml"
        << graphml("<node id=\"h\"><data key=\"role\">host</data><data key=\"gpus\">2147483647</data></node>\n")
        << validate << 1 << QStringLiteral("a host needs 1 to 1024 GPUs");

    // Entities: an internal entity referenced 50,000 times, and an external one (XXE).
    QByteArray laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [<!ENTITY a \"" + repeat("x", 1000)
        + "\">]>\n"
          "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph><node id=\"n\"><data key=\"role\">"
        + repeat("&a;", 50000) + "</data></node></graph></graphml>\n";
    QTest::newRow("entity expansion") << "a.graphml" << laughs << validate << 1 << QStringLiteral("DTD");
    QTest::newRow("external entity")
        << "a.graphml"
        << QByteArray("<?xml version=\"1.0\"?>\n<!DOCTYPE graphml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\"><graph>"
                      "<node id=\"n\"><data key=\"role\">&x;</data></node></graph></graphml>\n")
        << validate << 1 << QStringLiteral("DTD");
    QTest::newRow("undeclared entity") << "a.graphml"
                                       << graphml("<node id=\"n\"><data key=\"role\">&x;</data></node>\n") << validate
                                       << 1 << QStringLiteral("XML error");

    // Wrong answers with exit 0: namespace near misses, absurd capacities.
    QTest::newRow("namespace trailing slash") << "a.graphml" << graphml("", "http://graphml.graphdrawing.org/xmlns/")
                                              << validate << 1 << QStringLiteral("the namespace is");
    QTest::newRow("namespace other") << "a.graphml" << graphml("", "urn:x") << validate << 1
                                     << QStringLiteral("the namespace is");
    const QByteArray link = R"("links":[{"id":"l","a":"h1","b":"s1","gbps":)";
    QTest::newRow("capacity near DBL_MAX") << "a.fabric.json" << fabricJson(twoNodes + link + "1.7e308}]") << analyze
                                           << 1 << QStringLiteral("capacity must be in [0.001, 1e+06] Gbit/s");
    QTest::newRow("capacity denormal") << "a.fabric.json" << fabricJson(twoNodes + link + "5e-324}]") << analyze << 1
                                       << QStringLiteral("capacity must be in [0.001, 1e+06] Gbit/s");
    QTest::newRow("capacity overflow") << "a.fabric.json" << fabricJson(twoNodes + link + "1e999}]") << analyze << 1
                                       << QStringLiteral("number overflow");
    QTest::newRow("graphml capacity huge")
        << "a.graphml"
        << graphml("<node id=\"h\"><data key=\"role\">host</data></node><node id=\"s\"><data "
                   "key=\"role\">leaf</data></node>"
                   "<edge source=\"h\" target=\"s\"><data key=\"gbps\">1e300</data></edge>\n")
        << analyze << 1 << QStringLiteral("capacity must be in");

    // Messages: pointers for missing fields, no echo of megabytes.
    QTest::newRow("missing format") << "a.fabric.json" << QByteArray(R"({"version":1})") << validate << 1
                                    << QStringLiteral("at /format: missing required field");
    QTest::newRow("missing version") << "a.fabric.json" << QByteArray(R"({"format":"railyard-fabric"})") << validate
                                     << 1 << QStringLiteral("at /version: missing required field");
    QTest::newRow("whitespace before error") << "a.fabric.json" << QByteArray("{" + repeat(" ", 2 << 20) + "x}")
                                             << validate << 1 << QStringLiteral("a.fabric.json:1:");
    QTest::newRow("huge id echoed") << "a.fabric.json"
                                    << fabricJson(R"("hosts":[{"id":")" + repeat("h", 1 << 20) + R"(","gpus":8}])")
                                    << validate << 1 << QStringLiteral("id longer than 1024 bytes");
    QTest::newRow("huge unknown key") << "a.fabric.json" << fabricJson(R"(")" + repeat("k", 1 << 20) + R"(":1)")
                                      << validate << 0 << QStringLiteral("ignored");
    QTest::newRow("huge graphml value") << "a.graphml"
                                        << graphml("<node id=\"n\"><data key=\"role\">" + repeat("x", 1 << 20)
                                                   + "</data></node>\n")
                                        << validate << 1 << QStringLiteral("unknown role 'xxxx");

    // Jobs and constants: number overflow names the file, products never wrap.
    const QStringList place
        = {QStringLiteral("place"), QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"), QStringLiteral("@")};
    QTest::newRow("job number overflow") << "a.job.json" << jobJson(R"({"tp":1e999,"pp":1,"dp":1})") << place << 1
                                         << QStringLiteral("a.job.json: at /: number overflow");
    QTest::newRow("job degree product") << "a.job.json" << jobJson(R"({"tp":65536,"pp":65536,"dp":65536,"cp":65536})")
                                        << place << 1 << QStringLiteral("more than 16777216 GPUs");
    QTest::newRow("job deep") << "a.job.json" << QByteArray(R"({"format":"railyard-job","x":)" + nested + "}") << place
                              << 1 << QStringLiteral("nested deeper than 64 levels");
    const QStringList collective
        = {QStringLiteral("collective"),  QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"),
           QStringLiteral("--op"),        QStringLiteral("all-reduce"),
           QStringLiteral("--size"),      QStringLiteral("1MB"),
           QStringLiteral("--constants"), QStringLiteral("@")};
    QTest::newRow("constants number overflow") << "c.json" << QByteArray(R"({"base_latency_us":1e999})") << collective
                                               << 1 << QStringLiteral("c.json: invalid JSON: number overflow");
    QTest::newRow("constants deep") << "c.json" << nested << collective << 1 << QStringLiteral("c.json: invalid JSON");
}

void TestHardening::hostileInput()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, contents);
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);

    const QString path = write(fileName, contents);
    for (QString &a : args)
        a.replace(QLatin1Char('@'), path);
    const Run r = runCli(args);
    QVERIFY2(!r.timedOut, "hang: no answer within 20 s");
    QVERIFY2(!r.crashed, r.err.right(2000).constData());
    QVERIFY2(r.exitCode == exitCode,
             qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err.left(2000)))));
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(expected), qPrintable(err.left(2000)));
    QVERIFY2(err.contains(fileName), qPrintable(err.left(2000))); // every message names the file
    QVERIFY2(r.err.size() < 16384, qPrintable(QStringLiteral("%1 bytes of stderr").arg(r.err.size())));
    QVERIFY(!err.contains(QLatin1String("std::bad_alloc")));
    if (r.ms > m_worstMs) {
        m_worstMs = r.ms;
        m_worstCase = QString::fromLatin1(QTest::currentDataTag());
    }
    qInfo("%s: %lld ms, %lld bytes in", QTest::currentDataTag(), r.ms, qint64(contents.size()));
}

void TestHardening::specialInputFiles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("/dev/zero") << "zero"
                               << "is not a regular file";
    QTest::newRow("fifo") << "fifo"
                          << "is not a regular file";
    QTest::newRow("directory") << "directory"
                               << "is a directory";
    QTest::newRow("2 GB sparse file") << "sparse"
                                      << "larger than the"; // 512 MiB, 1 MiB for a key
}

void TestHardening::specialInputFiles()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QString path;
    if (kind == u"zero") {
        path = QStringLiteral("/dev/zero");
    } else if (kind == u"fifo") {
        path = m_dir.filePath(QStringLiteral("in.fabric.json"));
        QFile::remove(path);
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    } else if (kind == u"directory") {
        path = m_dir.filePath(QStringLiteral("dir.fabric.json"));
        QVERIFY(QDir().mkpath(path));
    } else {
        path = m_dir.filePath(QStringLiteral("sparse.fabric.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(qint64(2) << 30)); // sparse: no disk space used
    }
    const QStringList fabricFrom = {QStringLiteral("--from"), QStringLiteral("fabric-json")};
    for (const QStringList &args :
         {QStringList{QStringLiteral("validate"), path} + fabricFrom,
          QStringList{QStringLiteral("analyze"), path} + fabricFrom,
          QStringList{QStringLiteral("convert"), path, m_dir.filePath(QStringLiteral("out.graphml"))} + fabricFrom,
          QStringList{QStringLiteral("place"), QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"), path},
          QStringList{QStringLiteral("collective"), QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"),
                      QStringLiteral("--op"), QStringLiteral("all-reduce"), QStringLiteral("--size"),
                      QStringLiteral("1MB"), QStringLiteral("--constants"), path},
          // network intents and signing keys go through the same checks
          QStringList{QStringLiteral("intent"), QStringLiteral("diff"), path,
                      QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json")},
          QStringList{QStringLiteral("intent"), QStringLiteral("sign"),
                      QStringLiteral(RAILYARD_SAMPLES "/cluster-3k.v3.intent.json"), QStringLiteral("--key"), path,
                      QStringLiteral("-o"), m_dir.filePath(QStringLiteral("signed.json"))},
          // the design tools' inputs: requirements, floors, study parts, P_Key dumps, Slurm's queue
          QStringList{QStringLiteral("explore"), path},
          QStringList{QStringLiteral("floor"), QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"),
                      QStringLiteral("--floor"), path},
          QStringList{QStringLiteral("resilience"), QStringLiteral("merge"), path},
          QStringList{QStringLiteral("health"), QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"),
                      QStringLiteral("--squeue"), path}}) {
        const Run r = runCli(args);
        QVERIFY2(!r.timedOut, qPrintable(args.join(QLatin1Char(' '))));
        QVERIFY(!r.crashed);
        QCOMPARE(r.exitCode, 1);
        const QString err = QString::fromUtf8(r.err);
        QVERIFY2(err.contains(path) && err.contains(expected), qPrintable(args.join(QLatin1Char(' ')) + u'\n' + err));
    }
    if (kind == u"sparse")
        QFile::remove(path);
}

// Writing to a device must write into it, never rename a regular file over it.
void TestHardening::outputToDevice_data()
{
    QTest::addColumn<QStringList>("args");
    const QString sample = QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json");
    const QString devNull = QStringLiteral("/dev/null");
    QTest::newRow("convert") << QStringList{QStringLiteral("convert"), sample, devNull, QStringLiteral("--to"),
                                            QStringLiteral("graphml")};
    QTest::newRow("generate") << QStringList{QStringLiteral("generate"), QStringLiteral("fat-tree"),
                                             QStringLiteral("--k"),      QStringLiteral("4"),
                                             QStringLiteral("-o"),       devNull,
                                             QStringLiteral("--format"), QStringLiteral("fabric-json")};
    QTest::newRow("export") << QStringList{QStringLiteral("export"), sample,
                                           QStringLiteral("--to"),   QStringLiteral("slurm-tree"),
                                           QStringLiteral("-o"),     devNull};
}

void TestHardening::outputToDevice()
{
    QFETCH(QStringList, args);
    const Run r = runCli(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    struct stat st = {};
    QCOMPARE(::stat("/dev/null", &st), 0);
    QVERIFY2(S_ISCHR(st.st_mode), "/dev/null is no longer a character device");
}

void TestHardening::outputToFifo()
{
    // A FIFO given as the output is written into (a reader gets the bytes)
    // and stays a FIFO: nothing is renamed over it.
    const QString fifo = m_dir.filePath(QStringLiteral("out.fifo"));
    QFile::remove(fifo);
    QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QByteArray received;
    std::thread reader([&] {
        QFile in(fifo);
        if (in.open(QIODevice::ReadOnly))
            received = in.readAll();
    });
    const Run r = runCli({QStringLiteral("convert"), QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json"), fifo,
                          QStringLiteral("--to"), QStringLiteral("graphml")});
    reader.join();
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(received.startsWith("<?xml") && received.contains("</graphml>"), received.left(200).constData());
    struct stat st = {};
    QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
    QVERIFY2(S_ISFIFO(st.st_mode), "the FIFO was replaced");
}

void TestHardening::syntaxErrorAfterBlankLines()
{
    // The token "xx" is on line 6, column 6; nlohmann's token text starts at "1,".
    const QString path = write(QStringLiteral("blank.fabric.json"),
                               "{\"format\":\"railyard-fabric\",\"version\":1,\n\n\n\n\n     xx}");
    const Run r = runCli({QStringLiteral("validate"), path});
    QCOMPARE(r.exitCode, 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.startsWith(path + QStringLiteral(":6:6: ")), qPrintable(err));
    QVERIFY2(!err.contains(QLatin1String("<U+000A>")), qPrintable(err));
}

void TestHardening::percentInId()
{
    // A "%1" inside an id must stay text, not swallow the next argument.
    const QString path
        = write(QStringLiteral("pct.graphml"),
                graphml("<node id=\"h%1%2\"><data key=\"role\">host</data><data key=\"gpus\">0</data></node>\n"));
    const Run r = runCli({QStringLiteral("validate"), path});
    QCOMPARE(r.exitCode, 1);
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.contains(QLatin1String("node 'h%1%2': a host needs 1 to 1024 GPUs, got 0")), qPrintable(err));

    // Integer products never wrap, and option values are not other options.
    Run g
        = runCli({QStringLiteral("generate"), QStringLiteral("rail-optimized"), QStringLiteral("--hosts"),
                  QStringLiteral("2147483647"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("g.fabric.json"))});
    QCOMPARE(g.exitCode, 2);
    QVERIFY2(g.err.contains("--hosts"), g.err.constData());
    g = runCli({QStringLiteral("generate"), QStringLiteral("alibaba-hpn"), QStringLiteral("--segments"),
                QStringLiteral("1000000"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("g.fabric.json"))});
    QCOMPARE(g.exitCode, 2);
    QVERIFY2(g.err.contains("--segments") && !g.err.contains("bad_alloc"), g.err.constData());
    g = runCli({QStringLiteral("generate"), QStringLiteral("meta-ai-zone"), QStringLiteral("--zones"),
                QStringLiteral("10000000"), QStringLiteral("-o"), m_dir.filePath(QStringLiteral("g.fabric.json"))});
    QCOMPARE(g.exitCode, 2);
    QVERIFY2(!g.err.contains("-3") && g.err.contains("--zones"), g.err.constData());
    g = runCli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--k"), QStringLiteral("-o"),
                m_dir.filePath(QStringLiteral("g.fabric.json"))});
    QCOMPARE(g.exitCode, 2);
    QVERIFY2(g.err.contains("--k needs a value"), g.err.constData());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("g.fabric.json"))));
}

void TestHardening::cleanupTestCase()
{
    qInfo("slowest hostile input: %s, %lld ms (limit %d MB address space)", qPrintable(m_worstCase), m_worstMs,
          int(memoryLimit >> 20));
}

QTEST_GUILESS_MAIN(TestHardening)
#include "tst_hardening.moc"
