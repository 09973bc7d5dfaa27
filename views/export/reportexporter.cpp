#include "views/export/reportexporter.h"

#include "core/analysis/report.h"
#include "views/dialogs/designcomparisonmodel.h"
#include "core/document/fabricdocument.h"
#include "views/docks/analysischarts.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QFontInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>

namespace Railyard {

namespace {

/// Cut link ids listed in the report; the rest are counted.
constexpr int kMaxListedCutLinks = 50;
/// Failed ids listed in the what-if section.
constexpr int kMaxListedFailures = 200;
const QSize kChartSize(900, 420);
const QSize kCanvasSize(1600, 900);

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString esc(const std::string &text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

/// One image of the report: where it goes and how it is referenced.
struct ReportImage
{
    QString name; ///< file-like name, e.g. "chart-1.png"
    QString alt;
    QImage image;
};

/// Builds the report's HTML. Images are referenced through imageSource, so
/// the same text serves the HTML file (data URIs) and the PDF (resources).
class ReportBuilder
{
    Q_DECLARE_TR_FUNCTIONS(Railyard::ReportExporter)
public:
    const FabricDocument *document = nullptr;
    const AnalysisRunner *runner = nullptr;
    const FabricCanvas *canvas = nullptr;
    const DesignComparisonModel *comparison = nullptr;
    QImage comparisonChart;

    std::vector<ReportImage> images() const;
    QString html(const std::vector<ReportImage> &images, const std::function<QString(const ReportImage &)> &source,
                 int imageWidth) const;

private:
    QString title() const;
    QString switchId(std::int32_t index) const;
    QString linkId(std::int32_t index) const;
    QString countsSection(const FabricCounts &counts) const;
    QString oversubscriptionSection(const AnalysisReport &report) const;
    QString bisectionSection(const AnalysisReport &report) const;
    QString whatIfSection(const AnalysisReport &baseline, const AnalysisReport &current) const;
    QString comparisonSection() const;
};

QString ReportBuilder::title() const
{
    const QString name = document ? document->displayName() : QString();
    return name.isEmpty() ? tr("Fabric report") : tr("Fabric report: %1").arg(name);
}

QString ReportBuilder::switchId(std::int32_t index) const
{
    // A report may lag a structural edit: check indices against the fabric.
    if (!document || index < 0 || index >= document->fabric().switchCount())
        return QStringLiteral("—");
    return QString::fromStdString(document->fabric().switchAt(index).id);
}

QString ReportBuilder::linkId(std::int32_t index) const
{
    if (!document || index < 0 || index >= document->fabric().linkCount())
        return QStringLiteral("?");
    return QString::fromStdString(document->fabric().link(index).id);
}

std::vector<ReportImage> ReportBuilder::images() const
{
    std::vector<ReportImage> result;
    const AnalysisReport *baseline = runner ? runner->baseline() : nullptr;
    if (baseline && runner->current()) {
        const AnalysisReport *whatIf = runner->current()->failed.empty() ? nullptr : runner->current();
        const QList<QImage> charts = AnalysisCharts::reportImages(*baseline, whatIf, kChartSize);
        const QString alts[] = {tr("Oversubscription per tier"), tr("Capacity per tier"), tr("Bisection ratio")};
        for (int i = 0; i < charts.size(); ++i)
            if (!charts[i].isNull())
                result.push_back({QStringLiteral("chart-%1.png").arg(i + 1), i < 3 ? alts[i] : QString(), charts[i]});
    }
    if (canvas) {
        QImage picture(kCanvasSize, QImage::Format_ARGB32_Premultiplied);
        picture.fill(Qt::white);
        QPainter painter(&picture);
        painter.setRenderHint(QPainter::Antialiasing);
        canvas->render(&painter, QRectF(QPointF(0, 0), QSizeF(kCanvasSize)));
        painter.end();
        result.push_back({QStringLiteral("canvas.png"), tr("The fabric"), picture});
    }
    if (comparison && !comparisonChart.isNull())
        result.push_back({QStringLiteral("designs.png"), tr("Designs compared, relative to the first"), comparisonChart});
    return result;
}

QString ReportBuilder::comparisonSection() const
{
    if (!comparison || comparison->columnCount() < 2)
        return {};
    const DesignComparison &c = comparison->comparison();
    QString h = QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Designs compared")));
    if (!c.job.empty())
        h += QStringLiteral("<p>%1</p>\n")
                 .arg(esc(tr("With the job %1 placed on each design alone.").arg(QString::fromStdString(c.job))));
    // The dialog's table, cell for cell.
    h += QStringLiteral("<table>\n<tr><th></th>");
    for (int column = 0; column < comparison->columnCount(); ++column)
        h += QStringLiteral("<th>%1</th>").arg(esc(comparison->headerData(column, Qt::Horizontal).toString()));
    h += QStringLiteral("</tr>\n");
    for (int row = 0; row < comparison->rowCount(); ++row) {
        h += QStringLiteral("<tr><td>%1</td>").arg(esc(comparison->headerData(row, Qt::Vertical).toString()));
        for (int column = 0; column < comparison->columnCount(); ++column)
            h += QStringLiteral("<td class=\"n\">%1</td>")
                     .arg(esc(comparison->data(comparison->index(row, column)).toString()));
        h += QStringLiteral("</tr>\n");
    }
    h += QStringLiteral("</table>\n<ul>\n");
    for (const std::string &summary : c.summaries)
        h += QStringLiteral("<li>%1</li>\n").arg(esc(summary));
    h += QStringLiteral("</ul>\n");
    return h;
}

QString ReportBuilder::countsSection(const FabricCounts &c) const
{
    const QLocale locale;
    QString h = QStringLiteral("<h2>%1</h2>\n<table>\n").arg(tr("Counts"));
    auto row = [&h](const QString &what, const QString &value) {
        h += QStringLiteral("<tr><th>%1</th><td class=\"n\">%2</td></tr>\n").arg(esc(what), esc(value));
    };
    row(tr("GPUs"), locale.toString(c.gpus));
    row(tr("Hosts"), locale.toString(c.hosts));
    row(tr("Switches"), locale.toString(c.switches));
    for (const Tier tier : {Tier::Leaf, Tier::Spine, Tier::Core, Tier::Unlayered}) {
        const auto it = c.switchesByTier.find(tierName(tier));
        if (it != c.switchesByTier.end())
            row(tr("%1 switches").arg(AnalysisCharts::tierLabel(tier)), locale.toString(it->second));
    }
    row(tr("Links"), locale.toString(c.links));
    row(tr("Rails"), locale.toString(c.rails));
    row(tr("Planes"), locale.toString(c.planes));
    h += QStringLiteral("</table>\n");

    h += QStringLiteral("<h3>%1</h3>\n<table>\n<tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>\n")
             .arg(tr("Links by tier and speed"), tr("from"), tr("to"), tr("speed (per direction)"), tr("links"));
    for (const auto &g : c.linkGroups)
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td class=\"n\">%3</td><td class=\"n\">%4</td></tr>\n")
                 .arg(esc(g.lowerTier), esc(g.upperTier), esc(AnalysisCharts::gbpsText(g.gbps)),
                      locale.toString(g.count));
    h += QStringLiteral("</table>\n");
    return h;
}

QString ReportBuilder::oversubscriptionSection(const AnalysisReport &report) const
{
    QString h = QStringLiteral("<h2>%1</h2>\n<table>\n<tr><th>%2</th><th>%3</th><th>%4</th><th>%5</th>"
                               "<th>%6</th><th>%7</th><th>%8</th></tr>\n")
                    .arg(tr("Oversubscription (down : up)"), tr("tier"), tr("switches"), tr("down"), tr("up"),
                         tr("aggregate"), tr("worst switch"), tr("worst switch id"));
    for (const auto &t : report.oversubscription.tiers) {
        h += QStringLiteral("<tr><td>%1</td><td class=\"n\">%2</td><td class=\"n\">%3</td><td class=\"n\">%4</td>"
                            "<td class=\"n\">%5</td><td class=\"n\">%6</td><td>%7</td></tr>\n")
                 .arg(esc(AnalysisCharts::tierLabel(t.tier)), QLocale().toString(t.switches),
                      esc(AnalysisCharts::capacityText(t.downGbps)), esc(AnalysisCharts::capacityText(t.upGbps)),
                      t.isTop ? esc(tr("— (top tier)")) : esc(AnalysisCharts::ratioText(t.ratio)),
                      t.isTop ? QStringLiteral("—") : esc(AnalysisCharts::ratioText(t.worstRatio)),
                      t.isTop ? QStringLiteral("—") : esc(switchId(t.worstSwitch)));
    }
    h += QStringLiteral("</table>\n");
    return h;
}

QString ReportBuilder::bisectionSection(const AnalysisReport &report) const
{
    const BisectionResult &b = report.bisection;
    QString h = QStringLiteral("<h2>%1</h2>\n<table>\n").arg(tr("Bisection bandwidth"));
    auto row = [&h](const QString &what, const QString &value) {
        h += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n").arg(esc(what), esc(value));
    };
    row(tr("Bisection (per direction)"), AnalysisCharts::gbpsText(b.gbps));
    row(tr("Full bisection (per direction)"), AnalysisCharts::gbpsText(b.fullGbps));
    row(tr("Ratio to full"), AnalysisCharts::bisectionRatioText(b.ratio));
    row(tr("Method"), AnalysisCharts::methodText(b.method));
    row(tr("Result"), b.exact ? tr("exact") : tr("upper bound (the true bisection may be lower)"));
    row(tr("Links in the cut"), QLocale().toString(static_cast<qlonglong>(b.cutLinks.size())));
    row(tr("GPUs on each side"),
        tr("%1 | %2").arg(QLocale().toString(b.gpusSideA), QLocale().toString(b.gpusSideB)));
    h += QStringLiteral("</table>\n");
    if (!b.cutLinks.empty()) {
        QStringList ids;
        const int shown = std::min<int>(kMaxListedCutLinks, static_cast<int>(b.cutLinks.size()));
        for (int i = 0; i < shown; ++i)
            ids << esc(linkId(b.cutLinks[static_cast<size_t>(i)]));
        QString list = ids.join(QStringLiteral(", "));
        if (static_cast<int>(b.cutLinks.size()) > shown)
            list += esc(tr(", and %1 more").arg(b.cutLinks.size() - static_cast<size_t>(shown)));
        h += QStringLiteral("<p><b>%1</b> <span class=\"ids\">%2</span></p>\n").arg(esc(tr("Cut links:")), list);
    }
    return h;
}

QString ReportBuilder::whatIfSection(const AnalysisReport &baseline, const AnalysisReport &current) const
{
    QString h = QStringLiteral("<h2>%1</h2>\n<table>\n<tr><th></th><th>%2</th><th></th><th>%3</th></tr>\n")
                    .arg(tr("What-if: before → after"), tr("before"), tr("after"));
    auto row = [&h](const QString &what, const QString &before, const QString &after) {
        h += QStringLiteral("<tr><th>%1</th><td class=\"n\">%2</td><td>→</td><td class=\"n\">%3</td></tr>\n")
                 .arg(esc(what), esc(before), before == after ? esc(after) : QStringLiteral("<b>%1</b>").arg(esc(after)));
    };
    row(tr("bisection (per direction)"), AnalysisCharts::gbpsText(baseline.bisection.gbps),
        AnalysisCharts::gbpsText(current.bisection.gbps));
    row(tr("bisection ratio"), AnalysisCharts::bisectionRatioText(baseline.bisection.ratio),
        AnalysisCharts::bisectionRatioText(current.bisection.ratio));
    for (const auto &before : baseline.oversubscription.tiers) {
        if (before.isTop)
            continue;
        const TierOversubscription *after = findTier(current.oversubscription, before.tier);
        const QString tier = AnalysisCharts::tierLabel(before.tier);
        row(tr("%1 aggregate").arg(tier), AnalysisCharts::ratioText(before.ratio),
            after ? AnalysisCharts::ratioText(after->ratio) : QStringLiteral("—"));
        QString worstAfter = after ? AnalysisCharts::ratioText(after->worstRatio) : QStringLiteral("—");
        if (after && after->worstSwitch >= 0)
            worstAfter += QStringLiteral(" (%1)").arg(switchId(after->worstSwitch));
        row(tr("%1 worst switch").arg(tier),
            AnalysisCharts::ratioText(before.worstRatio) + QStringLiteral(" (%1)").arg(switchId(before.worstSwitch)),
            worstAfter);
    }
    h += QStringLiteral("</table>\n");

    const CutChange change = cutChange(baseline.bisection, current.bisection);
    const auto &added = change.added;
    const auto &removed = change.removed;
    h += QStringLiteral("<p>%1</p>\n")
             .arg(esc(tr("Cut changed: +%1 / −%2 links").arg(added.size()).arg(removed.size())));

    QStringList ids;
    const int shown = std::min<int>(kMaxListedFailures, static_cast<int>(current.failed.size()));
    for (int i = 0; i < shown; ++i)
        ids << esc(current.failed[static_cast<size_t>(i)]);
    QString list = ids.join(QStringLiteral(", "));
    if (static_cast<int>(current.failed.size()) > shown)
        list += esc(tr(", and %1 more").arg(current.failed.size() - static_cast<size_t>(shown)));
    h += QStringLiteral("<p><b>%1</b> <span class=\"ids\">%2</span></p>\n")
             .arg(esc(tr("Failed (%1):").arg(current.failed.size())), list);
    return h;
}

QString ReportBuilder::html(const std::vector<ReportImage> &images,
                            const std::function<QString(const ReportImage &)> &source, int imageWidth) const
{
    const QString heading = title();
    const QString version = QCoreApplication::applicationVersion();
    const QString date = QLocale().toString(QDateTime::currentDateTime(), QLocale::LongFormat);

    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>%1</title>\n")
             .arg(esc(heading));
    h += QStringLiteral(
        "<style>\n"
        "body { font-family: sans-serif; color: #222; max-width: 60em; margin: 2em auto; }\n"
        "h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.4em; border-bottom: 1px solid #ccc; }\n"
        "table { border-collapse: collapse; } th, td { padding: 2px 10px 2px 0; text-align: left; }\n"
        "td.n { text-align: right; } .meta, .ids { color: #555; } .ids { font-size: 0.85em; }\n"
        "img { max-width: 100%; border: 1px solid #ddd; margin: 0.5em 0; }\n"
        "</style>\n</head>\n<body>\n");
    h += QStringLiteral("<h1>%1</h1>\n").arg(esc(heading));
    h += QStringLiteral("<p class=\"meta\">%1</p>\n")
             .arg(esc(version.isEmpty() ? tr("%1 · Railyard").arg(date)
                                        : tr("%1 · Railyard %2").arg(date, version)));
    h += QStringLiteral("<p class=\"meta\">%1</p>\n")
             .arg(esc(tr("Capacities are per direction, in Gbit/s unless marked Tbit/s.")));

    const AnalysisReport *baseline = runner ? runner->baseline() : nullptr;
    const AnalysisReport *current = runner ? runner->current() : nullptr;
    if (!baseline || !current) {
        if (document)
            h += countsSection(countFabric(document->fabric()));
        h += QStringLiteral("<p><b>%1</b></p>\n").arg(esc(tr("The analysis has not finished: no oversubscription "
                                                             "or bisection figures.")));
    } else {
        h += countsSection(current->counts);
        h += oversubscriptionSection(*current);
        h += bisectionSection(*current);
        if (!current->failed.empty())
            h += whatIfSection(*baseline, *current);
    }
    h += comparisonSection();

    if (!images.empty()) {
        h += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Charts and canvas")));
        for (const auto &image : images) {
            const int width = std::min(imageWidth, image.image.width());
            const int height = image.image.height() * width / std::max(1, image.image.width());
            h += QStringLiteral("<p><img src=\"%1\" alt=\"%2\" width=\"%3\" height=\"%4\"></p>\n")
                     .arg(source(image), esc(image.alt))
                     .arg(width)
                     .arg(height);
        }
    }
    h += QStringLiteral("</body>\n</html>\n");
    return h;
}

QString dataUri(const QImage &image)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
}

} // namespace

