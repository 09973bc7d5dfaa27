#include "views/docks/resiliencedock.h"

#include "core/compare/fabricdiff.h"
#include "core/document/fabricdocument.h"
#include "views/canvas/comparisonoverlay.h"
#include "views/canvas/fabriccanvas.h"
#include "views/docks/analysischarts.h"
#include "views/docks/dockcontent.h"
#include "views/docks/resiliencemodel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QThread>
#include <QTimer>
#include <QUndoStack>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

struct RunOutcome
{
    std::shared_ptr<StudyResult> result;
    QString error;
    double seconds = 0;
};

const char *const routingNames[] = {"as-routed", "fluid", "ecmp", "adaptive", "hashed", "static"};

/// A CDF as a step line: (value, share at or below) points, drawn flat until
/// the next value. Returns the series and the x range it spans.
QLineSeries *stepSeries(const std::vector<std::pair<double, double>> &cdf, const QString &name, double *lo,
                        double *hi)
{
    auto *series = new QLineSeries;
    series->setName(name);
    double previous = 0;
    for (const auto &[value, share] : cdf) {
        if (!std::isfinite(value))
            continue;
        series->append(value, previous);
        series->append(value, share);
        previous = share;
        *lo = std::min(*lo, value);
        *hi = std::max(*hi, value);
    }
    return series;
}

} // namespace

