#include "views/niceaxis.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace Railyard {

NiceAxis niceAxis(double maximum, int targetSteps)
{
    NiceAxis axis;
    targetSteps = std::max(1, targetSteps);
    if (!std::isfinite(maximum) || maximum <= 0)
        return axis; // 0 to 1, one step
    const double raw = maximum / targetSteps;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude * 10;
    for (const double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (factor * magnitude >= raw) {
            step = factor * magnitude;
            break;
        }
    // Room above the largest value for its label: the next tick past it.
    const double steps = std::floor(maximum / step + 1e-9) + 1;
    axis.step = step;
    axis.top = steps * step;
    axis.ticks = int(steps) + 1;
    axis.decimals = 0;
    for (double s = step; axis.decimals < 6 && std::fabs(s - std::round(s)) > 1e-9 * std::max(1.0, s); s *= 10)
        ++axis.decimals;
    return axis;
}

void applyNiceAxis(QValueAxis *axis, double maximum, int targetSteps)
{
    const NiceAxis nice = niceAxis(maximum, targetSteps);
    axis->setRange(0, nice.top);
    axis->setTickCount(nice.ticks);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(nice.decimals) + QStringLiteral("f"));
}

} // namespace Railyard
