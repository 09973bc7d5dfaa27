#include "views/dialogs/jobeditdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <climits>

namespace Railyard {

namespace {

QSpinBox *spin(QWidget *parent, int minimum, int maximum, int value, const QString &objectName)
{
    auto *box = new QSpinBox(parent);
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setObjectName(objectName);
    box->setGroupSeparatorShown(true);
    return box;
}

const char *const kPrecisions[] = {"bf16", "fp16", "fp8", "fp32"};

} // namespace

JobEditDialog::JobEditDialog(const JobSpec &job, QWidget *parent)
    : QDialog(parent)
    , m_original(job)
{
    setWindowTitle(tr("Edit Training Job"));
    setObjectName(QStringLiteral("JobEditDialog"));
    auto *layout = new QVBoxLayout(this);

    auto *general = new QFormLayout;
    m_name = new QLineEdit(QString::fromStdString(job.name), this);
    m_name->setObjectName(QStringLiteral("jobName"));
    m_description = new QLineEdit(QString::fromStdString(job.description), this);
    m_description->setObjectName(QStringLiteral("jobDescription"));
    general->addRow(tr("Name:"), m_name);
    general->addRow(tr("Description:"), m_description);
    layout->addLayout(general);
    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    auto *right = new QVBoxLayout;
    columns->addLayout(left);
    columns->addLayout(right);
    layout->addLayout(columns);

    const ModelShape &m = job.model;
    auto *modelBox = new QGroupBox(tr("Model"), this);
    auto *model = new QFormLayout(modelBox);
    m_parameters = new QDoubleSpinBox(modelBox);
    m_parameters->setObjectName(QStringLiteral("parameters"));
    m_parameters->setRange(0.001, 100000.0);
    m_parameters->setDecimals(3);
    m_parameters->setSuffix(tr(" B"));
    m_parameters->setToolTip(tr("Total parameters in billions, every expert included"));
    m_parameters->setValue(m.parameters / 1e9);
    m_parameters0 = m.parameters;
    m_shownParameters = m_parameters->value();
    model->addRow(tr("Parameters:"), m_parameters);
    m_layers = spin(modelBox, 1, 100000, m.layers, QStringLiteral("layers"));
    model->addRow(tr("Layers:"), m_layers);
    m_hidden = spin(modelBox, 1, INT_MAX, m.hiddenSize, QStringLiteral("hiddenSize"));
    model->addRow(tr("Hidden size:"), m_hidden);
    m_sequence = spin(modelBox, 1, INT_MAX, m.sequenceLength, QStringLiteral("sequenceLength"));
    model->addRow(tr("Sequence length:"), m_sequence);
    m_vocabulary = spin(modelBox, 1, INT_MAX, m.vocabulary, QStringLiteral("vocabulary"));
    model->addRow(tr("Vocabulary:"), m_vocabulary);
    m_precision = new QComboBox(modelBox);
    m_precision->setObjectName(QStringLiteral("precision"));
    for (const char *p : kPrecisions)
        m_precision->addItem(QLatin1String(p), QLatin1String(p));
    int precision = m_precision->findData(QString::fromStdString(m.precision));
    if (precision < 0) {
        // A precision given only as bytes per element (or a name of the future): kept as read.
        m_customPrecision = m.precision;
        m_customPrecisionBytes = m.precisionBytes;
        m_precision->addItem(m.precision.empty() ? tr("%n byte(s) per element", nullptr, m.precisionBytes)
                                                 : QString::fromStdString(m.precision),
                             QStringLiteral("custom"));
        precision = m_precision->count() - 1;
    }
    m_precision->setCurrentIndex(precision);
    model->addRow(tr("Precision:"), m_precision);
    left->addWidget(modelBox);

    m_moe = new QGroupBox(tr("Mixture of experts"), this);
    m_moe->setObjectName(QStringLiteral("moe"));
    m_moe->setCheckable(true);
    m_moe->setChecked(m.isMoe());
    auto *moe = new QFormLayout(m_moe);
    m_experts = spin(m_moe, 1, 100000, std::max(m.experts, 8), QStringLiteral("experts"));
    moe->addRow(tr("Experts per layer:"), m_experts);
    m_topK = spin(m_moe, 1, 100000, std::max(m.topK, 2), QStringLiteral("topK"));
    moe->addRow(tr("Top-k:"), m_topK);
    m_moeLayers = spin(m_moe, 1, 100000, m.isMoe() ? m.moeLayers : m.layers, QStringLiteral("moeLayers"));
    moe->addRow(tr("MoE layers:"), m_moeLayers);
    m_expertHidden = spin(m_moe, 1, INT_MAX, m.isMoe() ? m.expertHiddenSize : std::max(1, m.hiddenSize * 4),
                          QStringLiteral("expertHidden"));
    moe->addRow(tr("Expert hidden size:"), m_expertHidden);
    left->addWidget(m_moe);
    left->addStretch(1);

    const Parallelism &p = job.parallel;
    auto *parallelBox = new QGroupBox(tr("Parallelism"), this);
    auto *parallel = new QFormLayout(parallelBox);
    m_tp = spin(parallelBox, 1, 1 << 20, p.tp, QStringLiteral("tp"));
    m_tp->setToolTip(tr("Tensor parallel: ranks that split every layer (kept inside one host)"));
    parallel->addRow(tr("TP:"), m_tp);
    m_pp = spin(parallelBox, 1, 1 << 20, p.pp, QStringLiteral("pp"));
    m_pp->setToolTip(tr("Pipeline parallel: stages the layers are divided into"));
    parallel->addRow(tr("PP:"), m_pp);
    m_dp = spin(parallelBox, 1, 1 << 24, p.dp, QStringLiteral("dp"));
    m_dp->setToolTip(tr("Data parallel: replicas of every stage"));
    parallel->addRow(tr("DP:"), m_dp);
    m_ep = spin(parallelBox, 1, 1 << 20, p.ep, QStringLiteral("ep"));
    m_ep->setToolTip(tr("Expert parallel: ranks the experts are spread over, inside the data-parallel dimension"));
    parallel->addRow(tr("EP:"), m_ep);
    m_cp = spin(parallelBox, 1, 1 << 20, p.cp, QStringLiteral("cp"));
    m_cp->setToolTip(tr("Context parallel: ranks that split each sequence"));
    parallel->addRow(tr("CP:"), m_cp);
    right->addWidget(parallelBox);

    auto *batchBox = new QGroupBox(tr("Batch and optimizer"), this);
    auto *batch = new QFormLayout(batchBox);
    m_micro = spin(batchBox, 1, INT_MAX, job.microBatch, QStringLiteral("microBatch"));
    batch->addRow(tr("Micro-batch:"), m_micro);
    m_global = spin(batchBox, 1, INT_MAX, job.globalBatch, QStringLiteral("globalBatch"));
    m_global->setToolTip(tr("Sequences per optimizer step, a multiple of micro-batch × DP"));
    batch->addRow(tr("Global batch:"), m_global);
    m_sharding = new QComboBox(batchBox);
    m_sharding->setObjectName(QStringLiteral("sharding"));
    m_sharding->addItem(tr("none"), int(OptimizerSharding::None));
    m_sharding->addItem(tr("ZeRO-1 (optimizer states)"), int(OptimizerSharding::Zero1));
    m_sharding->addItem(tr("fully sharded (FSDP / ZeRO-3)"), int(OptimizerSharding::Fsdp));
    m_sharding->setCurrentIndex(m_sharding->findData(int(job.sharding)));
    batch->addRow(tr("Optimizer sharding:"), m_sharding);
    right->addWidget(batchBox);
    right->addStretch(1);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("jobEditSummary"));
    layout->addWidget(m_summary);
    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("jobEditProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::PlainText);
    QPalette warn = m_problems->palette();
    warn.setColor(QPalette::WindowText, QColor(0xc0, 0x30, 0x30));
    m_problems->setPalette(warn);
    layout->addWidget(m_problems);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(m_buttons);

    for (QSpinBox *box : {m_layers, m_hidden, m_sequence, m_vocabulary, m_experts, m_topK, m_moeLayers, m_expertHidden,
                          m_tp, m_pp, m_dp, m_ep, m_cp, m_micro, m_global})
        connect(box, &QSpinBox::valueChanged, this, &JobEditDialog::refresh);
    connect(m_parameters, &QDoubleSpinBox::valueChanged, this, &JobEditDialog::refresh);
    connect(m_name, &QLineEdit::textChanged, this, &JobEditDialog::refresh);
    connect(m_moe, &QGroupBox::toggled, this, &JobEditDialog::refresh);
    refresh();
}

JobSpec JobEditDialog::job() const
{
    JobSpec j;
    j.name = m_name->text().trimmed().toStdString();
    j.description = m_description->text().trimmed().toStdString();
    ModelShape &m = j.model;
    // The field shows billions to 3 decimals: keep the exact count unless it was edited.
    m.parameters = m_parameters->value() == m_shownParameters ? m_parameters0 : m_parameters->value() * 1e9;
    m.layers = m_layers->value();
    m.hiddenSize = m_hidden->value();
    m.sequenceLength = m_sequence->value();
    m.vocabulary = m_vocabulary->value();
    if (m_precision->currentData().toString() == QStringLiteral("custom")) {
        m.precision = m_customPrecision;
        m.precisionBytes = m_customPrecisionBytes;
    } else {
        m.precision = m_precision->currentData().toString().toStdString();
        m.precisionBytes = m.precision == "fp32" ? 4 : m.precision == "fp8" ? 1 : 2;
    }
    if (m_moe->isChecked()) {
        m.experts = m_experts->value();
        m.topK = m_topK->value();
        m.moeLayers = m_moeLayers->value();
        m.expertHiddenSize = m_expertHidden->value();
    }
    j.parallel = {m_tp->value(), m_pp->value(), m_dp->value(), m_ep->value(), m_cp->value(), m_original.parallel.vp};
    j.compute = m_original.compute;
    j.microBatch = m_micro->value();
    j.globalBatch = m_global->value();
    j.sharding = OptimizerSharding(m_sharding->currentData().toInt());
    j.gpus = j.parallel.worldSize();
    return j;
}

std::vector<std::string> JobEditDialog::problems() const
{
    return checkJobSpec(job());
}

void JobEditDialog::refresh()
{
    const JobSpec j = job();
    const std::vector<std::string> issues = checkJobSpec(j);
    const QLocale locale;
    QString summary = tr("%1 GPUs (TP × CP × PP × DP)").arg(locale.toString(j.parallel.worldSize()));
    const long long perStep = 1LL * j.microBatch * j.parallel.dp;
    if (perStep > 0 && j.globalBatch % perStep == 0)
        summary
            += tr(", %n micro-batch(es) per step", nullptr, int(std::min<long long>(j.microBatchesPerStep(), INT_MAX)));
    m_summary->setText(summary);
    QStringList lines;
    for (const std::string &issue : issues)
        lines << QString::fromStdString(issue);
    m_problems->setText(lines.join(QLatin1Char('\n')));
    m_problems->setVisible(!lines.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(issues.empty());
}

} // namespace Railyard
