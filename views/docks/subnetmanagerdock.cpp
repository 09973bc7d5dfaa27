#include "views/docks/subnetmanagerdock.h"

#include "core/document/fabricdocument.h"
#include "views/docks/comparisonchart.h"
#include "views/docks/enginecomparisonmodel.h"
#include "views/lastdirectory.h"

#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

/// Random bisections of the dock's report and of the link load heatmap.
constexpr int kPermutations = 1000;

struct AnalysisOutcome
{
    std::optional<RoutingReport> report;
    std::vector<double> routes, load;
    QString error;
};

struct TablesOutcome
{
    std::shared_ptr<const LftDump> dump;
    QString error;
    double seconds = 0;
};

QString percent(double share)
{
    return SubnetManagerDock::tr("%1 %").arg(QLocale().toString(100.0 * share, 'f', 1));
}

} // namespace

SubnetManagerDock::SubnetManagerDock(QWidget *parent)
    : QDockWidget(tr("Subnet Manager"), parent)
{
    setObjectName(QStringLiteral("SubnetManagerDock"));
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *body = new QWidget(scroll);
    auto *layout = new QVBoxLayout(body);

    m_sourceLabel = new QLabel(body);
    m_sourceLabel->setObjectName(QStringLiteral("tablesSource"));
    m_sourceLabel->setWordWrap(true);
    layout->addWidget(m_sourceLabel);

    auto *runRow = new QHBoxLayout;
    m_engineCombo = new QComboBox(body);
    m_engineCombo->setObjectName(QStringLiteral("engineCombo"));
    for (const std::string &engine : comparableEngines())
        m_engineCombo->addItem(QString::fromStdString(engine));
    m_engineCombo->setToolTip(tr("OpenSM's routing engine; ftree-no-roots is ftree left to guess the roots"));
    m_runButton = new QPushButton(tr("Run OpenSM"), body);
    m_runButton->setObjectName(QStringLiteral("runOpenSm"));
    m_loadButton = new QPushButton(tr("Load Tables…"), body);
    m_loadButton->setObjectName(QStringLiteral("loadTables"));
    m_loadButton->setToolTip(tr("Forwarding tables from a real fabric: dump_fts, ibroute or opensm -D output"));
    m_clearButton = new QPushButton(tr("Clear"), body);
    runRow->addWidget(m_engineCombo);
    runRow->addWidget(m_runButton);
    runRow->addWidget(m_loadButton);
    runRow->addWidget(m_clearButton);
    runRow->addStretch(1);
    layout->addLayout(runRow);

    auto *form = new QFormLayout;
    m_colourCombo = new QComboBox(body);
    m_colourCombo->setObjectName(QStringLiteral("colourCombo"));
    m_colourCombo->addItem(tr("Nothing"), int(Colouring::None));
    m_colourCombo->addItem(tr("Routes carried"), int(Colouring::Routes));
    m_colourCombo->addItem(tr("Random bisection load"), int(Colouring::PermutationLoad));
    form->addRow(tr("Colour links by:"), m_colourCombo);
    layout->addLayout(form);

    m_reportLabel = new QLabel(body);
    m_reportLabel->setObjectName(QStringLiteral("routingReport"));
    m_reportLabel->setWordWrap(true);
    m_reportLabel->setTextFormat(Qt::RichText);
    m_reportLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_reportLabel);
    m_errorLabel = new QLabel(body);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_errorLabel->hide();
    layout->addWidget(m_errorLabel);

    auto *compareRow = new QHBoxLayout;
    m_compareButton = new QPushButton(tr("Compare Engines"), body);
    m_compareButton->setObjectName(QStringLiteral("compareEngines"));
    m_compareButton->setToolTip(tr("Run OpenSM once per engine under ibsim and measure each (with the current job)"));
    m_cancelButton = new QPushButton(tr("Cancel"), body);
    m_progress = new QProgressBar(body);
    m_statusLabel = new QLabel(body);
    compareRow->addWidget(m_compareButton);
    compareRow->addWidget(m_progress, 1);
    compareRow->addWidget(m_cancelButton);
    layout->addLayout(compareRow);
    layout->addWidget(m_statusLabel);
    m_progress->hide();
    m_cancelButton->hide();
    m_statusLabel->hide();

    m_staleLabel = new QLabel(tr("The fabric changed since this comparison: compare again."), body);
    m_staleLabel->setWordWrap(true);
    m_staleLabel->hide();
    layout->addWidget(m_staleLabel);
    m_model = new EngineComparisonModel(this);
    m_table = new QTableView(body);
    m_table->setObjectName(QStringLiteral("engineTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setToolTip(tr("Double-click an engine to route by its tables"));
    m_table->setMinimumHeight(150);
    layout->addWidget(m_table);
    m_charts = new QWidget(body);
    auto *chartsLayout = new QHBoxLayout(m_charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    m_bisectionChart = new ComparisonChart(m_charts);
    m_jobChart = new ComparisonChart(m_charts);
    m_bisectionChart->setMinimumHeight(260);
    m_jobChart->setMinimumHeight(260);
    chartsLayout->addWidget(m_bisectionChart, 3);
    chartsLayout->addWidget(m_jobChart, 2);
    m_charts->hide();
    m_table->hide();
    layout->addWidget(m_charts);
    layout->addStretch(1);
    scroll->setWidget(body);
    setWidget(scroll);

    connect(m_runButton, &QPushButton::clicked, this, [this] { runOpenSm(m_engineCombo->currentText()); });
    connect(m_loadButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load Forwarding Tables"), lastDirectory(),
                                                          tr("Forwarding tables (*.dump_fts *.dump *.ibroute *.txt);;"
                                                             "All files (*)"));
        if (!path.isEmpty()) {
            rememberDirectoryOf(path);
            loadTables(path);
        }
    });
    connect(m_clearButton, &QPushButton::clicked, this, [this] {
        if (m_document)
            m_document->setForwardingTables(std::nullopt);
    });
    connect(m_colourCombo, &QComboBox::currentIndexChanged, this,
            [this] { setColouring(Colouring(m_colourCombo->currentData().toInt())); });
    connect(m_compareButton, &QPushButton::clicked, this, [this] { compareEngines(); });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) { useEngine(index.row()); });
    showReport();
}

