// NCCL topology XML (format `nccl-topo`, read only): a DGX H100-like dump
// whose rails were worked out by hand from its PCIe tree (each GPU's NIC under
// the same PCIe switch, storage NICs elsewhere), an Azure ndv4-like file with
// two GPUs and two NICs per switch, a folder of both, and malformed files
// reported with line and column.

#include "core/registry/formatregistry.h"
#include "core/formats/nccltopo/nccltopo.h"
#include "core/formats/nccltopo/nccltopoformat.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

namespace {

NcclTopo::ShapeResult shapeOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return NcclTopo::readHostShape(std::string_view(bytes.constData(), size_t(bytes.size())), path);
}

const NcclTopo::NicShape *nicNamed(const NcclTopo::HostShape &h, const std::string &name)
{
    for (const NcclTopo::NicShape &n : h.nics)
        if (n.name == name)
            return &n;
    return nullptr;
}

bool hasWarning(const std::vector<FormatError> &warnings, const QString &text)
{
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const FormatError &w) { return w.message.contains(text); });
}

} // namespace

class TestNcclTopo : public QObject
{
    Q_OBJECT

private slots:
    void dgxH100Shape();
    void dgxH100Fabric();
    void ndv4();
    void folder();
    void malformed_data();
    void malformed();
};

void TestNcclTopo::dgxH100Shape()
{
    const NcclTopo::ShapeResult r = shapeOf(QStringLiteral(RAILYARD_TEST_DATA "/nccltopo/dgx-h100.nccl.xml"));
    QVERIFY(r.errors.empty());
    QCOMPARE(r.hosts.size(), size_t(1)); // both CPUs carry the same host_hash
    const NcclTopo::HostShape &h = r.hosts[0];
    QCOMPARE(h.host, std::string("dgx-h100")); // no host attribute: the file's base name
    QCOMPARE(h.gpus, 8);
    QCOMPARE(h.sm, 90);
    QCOMPARE(h.nics.size(), size_t(12));
    // By hand: GPU r and its compute NIC share the lowest PCIe switch (PIX).
    const std::vector<std::string> rails
        = {"mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"};
    QCOMPARE(h.railNics.size(), rails.size());
    for (size_t r = 0; r < rails.size(); ++r) {
        const NcclTopo::NicShape &nic = h.nics[size_t(h.railNics[r])];
        QCOMPARE(nic.name, rails[r]);
        QCOMPARE(nic.rail, int(r));
        QCOMPARE(nic.gbps, 400.0); // speed="400000" Mb/s
        QCOMPARE(nic.gpus, std::vector<int>{int(r)});
    }
    // mlx5_1 sits on the upper switch of GPUs 0 and 1 (PXB), whose own NICs are closer.
    QCOMPARE(nicNamed(h, "mlx5_1")->rail, -1);
    QCOMPARE(nicNamed(h, "mlx5_1")->gpus, (std::vector<int>{0, 1}));
    QCOMPARE(nicNamed(h, "mlx5_1")->gbps, 200.0);
    // mlx5_2, mlx5_7, mlx5_8 reach the GPUs only through the CPU (PHB).
    for (const char *name : {"mlx5_2", "mlx5_7", "mlx5_8"}) {
        QCOMPARE(nicNamed(h, name)->rail, -1);
        QVERIFY(nicNamed(h, name)->gpus.empty());
    }
    QCOMPARE(nicNamed(h, "mlx5_7")->busId, std::string("0000:8d:00.0"));
    QVERIFY(hasWarning(r.warnings,
                       QStringLiteral("mlx5_1 shares the PCIe switch of GPUs 0, 1, whose rails other NICs "
                                      "serve: not a rail")));
    QVERIFY(hasWarning(r.warnings, QStringLiteral("mlx5_8 shares no PCIe switch with a GPU: not a rail")));
    QCOMPARE(r.inferences.size(), size_t(8));
    QCOMPARE(int(r.inferences[1].kind), int(Inference::Kind::Rail));
    QCOMPARE(r.inferences[1].elementId, std::string("dgx-h100"));
    QCOMPARE(r.inferences[1].value, std::string("r1"));
    QCOMPARE(r.inferences[1].reason, QStringLiteral("mlx5_3 serves GPU 1 (same PCIe switch)"));
}

