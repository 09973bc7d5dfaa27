// TemplateDialog: preset forms, the debounced background preview, errors
// that disable OK, and params(). Expected numbers are hand-computed:
//  * DGX SuperPOD, n SUs: 32n hosts, 256n GPUs; 8 rail leaves per SU with
//    32 down + 32 up ports, 256n uplinks over radix-64 spines.
//  * k-ary fat-tree: k³/4 hosts, 5k²/4 switches, 3k³/4 links, non-blocking.
#include "views/dialogs/templatedialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTest>

using namespace Railyard;

namespace {

constexpr int kTimeoutMs = 30000;

bool hasNumber(const QString &text, const QString &grouped)
{
    QString plain = grouped;
    plain.remove(QLatin1Char(','));
    return text.contains(grouped) || text.contains(plain);
}

} // namespace

class TestTemplateDialog : public QObject
{
    Q_OBJECT

private:
    static void selectPreset(TemplateDialog &dialog, const QString &title)
    {
        auto *list = dialog.findChild<QListWidget *>(QStringLiteral("presetList"));
        QVERIFY(list);
        const auto items = list->findItems(title, Qt::MatchExactly);
        QCOMPARE(items.size(), 1);
        list->setCurrentItem(items.front());
        auto *forms = dialog.findChild<QStackedWidget *>(QStringLiteral("presetForms"));
        QVERIFY(forms);
        QCOMPARE(forms->currentIndex(), list->row(items.front()));
    }

    static QLabel *label(TemplateDialog &dialog, const char *name)
    {
        return dialog.findChild<QLabel *>(QLatin1String(name));
    }

    static QPushButton *okButton(TemplateDialog &dialog)
    {
        auto *buttons = dialog.findChild<QDialogButtonBox *>();
        return buttons ? buttons->button(QDialogButtonBox::Ok) : nullptr;
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void basics()
    {
        TemplateDialog dialog;
        QCOMPARE(dialog.objectName(), QStringLiteral("TemplateDialog"));
        QCOMPARE(dialog.windowTitle(), QStringLiteral("New from Template"));
        auto *list = dialog.findChild<QListWidget *>(QStringLiteral("presetList"));
        QVERIFY(list);
        QCOMPARE(list->count(), 6);
        for (const QString &title :
             {QStringLiteral("Fat-tree"), QStringLiteral("DGX SuperPOD"), QStringLiteral("GB200 NVL72"),
              QStringLiteral("Meta AI zone"), QStringLiteral("Alibaba HPN"), QStringLiteral("Rail-optimized")})
            QCOMPARE(list->findItems(title, Qt::MatchExactly).size(), 1);
        // Every input explains itself.
        for (QWidget *input : dialog.findChildren<QAbstractSpinBox *>())
            QVERIFY2(!input->toolTip().isEmpty(), qPrintable(input->objectName()));
    }

    void dgxSuperpod()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("DGX SuperPOD"));
        auto *sus = dialog.findChild<QSpinBox *>(QStringLiteral("dgxScalableUnits"));
        QVERIFY(sus);
        QLabel *gpus = label(dialog, "previewGpus");
        QLabel *status = label(dialog, "previewStatus");
        QVERIFY(gpus && status);

        sus->setValue(2);
        QTRY_VERIFY_WITH_TIMEOUT(hasNumber(gpus->text(), QStringLiteral("512")), kTimeoutMs);

        // Rapid changes: only the last one counts; stale results are dropped.
        sus->setValue(1);
        QCOMPARE(status->text(), QStringLiteral("Computing…"));
        sus->setValue(3);
        sus->setValue(4);
        QTRY_VERIFY_WITH_TIMEOUT(hasNumber(gpus->text(), QStringLiteral("1,024")), kTimeoutMs);
        QVERIFY(status->text().isEmpty());
        QTest::qWait(600);
        QVERIFY(hasNumber(gpus->text(), QStringLiteral("1,024")));

        QVERIFY(hasNumber(label(dialog, "previewHosts")->text(), QStringLiteral("128")));
        QVERIFY(label(dialog, "previewSwitches")->text().startsWith(QStringLiteral("48")));
        QVERIFY(label(dialog, "previewSwitches")->text().contains(QStringLiteral("leaf 32")));
        QVERIFY(label(dialog, "previewSwitches")->text().contains(QStringLiteral("spine 16")));
        QVERIFY(hasNumber(label(dialog, "previewLinks")->text(), QStringLiteral("2,048")));
        QCOMPARE(label(dialog, "previewTiers")->text(), QStringLiteral("2"));
        QVERIFY(label(dialog, "previewOversubscription")->text().contains(QStringLiteral("leaf 1:1")));
        QVERIFY(label(dialog, "previewBisection")->text().startsWith(QStringLiteral("100 %")));
        QCOMPARE(label(dialog, "previewUnusedPorts")->text(), QStringLiteral("none"));
        QVERIFY(okButton(dialog)->isEnabled());

