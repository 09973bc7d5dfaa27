#include "views/dialogs/explorerdialog.h"

#include "core/common/inputfile.h"
#include "views/dialogs/exploremodel.h"
#include "views/docks/analysischarts.h"
#include "views/lastdirectory.h"
#include "views/niceaxis.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace Railyard {

namespace {

/// Power as colour: blue (least) to red (most).
QColor powerColour(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromHsvF(0.62 * (1.0 - t), 0.75, 0.85);
}

} // namespace

ExplorerDialog::ExplorerDialog(const BomCatalog &catalog, QWidget *parent)
    : QDialog(parent)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("ExplorerDialog"));
    setWindowTitle(tr("Explore Designs"));

    m_specLabel = new QLabel(tr("No requirements loaded: open a *.explore.json file (docs/explore.md)."));
    m_specLabel->setWordWrap(true);
    auto *open = new QPushButton(tr("&Open Requirements…"));
    connect(open, &QPushButton::clicked, this, &ExplorerDialog::chooseRequirements);
    m_runButton = new QPushButton(tr("&Explore"));
    m_runButton->setObjectName(QStringLiteral("exploreRun"));
    m_runButton->setEnabled(false);
    connect(m_runButton, &QPushButton::clicked, this, [this] { run(); });
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QPushButton::clicked, this, &ExplorerDialog::cancel);
    m_progress = new QProgressBar;
    m_progress->hide();
    auto *top = new QHBoxLayout;
    top->addWidget(m_specLabel, 1);
    top->addWidget(open);
    top->addWidget(m_runButton);
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancelButton);

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("exploreSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_chart = new QChartView;
    m_chart->setObjectName(QStringLiteral("exploreChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(320);

    m_model = new ExploreResultModel(this);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("exploreTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) { openRow(index.row()); });

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_chart);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(progressRow);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    layout->addWidget(buttons);

    m_timer = new QTimer(this);
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (!m_done || !m_total || m_total->load() <= 0)
            return;
        m_progress->setRange(0, int(m_total->load()));
        m_progress->setValue(int(m_done->load()));
        m_progress->setFormat(tr("Scoring candidates: %v of %m"));
    });
    resize(1100, 820);
}

ExplorerDialog::~ExplorerDialog()
{
    if (m_cancel)
        m_cancel->store(true);
    // The worker reads the catalogue and the cache: it stops at the next candidate.
    m_future.waitForFinished();
}

void ExplorerDialog::chooseRequirements()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Requirements"), lastDirectory(),
                                                      tr("Design requirements (*.explore.json);;All files (*)"));
    if (path.isEmpty())
        return;
    rememberDirectoryOf(path);
    QString error;
    if (!loadRequirements(path, &error))
        m_summary->setText(error);
    else
        run();
}

bool ExplorerDialog::loadRequirements(const QString &path, QString *error)
{
    QString readError;
    const std::optional<QByteArray> data = readInputFile(path, &readError, 4 << 20);
    if (!data) {
        if (error)
            *error = readError;
        return false;
    }
    try {
        m_spec = parseExploreSpec(std::string_view(data->constData(), size_t(data->size())), path.toStdString(),
                                  QFileInfo(path).absolutePath().toStdString());
    } catch (const ExploreError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
    m_specPath = path;
    QStringList jobs;
    for (const JobSpec &job : m_spec->jobs)
        jobs << QString::fromStdString(job.name);
    m_specLabel->setText(tr("<b>%1</b>: %2 %3 GPUs%4").arg(QFileInfo(path).fileName().toHtmlEscaped(),
                                                           QLocale().toString(m_spec->gpus),
                                                           QString::fromStdString(m_spec->gpuModel),
                                                           jobs.isEmpty() ? QString()
                                                                          : tr("; jobs: %1").arg(jobs.join(QStringLiteral(", ")))));
    m_runButton->setEnabled(!m_running);
    return true;
}

bool ExplorerDialog::run()
{
    if (!m_spec || m_running)
        return false;
    m_running = true;
    m_runButton->setEnabled(false);
    m_cancelButton->show();
    m_progress->show();
    m_progress->setRange(0, 0);
    m_summary->setText(tr("Exploring…"));
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_done = std::make_shared<std::atomic<std::int64_t>>(0);
    m_total = std::make_shared<std::atomic<std::int64_t>>(0);
    m_timer->start();
    auto *watcher = new QFutureWatcher<ExplorerDialog::RunOutcome>(this);
    connect(watcher, &QFutureWatcher<ExplorerDialog::RunOutcome>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const ExplorerDialog::RunOutcome outcome = watcher->result();
        m_running = false;
        m_timer->stop();
        m_progress->hide();
        m_cancelButton->hide();
        m_runButton->setEnabled(true);
        if (!outcome.error.isEmpty())
            m_summary->setText(outcome.error);
        else if (outcome.result) {
            m_result = outcome.result;
            showResult();
        }
        emit finished();
    });
    ExploreOptions options;
    options.catalog = &m_catalog;
    options.cache = &m_cache;
    options.cancel = m_cancel.get();
    options.progress = [done = m_done, total = m_total](std::int64_t d, std::int64_t t) {
        done->store(d);
        total->store(t);
    };
    // The dialog outlives the worker: its destructor cancels, and the watcher
    // (a child) is finished before the catalogue and cache go.
    m_future = QtConcurrent::run([spec = *m_spec, options, cancel = m_cancel, done = m_done, total = m_total] {
        (void)cancel;
        (void)done;
        (void)total;
        ExplorerDialog::RunOutcome out;
        try {
            out.result = std::make_shared<ExploreResult>(explore(spec, options));
        } catch (const ExploreError &e) {
            out.error = QString::fromStdString(e.what());
        } catch (const std::exception &e) {
            out.error = tr("The exploration failed: %1").arg(QString::fromStdString(e.what()));
        }
        return out;
    });
    watcher->setFuture(m_future);
    return true;
}