ResilienceDock::ResilienceDock(QWidget *parent)
    : QDockWidget(tr("Resilience"), parent)
{
    setObjectName(QStringLiteral("ResilienceDock"));
    QVBoxLayout *layout = scrollingDockContent(this, QMargins(6, 6, 6, 6));
    QWidget *body = layout->parentWidget();

    auto *form = new QFormLayout;
    m_kind = new QComboBox(body);
    m_kind->setObjectName(QStringLiteral("studyKind"));
    m_kind->addItem(tr("N-1: every single failure"), int(StudyKind::NMinus1));
    m_kind->addItem(tr("N-2: every pair of failures"), int(StudyKind::NMinus2));
    m_kind->addItem(tr("Monte Carlo: random scenarios"), int(StudyKind::MonteCarlo));
    form->addRow(tr("Study:"), m_kind);
    m_scope = new QLineEdit(body);
    m_scope->setObjectName(QStringLiteral("studyScope"));
    m_scope->setPlaceholderText(tr("all switches and links"));
    m_scope->setToolTip(tr("The elements to fail: comma-separated KIND[:GLOB], KIND one of all, switches, links, "
                           "leaf, spine, core, host-links, switch-links, nics; GLOB matches ids and location paths "
                           "zone/pod/su/rack, e.g. spine:*/pod-03/*"));
    form->addRow(tr("Scope:"), m_scope);
    m_samples = new QSpinBox(body);
    m_samples->setObjectName(QStringLiteral("studySamples"));
    m_samples->setRange(1, 10'000'000);
    m_samples->setValue(1000);
    m_samples->setGroupSeparatorShown(true);
    form->addRow(tr("Scenarios:"), m_samples);
    m_failures = new QSpinBox(body);
    m_failures->setObjectName(QStringLiteral("studyFailures"));
    m_failures->setRange(0, 100000);
    m_failures->setSpecialValueText(tr("by failure rates"));
    m_failures->setToolTip(tr("Monte Carlo: exactly this many random elements of the scope down per scenario, or "
                              "each element down with its steady-state probability (the documented default rates)"));
    form->addRow(tr("Failures each:"), m_failures);
    m_seed = new QSpinBox(body);
    m_seed->setObjectName(QStringLiteral("studySeed"));
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(1);
    form->addRow(tr("Seed:"), m_seed);
    auto *jobRow = new QHBoxLayout;
    m_withJob = new QCheckBox(tr("Price the current job"), body);
    m_withJob->setObjectName(QStringLiteral("studyWithJob"));
    m_withJob->setToolTip(tr("Each scenario also prices the Jobs dock's current job: its step communication time "
                             "on its placement, re-placed when a failure cuts its hosts off"));
    m_routing = new QComboBox(body);
    m_routing->setObjectName(QStringLiteral("studyRouting"));
    m_routing->addItem(tr("as the fabric routes"), QStringLiteral("as-routed"));
    m_routing->addItem(tr("fluid (ideal)"), QStringLiteral("fluid"));
    m_routing->addItem(tr("ECMP"), QStringLiteral("ecmp"));
    m_routing->addItem(tr("adaptive"), QStringLiteral("adaptive"));
    m_routing->addItem(tr("hashed"), QStringLiteral("hashed"));
    m_routing->addItem(tr("static"), QStringLiteral("static"));
    jobRow->addWidget(m_withJob);
    jobRow->addWidget(m_routing, 1);
    form->addRow(tr("Job:"), jobRow);
    layout->addLayout(form);

    auto *runRow = new QHBoxLayout;
    m_runButton = new QPushButton(tr("Run Study"), body);
    m_runButton->setObjectName(QStringLiteral("runStudy"));
    m_runButton->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+R")));
    m_runButton->setToolTip(tr("Run the failure study (Ctrl+Shift+R)"));
    m_progress = new QProgressBar(body);
    m_progress->setObjectName(QStringLiteral("studyProgress"));
    m_cancelButton = new QPushButton(tr("Cancel"), body);
    m_cancelButton->setObjectName(QStringLiteral("cancelStudy"));
    runRow->addWidget(m_runButton);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_cancelButton);
    layout->addLayout(runRow);
    m_progress->hide();
    m_cancelButton->hide();
    m_status = new QLabel(body);
    m_status->setWordWrap(true);
    m_status->hide();
    layout->addWidget(m_status);
    m_error = new QLabel(body);
    m_error->setObjectName(QStringLiteral("studyError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->hide();
    layout->addWidget(m_error);
    m_staleLabel = new QLabel(tr("The design changed since this study: run it again."), body);
    m_staleLabel->setWordWrap(true);
    m_staleLabel->setStyleSheet(QStringLiteral("color: #b9770e"));
    m_staleLabel->hide();
    layout->addWidget(m_staleLabel);

    m_summaryLabel = new QLabel(body);
    m_summaryLabel->setObjectName(QStringLiteral("studySummary"));
    m_summaryLabel->setWordWrap(true);
    m_summaryLabel->setTextFormat(Qt::RichText);
    m_summaryLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summaryLabel);

    for (QChartView **view : {&m_bisectionChart, &m_slowdownChart}) {
        *view = new QChartView(body);
        (*view)->setRenderHint(QPainter::Antialiasing);
        (*view)->setMinimumHeight(250);
        (*view)->setFrameShape(QFrame::NoFrame);
        (*view)->hide();
        layout->addWidget(*view);
    }
    m_bisectionChart->setObjectName(QStringLiteral("bisectionCdf"));
    m_slowdownChart->setObjectName(QStringLiteral("slowdownCdf"));

    auto *worstRow = new QHBoxLayout;
    auto *worstTitle = new QLabel(tr("<b>Worst scenarios</b> (click one to try it as a what-if)"), body);
    m_highlight = new QCheckBox(tr("Colour the worst on the canvas"), body);
    m_highlight->setObjectName(QStringLiteral("highlightWorst"));
    m_highlight->setChecked(true);
    m_highlight->setToolTip(tr("Colour the elements failed most often in the worst 1 % of scenarios"));
    worstRow->addWidget(worstTitle, 1);
    worstRow->addWidget(m_highlight);
    layout->addLayout(worstRow);
    m_model = new ResilienceWorstModel(this);
    m_table = new QTableView(body);
    m_table->setObjectName(QStringLiteral("worstTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setMinimumHeight(180);
    layout->addWidget(m_table, 1);

    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, [this] {
        if (!m_done || !m_total)
            return;
        const std::int64_t total = m_total->load(), done = m_done->load();
        if (total <= 0)
            return;
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(std::min<std::int64_t>(1000, done * 1000 / total)));
        m_status->setText(tr("Studying failures… %1 of %2 scenarios evaluated")
                              .arg(QLocale().toString(qlonglong(done)), QLocale().toString(qlonglong(total))));
    });

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { updateFields(); });
    connect(m_withJob, &QCheckBox::toggled, this, [this] { updateFields(); });
    connect(m_runButton, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancelButton, &QPushButton::clicked, this, &ResilienceDock::cancel);
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex &index) { applyRow(index.row()); });
    connect(m_highlight, &QCheckBox::toggled, this, [this] { updateHighlight(); });

    // The fields as the user left them.
    QSettings settings;
    settings.beginGroup(QStringLiteral("resilience"));
    const int kind = m_kind->findData(settings.value(QStringLiteral("study"), int(StudyKind::NMinus1)).toInt());
    m_kind->setCurrentIndex(std::max(0, kind));
    m_scope->setText(settings.value(QStringLiteral("scope")).toString());
    m_samples->setValue(settings.value(QStringLiteral("samples"), 1000).toInt());
    m_failures->setValue(settings.value(QStringLiteral("failures"), 0).toInt());
    m_seed->setValue(settings.value(QStringLiteral("seed"), 1).toInt());
    m_withJob->setChecked(settings.value(QStringLiteral("withJob"), false).toBool());
    const int routing = m_routing->findData(settings.value(QStringLiteral("routing"), QStringLiteral("as-routed")));
    m_routing->setCurrentIndex(std::max(0, routing));
    settings.endGroup();
    updateFields();
    showStudy();
}

