#include "views/docks/analysisdock.h"

#include "core/document/fabricdocument.h"
#include "views/docks/analysischarts.h"
#include "views/analysisrunner.h"
#include "views/canvas/colours.h"
#include "views/docks/dockcontent.h"

#include <QEvent>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QtCharts/QChartView>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace Railyard {

namespace {

/// Failed ids listed in the dock; the rest are counted.
constexpr int kMaxListedFailures = 50;

QString htmlEscaped(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

} // namespace

struct AnalysisDock::Private
{
    explicit Private(AnalysisDock *dock)
        : q(dock)
    { }

    void build();
    /// Re-reads the runner's reports (cheap: no analysis) and refreshes every part.
    void refresh();
    void refreshBisection(const AnalysisReport &current);
    void refreshWhatIf(const AnalysisReport &baseline, const AnalysisReport &current);
    void refreshCharts(const AnalysisReport &baseline, const AnalysisReport *whatIf);
    void refreshLegend();
    void setChart(QChartView *view, QChart *chart);
    void showStatus(const QString &stage);
    void hideStatus();
    /// The fabric the reports were computed on (document, else the runner's).
    const Fabric *fabric() const;
    QString switchId(std::int32_t index) const;
    /// The what-if report when one is active, else nullptr.
    const AnalysisReport *whatIf() const;

    AnalysisDock *q;
    QPointer<FabricDocument> document;
    QPointer<AnalysisRunner> runner;
    QMetaObject::Connection documentConnection;
    QList<QMetaObject::Connection> runnerConnections;

    QWidget *statusRow = nullptr;
    QProgressBar *progressBar = nullptr;
    QLabel *stageLabel = nullptr;
    QLabel *placeholder = nullptr;
    QWidget *results = nullptr;
    QLabel *bisectionTitle = nullptr;
    QLabel *bisectionValue = nullptr;
    QLabel *bisectionRatio = nullptr;
    QLabel *bisectionMethod = nullptr;
    QGroupBox *whatIfBox = nullptr;
    QLabel *whatIfTable = nullptr;
    QLabel *cutChange = nullptr;
    QLabel *failedList = nullptr;
    QChartView *oversubscriptionView = nullptr;
    QLabel *topTierNote = nullptr;
    QChartView *capacityView = nullptr;
    QChartView *bisectionView = nullptr;
    QLabel *legendTitle = nullptr;
    QLabel *legend = nullptr;

