#include "core/formats/ibnetdiscover/infinibandrates.h"

#include <cmath>
#include <cstdlib>

namespace Railyard::InfinibandRates {
namespace {

struct Lane
{
    const char *name;
    double gbps;
};

// FDR10 before FDR: nameOf() prefers the standard name on ties (QDR = FDR10 = 10).
constexpr Lane lanes[] = {{"SDR", 2.5}, {"DDR", 5},  {"QDR", 10},  {"FDR10", 10}, {"FDR", 14},
                          {"EDR", 25},  {"HDR", 50}, {"NDR", 100}, {"XDR", 200}};
constexpr int widths[] = {4, 1, 2, 8, 12};

} // namespace

std::optional<double> laneGbps(std::string_view speed)
{
    for (const Lane &lane : lanes)
        if (speed == lane.name)
            return lane.gbps;
    return std::nullopt;
}

std::optional<double> linkGbps(std::string_view text)
{
    const size_t x = text.find_first_of("xX");
    if (x == 0 || x == std::string_view::npos || x > 2)
        return std::nullopt;
    int width = 0;
    for (size_t i = 0; i < x; ++i) {
        if (text[i] < '0' || text[i] > '9')
            return std::nullopt;
        width = width * 10 + (text[i] - '0');
    }
    bool known = false;
    for (int w : widths)
        known = known || w == width;
    const std::optional<double> lane = laneGbps(text.substr(x + 1));
    if (!known || !lane)
        return std::nullopt;
    return width * *lane;
}

std::optional<std::string> nameOf(double gbps)
{
    for (int width : widths)
        for (const Lane &lane : lanes)
            if (std::abs(width * lane.gbps - gbps) < 1e-6)
                return std::to_string(width) + "x" + lane.name;
    return std::nullopt;
}

} // namespace Railyard::InfinibandRates
