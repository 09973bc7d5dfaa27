#pragma once

#include <QString>

namespace Railyard {

/// Bytes in binary units for reports: "512 MiB", "1.50 GiB", "7.3 TiB"
/// (no decimals for plain bytes, two below 10 of a unit, one above).
QString formatBytes(double bytes);

/// A parameter count with its scale: "70.6B", "1.25T", "350.0M".
QString formatParameters(double parameters);

} // namespace Railyard