void ExplorerDialog::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void ExplorerDialog::waitForFinished()
{
    while (m_running)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

QString ExplorerDialog::summaryText() const
{
    return m_summary->text();
}

void ExplorerDialog::showResult()
{
    m_model->setResult(m_result);
    const ExploreResult &r = *m_result;
    const QLocale locale;
    QString text;
    if (r.cancelled)
        text = tr("Cancelled.");
    else if (!r.infeasible.empty())
        text = tr("No design meets the requirements. %1").arg(QString::fromStdString(r.infeasible));
    else
        text = tr("%1 candidates: %2 pruned by closed forms, %3 scored (%4 from the cache), %5 meet every constraint, "
                  "%6 on the Pareto front. Step times are model estimates.")
                   .arg(locale.toString(qlonglong(r.enumerated)), locale.toString(qlonglong(r.pruned.size())),
                        locale.toString(qlonglong(r.scored.size())), locale.toString(qlonglong(r.cacheHits)),
                        locale.toString(qlonglong(r.ranking.size())), locale.toString(qlonglong(r.front.size())));
    m_summary->setText(text);
    m_summary->setToolTip(QString::fromStdString(r.stepNote));
    rebuildChart();
}

void ExplorerDialog::rebuildChart()
{
    auto *chart = new QChart;
    chart->setTheme(AnalysisCharts::themeFor(palette()));
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);
    const ExploreResult *r = m_result.get();
    const bool byStep = r && !r->spec.jobs.empty();
    chart->setTitle(byStep ? tr("Cost against the jobs' step time (colour: power, size: bisection)")
                           : tr("Cost against bisection (colour: power)"));
    if (r && !r->ranking.empty()) {
        double minW = INFINITY, maxW = -INFINITY, maxB = 0;
        for (const std::int64_t i : r->ranking) {
            minW = std::min(minW, r->scored[size_t(i)].watts);
            maxW = std::max(maxW, r->scored[size_t(i)].watts);
            maxB = std::max(maxB, r->scored[size_t(i)].bisectionRatio);
        }
        auto yOf = [&](const ExploreScore &s) { return byStep ? s.stepMs : 100.0 * s.bisectionRatio; };
        // Colour: power in four bands; size: bisection in three. One series per
        // (band, size); the legend names the power bands.
        constexpr int powerBands = 4, sizeBands = 3;
        std::map<std::pair<int, int>, QScatterSeries *> bands;
        const QLocale locale;
        auto band = [&](int p, int b) {
            QScatterSeries *&series = bands[{p, b}];
            if (!series) {
                series = new QScatterSeries;
                const double lo = minW + (maxW - minW) * p / powerBands, hi = minW + (maxW - minW) * (p + 1) / powerBands;
                series->setName(tr("%1–%2 kW").arg(locale.toString(lo / 1000.0, 'f', 0),
                                                    locale.toString(hi / 1000.0, 'f', 0)));
                series->setColor(powerColour(powerBands > 1 ? double(p) / (powerBands - 1) : 0.5));
                series->setBorderColor(series->color().darker(130));
                series->setMarkerSize(8.0 + 5.0 * b);
            }
            return series;
        };
        auto *front = new QScatterSeries;
        front->setName(tr("Pareto front"));
        front->setMarkerSize(22);
        front->setColor(Qt::transparent);
        front->setBorderColor(QColor(0x22, 0x22, 0x22));
        auto *frontLine = new QLineSeries;
        frontLine->setName(tr("front"));
        double minX = INFINITY, maxX = -INFINITY, minY = INFINITY, maxY = -INFINITY;
        for (const std::int64_t i : r->ranking) {
            const ExploreScore &s = r->scored[size_t(i)];
            const double x = s.price / 1e6, y = yOf(s);
            if (!std::isfinite(y))
                continue;
            minX = std::min(minX, x);
            maxX = std::max(maxX, x);
            minY = std::min(minY, y);
            maxY = std::max(maxY, y);
            const int p = maxW > minW ? std::min(powerBands - 1, int((s.watts - minW) / (maxW - minW) * powerBands)) : 0;
            const int b = maxB > 0 ? std::min(sizeBands - 1, int(s.bisectionRatio / maxB * sizeBands)) : sizeBands - 1;
            band(p, b)->append(x, y);
            if (s.onFront)
                front->append(x, y);
        }
        for (const std::int64_t i : r->front) {
            const ExploreScore &s = r->scored[size_t(i)];
            if (std::isfinite(yOf(s)))
                frontLine->append(s.price / 1e6, yOf(s));
        }
        QPen pen(QColor(0x33, 0x33, 0x33));
        pen.setWidthF(1.5);
        pen.setStyle(Qt::DashLine);
        frontLine->setPen(pen);
        chart->addSeries(frontLine);
        std::set<int> named;
        for (const auto &[key, series] : bands)
            chart->addSeries(series);
        chart->addSeries(front);
        for (const auto &[key, series] : bands) {
            const bool first = named.insert(key.first).second;
            for (QLegendMarker *marker : chart->legend()->markers(series))
                marker->setVisible(first);
        }
        // The front is one legend entry: its rings; the dashed line joining them is not named again.
        for (QLegendMarker *marker : chart->legend()->markers(frontLine))
            marker->setVisible(false);
        auto *x = new QValueAxis;
        if (minX > 0 && maxX > minX)
            applyNiceAxisBetween(x, minX, maxX);
        else
            applyNiceAxis(x, maxX * 1.08);
        x->setTitleText(
            tr("cost (million %1)").arg(QString::fromStdString(r->scored[size_t(r->ranking.front())].currency)));
        QAbstractAxis *y = nullptr;
        if (byStep && minY > 0 && maxY >= 4 * minY) {
            // Steps from seconds to minutes (a design the job barely fits
            // next to one it suits): a linear axis would flatten the front
            // onto its floor. Decades, with the values in between as minor ticks.
            auto *log = new QLogValueAxis;
            log->setBase(10.0);
            log->setRange(std::pow(10.0, std::floor(std::log10(minY))), std::pow(10.0, std::ceil(std::log10(maxY))));
            log->setLabelFormat(QStringLiteral("%.0f"));
            log->setMinorTickCount(8);
            log->setTitleText(tr("step, ms (estimate; log scale)"));
            y = log;
        } else {
            auto *linear = new QValueAxis;
            // Whole steps of designs that all run the job differ by a few per
            // cent: an axis from 0 would draw them as one line.
            if (byStep && minY > 0.5 * maxY)
                applyNiceAxisBetween(linear, minY, maxY);
            else
                applyNiceAxis(linear, maxY * 1.08);
            linear->setTitleText(byStep ? tr("step, ms (estimate)") : tr("bisection, % of full"));
            y = linear;
        }
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        for (QAbstractSeries *s : chart->series()) {
            s->attachAxis(x);
            s->attachAxis(y);
        }
        // A click on a point opens that design.
        std::vector<QScatterSeries *> clickable{front};
        for (const auto &[key, series] : bands)
            clickable.push_back(series);
        for (QScatterSeries *series : clickable)
            connect(series, &QScatterSeries::clicked, this, [this, byStep](const QPointF &p) {
                const ExploreResult *res = m_result.get();
                if (!res)
                    return;
                double best = INFINITY;
                int row = -1;
                for (size_t k = 0; k < res->ranking.size(); ++k) {
                    const ExploreScore &s = res->scored[size_t(res->ranking[k])];
                    const double dx = s.price / 1e6 - p.x();
                    const double dy = (byStep ? s.stepMs : 100.0 * s.bisectionRatio) - p.y();
                    const double d = dx * dx + dy * dy;
                    if (d < best) {
                        best = d;
                        row = int(k);
                    }
                }
                if (row >= 0) {
                    m_table->selectRow(row);
                    openRow(row);
                }
            });
    }
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

void ExplorerDialog::openRow(int row)
{
    const ExploreScore *s = m_model->score(row);
    if (!s || !m_result)
        return;
    try {
        const Fabric fabric = exploreDesign(m_result->spec, s->candidate, m_catalog);
        emit designRequested(fabric);
    } catch (const GeneratorError &e) {
        m_summary->setText(QString::fromStdString(e.what()));
    }
}

} // namespace Railyard
