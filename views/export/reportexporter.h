#pragma once

#include <QImage>
#include <QString>

namespace Railyard {

class AnalysisRunner;
class DesignComparisonModel;
class FabricCanvas;
class FabricDocument;

/// Writes the analysis report an architect attaches to a design review:
/// counts, links by tier and speed, oversubscription per tier, bisection with
/// method and cut size, the what-if (before → after), the charts and a
/// picture of the canvas, and the designs compared with it when there are.
/// HTML (images inlined as data URIs) or PDF
/// (QTextDocument printed through QPdfWriter), chosen by the file's suffix.
class ReportExporter
{
public:
    /// The charts are drawn from the runner's reports (AnalysisCharts), the
    /// picture from the canvas; either may be null (left out).
    ReportExporter(const FabricDocument *document, const AnalysisRunner *runner, const FabricCanvas *canvas);
    /// Adds the designs compared in Inventory ▸ Compare Designs: their table
    /// as the dialog shows it (each row's change against the first), the
    /// sentences and the chart. The model must outlive the exporter; null
    /// leaves it out.
    void setDesignComparison(const DesignComparisonModel *comparison, const QImage &chart = QImage());
    /// Returns false and sets *error on failure.
    bool write(const QString &fileName, QString *error) const;
    /// The report as HTML.
    QString html() const;

private:
    const FabricDocument *m_document;
    const AnalysisRunner *m_runner;
    const FabricCanvas *m_canvas;
    const DesignComparisonModel *m_comparison = nullptr;
    QImage m_comparisonChart;
};

} // namespace Railyard
