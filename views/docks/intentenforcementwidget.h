#pragma once

// The subnet manager's verdict on an intent, in the Review tab of the Intents
// dock beside the signature status: Check on OpenSM runs the real OpenSM on
// the document's fabric under ibsim with the intent's partitions
// (core/fabricmanager/opensmrun.h), reads every HCA port's P_Keys back and
// shows whether they enforce the intent (core/fabricmanager/enforcement.h).
// The run is in a worker thread; the verdict is for the intent and fabric it
// was run on and is cleared when either changes.

#include "core/fabricmanager/opensmrun.h"
#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <QFutureWatcher>
#include <QWidget>

#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;

namespace Railyard {

class IntentEnforcementWidget : public QWidget
{
    Q_OBJECT
public:
    explicit IntentEnforcementWidget(QWidget *parent = nullptr);
    ~IntentEnforcementWidget() override;

    /// The fabric (must outlive the widget or the next call) and the intent
    /// to check; nullptr for none. Clears the verdict shown.
    void setSubject(const Fabric *fabric, const Intent *intent);
    /// Starts the check; false (and the reason shown) when it cannot run.
    /// Progress (the stage, HCA ports read) shows while it runs.
    bool check();
    /// Stops a running check (OpenSM and ibsim are stopped; no verdict).
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    /// The last run's result for the current subject.
    const std::optional<IntentEnforcementRun> &lastRun() const { return m_run; }
    /// The verdict as shown (plain text).
    QString verdictText() const;

signals:
    /// A check finished (lastRun() holds it).
    void checked();

private:
    void showState();
    /// A stage of the run of `generation`, from the worker (queued).
    void showProgress(int generation, const QString &stage, int done, int total);

    const Fabric *m_fabric = nullptr;
    std::optional<Intent> m_intent;
    int m_generation = 0;
    int m_runGeneration = -1;
    /// The tool that is not installed (empty: none), looked up when there is
    /// first something to check, not at start-up.
    const QString &missingTool();
    std::optional<QString> m_missing;
    QString m_capacityProblem; ///< the subject beyond what ibsim holds (ibsimCapacityProblem), or empty
    std::optional<IntentEnforcementRun> m_run;
    QFutureWatcher<IntentEnforcementRun> m_watcher;
    QString m_stage;          ///< what the running check is doing
    bool m_cancelled = false; ///< the user cancelled the last run
    QLabel *m_label = nullptr;
    QPushButton *m_button = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
};

} // namespace Railyard