ResilienceDock::~ResilienceDock()
{
    if (m_cancel)
        m_cancel->store(true);
}

void ResilienceDock::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation;
    m_document = document;
    m_stale = false;
    m_shownJson.clear();
    if (document) {
        connect(document, &FabricDocument::failureStudyChanged, this, &ResilienceDock::showFromDocument);
        connect(document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure || change == FabricDocument::Change::Capacities) {
                m_stale = m_study != nullptr;
                m_staleLabel->setVisible(m_stale);
                updateHighlight();
            }
        });
        connect(document, &FabricDocument::currentJobChanged, this, [this] { updateFields(); });
    }
    showFromDocument();
    updateFields();
}

void ResilienceDock::setCanvas(FabricCanvas *canvas)
{
    m_canvas = canvas;
    updateHighlight();
}

StudyOptions ResilienceDock::options() const
{
    StudyOptions o;
    o.kind = StudyKind(m_kind->currentData().toInt());
    o.scope = m_scope->text().trimmed().toStdString();
    o.samples = m_samples->value();
    o.forcedFailures = o.kind == StudyKind::MonteCarlo ? m_failures->value() : 0;
    o.seed = std::uint64_t(m_seed->value());
    o.routing = m_routing->currentData().toString().toStdString();
    return o;
}

