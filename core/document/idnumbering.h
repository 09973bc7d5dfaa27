#pragma once

// New ids for copies of elements: "gpu0384" -> the next free number with the
// same prefix and width ("gpu0385", or past the highest in use), "rack-1" ->
// "rack-3" when 2 is taken. Ids without a trailing number get "-2", "-3", …

#include "core/model/fabric.h"

#include <string>
#include <unordered_map>
#include <unordered_set>

namespace Railyard {

class IdNumbering
{
public:
    /// Learns the numbers in use from every host, switch and link id. O(N + L).
    explicit IdNumbering(const Fabric &fabric);
    /// Learns the numbers of other names in use (rack, scalable unit names).
    void learn(const std::string &name);
    /// A new unused name derived from `name`, and remembers it as used.
    std::string next(const std::string &name);
    bool isUsed(const std::string &name) const { return m_used.count(name) > 0; }

private:
    std::unordered_map<std::string, long long> m_maxByPrefix;
    std::unordered_set<std::string> m_used;
};

} // namespace Railyard