    QString bisectionExact;
};

void AnalysisDock::Private::build()
{
    auto *layout = scrollingDockContent(q, QMargins(8, 6, 8, 8), 8);
    QWidget *content = layout->parentWidget();

    // Status line, shown only while the runner works.
    statusRow = new QWidget(content);
    auto *statusLayout = new QHBoxLayout(statusRow);
    statusLayout->setContentsMargins(0, 0, 0, 0);
    progressBar = new QProgressBar(statusRow);
    progressBar->setRange(0, 0); // busy: the bisection cannot say how far it is
    progressBar->setTextVisible(false);
    progressBar->setMaximumWidth(90);
    progressBar->setMaximumHeight(12);
    stageLabel = new QLabel(statusRow);
    stageLabel->setObjectName(QStringLiteral("analysisStage"));
    statusLayout->addWidget(progressBar);
    statusLayout->addWidget(stageLabel, 1);
    statusRow->hide();
    layout->addWidget(statusRow);

    placeholder = new QLabel(content);
    placeholder->setWordWrap(true);
    placeholder->setEnabled(false);
    placeholder->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // A wrapped label in a scrolled column is not given its height for the
    // width: three lines' room, so two-line notes are not cut.
    placeholder->setMinimumHeight(placeholder->fontMetrics().lineSpacing() * 3);
    layout->addWidget(placeholder);

    results = new QWidget(content);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->setSpacing(8);

    // Bisection: the number an architect reads first.
    bisectionTitle = new QLabel(results);
    bisectionValue = new QLabel(results);
    bisectionValue->setObjectName(QStringLiteral("bisectionValue"));
    bisectionValue->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = bisectionValue->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    bisectionValue->setFont(big);
    bisectionRatio = new QLabel(results);
    bisectionRatio->setWordWrap(true);
    bisectionMethod = new QLabel(results);
    bisectionMethod->setWordWrap(true);
    QFont bold = bisectionTitle->font();
    bold.setBold(true);
    bisectionTitle->setFont(bold);
    resultsLayout->addWidget(bisectionTitle);
    resultsLayout->addWidget(bisectionValue);
    resultsLayout->addWidget(bisectionRatio);
    resultsLayout->addWidget(bisectionMethod);

    // What-if: before → after.
    whatIfBox = new QGroupBox(results);
    auto *whatIfLayout = new QVBoxLayout(whatIfBox);
    whatIfTable = new QLabel(whatIfBox);
    whatIfTable->setTextFormat(Qt::RichText);
    cutChange = new QLabel(whatIfBox);
    failedList = new QLabel(whatIfBox);
    failedList->setWordWrap(true);
    failedList->setTextInteractionFlags(Qt::TextSelectableByMouse);
    whatIfLayout->addWidget(whatIfTable);
    whatIfLayout->addWidget(cutChange);
    whatIfLayout->addWidget(failedList);
    resultsLayout->addWidget(whatIfBox);

    auto makeView = [this] {
        auto *view = new QChartView(results);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(240);
        view->setFrameShape(QFrame::NoFrame);
        return view;
    };
    oversubscriptionView = makeView();
    resultsLayout->addWidget(oversubscriptionView);
    topTierNote = new QLabel(results);
    topTierNote->setWordWrap(true);
    resultsLayout->addWidget(topTierNote);
    capacityView = makeView();
    resultsLayout->addWidget(capacityView);
    bisectionView = makeView();
    bisectionView->setMinimumHeight(170);
    resultsLayout->addWidget(bisectionView);

    legendTitle = new QLabel(results);
    legendTitle->setFont(bold);
    legend = new QLabel(results);
    legend->setTextFormat(Qt::RichText);
    legend->setWordWrap(true);
    resultsLayout->addWidget(legendTitle);
    resultsLayout->addWidget(legend);

    layout->addWidget(results);
    layout->addStretch(1);
}

const Fabric *AnalysisDock::Private::fabric() const
{
    if (document)
        return &document->fabric();
    if (runner && runner->document())
        return &runner->document()->fabric();
    return nullptr;
}

QString AnalysisDock::Private::switchId(std::int32_t index) const
{
    const Fabric *f = fabric();
    // The report may lag a structural edit by one run: check the index.
    if (!f || index < 0 || index >= f->switchCount())
        return {};
    return QString::fromStdString(f->switchAt(index).id);
}

const AnalysisReport *AnalysisDock::Private::whatIf() const
{
    if (!runner || !runner->current() || runner->current()->failed.empty())
        return nullptr;
    return runner->current();
}

void AnalysisDock::Private::showStatus(const QString &stage)
{
    stageLabel->setText(stage);
    statusRow->show();
}

void AnalysisDock::Private::hideStatus()
{
    statusRow->hide();
}

void AnalysisDock::Private::refresh()
{
    bisectionTitle->setText(tr("Bisection bandwidth"));
    whatIfBox->setTitle(tr("What-if: before → after"));
    legendTitle->setText(tr("Switch colours on the canvas"));
    refreshLegend();

    const AnalysisReport *baseline = runner ? runner->baseline() : nullptr;
    const AnalysisReport *current = runner ? runner->current() : nullptr;
    if (!baseline || !current) {
        bisectionExact.clear();
        placeholder->setText(runner && runner->isRunning() ? tr("Analysing…")
                                                           : tr("No analysis yet: open or generate a fabric."));
        placeholder->show();
        results->hide();
        return;
    }
    if (current->counts.hosts == 0 && current->counts.switches == 0) {
        bisectionExact.clear();
        placeholder->setText(tr("An empty design: nothing to analyse yet. Add switches and hosts, or start from "
                                "a template (File ▸ New from Template)."));
        placeholder->show();
        results->hide();
        return;
    }
    placeholder->hide();
    results->show();
    refreshBisection(*current);
    refreshWhatIf(*baseline, *current);
    refreshCharts(*baseline, whatIf());
}

void AnalysisDock::Private::refreshBisection(const AnalysisReport &current)
{
    const BisectionResult &b = current.bisection;
    bisectionExact = AnalysisCharts::exactGbpsText(b.gbps);
    bisectionValue->setText(AnalysisCharts::capacityText(b.gbps));
    bisectionValue->setToolTip(tr("%1 per direction").arg(bisectionExact));
    bisectionRatio->setText(
        tr("per direction · %1 of full (%2)")
            .arg(AnalysisCharts::bisectionRatioText(b.ratio), AnalysisCharts::capacityText(b.fullGbps)));
    QString method = tr("method: %1").arg(AnalysisCharts::methodText(b.method));
    if (!b.exact)
        method += tr(" · upper bound");
    method += tr(" · %n link(s) in the cut", "", static_cast<int>(b.cutLinks.size()));
    bisectionMethod->setText(method);
    bisectionMethod->setToolTip(
        b.exact ? tr("Exact minimum bisection.")
                : tr("The true bisection may be lower: no split found crosses less capacity than this."));
}

void AnalysisDock::Private::refreshWhatIf(const AnalysisReport &baseline, const AnalysisReport &current)
{
    if (current.failed.empty()) {
        whatIfBox->hide();
        return;
    }
    whatIfBox->show();

    const QString arrow = QStringLiteral("&nbsp;→&nbsp;");
    auto row = [&arrow](const QString &what, const QString &before, const QString &after) {
        const bool changed = before != after;
        return QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;&nbsp;&nbsp;%2</td><td>%3</td><td>%4</td></tr>")
            .arg(what.toHtmlEscaped(), before.toHtmlEscaped(), arrow,
                 changed ? QStringLiteral("<b>%1</b>").arg(after.toHtmlEscaped()) : after.toHtmlEscaped());
    };
    QString html = QStringLiteral("<table cellspacing=\"0\" cellpadding=\"1\">");
    html += row(tr("bisection"), AnalysisCharts::capacityText(baseline.bisection.gbps),
                AnalysisCharts::capacityText(current.bisection.gbps));
    html += row(tr("bisection ratio"), AnalysisCharts::bisectionRatioText(baseline.bisection.ratio),
                AnalysisCharts::bisectionRatioText(current.bisection.ratio));
    for (const auto &before : baseline.oversubscription.tiers) {
        if (before.isTop)
            continue;
        const TierOversubscription *after = findTier(current.oversubscription, before.tier);
        const QString tier = AnalysisCharts::tierLabel(before.tier);
        html += row(tr("%1 aggregate").arg(tier), AnalysisCharts::ratioText(before.ratio),
                    after ? AnalysisCharts::ratioText(after->ratio) : QStringLiteral("—"));
        QString worstAfter = after ? AnalysisCharts::ratioText(after->worstRatio) : QStringLiteral("—");
        if (after && after->worstSwitch >= 0 && after->worstRatio != before.worstRatio)
            worstAfter += QStringLiteral(" (%1)").arg(switchId(after->worstSwitch));
        html += row(tr("%1 worst switch").arg(tier), AnalysisCharts::ratioText(before.worstRatio), worstAfter);
    }
    html += QStringLiteral("</table>");
    whatIfTable->setText(html);

    const CutChange change = Railyard::cutChange(baseline.bisection, current.bisection);
    cutChange->setText(tr("cut changed: +%1 / −%2 links").arg(change.added.size()).arg(change.removed.size()));

    QStringList ids;
    const int shown = std::min<int>(kMaxListedFailures, static_cast<int>(current.failed.size()));
    for (int i = 0; i < shown; ++i)
        ids << htmlEscaped(current.failed[static_cast<size_t>(i)]);
    QString failed = tr("Failed (%1): %2").arg(current.failed.size()).arg(ids.join(QStringLiteral(", ")));
    if (static_cast<int>(current.failed.size()) > shown)
        failed += tr(", and %1 more").arg(current.failed.size() - static_cast<size_t>(shown));
    failedList->setText(failed);
}

void AnalysisDock::Private::setChart(QChartView *view, QChart *chart)
{
    // QChartView releases, but does not delete, the previous chart.
    QChart *old = view->chart();
    view->setChart(chart);
    delete old;
}

void AnalysisDock::Private::refreshCharts(const AnalysisReport &baseline, const AnalysisReport *whatIfReport)
{
    const QChart::ChartTheme theme = AnalysisCharts::themeFor(q->palette());
    setChart(oversubscriptionView, AnalysisCharts::oversubscriptionChart(baseline, whatIfReport, theme));
    setChart(capacityView, AnalysisCharts::capacityChart(baseline, whatIfReport, theme));
    setChart(bisectionView, AnalysisCharts::bisectionChart(baseline, whatIfReport, theme));

    QStringList topTiers;
    for (const auto &t : baseline.oversubscription.tiers)
        if (std::isnan(t.ratio))
            topTiers << AnalysisCharts::tierLabel(t.tier);
    topTierNote->setVisible(!topTiers.isEmpty());
    topTierNote->setText(tr("%1: — (top tier, no uplinks)").arg(topTiers.join(QStringLiteral(", "))));
}

void AnalysisDock::Private::refreshLegend()
{
    struct Entry
    {
        double ratio;
        QString text;
    };
    const Entry entries[] = {
        {1.0, tr("1:1 or better")}, {2.0, tr("up to 2:1")},    {4.0, tr("up to 4:1")},
        {8.0, tr("above 4:1")},     {qQNaN(), tr("top tier")},
    };
    QStringList items;
    for (const auto &e : entries)
        items << QStringLiteral("<span style=\"color:%1; font-size:large\">■</span>&nbsp;%2")
                     .arg(oversubscriptionColour(e.ratio).name(), e.text.toHtmlEscaped());
    legend->setText(tr("By oversubscription (down : up):") + QStringLiteral("<br>")
                    + items.join(QStringLiteral("&nbsp;&nbsp; ")));
}

AnalysisDock::AnalysisDock(QWidget *parent)
    : QDockWidget(parent)
    , d(std::make_unique<Private>(this))
{
    setObjectName(QStringLiteral("AnalysisDock"));
    setWindowTitle(tr("Analysis"));
    d->build();
    d->refresh();
}

AnalysisDock::~AnalysisDock() = default;

void AnalysisDock::setDocument(FabricDocument *document)
{
    if (d->document == document)
        return;
    QObject::disconnect(d->documentConnection);
    d->document = document;
    if (document)
        // The runner reschedules on every change; here only re-read what is
        // cheap so the dock never shows figures of a document it no longer has.
        d->documentConnection = connect(document, &FabricDocument::changed, this, [this] { d->refresh(); });
    d->refresh();
}

void AnalysisDock::setAnalysisRunner(AnalysisRunner *runner)
{
    if (d->runner == runner)
        return;
    for (const auto &c : std::as_const(d->runnerConnections))
        QObject::disconnect(c);
    d->runnerConnections.clear();
    d->runner = runner;
    if (runner) {
        d->runnerConnections << connect(runner, &AnalysisRunner::started, this,
                                        [this] { d->showStatus(tr("Analysing…")); });
        d->runnerConnections << connect(
            runner, &AnalysisRunner::progress, this, [this](int percent, const QString &stage) {
                d->showStatus(percent > 0 ? tr("%1 (%2 %)").arg(stage).arg(percent) : stage);
            });
        d->runnerConnections << connect(runner, &AnalysisRunner::finished, this, [this] {
            d->hideStatus();
            d->refresh();
        });
        d->runnerConnections << connect(runner, &AnalysisRunner::cancelled, this, [this] {
            // A cancelled run is usually replaced at once by a newer one.
            if (!d->runner || !d->runner->isRunning())
                d->hideStatus();
        });
        if (runner->isRunning())
            d->showStatus(tr("Analysing…"));
    }
    d->refresh();
}

QString AnalysisDock::bisectionText() const
{
    return d->bisectionExact;
}

QList<QImage> AnalysisDock::chartImages(const QSize &size) const
{
    const AnalysisReport *baseline = d->runner ? d->runner->baseline() : nullptr;
    if (!baseline || !d->runner->current())
        return {};
    return AnalysisCharts::reportImages(*baseline, d->whatIf(), size);
}

void AnalysisDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange)
        d->refresh();
}

} // namespace Railyard
