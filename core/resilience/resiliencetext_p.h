#pragma once
// How the study reports write figures as text (resiliencejson.cpp), shared by
// the study's report and the comparison of designs (resiliencecompare.cpp).
#include "core/resilience/resilience.h"

#include <string>

namespace Railyard::ResilienceDetail {

/// The figure with a printf format; "—" for NaN (not computed), "cannot run" for infinity.
std::string figureText(const char *format, double v);
/// "98.40 (98.10–98.70)": the value and, when `interval` and it is not the
/// value itself, its 95 % interval.
std::string quantileText(const Quantile &q, const char *format, bool interval);

} // namespace Railyard::ResilienceDetail