        {
            // On Tomahawk 5 (128 ports at 400G) the unit follows the leaf: 64
            // hosts a unit, so 2 units x 8 rails = 16 leaves, 16 x 64 uplinks
            // over 128-port spines = 8 spines, and no port left unused.
            auto *leafSwitch = dialog.findChild<QComboBox *>(QStringLiteral("leafSwitch"));
            QVERIFY(leafSwitch);
            const int th5 = leafSwitch->findData(QStringLiteral("tomahawk5"));
            QVERIFY(th5 >= 0);
            leafSwitch->setCurrentIndex(th5);
            QTRY_VERIFY_WITH_TIMEOUT(label(dialog, "previewSwitches")->text().contains(QStringLiteral("leaf 16")),
                                     kTimeoutMs);
            QVERIFY(label(dialog, "previewSwitches")->text().contains(QStringLiteral("spine 8")));
            QVERIFY(hasNumber(label(dialog, "previewGpus")->text(), QStringLiteral("1,024")));
            QCOMPARE(label(dialog, "previewUnusedPorts")->text(), QStringLiteral("none"));
            leafSwitch->setCurrentIndex(leafSwitch->findData(QStringLiteral("qm9700")));
            QTRY_VERIFY_WITH_TIMEOUT(label(dialog, "previewSwitches")->text().contains(QStringLiteral("leaf 32")),
                                     kTimeoutMs);
        }

        const ClosParams p = dialog.params();
        QCOMPARE(p.hosts, 128);
        QCOMPARE(p.gpusPerHost, 8);
        QCOMPARE(p.hostsPerSu, 32);
        QCOMPARE(p.name, std::string("dgx-superpod-4su"));

