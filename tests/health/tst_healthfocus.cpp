// What a health detection points at (core/health/healthfocus.h): the ranks
// of the alarm and of the jobs it slows, merged; and the element a
// double-click in the Health dock focuses.

#include "core/health/healthfocus.h"

#include <QtTest>

using namespace Railyard;

namespace {

Fabric twoHosts()
{
    Fabric f;
    for (const char *id : {"h0", "h1"}) {
        Host h;
        h.id = id;
        f.addHost(h);
    }
    Switch s;
    s.id = "leaf";
    f.addSwitch(s);
    return f;
}

} // namespace

class TestHealthFocus : public QObject
{
    Q_OBJECT

private slots:
    void ranksMergedSortedOnce();
    void linkAlarmFocusesItsLink();
    void rankAlarmFocusesTheFirstRanksHost();
};

void TestHealthFocus::ranksMergedSortedOnce()
{
    HealthDetection d;
    d.alarm.ranks = {7, 3};
    JobImpact a;
    a.ranks = {3, 9};
    JobImpact b;
    b.ranks = {1};
    d.jobs = {a, b};
    QCOMPARE(detectionRanks(d), (std::vector<std::int64_t>{1, 3, 7, 9}));
}

void TestHealthFocus::linkAlarmFocusesItsLink()
{
    HealthDetection d;
    d.alarm.kind = AlarmKind::LinkDegraded;
    d.alarm.element = "h0--leaf";
    d.alarm.ranks = {0};
    QCOMPARE(detectionFocus(d, twoHosts(), {{"job", {0, 1}}}), std::string("h0--leaf"));
}

void TestHealthFocus::rankAlarmFocusesTheFirstRanksHost()
{
    const Fabric fabric = twoHosts();
    HealthDetection d;
    d.alarm.kind = AlarmKind::RankHang;
    d.alarm.element = "job/rank:1";
    d.alarm.job = "job";
    d.alarm.ranks = {1};
    // Rank 1 of "job" runs on host 1.
    QCOMPARE(detectionFocus(d, fabric, {{"other", {0, 0}}, {"job", {0, 1}}}), std::string("h1"));
    // The job's hosts unknown (not placed), or the rank beyond them: the alarm's element.
    QCOMPARE(detectionFocus(d, fabric, {}), std::string("job/rank:1"));
    QCOMPARE(detectionFocus(d, fabric, {{"job", {0}}}), std::string("job/rank:1"));
    QCOMPARE(detectionFocus(d, fabric, {{"job", {0, -1}}}), std::string("job/rank:1"));
}

QTEST_GUILESS_MAIN(TestHealthFocus)
#include "tst_healthfocus.moc"
