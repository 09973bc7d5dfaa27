#include "views/dialogs/comparisondialog.h"

#include "core/document/fabricdocument.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace Railyard {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QString number(double v, int decimals = 0)
{
    if (std::isnan(v))
        return QStringLiteral("–");
    if (std::isinf(v))
        return QStringLiteral("∞");
    return QLocale().toString(v, 'f', decimals);
}

QString linkText(const LinkRef &l)
{
    return ComparisonDialog::tr("%1 (%2 ↔ %3, %4 Gbit/s)").arg(qs(l.id), qs(l.a), qs(l.b), number(l.gbps));
}

QString kindTitle(CablingFinding::Kind kind)
{
    switch (kind) {
    case CablingFinding::Kind::Missing: return ComparisonDialog::tr("Missing cables");
    case CablingFinding::Kind::Extra: return ComparisonDialog::tr("Extra cables");
    case CablingFinding::Kind::Miswired: return ComparisonDialog::tr("Miswired cables");
    case CablingFinding::Kind::Swapped: return ComparisonDialog::tr("Swapped pairs");
    case CablingFinding::Kind::WrongSpeed: return ComparisonDialog::tr("Wrong speed");
    case CablingFinding::Kind::Unverifiable: return ComparisonDialog::tr("Cannot be checked");
    }
    return {};
}

} // namespace

