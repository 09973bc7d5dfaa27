// Monotone where physics is: with the hosts on the same leaves (the same
// placement), more oversubscription never makes the step faster, under ideal
// (fluid) routing or as the fabric routes.

#include "core/generators/closgenerator.h"
#include "core/generators/presets.h"
#include "core/jobs/jobspec.h"
#include "core/placement/jobevaluation.h"

#include <QtTest>

#include <cmath>

using namespace Railyard;

class TestMonotone : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        JobSpecResult read = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-2k.job.json"));
        QVERIFY(read.ok());
        m_job = *read.job;
    }

    void fixedLeavesMoreOversubscription_data()
    {
        QTest::addColumn<bool>("railOptimized");
        QTest::addRow("top of rack") << false;
        QTest::addRow("rail-optimized") << true;
    }
    /// 256 hosts of 8 GPUs, 32 host ports a leaf whatever the ratio (4 hosts
    /// a leaf top of rack, units of 32 hosts rail-optimized): 32, 16 and 8
    /// uplinks a leaf at 1:1, 2:1 and 4:1. Each step is at least the one
    /// before it, and 4:1 is slower than 1:1.
    void fixedLeavesMoreOversubscription()
    {
        QFETCH(bool, railOptimized);
        double lastFluid = 0, lastRouted = 0, firstFluid = 0;
        for (const double ratio : {1.0, 2.0, 4.0}) {
            ClosParams p = railOptimizedParams(256);
            p.railOptimized = railOptimized;
            p.hostsPerSu = railOptimized ? 32 : 0;
            p.tierSpecs[0].downPorts = 32;
            p.tierSpecs[0].oversubscription = ratio;
            const Fabric f = generateClos(p);
            const JobStepFigures figures = jobStepFigures(f, m_job);
            QVERIFY2(figures.error.empty(), figures.error.c_str());
            qInfo("%g:1: communication %.1f ms ideal, %.1f ms as routed; step %.1f ms", ratio, figures.commMsFluid,
                  figures.commMs, figures.stepMs);
            QVERIFY2(figures.commMsFluid >= lastFluid * (1 - 1e-9), qPrintable(QString::number(ratio)));
            QVERIFY2(figures.commMs >= lastRouted * (1 - 1e-9), qPrintable(QString::number(ratio)));
            if (ratio == 1.0)
                firstFluid = figures.commMsFluid;
            lastFluid = figures.commMsFluid;
            lastRouted = figures.commMs;
        }
        QVERIFY(lastFluid > firstFluid);
    }

private:
    JobSpec m_job;
};

QTEST_GUILESS_MAIN(TestMonotone)
#include "tst_monotone.moc"
