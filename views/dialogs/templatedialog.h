#pragma once

#include "core/bom/bom.h"
#include "core/generators/closgenerator.h"
#include "core/generators/hardwarechoice.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QStackedWidget;

namespace Railyard {

/// New from template: a preset (fat-tree, DGX SuperPOD, GB200 NVL72, Meta AI
/// zone, Alibaba HPN, rail-optimized) with its parameters, and a live preview of
/// the counts (GPUs, hosts, switches per tier) and the bisection ratio,
/// computed off the UI thread as parameters change. Invalid parameters show
/// the generator's message and disable OK. Below the parameters, the
/// hardware: a transport, switch models for the leaf and the tiers above, a
/// NIC and adaptive routing, from the catalogue (Preferences; docs/catalog.md),
/// for the designs whose tiers are uniform.
class TemplateDialog : public QDialog
{
    Q_OBJECT
public:
    explicit TemplateDialog(QWidget *parent = nullptr);
    /// Cancels a running preview and waits for it.
    ~TemplateDialog() override;
    /// The parameters chosen; valid after exec() returned Accepted.
    ClosParams params() const;

private:
    struct Preset;
    struct Preview;
    using PreviewPtr = std::shared_ptr<Preview>;

    void addPreset(const QString &title, const QString &description, QWidget *form, std::function<ClosParams()> build,
                   bool takesModels = true);
    /// The hardware chosen below the parameters.
    HardwareChoice hardwareChoice() const;
    /// Fills the switch and NIC lists with the catalogue's models that speak the chosen transport.
    void fillModelLists();
    // Each builds its parameter form and calls addPreset().
    void addFatTreePreset();
    void addDgxSuperpodPreset();
    void addGb200Nvl72Preset();
    void addMetaAiZonePreset();
    void addAlibabaHpnPreset();
    void addRailOptimizedPreset();
    /// Connects every input of a form to parametersChanged().
    void watchInputs(QWidget *form);

    /// The current form's parameters, named; throws GeneratorError.
    ClosParams buildParams() const;
    void presetChanged(int row);
    void parametersChanged();
    void startPreview();
    void previewFinished();
    void showError(const QString &message);
    /// The line above the preview values: progress, an error (red) or a note; hidden when empty.
    void setStatus(const QString &text, bool error);
    void showPreview(const Preview &preview);
    void clearPreviewValues();
    void cancelRunning();
    /// Runs on a pool thread: generates the fabric and analyses it; touches
    /// nothing but its arguments.
    static PreviewPtr computePreview(ClosParams params, quint64 generation, std::shared_ptr<std::atomic<bool>> cancel);

    std::vector<Preset> m_presets;
    QListWidget *m_presetList = nullptr;
    QStackedWidget *m_forms = nullptr;
    QLabel *m_description = nullptr;
    QLineEdit *m_name = nullptr;
    bool m_nameEdited = false;

    QLabel *m_status = nullptr;
    QLabel *m_gpus = nullptr;
    QLabel *m_hosts = nullptr;
    QLabel *m_switches = nullptr;
    QLabel *m_links = nullptr;
    QLabel *m_tiers = nullptr;
    QLabel *m_unused = nullptr; ///< switch ports no link uses, per tier
    QLabel *m_oversubscription = nullptr;
    QLabel *m_bisection = nullptr;
    QDialogButtonBox *m_buttons = nullptr;

    BomCatalog m_catalog;
    QGroupBox *m_hardware = nullptr;
    QLabel *m_hardwareNote = nullptr;
    QComboBox *m_transport = nullptr;
    QComboBox *m_leafSwitch = nullptr;
    QComboBox *m_spineSwitch = nullptr;
    QComboBox *m_nic = nullptr;
    QCheckBox *m_adaptive = nullptr;

    QTimer m_debounce;
    QFutureWatcher<PreviewPtr> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_generation = 0; ///< bumped on every parameter change; older results are stale
    bool m_valid = false;     ///< the current parameters passed the generator's checks
};

} // namespace Railyard
