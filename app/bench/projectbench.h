#pragma once

#include "core/model/fabric.h"

namespace Railyard {

/// railyard-bench --project: times the .railyard project file on one fabric
/// — save as a new file, save over the existing project (one transaction),
/// open, add a version, read it back — next to writing and reading the same
/// fabric as .fabric.json; reports the median of `repeats` runs, the file
/// sizes, and resident memory: the process with the fabric loaded, and how
/// much each stage adds at its peak (measured once per stage in a forked
/// child; Linux). The fabric is moved in so it is held once. Returns the
/// exit code.
int runProjectBench(Fabric fabric, const char *label, int repeats, bool json);

} // namespace Railyard