SubnetManagerDock::~SubnetManagerDock() = default;

void SubnetManagerDock::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    ++m_generation; // runs of the previous document are dropped
    m_report.reset();
    m_model->setResults({});
    m_table->hide();
    m_charts->hide();
    m_staleLabel->hide();
    if (m_document) {
        connect(m_document, &FabricDocument::forwardingTablesChanged, this, [this] { analyseTables(); });
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure && m_model->rowCount() > 0)
                m_staleLabel->show();
        });
    }
    analyseTables();
}

bool SubnetManagerDock::isBusy() const
{
    return m_running > 0;
}

QString SubnetManagerDock::reportText() const
{
    return QTextDocumentFragment::fromHtml(m_reportLabel->text()).toPlainText();
}

QString SubnetManagerDock::errorText() const
{
    return m_errorLabel->isVisible() ? m_errorLabel->text() : QString();
}

QWidget *SubnetManagerDock::chartsWidget() const
{
    return m_charts;
}

void SubnetManagerDock::setBusy(const QString &text, int maximum)
{
    ++m_running;
    m_progress->setRange(0, maximum);
    m_progress->setValue(0);
    m_progress->show();
    m_statusLabel->setText(text);
    m_statusLabel->show();
    m_runButton->setEnabled(false);
    m_compareButton->setEnabled(false);
}

void SubnetManagerDock::setIdle()
{
    m_running = std::max(0, m_running - 1);
    if (m_running == 0) {
        m_progress->hide();
        m_statusLabel->hide();
        m_cancelButton->hide();
    }
    showReport();
}

void SubnetManagerDock::setError(const QString &text)
{
    m_errorLabel->setText(text.left(600));
    m_errorLabel->setVisible(!text.isEmpty());
}

