#pragma once

// InfiniBand link rates: a width (1x, 2x, 4x, 8x, 12x) times a lane rate
// named by its generation. Railyard uses the nominal data rates the trade
// uses for capacity (4xEDR = 100 Gb/s, 4xHDR = 200, 4xNDR = 400, 4xXDR =
// 800), not the signalling rates iblinkinfo prints (EDR 25.78125 Gb/s per
// lane): per lane SDR 2.5, DDR 5, QDR 10, FDR10 10, FDR 14, EDR 25, HDR 50,
// NDR 100, XDR 200.

#include <optional>
#include <string>
#include <string_view>

namespace Railyard::InfinibandRates {

/// Gb/s per lane of a speed name ("NDR"); std::nullopt when unknown ("???").
std::optional<double> laneGbps(std::string_view speed);

/// Gb/s of "4xNDR", "2xHDR", "12xQDR"; std::nullopt when the width or the
/// speed is unknown.
std::optional<double> linkGbps(std::string_view widthAndSpeed);

/// The width and speed name for a rate: 4 lanes first, then 1, 2, 8, 12
/// ("4xNDR" for 400). std::nullopt when no combination gives it.
std::optional<std::string> nameOf(double gbps);

} // namespace Railyard::InfinibandRates
