#pragma once

// The document an editor window works on: one fabric, its undo stack, the
// what-if failures and the shared selection. Views and the CLI change the
// fabric only through the intent methods here; each builds one undo command,
// whose redo/undo call the private perform… mutators, which change the model
// and emit a typed change event.

#include "core/analysis/capacity.h"
#include "core/model/fabric.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <string>
#include <vector>

namespace Railyard {

class FabricDocument : public QObject
{
    Q_OBJECT
public:
    /// What changed, so views re-sync only what they must.
    enum class Change {
        Failures,   ///< what-if failures: capacities of links changed
        Capacities, ///< nominal link capacities or states edited
        Structure,  ///< elements added or removed: rebuild layouts
    };
    Q_ENUM(Change)

    /// One element's what-if flag, as stored by the undo commands.
    struct FailureFlag
    {
        bool isSwitch = false;
        std::int32_t index = -1;
        bool failed = false;
    };

    explicit FabricDocument(Fabric fabric, QObject *parent = nullptr);
    ~FabricDocument() override;

    const Fabric &fabric() const { return m_fabric; }
    QUndoStack *undoStack() { return &m_undoStack; }

    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path) { m_filePath = path; }
    /// The fabric's name, or the file name, for window titles.
    QString displayName() const;

    // --- What-if -----------------------------------------------------------
    /// Failures of the current what-if (link and switch indices).
    Failures failures() const;
    bool isLinkFailed(std::int32_t link) const { return m_linkFailed[static_cast<size_t>(link)] != 0; }
    bool isSwitchFailed(std::int32_t sw) const { return m_switchFailed[static_cast<size_t>(sw)] != 0; }
    bool hasFailures() const { return m_failedCount > 0; }
    /// Capacities under the current what-if.
    CapacityView capacityView() const { return CapacityView::of(m_fabric, failures()); }

    /// Fails (failed = true) or restores links and switches given by id; hosts
    /// stand for all their links. One undo step. Unknown ids are ignored and
    /// returned in *unknown when given.
    void setFailed(const std::vector<std::string> &ids, bool failed, std::vector<std::string> *unknown = nullptr);
    /// Restores every failed element (one undo step).
    void restoreAll();

    // --- Edits -------------------------------------------------------------
    /// Sets a link's nominal capacity (Gbit/s per direction, > 0). Repeated
    /// edits of the same link merge into one undo step.
    bool setLinkCapacity(std::int32_t link, double gbps);
    /// Sets the rate a link actually runs at (Gbit/s per direction): at or
    /// above its nominal capacity it is up, below it degraded (a flapping
    /// optic, a link trained down), 0 down. Saved with the fabric; one undo
    /// step. False for an unknown link or a negative or non-finite rate.
    bool setLinkRate(std::int32_t link, double gbps);

    // --- Selection (shared by every view) ----------------------------------
    /// Selected element ids (hosts, switches, links).
    const std::vector<std::string> &selection() const { return m_selection; }
    void setSelection(std::vector<std::string> ids);

signals:
    void changed(Railyard::FabricDocument::Change change);
    void selectionChanged();

private:
    friend class SetFailedCommand;
    friend class SetLinkCapacityCommand;
    friend class SetLinkStateCommand;

    /// Sets each flag; emits Change::Failures.
    void performSetFailed(const std::vector<FailureFlag> &flags);
    void performSetLinkCapacity(std::int32_t link, double gbps);
    void performSetLinkState(std::int32_t link, LinkState state, double degradedGbps);

    Fabric m_fabric;
    QUndoStack m_undoStack;
    QString m_filePath;
    std::vector<char> m_linkFailed;
    std::vector<char> m_switchFailed;
    int m_failedCount = 0;
    std::vector<std::string> m_selection;
};

} // namespace Railyard