ReportExporter::ReportExporter(const FabricDocument *document, const AnalysisRunner *runner,
                               const FabricCanvas *canvas)
    : m_document(document)
    , m_runner(runner)
    , m_canvas(canvas)
{
}

void ReportExporter::setDesignComparison(const DesignComparisonModel *comparison, const QImage &chart)
{
    m_comparison = comparison;
    m_comparisonChart = chart;
}

QString ReportExporter::html() const
{
    const ReportBuilder builder{m_document, m_runner, m_canvas, m_comparison, m_comparisonChart};
    return builder.html(builder.images(), [](const ReportImage &image) { return dataUri(image.image); }, 900);
}

bool ReportExporter::write(const QString &fileName, QString *error) const
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    const QString shownName = QDir::toNativeSeparators(fileName);
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    if (suffix != QLatin1String("html") && suffix != QLatin1String("htm") && suffix != QLatin1String("pdf"))
        return fail(ReportBuilder::tr("Cannot write the report %1: unknown format \"%2\" (use .html or .pdf).")
                        .arg(shownName, suffix));

    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly))
        return fail(ReportBuilder::tr("Cannot write the report %1: %2").arg(shownName, file.errorString()));

    if (suffix == QLatin1String("pdf")) {
        const ReportBuilder builder{m_document, m_runner, m_canvas, m_comparison, m_comparisonChart};
        const std::vector<ReportImage> images = builder.images();
        QPdfWriter writer(&file);
        writer.setResolution(300);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);

        QTextDocument text;
        for (const auto &image : images)
            text.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("railyard:") + image.name), image.image);
        // Lay the text out on the printable area at 96 dpi (180 × 267 mm ≈
        // 680 × 1009 px); print() scales it to the writer's 300 dpi. A page
        // size of our own also stops print() adding 2 cm of margin inside
        // the writer's 15 mm.
        const QSizeF printable = writer.pageLayout().paintRect(QPageLayout::Inch).size() * 96.0;
        text.setPageSize(printable);
        text.setDocumentMargin(0);
        // The body's 2 em margins (the report's style sheet) come off both sides.
        const int em = QFontInfo(text.defaultFont()).pixelSize();
        const int imageWidth = static_cast<int>(printable.width()) - 4 * em - 10;
        text.setHtml(builder.html(
            images, [](const ReportImage &image) { return QStringLiteral("railyard:") + image.name; }, imageWidth));
        writer.setTitle(text.metaInformation(QTextDocument::DocumentTitle));
        writer.setCreator(QStringLiteral("Railyard %1").arg(QCoreApplication::applicationVersion()).trimmed());
        // Each page drawn here, scaled from 96 dpi to the writer's: print()
        // lays a paginated document out again on the printer with margins
        // of its own, which pushed the wide images past the right edge.
        QPainter painter(&writer);
        const double scale = writer.resolution() / 96.0;
        painter.scale(scale, scale);
        const int pages = text.pageCount();
        for (int page = 0; page < pages; ++page) {
            if (page > 0)
                writer.newPage();
            painter.save();
            const QRectF area(0, page * printable.height(), printable.width(), printable.height());
            painter.translate(0, -area.top());
            text.drawContents(&painter, area);
            painter.restore();
        }
        painter.end(); // completes the PDF
    } else {
        const QByteArray bytes = html().toUtf8();
        if (file.write(bytes) != bytes.size())
            return fail(ReportBuilder::tr("Cannot write the report %1: %2").arg(shownName, file.errorString()));
    }
    if (!file.commit())
        return fail(ReportBuilder::tr("Cannot write the report %1: %2").arg(shownName, file.errorString()));
    return true;
}

} // namespace Railyard
