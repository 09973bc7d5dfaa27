#pragma once

#include <QString>

namespace Railyard {

/// Bytes in binary units for reports: "512 MiB", "1.50 GiB", "7.3 TiB"
/// (no decimals for plain bytes, two below 10 of a unit, one above).
QString formatBytes(double bytes);

} // namespace Railyard
