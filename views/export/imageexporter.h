#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <QRectF>

#include <functional>
#include <optional>

class QPainter;

namespace Railyard {

class FabricCanvas;

/// Writes a picture by the file's suffix: PNG (`size` × `devicePixelRatio`
/// pixels), SVG (`size` as its view box, `title` and `description`) or PDF
/// (an A3 landscape page at 150 dpi, drawn over the page). `paint` draws
/// into the target rectangle it is given. False and *error naming the file
/// when it cannot be written or the suffix is none of the three.
bool writePicture(const QString &fileName, const QSize &size, qreal devicePixelRatio, const QString &title,
                  const QString &description, const std::function<void(QPainter &, const QRectF &)> &paint,
                  QString *error);

/// What to export and how: the whole fabric or the visible part, the
/// picture's size in pixels (PNG; SVG's view box; the PDF fills an A3 page),
/// and a level of detail (FabricCanvas::Detail as int) to force, else the
/// one the scale gives.
struct PictureOptions
{
    bool wholeFabric = false;
    QSize size;                ///< invalid: the canvas's size (whole fabric: 2400 × 1350)
    std::optional<int> detail; ///< FabricCanvas::Detail
};

/// Exports the canvas as a picture: PNG (raster, scaled by devicePixelRatio
/// for sharp high-DPI output), SVG (QSvgGenerator) or PDF (QPdfWriter), by
/// the file's suffix. The whole fabric when wholeFabric is set, otherwise the
/// visible part.
class ImageExporter
{
public:
    explicit ImageExporter(const FabricCanvas *canvas);
    /// Returns false and sets *error (naming the file) on failure.
    bool write(const QString &fileName, bool wholeFabric, QString *error, const QSize &size = QSize()) const;
    bool write(const QString &fileName, const PictureOptions &options, QString *error) const;

    static QStringList suffixes() { return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}; }

private:
    const FabricCanvas *m_canvas;
};

} // namespace Railyard