bool SubnetManagerDock::loadTables(const QString &path)
{
    if (!m_document) {
        setError(tr("No fabric is open."));
        return false;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    LftReadResult read = readTablesFor(m_document->fabric(), path);
    QApplication::restoreOverrideCursor();
    if (!read.ok()) {
        setError(read.errorText());
        return false;
    }
    auto dump = std::make_shared<const LftDump>(std::move(*read.dump));
    setError({});
    m_document->setForwardingTables(FabricDocument::ForwardingTables{std::move(dump), QFileInfo(path).fileName()});
    return true;
}

std::optional<OpenSmTools> SubnetManagerDock::toolsForRun()
{
    if (!m_document) {
        setError(tr("No fabric is open."));
        return std::nullopt;
    }
    OpenSmTools tools = OpenSmTools::find();
    setError(tools.missing());
    if (!tools.missing().isEmpty())
        return std::nullopt;
    return tools;
}

bool SubnetManagerDock::runOpenSm(const QString &engine)
{
    const std::optional<OpenSmTools> found = toolsForRun();
    if (!found)
        return false;
    const OpenSmTools &tools = *found;
    setBusy(tr("OpenSM (%1) is routing the fabric under ibsim…").arg(engine), 0);
    const int generation = m_generation;
    auto *watcher = new QFutureWatcher<TablesOutcome>(this);
    connect(watcher, &QFutureWatcher<TablesOutcome>::finished, this, [this, watcher, generation, engine] {
        watcher->deleteLater();
        const TablesOutcome out = watcher->result();
        if (generation == m_generation && m_document) {
            if (!out.dump)
                setError(out.error);
            else
                m_document->setForwardingTables(FabricDocument::ForwardingTables{
                    out.dump, tr("%1 (OpenSM under ibsim, %2 s)").arg(engine).arg(out.seconds, 0, 'f', 1)});
        }
        setIdle();
        emit finished();
    });
    watcher->setFuture(QtConcurrent::run([fabric = m_document->fabric(), tools, name = engine.toStdString()] {
        TablesOutcome out;
        SimulatedSubnet subnet(fabric, tools);
        const OpenSmRun run = subnet.route(comparableEngineOptions(name));
        if (!run.ok) {
            out.error = run.error;
            return out;
        }
        out.seconds = run.seconds;
        LftReadResult read = readLftDump(std::string_view(run.lfts.constData(), size_t(run.lfts.size())),
                                         QStringLiteral("dump_fts"));
        if (!read.ok())
            out.error = read.errorText();
        else
            out.dump = std::make_shared<const LftDump>(std::move(*read.dump));
        return out;
    }));
    return true;
}

void SubnetManagerDock::analyseTables()
{
    m_report.reset();
    m_routes.clear();
    m_load.clear();
    const FabricDocument::ForwardingTables *tables = m_document ? m_document->forwardingTables() : nullptr;
    m_tablesSource = tables ? tables->source : QString();
    if (!tables) {
        showReport();
        emitHeat();
        return;
    }
    setBusy(tr("Tracing every path and %1 random bisections…").arg(kPermutations), 0);
    const int generation = ++m_generation;
    auto *watcher = new QFutureWatcher<AnalysisOutcome>(this);
    connect(watcher, &QFutureWatcher<AnalysisOutcome>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        AnalysisOutcome out = watcher->result();
        if (generation == m_generation) {
            setError(out.error);
            m_report = std::move(out.report);
            m_routes = std::move(out.routes);
            m_load = std::move(out.load);
            emitHeat();
        }
        setIdle();
        emit finished();
    });
    std::optional<JobSpec> job;
    if (const JobSpec *current = m_document->currentJobSpec())
        job = *current;
    watcher->setFuture(QtConcurrent::run([fabric = m_document->fabric(), dump = tables->dump, job] {
        AnalysisOutcome out;
        const SubnetRouting routing(fabric, *dump);
        if (routing.switchesRouted() == 0) {
            out.error = SubnetManagerDock::tr("The tables route none of this fabric's switches.");
            return out;
        }
        out.report = analyzeRouting(routing, kPermutations, 1, false, &out.load);
        if (job)
            out.report->job = evaluateJobUnderTables(routing, *job);
        out.routes = routesPerLink(routing);
        return out;
    }));
}

