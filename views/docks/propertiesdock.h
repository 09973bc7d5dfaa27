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
class FabricCanvas;
class FabricDocument;
class SelectionEditor;

/// Properties of the selected element: facts of a host (GPUs, NICs per rail,
/// location), a switch (tier, radix, ports used, plane, rail, location, down
/// and up capacity, oversubscription) or a link (ends, ports, capacity — an
/// editable field that calls FabricDocument::setLinkCapacity — state, plane),
/// and, while live health is shown, the element's live values.
class PropertiesDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit PropertiesDock(QWidget *parent = nullptr);
    ~PropertiesDock() override;
    void setDocument(FabricDocument *document);
    void setAnalysisRunner(AnalysisRunner *runner);
    /// While the Health dock watches, the canvas carries the live overlay: the
    /// dock adds a Live section (the running rate against the nominal,
    /// utilization, counters, the alarm and since when) to the design facts.
    void setCanvas(FabricCanvas *canvas);
    /// In Edit mode the dock also shows the SelectionEditor: rename and bulk
    /// edit of the selection's shared properties.
    void setEditing(bool editing);

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
    /// A Gbit/s spin box of the selected link that applies to the document
    /// on Enter; `dirty` is set once the user changed it since it was last set.
    struct GbpsEditor
    {
        QDoubleSpinBox *box = nullptr;
        bool dirty = false;
        bool (FabricDocument::*apply)(std::int32_t link, double gbps) = nullptr;
    };
    void addGbpsEditor(GbpsEditor &editor, const QString &label, const QString &objectName, int decimals,
                       double minimum, const QString &toolTip);
    void applyEdit(GbpsEditor &editor);

    QPointer<FabricDocument> m_document;
    QPointer<AnalysisRunner> m_runner;
    QPointer<FabricCanvas> m_canvas;
    QLabel *m_title = nullptr;
    QLabel *m_subtitle = nullptr;
    QWidget *m_formWidget = nullptr;
    QFormLayout *m_form = nullptr;
    std::vector<Row> m_rows;             ///< rows shown; values are updated in place when the shape is unchanged
    std::vector<QLabel *> m_valueLabels; ///< per row; nullptr for headers and the editor
    GbpsEditor m_capacity;               ///< nominal capacity
    GbpsEditor m_rate;                   ///< the rate it runs at (degraded below capacity)
    std::string m_shownId;
    QTimer *m_refreshTimer = nullptr;
    SelectionEditor *m_selectionEditor = nullptr;
    bool m_editing = false;
};

} // namespace Railyard
