#include "views/dialogs/designcomparisondialog.h"

#include "core/document/fabricdocument.h"
#include "core/registry/formatregistry.h"
#include "core/resilience/resiliencecompare.h"
#include "views/dialogs/designcomparisonmodel.h"
#include "views/niceaxis.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {
constexpr int JobFromFile = -2;
}

DesignComparisonDialog::DesignComparisonDialog(FabricDocument *document, const BomCatalog &catalog, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("DesignComparisonDialog"));
    setWindowTitle(tr("Compare Designs"));

    m_designs = new QListWidget;
    m_designs->setObjectName(QStringLiteral("designList"));
    m_designs->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_designs->setMaximumHeight(110);
    auto *add = new QPushButton(tr("&Add Designs…"));
    add->setObjectName(QStringLiteral("addDesigns"));
    connect(add, &QPushButton::clicked, this, &DesignComparisonDialog::addDesignsInteractive);
    auto *remove = new QPushButton(tr("&Remove"));
    connect(remove, &QPushButton::clicked, this, &DesignComparisonDialog::removeSelected);
    m_job = new QComboBox;
    m_job->setObjectName(QStringLiteral("comparisonJob"));
    m_job->setToolTip(tr("A job placed on each design alone: its step communication time"));
    m_job->addItem(tr("No job"), -1);
    if (m_document)
        for (size_t i = 0; i < m_document->jobs().size(); ++i)
            if (m_document->jobs()[i].ok())
                m_job->addItem(m_document->jobs()[i].displayName(), int(i));
    m_job->addItem(tr("Job file…"), JobFromFile);
    connect(m_job, &QComboBox::activated, this, [this](int index) {
        if (m_job->itemData(index).toInt() == JobFromFile)
            chooseJobFile();
        else
            compare();
    });

    m_resilience = new QComboBox;
    m_resilience->setObjectName(QStringLiteral("comparisonResilience"));
    m_resilience->setToolTip(tr("Also run a failure study on each design and compare bisection (and the job's step "
                                "slowdown) at p50, p95 and p99"));
    m_resilience->addItem(tr("Not compared"), int(Resilience::None));
    m_resilience->addItem(tr("N-1: every single switch and link failure"), int(Resilience::NMinus1));
    m_resilience->addItem(tr("Monte Carlo: 1,000 scenarios at the default failure rates"), int(Resilience::MonteCarlo));
    connect(m_resilience, &QComboBox::activated, this, [this] { compare(); });

    auto *buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    auto *inputs = new QHBoxLayout;
    inputs->addWidget(m_designs, 1);
    inputs->addLayout(buttons);
    auto *jobRow = new QHBoxLayout;
    auto *jobLabel = new QLabel(tr("&Job:"));
    jobLabel->setBuddy(m_job);
    jobRow->addWidget(jobLabel);
    jobRow->addWidget(m_job, 1);
    auto *resilienceLabel = new QLabel(tr("&Resilience:"));
    resilienceLabel->setBuddy(m_resilience);
    jobRow->addWidget(resilienceLabel);
    jobRow->addWidget(m_resilience, 1);

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("comparisonSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_model = new DesignComparisonModel(this);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setModel(m_model);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setAlternatingRowColors(true);

    m_chart = new QChartView;
    m_chart->setObjectName(QStringLiteral("comparisonChart"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(260);

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(m_chart);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *close = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(inputs);
    layout->addLayout(jobRow);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    layout->addWidget(close);

    if (m_document)
        m_designs->addItem(tr("A: %1 (this design)").arg(m_document->displayName()));
    connect(&m_watcher, &QFutureWatcher<DesignComparison>::finished, this, &DesignComparisonDialog::showResult);
    resize(980, 760);
    compare();
}

DesignComparisonDialog::~DesignComparisonDialog()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void DesignComparisonDialog::setResilience(Resilience study)
{
    m_resilience->setCurrentIndex(std::max(0, m_resilience->findData(int(study))));
    compare();
}

bool DesignComparisonDialog::addDesign(const QString &path, QString *error)
{
    ReadResult read = FormatRegistry::instance().readFile(path);
    if (!read.ok()) {
        if (error)
            *error = read.errorText();
        return false;
    }
    const QString letter = QString(QChar(u'A' + int(m_others.size() + 1) % 26));
    const QString label = QStringLiteral("%1: %2").arg(letter, QFileInfo(path).fileName());
    m_others.push_back({label, std::make_shared<const Fabric>(std::move(*read.fabric))});
    m_designs->addItem(label);
    compare();
    return true;
}

void DesignComparisonDialog::addDesignsInteractive()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Designs to Compare"), QString(),
                                                            FormatRegistry::instance().readFilter());
    QStringList errors;
    for (const QString &path : paths) {
        QString error;
        if (!addDesign(path, &error))
            errors << error;
    }
    if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Cannot Read a Design"), errors.join(QLatin1Char('\n')));
}

void DesignComparisonDialog::removeSelected()
{
    // Row 0 is the open design; the others follow in order.
    QList<int> rows;
    for (const QListWidgetItem *item : m_designs->selectedItems())
        if (const int row = m_designs->row(item); row > 0)
            rows << row;
    std::sort(rows.rbegin(), rows.rend());
    for (const int row : rows) {
        delete m_designs->takeItem(row);
        m_others.erase(m_others.begin() + (row - 1));
    }
    if (!rows.isEmpty())
        compare();
}

void DesignComparisonDialog::setJob(int documentJob)
{
    m_job->setCurrentIndex(std::max(0, m_job->findData(documentJob)));
    compare();
}

