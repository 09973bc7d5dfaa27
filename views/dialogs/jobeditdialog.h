#pragma once

// Edits a training job: model shape (with mixture of experts), parallelism
// degrees, batch and optimizer sharding. Checks the job as it is typed with
// the same rules as the job reader (checkJobSpec) and shows the GPUs it needs
// and the micro-batches per step; OK stays disabled while the job is invalid.

#include "core/jobs/jobspec.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QDialogButtonBox;

namespace Railyard {

class JobEditDialog : public QDialog
{
    Q_OBJECT
public:
    explicit JobEditDialog(const JobSpec &job, QWidget *parent = nullptr);

    /// The job as edited (valid when the dialog was accepted).
    JobSpec job() const;
    /// checkJobSpec of job(): empty when valid.
    std::vector<std::string> problems() const;

private:
    void refresh();

    QLineEdit *m_name = nullptr;
    QLineEdit *m_description = nullptr;
    QDoubleSpinBox *m_parameters = nullptr; ///< billions
    QSpinBox *m_layers = nullptr;
    QSpinBox *m_hidden = nullptr;
    QSpinBox *m_sequence = nullptr;
    QSpinBox *m_vocabulary = nullptr;
    QComboBox *m_precision = nullptr;
    QGroupBox *m_moe = nullptr;
    QSpinBox *m_experts = nullptr;
    QSpinBox *m_topK = nullptr;
    QSpinBox *m_moeLayers = nullptr;
    QSpinBox *m_expertHidden = nullptr;
    QSpinBox *m_tp = nullptr;
    QSpinBox *m_pp = nullptr;
    QSpinBox *m_dp = nullptr;
    QSpinBox *m_ep = nullptr;
    QSpinBox *m_cp = nullptr;
    QSpinBox *m_micro = nullptr;
    QSpinBox *m_global = nullptr;
    QComboBox *m_sharding = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_problems = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    JobSpec m_original;            ///< the job given: what the dialog does not edit is kept
    double m_parameters0 = 0;      ///< the job's exact parameter count
    double m_shownParameters = 0;  ///< what the field showed for it (billions, rounded)
    std::string m_customPrecision; ///< a precision the combo does not list, kept as is
    int m_customPrecisionBytes = 2;
};

} // namespace Railyard
