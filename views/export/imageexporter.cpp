#include "views/export/imageexporter.h"

#include "views/canvas/fabriccanvas.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace Railyard {

ImageExporter::ImageExporter(const FabricCanvas *canvas)
    : m_canvas(canvas)
{
}

bool ImageExporter::write(const QString &fileName, bool wholeFabric, QString *error, const QSize &size) const
{
    return write(fileName, PictureOptions{wholeFabric, size, std::nullopt}, error);
}

bool ImageExporter::write(const QString &fileName, const PictureOptions &options, QString *error) const
{
    const bool wholeFabric = options.wholeFabric;
    const QSize requested = options.size;
    std::optional<FabricCanvas::Detail> detail;
    if (options.detail)
        detail = FabricCanvas::Detail(*options.detail);
    const QRectF source = wholeFabric ? QRectF() : m_canvas->visibleSceneRect();
    const QSize size = requested.isValid() ? requested : (wholeFabric ? QSize(2400, 1350) : m_canvas->size());
    const qreal dpr = requested.isValid() ? 1.0 : m_canvas->devicePixelRatioF();
    return writePicture(fileName, size, dpr, QStringLiteral("Railyard fabric"),
                        QCoreApplication::translate("Railyard::ImageExporter", "Fabric topology exported from Railyard"),
                        [&](QPainter &painter, const QRectF &target) { m_canvas->render(&painter, target, source, detail); },
                        error);
}

bool writePicture(const QString &fileName, const QSize &size, qreal devicePixelRatio, const QString &title,
                  const QString &description, const std::function<void(QPainter &, const QRectF &)> &paint,
                  QString *error)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    auto fail = [&](const QString &why) {
        if (error)
            *error = QCoreApplication::translate("Railyard::ImageExporter", "%1: %2").arg(fileName, why);
        return false;
    };
    if (suffix == QLatin1String("png")) {
        QImage image(size * devicePixelRatio, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(devicePixelRatio);
        QPainter painter(&image);
        paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
        painter.end();
        if (!image.save(fileName, "PNG"))
            return fail(QCoreApplication::translate("Railyard::ImageExporter", "cannot write the PNG file"));
        return true;
    }
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(fileName);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(description);
        QPainter painter;
        if (!painter.begin(&svg))
            return fail(QCoreApplication::translate("Railyard::ImageExporter", "cannot write the SVG file"));
        paint(painter, QRectF(QPointF(0, 0), QSizeF(size)));
        painter.end();
        return true;
    }
    if (suffix == QLatin1String("pdf")) {
        QPdfWriter pdf(fileName);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("Railyard"));
        pdf.setPageSize(QPageSize(QPageSize::A3));
        pdf.setPageOrientation(QPageLayout::Landscape);
        pdf.setResolution(150);
        QPainter painter;
        if (!painter.begin(&pdf))
            return fail(QCoreApplication::translate("Railyard::ImageExporter", "cannot write the PDF file"));
        paint(painter, QRectF(painter.viewport()));
        painter.end();
        return true;
    }
    return fail(QCoreApplication::translate("Railyard::ImageExporter", "unknown picture format '%1' (use png, svg or pdf)").arg(suffix));
}

} // namespace Railyard