void DesignComparisonDialog::chooseJobFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Job to Place on Each Design"), QString(),
                                                      tr("Training job (*.job.json);;All files (*)"));
    if (path.isEmpty()) {
        m_job->setCurrentIndex(0);
        compare();
        return;
    }
    const JobSpecResult read = readJobSpecFile(path);
    if (!read.ok()) {
        QMessageBox::warning(this, tr("Cannot Read the Job"), read.errorText());
        m_job->setCurrentIndex(0);
        compare();
        return;
    }
    m_jobFromFile = read.job;
    m_job->setItemText(m_job->currentIndex(), tr("%1 (file)").arg(QString::fromStdString(read.job->name)));
    compare();
}

void DesignComparisonDialog::compare()
{
    if (!m_document)
        return;
    if (m_watcher.isRunning()) {
        m_again = true;
        return;
    }
    // Copies for the worker: the document may change while it runs.
    auto a = std::make_shared<const Fabric>(m_document->fabric());
    std::vector<Other> others = m_others;
    std::optional<JobSpec> job;
    const int chosen = m_job->currentData().toInt();
    if (chosen == JobFromFile)
        job = m_jobFromFile;
    else if (chosen >= 0 && size_t(chosen) < m_document->jobs().size())
        job = m_document->jobs()[size_t(chosen)].spec;
    const std::string aLabel = tr("A: %1").arg(m_document->displayName()).toStdString();
    const BomCatalog catalog = m_catalog;
    m_summary->setText(others.empty() ? tr("Add designs to compare with this one.") : tr("Comparing…"));
    const auto study = Resilience(m_resilience->currentData().toInt());
    if (m_cancel)
        m_cancel->store(true);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_watcher.setFuture(QtConcurrent::run([a, others, job, aLabel, catalog, study, cancel = m_cancel] {
        std::vector<DesignInput> inputs{{aLabel, a.get()}};
        for (const Other &o : others)
            inputs.push_back({o.label.toStdString(), o.fabric.get()});
        DesignComparison comparison = compareDesigns(inputs, catalog, job ? &*job : nullptr);
        if (study != Resilience::None && !cancel->load()) {
            StudyOptions options;
            options.kind = study == Resilience::NMinus1 ? StudyKind::NMinus1 : StudyKind::MonteCarlo;
            options.samples = 1000;
            options.job = job;
            options.jobSource = job ? job->name : std::string();
            options.cancel = cancel.get();
            std::vector<std::pair<std::string, const Fabric *>> designs;
            for (const DesignInput &input : inputs)
                designs.emplace_back(input.label, input.fabric);
            appendResilience(comparison, compareResilience(designs, options));
        }
        return comparison;
    }));
}

void DesignComparisonDialog::waitForResult()
{
    while (m_watcher.isRunning() || m_again) {
        m_watcher.waitForFinished();
        QCoreApplication::processEvents(); // finished → showResult, which may start the next run
    }
}

void DesignComparisonDialog::showResult()
{
    if (m_again) {
        m_again = false;
        compare();
        return;
    }
    DesignComparison result = m_watcher.result();
    QStringList lines;
    for (const DesignFigures &d : result.designs)
        if (!d.jobError.empty())
            lines << tr("%1: no step time: %2").arg(QString::fromStdString(d.label), QString::fromStdString(d.jobError));
    for (const std::string &summary : result.summaries)
        lines.prepend(QString::fromStdString(summary));
    if (result.designs.size() < 2)
        lines << tr("Add designs to compare with this one.");
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_model->setComparison(std::move(result));
    rebuildChart();
}

void DesignComparisonDialog::rebuildChart()
{
    // Headline figures relative to A (A = 100 %): one bar set per design.
    const DesignComparison &c = m_model->comparison();
    struct Figure
    {
        const char *key;
        QString label;
    };
    const std::vector<Figure> figures{{"price", tr("Cost")},
                                      {"watts", tr("Power")},
                                      {"switches", tr("Switches")},
                                      {"transceivers", tr("Optics")},
                                      {"bisection_gbps", tr("Bisection")},
                                      {"step_ms", tr("Step time")},
                                      {"resilience_bisection_p99", tr("Bisection p99 under failures")}};
    QStringList categories;
    std::vector<const ComparisonRow *> rows;
    for (const Figure &f : figures)
        for (const ComparisonRow &row : c.rows)
            if (row.key == f.key && std::isfinite(row.values.front()) && row.values.front() > 0) {
                categories << f.label;
                rows.push_back(&row);
            }
    auto *series = new QBarSeries;
    double top = 0;
    for (size_t d = 0; d < c.designs.size(); ++d) {
        auto *set = new QBarSet(QString::fromStdString(c.designs[d].label));
        set->setLabelColor(palette().color(QPalette::WindowText)); // outside the bars: not white on white
        for (const ComparisonRow *row : rows) {
            const double v = row->values[d];
            const double share = std::isfinite(v) ? 100.0 * v / row->values.front() : 0.0;
            set->append(share);
            top = std::max(top, share);
        }
        series->append(set);
    }
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(3);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    // Upright values over bars side by side run into each other ("83.383.3"): turned, each stays over its bar.
    series->setLabelsAngle(-90);
    auto *chart = new QChart;
    chart->addSeries(series);
    chart->setTitle(tr("Relative to %1 (= 100 %)")
                        .arg(c.designs.empty() ? QStringLiteral("A") : QString::fromStdString(c.designs.front().label)));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(6, 6, 12, 6));
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto *y = new QValueAxis;
    y->setTitleText(tr("% of A"));
    applyNiceAxis(y, top * 1.2); // room above the tallest bar for its turned value
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    QChart *old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
}

} // namespace Railyard
