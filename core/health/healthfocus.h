#pragma once

// What a detection points at, for whoever shows it (the Health dock, the
// CLI, the control service): the ranks it names, merged with the ranks of
// the jobs it slows, and the element to focus on the canvas.

#include "core/health/healthreport.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace Railyard {

/// Per running job, the host node of each rank (-1 where a rank has none):
/// what the health monitor keeps of a placement.
using JobHostMap = std::vector<std::pair<std::string, std::vector<std::int32_t>>>;

/// The alarm's ranks and those of every job it touches: sorted, each once.
std::vector<std::int64_t> detectionRanks(const HealthDetection &detection);

/// The element a detection is about: a link alarm's link; for a rank alarm,
/// the host of the first rank detectionRanks() names in the alarm's job, or
/// the alarm's element when that host is not known.
std::string detectionFocus(const HealthDetection &detection, const Fabric &fabric, const JobHostMap &jobHosts);

} // namespace Railyard