void SubnetManagerDock::showReport()
{
    const bool haveDocument = m_document != nullptr;
    m_runButton->setEnabled(haveDocument && m_running == 0);
    m_compareButton->setEnabled(haveDocument && m_running == 0);
    m_loadButton->setEnabled(haveDocument);
    m_clearButton->setEnabled(haveDocument && m_document->forwardingTables());
    m_sourceLabel->setText(m_tablesSource.isEmpty()
                               ? tr("No forwarding tables: run OpenSM on the design, or load a dump from a fabric.")
                               : tr("Tables: %1").arg(m_tablesSource));
    if (!m_report) {
        m_reportLabel->clear();
        return;
    }
    const RoutingReport &r = *m_report;
    const QLocale locale;
    QString html = tr("<b>Paths</b>: %1 of %2 routed").arg(locale.toString(qlonglong(r.paths.routed)),
                                                            locale.toString(qlonglong(r.paths.pairs)));
    if (r.paths.loops || r.paths.noRoute || r.paths.wrongHost)
        html += tr(" — <font color=\"#c0392b\">%1 without a route, %2 loops</font>")
                    .arg(r.paths.noRoute)
                    .arg(r.paths.loops);
    if (!r.paths.firstProblem.empty())
        html += QStringLiteral("<br>") + QString::fromStdString(r.paths.firstProblem).toHtmlEscaped();
    html += tr("<br><b>Balance</b>: %1").arg(r.balance.perfect() ? tr("perfect") : tr("uneven"));
    for (const RoutingBalance::Group &g : r.balance.groups)
        html += tr("<br>&nbsp;&nbsp;%1 → %2: %3–%4 routes per port (busiest %5)")
                    .arg(QString::fromStdString(g.from), QString::fromStdString(g.to))
                    .arg(g.minRoutes)
                    .arg(g.maxRoutes)
                    .arg(QString::fromStdString(g.worstPort).toHtmlEscaped());
    if (r.balance.unusedLinks)
        html += tr("<br>&nbsp;&nbsp;%n switch link(s) carry no route", nullptr, int(r.balance.unusedLinks));
    html += tr("<br><b>Effective bisection</b>: %1 Gb/s mean, %2 Gb/s 5th percentile over %3 random bisections: "
               "%4 (%5) of the min cut, %6 Gb/s")
                .arg(locale.toString(r.bisection.meanGbps, 'f', 0), locale.toString(r.bisection.p5Gbps, 'f', 0))
                .arg(r.bisection.permutations)
                .arg(percent(r.bisection.meanShare), percent(r.bisection.p5Share),
                     locale.toString(r.bisection.minCutGbps, 'f', 0));
    if (r.job) {
        if (!r.job->error.empty())
            html += tr("<br><b>Job %1</b>: %2").arg(QString::fromStdString(r.job->job).toHtmlEscaped(),
                                                     QString::fromStdString(r.job->error).toHtmlEscaped());
        else
            html += tr("<br><b>Job %1</b>: %2 ms per step under the tables (fluid %3 ms, static routing model %4 ms); "
                       "limited by %5")
                        .arg(QString::fromStdString(r.job->job).toHtmlEscaped(), locale.toString(r.job->tablesMs, 'f', 1),
                             locale.toString(r.job->fluidMs, 'f', 1), locale.toString(r.job->modelMs, 'f', 1),
                             QString::fromStdString(r.job->bottleneck).toHtmlEscaped());
    }
    m_reportLabel->setText(html);
}

void SubnetManagerDock::setColouring(Colouring colouring)
{
    m_colouring = colouring;
    if (m_colourCombo->currentData().toInt() != int(colouring)) {
        const QSignalBlocker quiet(m_colourCombo);
        m_colourCombo->setCurrentIndex(m_colourCombo->findData(int(colouring)));
    }
    emitHeat();
}

