#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

namespace Railyard {

class FabricCanvas;

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

    static QStringList suffixes() { return {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}; }

private:
    const FabricCanvas *m_canvas;
};

} // namespace Railyard
