#pragma once

namespace Railyard {

/// railyard-bench --lfts: reading a subnet manager's forwarding tables for
/// 1,024- and 4,096-GPU fabrics, mapping them onto the design, and the
/// effective bisection of 1,000 random bisections. Prints the median of
/// `repeats` runs. Returns the process exit code.
int runRoutingBench(int repeats, bool json);

} // namespace Railyard
