// The Explore Designs dialog (docs/explore.md) on the bundled requirements
// (samples/h100-2k.explore.json: 2,048 H100 GPUs, llama-70b-2k, the catalogue's
// 400G switches): the front in the chart, the ranking in the table, a design
// opened from it in a new window ready for Compare Designs, a re-run answered
// from the cache, and requirements no design meets answered with the binding
// constraint. Screenshots (RAILYARD_SCREENSHOT_DIR): the dialog and the
// design opened from it.

#include "core/document/fabricdocument.h"
#include "views/dialogs/exploremodel.h"
#include "views/dialogs/explorerdialog.h"
#include "views/mainwindow.h"

#include <QChartView>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Railyard;

class TestExplorerDialog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RailyardTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_explorerdialog"));
        QSettings().clear();
    }

    void frontTableAndOpenedDesign()
    {
        MainWindow window;
        window.setInteractive(false);
        window.resize(1400, 900);
        QVERIFY(window.openFile(QStringLiteral(RAILYARD_SAMPLES "/lab-2rack.fabric.json")));
        window.show();
        ExplorerDialog *dialog = window.showExplorer();
        QVERIFY(dialog);
        QString error;
        QVERIFY2(dialog->loadRequirements(QStringLiteral(RAILYARD_SAMPLES "/h100-2k.explore.json"), &error),
                 qPrintable(error));
        QVERIFY(dialog->run());
        dialog->waitForFinished();
        const ExploreResult *r = dialog->result();
        QVERIFY(r);
        QVERIFY2(r->infeasible.empty(), r->infeasible.c_str());
        QVERIFY(!r->front.empty());
        QCOMPARE(dialog->model()->rowCount(), int(r->ranking.size()));
        QVERIFY(dialog->summaryText().contains(QStringLiteral("on the Pareto front")));
        // The chart: every ranked design a point, the front's points apart.
        int points = 0, frontPoints = 0;
        for (QAbstractSeries *s : dialog->chart()->chart()->series())
            if (auto *scatter = qobject_cast<QScatterSeries *>(s)) {
                if (scatter->name() == QStringLiteral("Pareto front"))
                    frontPoints = scatter->count(); // rings over the front's points
                else
                    points += scatter->count();
            }
        QCOMPARE(points, int(r->ranking.size()));
        QCOMPARE(frontPoints, int(r->front.size()));
        // One legend entry for the front.
        int frontEntries = 0;
        for (QLegendMarker *marker : dialog->chart()->chart()->legend()->markers())
            if (marker->isVisible() && marker->label().contains(QStringLiteral("front"), Qt::CaseInsensitive))
                ++frontEntries;
        QCOMPARE(frontEntries, 1);
        // Nice ticks on the cost axis: whole steps of 1, 2 or 5 times a power of ten.
        const auto horizontal = dialog->chart()->chart()->axes(Qt::Horizontal);
        QCOMPARE(horizontal.size(), 1);
        auto *cost = qobject_cast<QValueAxis *>(horizontal.front());
        QVERIFY(cost && cost->tickCount() >= 2);
        const double step = (cost->max() - cost->min()) / (cost->tickCount() - 1);
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
        QVERIFY2(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9
                     || std::abs(mantissa - 5) < 1e-9,
                 qPrintable(QString::number(step)));
        QVERIFY(std::abs(cost->min() / step - std::round(cost->min() / step)) < 1e-6);
        // Steps over more than a factor of 4 get a log axis, in decades.
        double minStep = INFINITY, maxStep = 0;
        for (const std::int64_t i : r->ranking) {
            minStep = std::min(minStep, r->scored[size_t(i)].stepMs);
            maxStep = std::max(maxStep, r->scored[size_t(i)].stepMs);
        }
        const auto vertical = dialog->chart()->chart()->axes(Qt::Vertical);
        QCOMPARE(vertical.size(), 1);
        if (maxStep >= 4 * minStep) {
            auto *log = qobject_cast<QLogValueAxis *>(vertical.front());
            QVERIFY(log);
            QVERIFY(log->min() <= minStep && log->max() >= maxStep);
        } else {
            QVERIFY(qobject_cast<QValueAxis *>(vertical.front()));
        }
        // The first row is the cheapest (objective cost), and on the front.
        QVERIFY(dialog->model()->score(0)->onFront);
        shoot(dialog, QStringLiteral("explore-front.png"));

        // Opening a design: a new window beside this one, with the generated fabric.
        dialog->openRow(0);
        QCOMPARE(window.openedDesigns().size(), 1);
        MainWindow *opened = window.openedDesigns().front();
        QVERIFY(opened && opened->document());
        QCOMPARE(opened->document()->fabric().gpuCount(), 2048LL);
        QVERIFY(opened->document()->fabric().validate().empty());
        QCOMPARE(QString::fromStdString(opened->document()->fabric().name),
                 QString::fromStdString(dialog->model()->score(0)->name));
        opened->resize(1400, 900);
        shoot(opened, QStringLiteral("explore-opened.png"));
        opened->close();

        // A re-run: everything from the cache.
        QVERIFY(dialog->run());
        dialog->waitForFinished();
        QCOMPARE(dialog->result()->cacheHits, std::int64_t(dialog->result()->scored.size()));
    }

    void infeasibleNamesTheBindingConstraint()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tight.explore.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"gpus": 1024, "constraints": {"switch_models": ["tomahawk5"], "power_kw": 1}})");
        f.close();
        ExplorerDialog dialog(BomCatalog::defaults());
        QVERIFY(dialog.loadRequirements(path));
        QVERIFY(dialog.run());
        dialog.waitForFinished();
        QVERIFY2(dialog.summaryText().contains(QStringLiteral("power_kw: the lowest-power design")),
                 qPrintable(dialog.summaryText()));
        QCOMPARE(dialog.model()->rowCount(), 0);
        // A bad file names the field, and keeps what was loaded.
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(R"({"gpus": "many"})");
        f.close();
        QString error;
        QVERIFY(!dialog.loadRequirements(path, &error));
        QVERIFY2(error.contains(QStringLiteral("/gpus: expected a whole number")), qPrintable(error));
    }

private:
    void shoot(QWidget *w, const QString &name)
    {
        if (const QByteArray shots = qgetenv("RAILYARD_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QCoreApplication::processEvents();
            QVERIFY(w->grab().save(QString::fromLocal8Bit(shots) + QLatin1Char('/') + name));
        }
    }
};

QTEST_MAIN(TestExplorerDialog)
#include "tst_explorerdialog.moc"