        // A name typed by the user wins over the generated one.
        auto *name = dialog.findChild<QLineEdit *>(QStringLiteral("fabricName"));
        QVERIFY(name);
        name->clear();
        QTest::keyClicks(name, QStringLiteral("lab"));
        QCOMPARE(dialog.params().name, std::string("lab"));
        sus->setValue(2);
        QCOMPARE(name->text(), QStringLiteral("lab"));
        QCOMPARE(dialog.params().hosts, 64);
    }

    void railOptimizedImpossible()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("Rail-optimized"));
        auto *radix = dialog.findChild<QSpinBox *>(QStringLiteral("railRadix"));
        auto *oversubscription = dialog.findChild<QDoubleSpinBox *>(QStringLiteral("railLeafOversubscription"));
        auto *hostsPerSu = dialog.findChild<QSpinBox *>(QStringLiteral("railHostsPerSu"));
        QVERIFY(radix && oversubscription && hostsPerSu);
        QLabel *status = label(dialog, "previewStatus");
        QPushButton *ok = okButton(dialog);
        QVERIFY(ok);

        radix->setValue(64);
        oversubscription->setValue(1.0);
        hostsPerSu->setValue(40); // a radix-64 leaf at 1:1 has 32 down ports
        QTRY_VERIFY_WITH_TIMEOUT(!ok->isEnabled(), kTimeoutMs);
        QVERIFY2(status->text().contains(QStringLiteral("hosts-per-su")), qPrintable(status->text()));
        QCOMPARE(label(dialog, "previewGpus")->text(), QStringLiteral("–"));

        hostsPerSu->setValue(32);
        QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled() && !label(dialog, "previewGpus")->text().startsWith(QChar(0x2013)),
                                 kTimeoutMs);
        QVERIFY(!status->text().contains(QStringLiteral("hosts-per-su")));
        QCOMPARE(dialog.params().hostsPerSu, 32);
        QCOMPARE(dialog.params().tierSpecs.front().radix, 64);
    }

    void railOptimizedInSwitchReduction()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("Rail-optimized"));
        auto *nvls = dialog.findChild<QCheckBox *>(QStringLiteral("railNvls"));
        auto *sharp = dialog.findChild<QCheckBox *>(QStringLiteral("railSharp"));
        QVERIFY(nvls && sharp);
        // NVLS follows the system: on for 8-GPU H100 hosts (the default), off
        // for A100, until the user sets it.
        QVERIFY(dialog.params().nvls && !dialog.params().sharp);
        auto *gpu = dialog.findChild<QComboBox *>(QStringLiteral("railGpuModel"));
        QVERIFY(gpu);
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("a100")));
        QVERIFY(!dialog.params().nvls);
        QCOMPARE(dialog.params().nicGbps, 200.0); // DGX A100's HDR NICs
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("h100")));
        QVERIFY(dialog.params().nvls);
        QCOMPARE(dialog.params().nicGbps, 400.0);
        nvls->click(); // the user's choice now stands
        QVERIFY(!dialog.params().nvls);
        gpu->setCurrentIndex(gpu->findData(QStringLiteral("b200")));
        QVERIFY(!dialog.params().nvls);
        nvls->setChecked(true);
        QVERIFY(dialog.params().nvls && !dialog.params().sharp);
        sharp->setChecked(true);
        QVERIFY(dialog.params().nvls && dialog.params().sharp);
    }

    void gb200Nvl72()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("GB200 NVL72"));
        auto *racks = dialog.findChild<QSpinBox *>(QStringLiteral("gb200Racks"));
        QVERIFY(racks);
        racks->setValue(2);
        QTRY_VERIFY_WITH_TIMEOUT(hasNumber(label(dialog, "previewGpus")->text(), QStringLiteral("144")), kTimeoutMs);
        QVERIFY(hasNumber(label(dialog, "previewHosts")->text(), QStringLiteral("36")));
        QVERIFY(label(dialog, "previewOversubscription")->text().contains(QStringLiteral("leaf 1:1")));
        // A rack of 18 trays on a 64-port leaf: 18 down and 18 up, 28 free on
        // each of the 8 leaves; 144 uplinks on 3 spines of 64 leave 48 free.
        QTRY_COMPARE_WITH_TIMEOUT(label(dialog, "previewUnusedPorts")->text(),
                                  QStringLiteral("leaf 224 of 512 (44 %) · spine 48 of 192 (25 %)"), kTimeoutMs);
        const ClosParams p = dialog.params();
        QCOMPARE(p.gpuModel, std::string("gb200"));
        QCOMPARE(p.nvlinkDomainGpus, 72);
        QCOMPARE(p.hostsPerRack, 18);
        QVERIFY(p.nvls);
    }

    void railOptimizedNvlinkDomain()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("Rail-optimized"));
        auto *domain = dialog.findChild<QSpinBox *>(QStringLiteral("railNvlinkDomain"));
        auto *hosts = dialog.findChild<QSpinBox *>(QStringLiteral("railHosts"));
        QVERIFY(domain && hosts);
        QCOMPARE(dialog.params().nvlinkDomainGpus, 0);
        hosts->setValue(64);
        domain->setValue(36); // not a whole number of 8-GPU hosts
        QTRY_VERIFY_WITH_TIMEOUT(!okButton(dialog)->isEnabled(), kTimeoutMs);
        QVERIFY2(label(dialog, "previewStatus")->text().contains(QStringLiteral("nvlink-domain")),
                 qPrintable(label(dialog, "previewStatus")->text()));
        domain->setValue(32);
        QTRY_VERIFY_WITH_TIMEOUT(okButton(dialog)->isEnabled(), kTimeoutMs);
        QCOMPARE(dialog.params().nvlinkDomainGpus, 32);
    }

    void fatTreeBisection()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("Fat-tree"));
        auto *k = dialog.findChild<QSpinBox *>(QStringLiteral("fatTreeK"));
        QVERIFY(k);
        k->setValue(8);
        QLabel *bisection = label(dialog, "previewBisection");
        QTRY_VERIFY_WITH_TIMEOUT(bisection->text().startsWith(QStringLiteral("100 %")), kTimeoutMs);
        QVERIFY(hasNumber(label(dialog, "previewGpus")->text(), QStringLiteral("128")));
        QVERIFY(label(dialog, "previewSwitches")->text().startsWith(QStringLiteral("80")));
        QVERIFY(hasNumber(label(dialog, "previewLinks")->text(), QStringLiteral("384")));
        QCOMPARE(label(dialog, "previewTiers")->text(), QStringLiteral("3"));
        QCOMPARE(dialog.params().hosts, 128);

        // An odd k is refused by the preset itself.
        k->setValue(7);
        QTRY_VERIFY(!okButton(dialog)->isEnabled());
        QVERIFY(label(dialog, "previewStatus")->text().startsWith(QStringLiteral("k:")));
    }

    void largeFabricCountsOnly()
    {
        TemplateDialog dialog;
        selectPreset(dialog, QStringLiteral("Meta AI zone"));
        auto *zones = dialog.findChild<QSpinBox *>(QStringLiteral("metaZones"));
        QVERIFY(zones);
        zones->setValue(16); // 49,152 GPUs: above the preview's bisection limit
        QLabel *gpus = label(dialog, "previewGpus");
        QTRY_VERIFY_WITH_TIMEOUT(hasNumber(gpus->text(), QStringLiteral("49,152")), kTimeoutMs);
        QVERIFY(label(dialog, "previewBisection")->text().contains(QStringLiteral("after creation")));
        QVERIFY(label(dialog, "previewStatus")->text().contains(QStringLiteral("after creation")));
        QVERIFY(okButton(dialog)->isEnabled());
    }

    void closeWhileComputing()
    {
        // Destroying the dialog mid-computation must cancel and wait, not crash.
        auto *dialog = new TemplateDialog;
        selectPreset(*dialog, QStringLiteral("DGX SuperPOD"));
        dialog->findChild<QSpinBox *>(QStringLiteral("dgxScalableUnits"))->setValue(16);
        QTest::qWait(300);
        delete dialog;
    }
};

QTEST_MAIN(TestTemplateDialog)
#include "tst_templatedialog.moc"