void TestNcclTopo::dgxH100Fabric()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/nccltopo/dgx-h100.nccl.xml"), QStringLiteral("nccl-topo"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Fabric &f = *r.fabric;
    QCOMPARE(f.hostCount(), 1);
    QCOMPARE(f.switchCount(), 0); // the file names no switch and no cable
    QCOMPARE(f.linkCount(), 0);
    QVERIFY(f.validate().empty());
    const Host &h = f.host(0);
    QCOMPARE(h.id, std::string("dgx-h100"));
    QCOMPARE(h.gpus, 8);
    QCOMPARE(h.gpuModel, std::string("h100"));
    QCOMPARE(h.nvlinkGBps, 450.0); // 18 NVLinks × 25 GB/s
    QVERIFY(h.nvls);               // Hopper on NVSwitches (tclass 0x068000)
    QCOMPARE(h.nics.size(), size_t(8));
    for (size_t k = 0; k < h.nics.size(); ++k) {
        QCOMPARE(h.nics[k].rail, int(k));
        QCOMPARE(h.nics[k].speedGbps, 400.0);
        QCOMPARE(h.nics[k].ports, 1);
    }
    QVERIFY(hasWarning(r.warnings, QStringLiteral("sm 90 is an H100 or an H200")));
}

void TestNcclTopo::ndv4()
{
    const ReadResult r = FormatRegistry::instance().readFile(
        QStringLiteral(RAILYARD_TEST_DATA "/nccltopo/ndv4.topo.xml"), QStringLiteral("nccl-topo"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    const Host &h = r.fabric->host(0);
    QCOMPARE(h.id, std::string("ndv4-0017")); // from <system host>
    QCOMPARE(h.gpuModel, std::string("a100"));
    QCOMPARE(h.nvlinkGBps, 300.0); // 12 NVLinks × 25 GB/s
    QVERIFY(!h.nvls);              // NVLS needs Hopper
    QCOMPARE(h.nics.size(), size_t(8));
    QCOMPARE(h.nics[5].speedGbps, 200.0);
    // Switch s holds GPUs 2s, 2s+1 and NICs 2s, 2s+1: each NIC serves both GPUs;
    // GPU r takes the first free one, so rail r = mlx5_ib<r>.
    QCOMPARE(r.inferences.size(), size_t(8));
    QCOMPARE(r.inferences[3].value, std::string("r3"));
    QCOMPARE(r.inferences[3].reason, QStringLiteral("mlx5_ib3 serves GPUs 2, 3 (same PCIe switch)"));
}

void TestNcclTopo::folder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char *name : {"dgx-h100.nccl.xml", "ndv4.topo.xml"})
        QVERIFY(QFile::copy(QStringLiteral(RAILYARD_TEST_DATA "/nccltopo/") + QLatin1String(name),
                            dir.filePath(QLatin1String(name))));
    NcclTopoFormat format;
    QVERIFY(format.recognizesFolder(dir.path()));
    QVERIFY(!format.recognizesFolder(QStringLiteral(RAILYARD_TEST_DATA "/netbox")));
    const ReadResult r = FormatRegistry::instance().readFile(dir.path(), QStringLiteral("nccl-topo"));
    QVERIFY2(r.ok(), qPrintable(r.errorText()));
    QCOMPARE(r.fabric->hostCount(), 2);
    QVERIFY(r.fabric->findNode("dgx-h100") >= 0);
    QVERIFY(r.fabric->findNode("ndv4-0017") >= 0);
    QCOMPARE(r.inferences.size(), size_t(16));
}

void TestNcclTopo::malformed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("unclosed <gpu>") << "malformed.nccl.xml" << 5 << "not well-formed XML";
    QTest::newRow("dev not a number") << "badattribute.nccl.xml" << 4 << "<gpu dev=\"zero\">: an integer expected";
    QTest::newRow("no GPU") << "nogpu.nccl.xml" << 0 << "no <gpu> element";
    QTest::newRow("not NCCL") << "notnccl.nccl.xml" << 1 << "the root element is <graphml>";
}

void TestNcclTopo::malformed()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, message);
    const ReadResult r = FormatRegistry::instance().readFile(QStringLiteral(RAILYARD_TEST_DATA "/nccltopo/") + file,
                                                             QStringLiteral("nccl-topo"));
    QVERIFY(!r.ok());
    QVERIFY2(r.errors[0].message.contains(message), qPrintable(r.errorText()));
    QVERIFY(r.errors[0].file.endsWith(file));
    QCOMPARE(r.errors[0].line, line);
    if (line > 0)
        QVERIFY(r.errors[0].column > 0);
}

QTEST_GUILESS_MAIN(TestNcclTopo)
#include "tst_nccltopo.moc"
