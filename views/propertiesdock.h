#pragma once

#include <QDockWidget>
#include <QPointer>

#include <cstdint>
#include <string>
#include <vector>

class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QTimer;

namespace Railyard {

class AnalysisRunner;
class FabricDocument;

/// Properties of the selected element: facts of a host (GPUs, NICs per rail,
/// location), a switch (tier, radix, ports used, plane, rail, location, down
/// and up capacity, oversubscription) or a link (ends, ports, capacity — an
/// editable field that calls FabricDocument::setLinkCapacity — state, plane).
class PropertiesDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit PropertiesDock(QWidget *parent = nullptr);
    void setDocument(FabricDocument *document);
    void setAnalysisRunner(AnalysisRunner *runner);

private:
    /// One line of the panel: a section header, a fact, or the capacity editor.
    struct Row
    {
        enum class Kind { Header, Fact, CapacityEditor, RateEditor };
        Kind kind = Kind::Fact;
        QString label;
        QString value;
        double number = 0.0;  ///< CapacityEditor, RateEditor: Gbit/s
        double maximum = 0.0; ///< RateEditor: the nominal capacity
    };

    void scheduleRefresh();
    void refresh();
    void showMessage(const QString &title, const QString &subtitle);
    void showRows(const QString &title, const QString &subtitle, const std::vector<Row> &rows);
    std::vector<Row> hostRows(std::int32_t host) const;
    std::vector<Row> switchRows(std::int32_t sw) const;
    std::vector<Row> linkRows(std::int32_t link) const;
    void onCapacityEdited();
    void onRateEdited();

    QPointer<FabricDocument> m_document;
    QPointer<AnalysisRunner> m_runner;
    QLabel *m_title = nullptr;
    QLabel *m_subtitle = nullptr;
    QWidget *m_formWidget = nullptr;
    QFormLayout *m_form = nullptr;
    std::vector<Row> m_rows;             ///< rows shown; values are updated in place when the shape is unchanged
    std::vector<QLabel *> m_valueLabels; ///< per row; nullptr for headers and the editor
    QDoubleSpinBox *m_capacity = nullptr;
    bool m_capacityDirty = false;     ///< the user changed the spin box since it was last set
    QDoubleSpinBox *m_rate = nullptr; ///< the rate the link runs at (degraded below capacity)
    bool m_rateDirty = false;
    std::string m_shownId;
    QTimer *m_refreshTimer = nullptr;
};

} // namespace Railyard
