#pragma once

// The Problems dock's rows as an item model (Tiled's IssuesModel): one row
// per problem, in the order given (errors first, then warnings, then
// information), two columns (message, element), and ProblemsFilterModel to
// show a minimum severity and the rows whose text contains a filter.

#include <QAbstractTableModel>
#include <QIcon>
#include <QSortFilterProxyModel>
#include <QString>

#include <vector>

namespace Railyard {

struct ProblemRow
{
    enum class Severity { Error, Warning, Information };
    Severity severity = Severity::Warning;
    QString text;
    QString elementId;  ///< empty when the problem names no element
    int inference = -1; ///< the importer's inference it is about (ProblemsDock::inferences()), or -1
};

class ProblemsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { MessageColumn, ElementColumn, ColumnCount };
    enum Role {
        ElementRole = Qt::UserRole,  ///< QString: the element id, empty for none
        InferenceRole,               ///< int: the inference index, -1 for none
        SeverityRole,                ///< int: ProblemRow::Severity
    };

    explicit ProblemsModel(QObject *parent = nullptr);

    /// Replaces every row (a reset: the list is rebuilt from its sources).
    void setProblems(std::vector<ProblemRow> problems);
    const std::vector<ProblemRow> &problems() const { return m_problems; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ProblemRow> m_problems;
    QIcon m_icons[3];
};

/// Shows rows of at least a given severity whose message or element contains
/// a text (case-insensitive).
class ProblemsFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ProblemsFilterModel(QObject *parent = nullptr);
    /// Errors only (Error), errors and warnings (Warning), everything (Information).
    void setMinimumSeverity(ProblemRow::Severity severity);
    ProblemRow::Severity minimumSeverity() const { return m_minimum; }
    void setText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    ProblemRow::Severity m_minimum = ProblemRow::Severity::Information;
    QString m_text;
};

} // namespace Railyard