void SubnetManagerDock::emitHeat()
{
    if (m_colouring == Colouring::None || !m_report) {
        if (m_colouring != Colouring::None)
            emit linkHeatChanged({}, {});
        return;
    }
    std::vector<float> heat;
    QString title;
    if (m_colouring == Colouring::Routes) {
        const double most = m_routes.empty() ? 0.0 : *std::max_element(m_routes.begin(), m_routes.end());
        for (double v : m_routes)
            heat.push_back(most > 0 ? float(v / most) : 0.0f);
        title = tr("Routes carried, share of the busiest link's %1 (%2)").arg(most, 0, 'f', 0).arg(m_tablesSource);
    } else {
        for (double v : m_load)
            heat.push_back(float(v));
        title = tr("Load of %1 random bisections under %2").arg(kPermutations).arg(m_tablesSource);
    }
    emit linkHeatChanged(heat, title);
}

bool SubnetManagerDock::compareEngines()
{
    const std::optional<OpenSmTools> found = toolsForRun();
    if (!found)
        return false;
    const OpenSmTools &tools = *found;
    const std::vector<std::string> &engines = comparableEngines();
    setBusy(tr("Comparing routing engines…"), int(engines.size()));
    m_cancelButton->show();
    const int generation = m_generation;
    auto *watcher = new QFutureWatcher<std::vector<EngineResult>>(this);
    connect(m_cancelButton, &QPushButton::clicked, watcher, [watcher] { watcher->cancel(); });
    connect(watcher, &QFutureWatcher<std::vector<EngineResult>>::progressValueChanged, this,
            [this, total = int(engines.size())](int value) {
                m_progress->setValue(value);
                m_statusLabel->setText(tr("Comparing routing engines… %1 of %2").arg(value).arg(total));
            });
    connect(watcher, &QFutureWatcher<std::vector<EngineResult>>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation && !watcher->isCanceled() && watcher->future().resultCount() > 0) {
            m_model->setResults(watcher->result());
            m_staleLabel->hide();
            showEngines();
        }
        setIdle();
        emit finished();
    });
    std::optional<JobSpec> job;
    if (const JobSpec *current = m_document->currentJobSpec())
        job = *current;
    watcher->setFuture(QtConcurrent::run(
        [fabric = m_document->fabric(), tools, engines, job](QPromise<std::vector<EngineResult>> &promise) {
            promise.setProgressRange(0, int(engines.size()));
            std::vector<EngineResult> results
                = Railyard::compareEngines(fabric, tools, engines, kPermutations, 1, false, job ? &*job : nullptr,
                                           [&promise](int done) {
                                               promise.setProgressValue(done);
                                               return !promise.isCanceled();
                                           });
            if (!promise.isCanceled())
                promise.addResult(std::move(results));
        }));
    return true;
}

void SubnetManagerDock::showEngines()
{
    const std::vector<EngineResult> &results = m_model->results();
    QStringList engines;
    std::vector<double> bisection, job;
    bool anyJob = false;
    for (const EngineResult &r : results) {
        engines << QString::fromStdString(r.engine);
        const double nan = std::nan("");
        bisection.push_back(r.report ? 100.0 * r.report->bisection.meanShare : nan);
        bisection.push_back(r.report ? 100.0 * r.report->bisection.p5Share : nan);
        bisection.push_back(r.report ? 100.0 * r.shiftShare : nan);
        const bool hasJob = r.report && r.report->job && r.report->job->error.empty();
        anyJob = anyJob || hasJob;
        job.push_back(hasJob ? r.report->job->tablesMs : nan);
    }
    m_bisectionChart->setData(tr("Effective bisection (% of the min cut)"), tr("%"), engines,
                              {tr("random, mean"), tr("random, 5th percentile"), tr("shift")}, bisection);
    m_jobChart->setData(tr("Job step under the tables"), tr("ms per step"), engines, {tr("step communication")}, job);
    m_jobChart->setVisible(anyJob);
    m_table->show();
    m_charts->show();
}

void SubnetManagerDock::useEngine(int row)
{
    const std::vector<EngineResult> &results = m_model->results();
    if (!m_document || row < 0 || row >= int(results.size()) || !results[size_t(row)].tables)
        return;
    m_document->setForwardingTables(FabricDocument::ForwardingTables{
        results[size_t(row)].tables,
        tr("%1 (OpenSM under ibsim)").arg(QString::fromStdString(results[size_t(row)].engine))});
}

} // namespace Railyard
