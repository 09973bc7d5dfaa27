#include "views/docks/intentenforcementwidget.h"

#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QTextDocumentFragment>
#include <QtConcurrent/QtConcurrentRun>

namespace Railyard {

IntentEnforcementWidget::IntentEnforcementWidget(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("IntentEnforcement"));
    auto *layout = new QVBoxLayout(this); // the dock is narrow: the verdict gets the width
    layout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("enforcementLabel"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::RichText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_button = new QPushButton(tr("Check on OpenSM"), this);
    m_button->setObjectName(QStringLiteral("enforcementButton"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("enforcementProgress"));
    m_progress->setTextVisible(true);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("enforcementCancel"));
    m_cancel->setToolTip(tr("Stop OpenSM and ibsim; no verdict is shown"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_button);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_cancel);
    layout->addWidget(m_label);
    layout->addLayout(buttons);
    connect(m_button, &QPushButton::clicked, this, [this] { check(); });
    connect(m_cancel, &QPushButton::clicked, this, &IntentEnforcementWidget::cancel);
    connect(&m_watcher, &QFutureWatcher<IntentEnforcementRun>::finished, this, [this] {
        // A cancelled run has no result; a stale one is for another subject.
        if (!m_watcher.isCanceled() && m_watcher.future().resultCount() > 0 && m_runGeneration == m_generation)
            m_run = m_watcher.result();
        m_stage.clear();
        showState();
        emit checked();
    });
    showState();
}

IntentEnforcementWidget::~IntentEnforcementWidget()
{
    // The run holds a copy of the fabric, never the document's; cancelled, it
    // stops OpenSM within a poll (200 ms) or a tool's run.
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void IntentEnforcementWidget::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_watcher.cancel();
    showState();
}

void IntentEnforcementWidget::setSubject(const Fabric *fabric, const Intent *intent)
{
    m_fabric = fabric;
    m_intent = intent ? std::optional<Intent>(*intent) : std::nullopt;
    // Refused before anything starts: OpenSM under ibsim cannot hold it.
    m_capacityProblem = fabric ? ibsimCapacityProblem(*fabric) : QString();
    ++m_generation;
    m_run.reset();
    showState();
}

const QString &IntentEnforcementWidget::missingTool()
{
    if (!m_missing)
        m_missing = OpenSmTools::find().missing();
    return *m_missing;
}

bool IntentEnforcementWidget::check()
{
    if (!m_fabric || !m_intent || isRunning() || !missingTool().isEmpty() || !m_capacityProblem.isEmpty()) {
        showState();
        return false;
    }
    m_run.reset();
    m_cancelled = false;
    m_stage = tr("starting ibsim");
    m_runGeneration = m_generation;
    m_progress->setRange(0, 0);
    // The worker gets copies: the document may change while OpenSM runs.
    m_watcher.setFuture(QtConcurrent::run([fabric = *m_fabric, intent = *m_intent, widget = this,
                                           generation = m_generation](
                                              QPromise<IntentEnforcementRun> &promise) {
        SimulatedSubnet subnet(fabric, OpenSmTools::find());
        SmConfigOptions options;
        options.intent = &intent;
        // The stage goes to the widget as a queued call (dropped if the widget
        // is gone; a stale run's is ignored): QPromise's progress only counts up.
        const IntentEnforcementRun run = subnet.checkIntent(
            options, intent, 120000, [&promise, widget, generation](const QString &stage, int done, int total) {
                if (promise.isCanceled())
                    return false;
                QMetaObject::invokeMethod(
                    widget,
                    [widget, generation, stage, done, total] { widget->showProgress(generation, stage, done, total); },
                    Qt::QueuedConnection);
                return true;
            });
        if (!run.cancelled)
            promise.addResult(run);
    }));
    showState();
    return true;
}

void IntentEnforcementWidget::showProgress(int generation, const QString &stage, int done, int total)
{
    if (generation != m_runGeneration || !isRunning())
        return;
    m_stage = total > 0 ? tr("%1 (%2 of %3 HCA ports)").arg(stage).arg(done).arg(total) : stage;
    m_progress->setRange(0, total); // 0 of 0: busy, no count yet
    m_progress->setValue(done);
    showState();
}

QString IntentEnforcementWidget::verdictText() const
{
    return QTextDocumentFragment::fromHtml(m_label->text()).toPlainText();
}

void IntentEnforcementWidget::showState()
{
    const QString title = tr("Subnet manager:");
    const bool subject = m_fabric && m_intent;
    const QString missing = subject ? missingTool() : QString();
    const bool running = isRunning();
    m_button->setEnabled(subject && !running && missing.isEmpty() && m_capacityProblem.isEmpty());
    m_button->setVisible(!running);
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_cancel->setEnabled(running && !m_cancelled);
    m_button->setToolTip(missing.isEmpty()
                             ? tr("Run the real OpenSM on this fabric under ibsim with the intent's partitions, read "
                                  "every HCA's P_Keys back and check that they allow what the intent allows and "
                                  "nothing else")
                             : missing);
    QString text;
    if (!m_fabric || !m_intent) {
        text = tr("%1 open a fabric and an intent to check that OpenSM enforces it.").arg(title);
    } else if (running) {
        text = m_cancelled ? tr("%1 cancelling: stopping OpenSM and ibsim…").arg(title)
                           : tr("%1 checking under ibsim: %2…").arg(title, m_stage.toHtmlEscaped());
    } else if (!missing.isEmpty()) {
        text = tr("%1 not checked: %2.").arg(title, missing.toHtmlEscaped());
    } else if (!m_capacityProblem.isEmpty()) {
        text = tr("%1 not checked: %2.").arg(title, m_capacityProblem.toHtmlEscaped());
    } else if (!m_run) {
        text = m_cancelled ? tr("%1 check cancelled; not checked on OpenSM.").arg(title)
                           : tr("%1 not checked on OpenSM yet.").arg(title);
    } else if (!m_run->ok) {
        text = tr("%1 <font color=\"#c0392b\">no verdict: %2</font>").arg(title, m_run->error.left(300).toHtmlEscaped());
    } else {
        const EnforcementCheck &c = m_run->check;
        const QLocale locale;
        const QString where = tr("OpenSM ftree under ibsim, %1 partitions, %2 s")
                                  .arg(m_run->plan ? int(m_run->plan->partitions.size()) : 0)
                                  .arg(m_run->seconds, 0, 'f', 1);
        switch (c.verdict) {
        case EnforcementCheck::Verdict::Enforced:
            text = tr("%1 <b><font color=\"#1e8449\">enforced</font></b>: %2 allowed and %3 denied host pairs, as "
                      "the intent says (%4)")
                       .arg(title, locale.toString(c.allowedPairs), locale.toString(c.deniedPairs), where);
            break;
        case EnforcementCheck::Verdict::Violated: {
            text = tr("%1 <b><font color=\"#c0392b\">violated</font></b>: %n host pair(s) disagree with the intent "
                      "(%2)",
                      nullptr, int(std::min<long long>(c.violations, 1000000000)))
                       .arg(title, where);
            if (!c.examples.empty()) {
                const EnforcementCheck::Violation &v = c.examples.front();
                text += QStringLiteral("<br>")
                    + (v.intentAllows ? tr("%1 → %2: allowed by %3, but they share no partition")
                                      : tr("%1 → %2: denied by %3, but they share P_Key 0x%4"))
                          .arg(QString::fromStdString(v.from).toHtmlEscaped(), QString::fromStdString(v.to).toHtmlEscaped(),
                               QString::fromStdString(v.rule).toHtmlEscaped(),
                               QString::number(v.pkey, 16).rightJustified(4, QLatin1Char('0')));
            }
            if (!c.serviceLevelProblems.empty())
                text += QStringLiteral("<br>") + QString::fromStdString(c.serviceLevelProblems.front()).toHtmlEscaped();
            break;
        }
        case EnforcementCheck::Verdict::Incomplete:
            text = tr("%1 incomplete: the P_Keys of %2 of %3 HCA ports were read back (%4)%5")
                       .arg(title)
                       .arg(c.portsRead)
                       .arg(c.hcaPorts)
                       .arg(where,
                            c.incompleteReason.empty()
                                ? QString()
                                : tr("; the check stopped: %1")
                                      .arg(QString::fromStdString(c.incompleteReason).left(300).toHtmlEscaped()));
            break;
        }
    }
    m_label->setText(text);
}

} // namespace Railyard
