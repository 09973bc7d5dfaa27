#include "views/niceaxis.h"

#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace Railyard {

namespace {

/// The smallest of 1, 2, 2.5, 5 × 10^n at least `raw` (> 0).
double niceStep(double raw)
{
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 2.5, 5.0})
        if (factor * magnitude >= raw)
            return factor * magnitude;
    return 10 * magnitude;
}

/// Digits after the point a multiple of `step` needs.
int decimalsOf(double step)
{
    int decimals = 0;
    for (double s = step; decimals < 6 && std::fabs(s - std::round(s)) > 1e-9 * std::max(1.0, s); s *= 10)
        ++decimals;
    return decimals;
}

void applyTo(QValueAxis *axis, const NiceAxis &nice)
{
    axis->setRange(nice.bottom, nice.top);
    axis->setTickCount(nice.ticks);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(nice.decimals) + QStringLiteral("f"));
}

} // namespace

NiceAxis niceAxis(double maximum, int targetSteps)
{
    NiceAxis axis;
    targetSteps = std::max(1, targetSteps);
    if (!std::isfinite(maximum) || maximum <= 0)
        return axis; // 0 to 1, one step
    const double step = niceStep(maximum / targetSteps);
    // Room above the largest value for its label: the next tick past it.
    const double steps = std::floor(maximum / step + 1e-9) + 1;
    axis.step = step;
    axis.top = steps * step;
    axis.ticks = int(steps) + 1;
    axis.decimals = decimalsOf(step);
    return axis;
}

void applyNiceAxis(QValueAxis *axis, double maximum, int targetSteps)
{
    applyTo(axis, niceAxis(maximum, targetSteps));
}

NiceAxis niceAxisBetween(double minimum, double maximum, int targetSteps)
{
    if (!std::isfinite(minimum) || !std::isfinite(maximum) || minimum <= 0 || maximum <= minimum)
        return niceAxis(maximum, targetSteps);
    targetSteps = std::max(1, targetSteps);
    const double step = niceStep((maximum - minimum) / targetSteps);
    NiceAxis axis;
    axis.step = step;
    // A whole step below the smallest value and one past the largest.
    axis.bottom = std::max(0.0, (std::ceil(minimum / step - 1e-9) - 1) * step);
    axis.top = (std::floor(maximum / step + 1e-9) + 1) * step;
    axis.ticks = int(std::llround((axis.top - axis.bottom) / step)) + 1;
    axis.decimals = decimalsOf(step);
    return axis;
}

void applyNiceAxisBetween(QValueAxis *axis, double minimum, double maximum, int targetSteps)
{
    applyTo(axis, niceAxisBetween(minimum, maximum, targetSteps));
}

} // namespace Railyard
