#pragma once

// Chart axes with "nice" steps (1, 2, 2.5 or 5 × 10^n) that end on a tick
// above the largest value, so bar labels have room and the ticks read as
// round numbers: 0, 250, 500, 750, 1,000 rather than 0, 233, 466, ….

class QValueAxis;

namespace Railyard {

struct NiceAxis
{
    double bottom = 0; ///< the axis' minimum: 0, or a whole number of steps below the data (niceAxisBetween)
    double top = 1;   ///< the axis' maximum: a whole number of steps, above the data
    double step = 1;  ///< the distance between ticks
    int ticks = 2;    ///< tick count, including 0 and top
    int decimals = 0; ///< digits after the point a tick label needs
};

/// The nice axis from 0 for data up to `maximum` (≥ 0), with about
/// `targetSteps` steps; a value equal to a tick still gets room above it.
NiceAxis niceAxis(double maximum, int targetSteps = 5);

/// Sets range, tick count and label format of `axis` from niceAxis(maximum).
void applyNiceAxis(QValueAxis *axis, double maximum, int targetSteps = 5);

/// A nice axis over [minimum, maximum] that does not start at 0: for values
/// that differ by little against their size (steps of 5.46 to 5.56 s), which
/// an axis from 0 would draw as one line. Bottom and top are whole steps,
/// with room below and above the data.
NiceAxis niceAxisBetween(double minimum, double maximum, int targetSteps = 5);
void applyNiceAxisBetween(QValueAxis *axis, double minimum, double maximum, int targetSteps = 5);

} // namespace Railyard
