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

NiceAxis niceAxisBetween(double minimum, double maximum, int targetSteps)
{
    if (!std::isfinite(minimum) || !std::isfinite(maximum) || minimum <= 0 || maximum <= minimum)
        return niceAxis(maximum, targetSteps);
    targetSteps = std::max(1, targetSteps);
    const double raw = (maximum - minimum) / targetSteps;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude * 10;
    for (const double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (factor * magnitude >= raw) {
            step = factor * magnitude;
            break;
        }
    NiceAxis axis;
    axis.step = step;
    // A whole step below the smallest value and one past the largest.
    axis.bottom = std::max(0.0, (std::ceil(minimum / step - 1e-9) - 1) * step);
    axis.top = (std::floor(maximum / step + 1e-9) + 1) * step;
    axis.ticks = int(std::llround((axis.top - axis.bottom) / step)) + 1;
    axis.decimals = 0;
    for (double s = step; axis.decimals < 6 && std::fabs(s - std::round(s)) > 1e-9 * std::max(1.0, s); s *= 10)
        ++axis.decimals;
    return axis;
}

void applyNiceAxisBetween(QValueAxis *axis, double minimum, double maximum, int targetSteps)
{
    const NiceAxis nice = niceAxisBetween(minimum, maximum, targetSteps);
    axis->setRange(nice.bottom, nice.top);
    axis->setTickCount(nice.ticks);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(nice.decimals) + QStringLiteral("f"));
}

} // namespace Railyard
