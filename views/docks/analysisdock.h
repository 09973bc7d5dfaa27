#pragma once

#include <QDockWidget>
#include <QImage>

#include <memory>

namespace Railyard {

class AnalysisRunner;
class FabricDocument;

/// The numbers an architect reads at once: bisection (Gbit/s per direction,
/// ratio to full, method, exact or upper bound) with before → after under a
/// what-if and which cut links changed; Qt Charts of oversubscription per
/// tier (aggregate and worst switch), capacity per tier (down and up) and the
/// bisection ratio; a progress line while the analysis runs.
///
/// Figures come from the AnalysisRunner (baseline and current what-if); the
/// dock never analyses on the UI thread, it only re-reads the runner's
/// reports when it finishes and the document's failure list when it changes.
/// The big bisection label is formatted with QLocale: "6,400 Gbit/s", or
/// "12.8 Tbit/s" above 10,000 Gbit/s.
class AnalysisDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit AnalysisDock(QWidget *parent = nullptr);
    ~AnalysisDock() override;
    void setDocument(FabricDocument *document);
    void setAnalysisRunner(AnalysisRunner *runner);

    /// The current bisection, Gbit/s per direction, as an exact locale-free
    /// number with its unit — "6000 Gbit/s", "812.5 Gbit/s" — comparable with
    /// the CLI's JSON "gbps" (tests and reports). Empty before the first run.
    QString bisectionText() const;
    /// The three charts (oversubscription per tier, capacity per tier,
    /// bisection ratio), each rendered afresh to an image of the given size,
    /// for reports. Works whether or not the dock is shown; empty list before
    /// the first run.
    QList<QImage> chartImages(const QSize &size) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace Railyard