ComparisonDialog::ComparisonDialog(FabricDocument *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
{
    setObjectName(QStringLiteral("ComparisonDialog"));
    setWindowTitle(tr("Comparison"));
    auto *layout = new QVBoxLayout(this);
    m_heading = new QLabel(this);
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_table = new QTableWidget(splitter);
    m_table->setObjectName(QStringLiteral("ComparisonSummary"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_list = new QTreeWidget(splitter);
    m_list->setObjectName(QStringLiteral("ComparisonChanges"));
    m_list->setHeaderLabels({tr("Change"), tr("Details")});
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->setUniformRowHeights(true);
    splitter->addWidget(m_table);
    splitter->addWidget(m_list);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_list, &QTreeWidget::itemClicked, this, &ComparisonDialog::select);
    resize(640, 560);
}

QString ComparisonDialog::headingText() const
{
    return m_heading->text();
}

QTreeWidgetItem *ComparisonDialog::group(const QString &title, int count)
{
    auto *item = new QTreeWidgetItem(m_list, {tr("%1 (%2)").arg(title, QLocale().toString(count))});
    item->setExpanded(count <= 20);
    return item;
}

void ComparisonDialog::showDiff(const FabricDiff &diff)
{
    setWindowTitle(tr("Comparison with %1").arg(qs(diff.beforeName)));
    m_tally.clear();
    m_list->setHeaderLabels({tr("Change"), tr("Details")});
    m_heading->setText(
        diff.empty() ? tr("<b>%1</b> and <b>%2</b> are the same fabric.").arg(qs(diff.beforeName), qs(diff.afterName))
                     : tr("Baseline <b>%1</b> against the current fabric <b>%2</b>; the canvas "
                          "colours what changed.")
                           .arg(qs(diff.beforeName).toHtmlEscaped(), qs(diff.afterName).toHtmlEscaped()));
    // The analyses side by side.
    struct Row
    {
        QString name;
        double before, after;
        int decimals;
    };
    std::vector<Row> rows;
    if (diff.before && diff.after) {
        const FabricSummary &a = *diff.before, &b = *diff.after;
        rows = {{tr("GPUs"), double(a.gpus), double(b.gpus), 0},
                {tr("Hosts"), double(a.hosts), double(b.hosts), 0},
                {tr("Switches"), double(a.switches), double(b.switches), 0},
                {tr("Links"), double(a.links), double(b.links), 0},
                {tr("Link capacity (Tbit/s)"), a.linkGbps / 1000, b.linkGbps / 1000, 1},
                {tr("Bisection (Tbit/s)"), a.bisectionGbps / 1000, b.bisectionGbps / 1000, 1}};
        for (const auto &[tier, ratio] : a.oversubscription) {
            double other = std::nan("");
            for (const auto &[t, r] : b.oversubscription)
                if (t == tier)
                    other = r;
            rows.push_back({tr("Oversubscription, %1").arg(QLatin1String(tierName(tier))), ratio, other, 2});
        }
    }
    m_table->clear();
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({tr("Measure"), qs(diff.beforeName), qs(diff.afterName), tr("Change")});
    m_table->setRowCount(int(rows.size()));
    for (int r = 0; r < int(rows.size()); ++r) {
        const Row &row = rows[size_t(r)];
        const double delta = row.after - row.before;
        const QString change = std::isfinite(delta) && std::abs(delta) > 1e-9
            ? (delta > 0 ? QStringLiteral("+") : QString()) + number(delta, row.decimals)
            : QString();
        const QStringList cells{row.name, number(row.before, row.decimals), number(row.after, row.decimals), change};
        for (int c = 0; c < 4; ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }
    m_table->setVisible(!rows.empty());

    m_list->clear();
    auto ids = [&](const QString &title, const std::vector<std::string> &list) {
        if (list.empty())
            return;
        QTreeWidgetItem *g = group(title, int(list.size()));
        for (const std::string &id : list) {
            auto *item = new QTreeWidgetItem(g, {qs(id)});
            item->setData(0, Qt::UserRole, qs(id));
        }
    };
    auto changes = [&](const QString &title, const std::vector<ElementChange> &list) {
        if (list.empty())
            return;
        QTreeWidgetItem *g = group(title, int(list.size()));
        for (const ElementChange &c : list) {
            QStringList what;
            for (const std::string &s : c.changes)
                what << qs(s);
            auto *item = new QTreeWidgetItem(g, {qs(c.id), what.join(QStringLiteral("; "))});
            item->setData(0, Qt::UserRole, qs(c.id));
        }
    };
    auto links = [&](const QString &title, const std::vector<LinkRef> &list) {
        if (list.empty())
            return;
        QTreeWidgetItem *g = group(title, int(list.size()));
        for (const LinkRef &l : list) {
            auto *item = new QTreeWidgetItem(g, {qs(l.id), linkText(l)});
            item->setData(0, Qt::UserRole, qs(l.id));
        }
    };
    ids(tr("Added hosts"), diff.addedHosts);
    ids(tr("Removed hosts"), diff.removedHosts);
    ids(tr("Added switches"), diff.addedSwitches);
    ids(tr("Removed switches"), diff.removedSwitches);
    changes(tr("Changed hosts"), diff.changedHosts);
    changes(tr("Changed switches"), diff.changedSwitches);
    links(tr("Added links"), diff.addedLinks);
    links(tr("Removed links"), diff.removedLinks);
    if (!diff.changedLinks.empty()) {
        QTreeWidgetItem *g = group(tr("Changed links"), int(diff.changedLinks.size()));
        for (const FabricLinkChange &c : diff.changedLinks) {
            QStringList what;
            for (const std::string &s : c.changes)
                what << qs(s);
            auto *item = new QTreeWidgetItem(g, {qs(c.after.id), what.join(QStringLiteral("; "))});
            item->setData(0, Qt::UserRole, qs(c.after.id));
        }
    }
}

void ComparisonDialog::showCabling(const CablingReport &report)
{
    setWindowTitle(tr("As-Built Check against %1").arg(qs(report.discoveredName)));
    std::map<int, int> counts;
    for (const CablingFinding &f : report.findings)
        ++counts[int(f.kind)];
    const QLocale locale;
    // Which side is which, and the tally by kind.
    QString heading = tr("<b>Design</b> (what should be): %1, %n cable(s)", nullptr, int(report.designCables))
                          .arg(qs(report.designName).toHtmlEscaped())
        + QStringLiteral("<br>")
        + tr("<b>As built</b> (what was discovered): %1, %n cable(s)", nullptr, int(report.discoveredCables))
              .arg(qs(report.discoveredName).toHtmlEscaped())
        + QStringLiteral("<br>");
    if (report.clean()) {
        heading += tr("The floor matches the design: %1 of %2 cables found as designed.")
                       .arg(locale.toString(report.matched), locale.toString(report.designCables));
    } else {
        heading += tr("%1 of %2 designed cables as designed.")
                       .arg(locale.toString(report.matched), locale.toString(report.designCables))
            + QLatin1Char(' ')
            + tr("Missing: %1 · extra: %2 · swapped: %3 · miswired: %4 · wrong speed: %5. The canvas colours the "
                 "cables concerned until Inventory ▸ Clear Comparison.")
                  .arg(locale.toString(counts[int(CablingFinding::Kind::Missing)]),
                       locale.toString(counts[int(CablingFinding::Kind::Extra)]),
                       locale.toString(counts[int(CablingFinding::Kind::Swapped)]),
                       locale.toString(counts[int(CablingFinding::Kind::Miswired)]),
                       locale.toString(counts[int(CablingFinding::Kind::WrongSpeed)]));
    }
    m_heading->setText(heading);
    m_tally = {{QStringLiteral("missing"), counts[int(CablingFinding::Kind::Missing)]},
               {QStringLiteral("extra"), counts[int(CablingFinding::Kind::Extra)]},
               {QStringLiteral("swapped"), counts[int(CablingFinding::Kind::Swapped)]},
               {QStringLiteral("miswired"), counts[int(CablingFinding::Kind::Miswired)]},
               {QStringLiteral("wrong speed"), counts[int(CablingFinding::Kind::WrongSpeed)]}};
    m_table->setVisible(false);
    m_list->clear();
    m_list->setHeaderLabels({tr("Element"), tr("In the design"), tr("As built"), tr("Finding")});
    auto cables = [](const std::vector<LinkRef> &links) {
        QStringList text;
        for (const LinkRef &l : links)
            text << QStringLiteral("%1:%2 – %3:%4").arg(qs(l.a)).arg(l.portA + 1).arg(qs(l.b)).arg(l.portB + 1);
        return text.isEmpty() ? QStringLiteral("–") : text.join(QStringLiteral("; "));
    };
    std::map<int, QTreeWidgetItem *> groups;
    for (const CablingFinding &f : report.findings) {
        QTreeWidgetItem *&g = groups[int(f.kind)];
        if (!g)
            g = group(kindTitle(f.kind), counts[int(f.kind)]);
        const std::string id = !f.design.empty() ? f.design.front().id
            : !f.discovered.empty()              ? f.discovered.front().a
                                                 : std::string();
        auto *item = new QTreeWidgetItem(g, {qs(id), cables(f.design), cables(f.discovered), qs(f.message)});
        item->setToolTip(3, qs(f.message));
        item->setData(0, Qt::UserRole, qs(id));
    }
    for (int column = 0; column < 3; ++column)
        m_list->resizeColumnToContents(column);
    if (width() < 960)
        resize(960, height()); // the finding beside both sides' cables
}

void ComparisonDialog::select(QTreeWidgetItem *item)
{
    if (!item || !m_document)
        return;
    const std::string id = item->data(0, Qt::UserRole).toString().toStdString();
    if (!id.empty() && m_document->fabric().containsId(id))
        m_document->setSelection({id});
}

} // namespace Railyard