void ResilienceDock::setOptions(const StudyOptions &o, bool withJob)
{
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(int(o.kind))));
    m_scope->setText(QString::fromStdString(o.scope));
    m_samples->setValue(o.samples);
    m_failures->setValue(o.forcedFailures);
    m_seed->setValue(int(std::min<std::uint64_t>(o.seed, 1'000'000'000)));
    m_routing->setCurrentIndex(std::max(0, m_routing->findData(QString::fromStdString(o.routing))));
    m_withJob->setChecked(withJob);
    updateFields();
}

void ResilienceDock::updateFields()
{
    const bool monteCarlo = StudyKind(m_kind->currentData().toInt()) == StudyKind::MonteCarlo;
    m_samples->setEnabled(monteCarlo);
    m_failures->setEnabled(monteCarlo);
    m_seed->setEnabled(monteCarlo);
    const bool hasJob = m_document && m_document->currentJobSpec();
    m_withJob->setEnabled(hasJob && !m_running);
    m_withJob->setText(hasJob ? tr("Price %1").arg(QString::fromStdString(m_document->currentJobSpec()->name))
                              : tr("Price the current job (none)"));
    m_routing->setEnabled(hasJob && m_withJob->isChecked() && !m_running);
    m_runButton->setEnabled(m_document && !m_running);
}

void ResilienceDock::saveSettings() const
{
    QSettings settings;
    settings.beginGroup(QStringLiteral("resilience"));
    settings.setValue(QStringLiteral("study"), m_kind->currentData());
    settings.setValue(QStringLiteral("scope"), m_scope->text());
    settings.setValue(QStringLiteral("samples"), m_samples->value());
    settings.setValue(QStringLiteral("failures"), m_failures->value());
    settings.setValue(QStringLiteral("seed"), m_seed->value());
    settings.setValue(QStringLiteral("withJob"), m_withJob->isChecked());
    settings.setValue(QStringLiteral("routing"), m_routing->currentData());
    settings.endGroup();
}

void ResilienceDock::setError(const QString &text)
{
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

void ResilienceDock::setBusy(bool busy)
{
    m_running = busy;
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
    m_status->setVisible(busy);
    if (busy) {
        m_progress->setRange(0, 0);
        m_status->setText(tr("Studying failures…"));
        m_progressTimer->start();
    } else {
        m_progressTimer->stop();
    }
    for (QWidget *w : std::initializer_list<QWidget *>{m_kind, m_scope})
        w->setEnabled(!busy);
    updateFields();
    if (busy) {
        m_samples->setEnabled(false);
        m_failures->setEnabled(false);
        m_seed->setEnabled(false);
    }
}

bool ResilienceDock::run()
{
    if (!m_document || m_running)
        return false;
    setError(QString());
    saveSettings();
    StudyOptions o = options();
    const JobSpec *job = m_document->currentJobSpec();
    if (m_withJob->isChecked() && job) {
        o.job = *job;
        o.jobSource = job->name;
    } else {
        o.routing = "as-routed";
    }
    o.threads = std::max(1, QThread::idealThreadCount());
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_done = std::make_shared<std::atomic<std::int64_t>>(0);
    m_total = std::make_shared<std::atomic<std::int64_t>>(0);
    o.cancel = m_cancel.get();
    o.progress = [done = m_done, total = m_total](std::int64_t d, std::int64_t t) {
        done->store(d);
        total->store(t);
    };
    setBusy(true);
    const int generation = ++m_generation;
    auto *watcher = new QFutureWatcher<RunOutcome>(this);
    connect(watcher, &QFutureWatcher<RunOutcome>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        const RunOutcome outcome = watcher->result();
        if (generation != m_generation)
            return; // another document or run took over
        setBusy(false);
        if (!outcome.error.isEmpty()) {
            setError(outcome.error);
        } else if (outcome.result && m_document) {
            if (outcome.result->cancelled) {
                setError(tr("Cancelled: nothing kept (the study before, if any, still stands)."));
            } else {
                m_stale = false;
                m_staleLabel->hide();
                // Kept in the document, it is saved with the project. The dock
                // shows the result it has rather than reading its JSON back.
                std::string json = studyToJson(*outcome.result, -1);
                m_shownJson = json;
                m_study = outcome.result;
                m_document->setFailureStudy(std::move(json));
                showStudy();
                m_status->setText(tr("Study finished in %1 s.").arg(QLocale().toString(outcome.seconds, 'f', 1)));
                m_status->show();
            }
        }
        emit finished();
    });
    // The cancel flag and counters live as long as the worker holds them.
    watcher->setFuture(QtConcurrent::run([fabric = m_document->fabric(), o, cancel = m_cancel, done = m_done,
                                          total = m_total]() {
        (void)cancel; // kept alive while the study reads them
        (void)done;
        (void)total;
        RunOutcome out;
        QElapsedTimer clock;
        clock.start();
        try {
            out.result = std::make_shared<StudyResult>(runFailureStudy(fabric, o));
        } catch (const ResilienceError &e) {
            out.error = QString::fromStdString(e.what());
        } catch (const std::exception &e) {
            out.error = tr("The study failed: %1").arg(QString::fromStdString(e.what()));
        }
        out.seconds = double(clock.nsecsElapsed()) / 1e9;
        return out;
    }));
    return true;
}

void ResilienceDock::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_status->setText(tr("Cancelling…"));
}

void ResilienceDock::waitForFinished()
{
    while (m_running)
        QApplication::processEvents(QEventLoop::AllEvents, 50);
}

void ResilienceDock::showFromDocument()
{
    const std::string &json = m_document ? m_document->failureStudy() : std::string();
    if (json == m_shownJson && (m_study || json.empty()))
        return;
    m_shownJson = json;
    m_study.reset();
    if (!json.empty()) {
        try {
            auto study = std::make_shared<StudyResult>(studyFromJson(json, "project"));
            m_study = std::move(study);
            StudyOptions o;
            o.kind = m_study->kind;
            o.scope = m_study->scope;
            o.samples = m_study->kind == StudyKind::MonteCarlo ? m_study->samples : m_samples->value();
            o.forcedFailures = m_study->forcedFailures;
            o.seed = m_study->seed;
            o.routing = m_study->job.empty() ? m_routing->currentData().toString().toStdString() : m_study->routing;
            setOptions(o, !m_study->job.empty());
        } catch (const ResilienceError &e) {
            setError(tr("The failure study kept with the design does not read: %1")
                         .arg(QString::fromStdString(e.what()).left(300)));
        }
    }
    showStudy();
}

QString ResilienceDock::summaryText() const
{
    return QTextDocumentFragment::fromHtml(m_summaryLabel->text()).toPlainText();
}

QString ResilienceDock::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void ResilienceDock::showStudy()
{
    m_summary = m_study ? summarizeStudy(*m_study, 20) : StudySummary{};
    m_model->setStudy(m_study, m_summary);
    m_staleLabel->setVisible(m_study && m_stale);
    if (!m_study) {
        m_summaryLabel->setText(tr("No failure study yet. Choose a study and press <b>Run Study</b>: N-1 fails every "
                                   "switch and link on its own, equivalent failures evaluated once."));
        updateCharts();
        updateHighlight();
        return;
    }
    const StudyResult &r = *m_study;
    const QLocale locale;
    const bool sampled = r.kind == StudyKind::MonteCarlo;
    auto number = [&](double v, int decimals) {
        if (std::isnan(v))
            return QStringLiteral("—");
        if (std::isinf(v))
            return tr("cannot run");
        return locale.toString(v, 'f', decimals);
    };
    auto quantile = [&](const Quantile &q, int decimals) {
        QString s = number(q.value, decimals);
        if (sampled && (q.low != q.value || q.high != q.value))
            s += QStringLiteral(" <small>(%1–%2)</small>").arg(number(q.low, decimals), number(q.high, decimals));
        return s;
    };
    QString html;
    const QString scope = r.scope.empty() ? tr("all switches and links") : QString::fromStdString(r.scope).toHtmlEscaped();
    if (sampled) {
        html += tr("<b>Monte Carlo</b> over %1: %2 scenarios, %3, seed %4; %5 what-ifs computed.")
                    .arg(scope, locale.toString(qlonglong(r.outcomes.size())),
                         r.forcedFailures > 0 ? tr("%n failures each", nullptr, r.forcedFailures)
                                              : tr("failures by rate (%1)").arg(QString::fromStdString(r.ratesSource)))
                    .arg(r.seed)
                    .arg(locale.toString(qlonglong(r.evaluated)));
    } else {
        html += tr("<b>%1</b> over %2: %3 scenarios stood for by %n classes; %4 what-ifs computed.", nullptr,
                   int(std::min<std::int64_t>(r.classes, 1'000'000'000)))
                    .arg(r.kind == StudyKind::NMinus1 ? tr("N-1") : tr("N-2"), scope,
                         locale.toString(r.scenarios, 'f', 0), locale.toString(qlonglong(r.evaluated)));
        if (r.verificationSplits > 0)
            html += QLatin1Char(' ') + tr("%n classes split by their check.", nullptr, int(r.verificationSplits));
    }
    html += QStringLiteral("<br>") + tr("Healthy bisection %1.").arg(AnalysisCharts::capacityText(r.healthyBisectionGbps));
    if (!r.job.empty())
        html += QLatin1Char(' ') + tr("Job %1: %2 ms per step (%3).")
                                       .arg(QString::fromStdString(r.job).toHtmlEscaped(), number(r.healthyStepMs, 2),
                                            QString::fromStdString(r.routing));
    if (m_summary.bisectionPct.present)
        html += QStringLiteral("<br>")
            + tr("<b>Bisection</b> (% of healthy, met by that share): p50 %1, <b>p95 %2</b>, <b>p99 %3</b>, worst %4.")
                  .arg(quantile(m_summary.bisectionPct.p50, 2), quantile(m_summary.bisectionPct.p95, 2),
                       quantile(m_summary.bisectionPct.p99, 2), number(m_summary.bisectionPct.worst, 2));
    if (m_summary.slowdown.present)
        html += QStringLiteral("<br>")
            + tr("<b>Step slowdown</b> (×, not exceeded by that share): p50 %1, <b>p95 %2</b>, <b>p99 %3</b>, worst %4.")
                  .arg(quantile(m_summary.slowdown.p50, 4), quantile(m_summary.slowdown.p95, 4),
                       quantile(m_summary.slowdown.p99, 4), number(m_summary.slowdown.worst, 4));
    if (m_summary.placeablePresent)
        html += QStringLiteral("<br>")
            + tr("A %1-GPU job fits rail-aligned in one pod in %2 % of scenarios (%3–%4).")
                  .arg(r.placeGpus)
                  .arg(number(100 * m_summary.placeable, 1), number(100 * m_summary.placeableLow, 1),
                       number(100 * m_summary.placeableHigh, 1));
    if (r.cancelled)
        html += QStringLiteral("<br>") + tr("Cancelled: the figures cover the scenarios finished.");
    m_summaryLabel->setText(html);
    m_table->setColumnHidden(ResilienceWorstModel::Slowdown, r.job.empty());
    m_table->setColumnHidden(ResilienceWorstModel::Class, sampled);
    updateCharts();
    updateHighlight();
}

void ResilienceDock::updateCharts()
{
    const QChart::ChartTheme theme = AnalysisCharts::themeFor(palette());
    auto build = [&](QChartView *view, const StudyDistribution &d, const QString &title, const QString &axisTitle,
                     const QString &seriesName, bool lowerIsWorse, int decimals) {
        if (!d.present || d.cdf.empty()) {
            view->hide();
            return;
        }
        auto *chart = new QChart;
        chart->setTheme(theme);
        chart->setTitle(title);
        chart->setAnimationOptions(QChart::NoAnimation);
        chart->setBackgroundRoundness(0);
        chart->setMargins(QMargins(4, 4, 4, 4));
        chart->legend()->setAlignment(Qt::AlignBottom);
        QFont titleFont = chart->titleFont();
        titleFont.setBold(true);
        chart->setTitleFont(titleFont);
        double lo = INFINITY, hi = -INFINITY;
        QLineSeries *line = stepSeries(d.cdf, seriesName, &lo, &hi);
        QPen pen = line->pen();
        pen.setWidthF(2.0);
        line->setPen(pen);
        chart->addSeries(line);
        // The percentiles as labelled points on the curve; percentiles that
        // coincide share one point and one label ("p95, p99 75.00").
        // For bisection the p-th figure is met by p % of scenarios: at or below it lies 1 - p.
        const std::pair<const Quantile *, std::pair<const char *, double>> points[] = {
            {&d.p50, {"p50", 0.5}},
            {&d.p95, {"p95", lowerIsWorse ? 0.05 : 0.95}},
            {&d.p99, {"p99", lowerIsWorse ? 0.01 : 0.99}}};
        std::vector<std::pair<double, QStringList>> marks;
        std::vector<double> shares;
        for (const auto &[q, label] : points) {
            if (!std::isfinite(q->value))
                continue;
            auto same = std::find_if(marks.begin(), marks.end(), [&](const auto &m) { return m.first == q->value; });
            if (same == marks.end()) {
                marks.push_back({q->value, {QString::fromLatin1(label.first)}});
                shares.push_back(label.second);
            } else {
                same->second << QString::fromLatin1(label.first);
            }
        }
        bool first = true;
        for (size_t i = 0; i < marks.size(); ++i) {
            auto *mark = new QScatterSeries;
            mark->setName(tr("p50 / p95 / p99"));
            mark->setMarkerSize(9);
            mark->setColor(QColor(0xc0, 0x39, 0x2b));
            mark->setPointLabelsVisible(true);
            mark->setPointLabelsClipping(false);
            mark->setPointLabelsFormat(marks[i].second.join(QStringLiteral(", ")) + QLatin1Char(' ')
                                       + QLocale().toString(marks[i].first, 'f', decimals));
            // Where the curve crosses the share, or mid-step for a vertical step.
            mark->append(marks[i].first, shares[i]);
            chart->addSeries(mark);
            if (!first)
                for (QLegendMarker *legend : chart->legend()->markers(mark))
                    legend->setVisible(false);
            first = false;
        }
        if (!std::isfinite(lo)) {
            lo = 0;
            hi = 1;
        }
        double span = hi - lo;
        if (span <= 0)
            span = std::max(1e-3, std::fabs(hi) * 0.01);
        auto *x = new QValueAxis;
        // Room for the percentile labels, centred on their points, at both ends.
        x->setRange(lo - span * 0.2, hi + span * 0.2);
        x->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
        x->setTickCount(6);
        x->setTitleText(axisTitle);
        auto *y = new QValueAxis;
        y->setRange(0, 1.0);
        y->setTickCount(6);
        y->setLabelFormat(QStringLiteral("%.1f"));
        y->setTitleText(tr("share ≤ x"));
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        for (QAbstractSeries *s : chart->series()) {
            s->attachAxis(x);
            s->attachAxis(y);
        }
        QChart *old = view->chart();
        view->setChart(chart);
        delete old;
        view->show();
    };
    if (!m_study) {
        m_bisectionChart->hide();
        m_slowdownChart->hide();
        return;
    }
    build(m_bisectionChart, m_summary.bisectionPct, tr("Bisection under failures (CDF)"),
          tr("bisection, % of healthy"), tr("bisection %"), true, 2);
    build(m_slowdownChart, m_summary.slowdown,
          tr("Step slowdown of %1 (CDF)").arg(QString::fromStdString(m_study->job)), tr("step time, × healthy"),
          tr("slowdown"), false, 3);
}

void ResilienceDock::updateHighlight()
{
    m_highlighted.clear();
    if (!m_canvas)
        return;
    const bool want = m_study && m_highlight->isChecked() && !m_stale && m_document
        && !m_summary.frequentInWorst.empty();
    if (!want) {
        if (m_overlayOurs)
            m_canvas->setComparison(nullptr);
        m_overlayOurs = false;
        return;
    }
    const Fabric &fabric = m_document->fabric();
    DiffMarks marks;
    marks.nodes.assign(size_t(fabric.nodeCount()), DiffMarks::None);
    marks.links.assign(size_t(fabric.linkCount()), DiffMarks::None);
    const std::int64_t top = m_summary.frequentInWorst.front().count;
    for (const ElementCount &e : m_summary.frequentInWorst) {
        const auto mark = e.count == top ? DiffMarks::Removed : DiffMarks::Changed;
        const NodeIndex n = fabric.findNode(e.id);
        if (n >= 0) {
            marks.nodes[size_t(n)] = mark;
            ++marks.nodeCount[mark];
        } else if (const std::int32_t l = fabric.findLink(e.id); l >= 0) {
            marks.links[size_t(l)] = mark;
            ++marks.linkCount[mark];
        } else {
            continue;
        }
        m_highlighted << QString::fromStdString(e.id);
    }
    const QLocale locale;
    const int topCount = marks.nodeCount[DiffMarks::Removed] + marks.linkCount[DiffMarks::Removed];
    const int otherCount = marks.nodeCount[DiffMarks::Changed] + marks.linkCount[DiffMarks::Changed];
    m_canvas->setComparison(std::make_unique<ComparisonOverlay>(
        marks, fabric,
        tr("Failure study: the worst 1 % (bisection ≤ %1 %)").arg(locale.toString(m_summary.worstThresholdPct, 'f', 2)),
        QString(), tr("failed most often in the worst (%1)").arg(locale.toString(topCount)),
        otherCount ? tr("also failed in the worst (%1)").arg(locale.toString(otherCount)) : QString(),
        tr("not in the worst")));
    m_overlayOurs = true;
}

void ResilienceDock::applyRow(int row)
{
    const ScenarioOutcome *o = m_model->outcome(row);
    if (!o || !m_document)
        return;
    std::vector<std::string> ids = o->failed;
    QUndoStack *stack = m_document->undoStack();
    stack->beginMacro(tr("What-if: %1").arg(ids.empty() ? tr("nothing failed") : QString::fromStdString(ids.front())));
    if (m_document->hasFailures())
        m_document->restoreAll();
    if (!ids.empty())
        m_document->setFailed(ids, true);
    stack->endMacro();
    if (m_canvas && !ids.empty())
        m_canvas->focusElement(QString::fromStdString(ids.front()));
}

} // namespace Railyard
