#pragma once

#include <QString>

namespace Railyard {

/// railyard-bench --intents: generates a 200-rule intent (and an edited
/// second version) for a fabric (default samples/meta-24k) and times lint
/// and diff, each from the intent text to the JSON report; prints the median
/// of `repeats` runs and the peak RSS (a table, or JSON). Returns the
/// process exit code.
int runIntentBench(const QString &fabricPath, int repeats, bool json);

} // namespace Railyard
