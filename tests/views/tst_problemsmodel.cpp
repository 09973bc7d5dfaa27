// The Problems dock's item model and its filter, without the dock: rows,
// columns and roles as given, severity and text filtering, and the
// QAbstractItemModelTester's consistency checks across resets.

#include "views/docks/problemsmodel.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QTest>

using namespace Railyard;

class TestProblemsModel : public QObject
{
    Q_OBJECT
private slots:
    void rowsAndRoles();
    void severityFilter();
    void textFilterMatchesMessageOrElement();
    void resetKeepsFilter();

private:
    static std::vector<ProblemRow> sample();
};

std::vector<ProblemRow> TestProblemsModel::sample()
{
    return {
        {ProblemRow::Severity::Error, QStringLiteral("Link h1--s1 has zero capacity"), QStringLiteral("h1--s1"), -1},
        {ProblemRow::Severity::Warning, QStringLiteral("Bisection is an upper bound"), QString(), -1},
        {ProblemRow::Severity::Information, QStringLiteral("Inferred tier 2 for spine-01"), QStringLiteral("spine-01"), 3},
        {ProblemRow::Severity::Information, QStringLiteral("Inferred rail 0"), QStringLiteral("leaf-0001"), 4},
    };
}

void TestProblemsModel::rowsAndRoles()
{
    ProblemsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setProblems(sample());
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(ProblemsModel::ColumnCount));
    QCOMPARE(model.index(0, ProblemsModel::MessageColumn).data().toString(),
             QStringLiteral("Link h1--s1 has zero capacity"));
    QCOMPARE(model.index(0, ProblemsModel::ElementColumn).data().toString(), QStringLiteral("h1--s1"));
    QCOMPARE(model.index(1, ProblemsModel::ElementColumn).data().toString(), QString());
    QCOMPARE(model.index(2, 0).data(ProblemsModel::InferenceRole).toInt(), 3);
    QCOMPARE(model.index(1, 0).data(ProblemsModel::InferenceRole).toInt(), -1);
    QCOMPARE(model.index(2, 0).data(ProblemsModel::ElementRole).toString(), QStringLiteral("spine-01"));
    QCOMPARE(model.index(0, 0).data(ProblemsModel::SeverityRole).toInt(), int(ProblemRow::Severity::Error));
    QCOMPARE(model.index(3, 0).data(ProblemsModel::SeverityRole).toInt(), int(ProblemRow::Severity::Information));
    // An icon on the message only; the element column carries none.
    QVERIFY(model.index(0, ProblemsModel::ElementColumn).data(Qt::DecorationRole).isNull());
    QCOMPARE(model.headerData(ProblemsModel::MessageColumn, Qt::Horizontal).toString(), QStringLiteral("Message"));
    QCOMPARE(model.headerData(ProblemsModel::ElementColumn, Qt::Horizontal).toString(), QStringLiteral("Element"));
    QVERIFY(!model.index(4, 0).isValid());
}

void TestProblemsModel::severityFilter()
{
    ProblemsModel model;
    model.setProblems(sample());
    ProblemsFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&model);
    QCOMPARE(filter.rowCount(), 4);
    filter.setMinimumSeverity(ProblemRow::Severity::Warning);
    QCOMPARE(filter.rowCount(), 2);
    QCOMPARE(filter.index(1, 0).data().toString(), QStringLiteral("Bisection is an upper bound"));
    filter.setMinimumSeverity(ProblemRow::Severity::Error);
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 1).data().toString(), QStringLiteral("h1--s1"));
    filter.setMinimumSeverity(ProblemRow::Severity::Information);
    QCOMPARE(filter.rowCount(), 4);
}

void TestProblemsModel::textFilterMatchesMessageOrElement()
{
    ProblemsModel model;
    model.setProblems(sample());
    ProblemsFilterModel filter;
    filter.setSourceModel(&model);
    filter.setText(QStringLiteral("LEAF-0001")); // the element only, any case
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("Inferred rail 0"));
    filter.setText(QStringLiteral("inferred")); // the message
    QCOMPARE(filter.rowCount(), 2);
    // Text and severity together.
    filter.setMinimumSeverity(ProblemRow::Severity::Warning);
    QCOMPARE(filter.rowCount(), 0);
    filter.setText(QString());
    QCOMPARE(filter.rowCount(), 2);
}

void TestProblemsModel::resetKeepsFilter()
{
    ProblemsModel model;
    ProblemsFilterModel filter;
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setSourceModel(&model);
    filter.setMinimumSeverity(ProblemRow::Severity::Error);
    model.setProblems(sample());
    QCOMPARE(filter.rowCount(), 1);
    std::vector<ProblemRow> more = sample();
    more.push_back({ProblemRow::Severity::Error, QStringLiteral("Switch s9 has no ports"), QStringLiteral("s9"), -1});
    model.setProblems(std::move(more));
    QCOMPARE(filter.rowCount(), 2);
    model.setProblems({});
    QCOMPARE(filter.rowCount(), 0);
}

QTEST_MAIN(TestProblemsModel)
#include "tst_problemsmodel.moc"
