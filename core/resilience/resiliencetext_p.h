#pragma once
// How the study reports write figures as text (resiliencejson.cpp), shared by
// the study's report and the comparison of designs (resiliencecompare.cpp),
// and the parameters the merge of parts compares (resiliencemerge.cpp).
#include "core/resilience/resilience.h"

#include <string>

namespace Railyard::ResilienceDetail {

/// The figure with a printf format; "—" for NaN (not computed), "cannot run" for infinity.
std::string figureText(const char *format, double v);
/// "98.40 (98.10–98.70)": the value and, when `interval` and it is not the
/// value itself, its 95 % interval.
std::string quantileText(const Quantile &q, const char *format, bool interval);
/// A study's parameters, fabric and healthy answers as one text: two parts
/// of one study give the same (mergeStudies).
std::string parametersText(const StudyResult &r);
/// The first parameter in which part `b` differs from part `a`, with both
/// values and files: "/seed is 7 in b.json and 1 in a.json"; "" when none.
std::string parameterDifference(const StudyResult &a, const StudyResult &b);

} // namespace Railyard::ResilienceDetail
