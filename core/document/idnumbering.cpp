#include "core/document/idnumbering.h"

#include <algorithm>

namespace Railyard {

namespace {

/// Splits "gpu0384" into ("gpu", "0384"); digits empty when none trail.
std::pair<std::string, std::string> splitNumber(const std::string &name)
{
    size_t i = name.size();
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
        --i;
    // Keep numbers to what a long long holds.
    if (name.size() - i > 15)
        i = name.size() - 15;
    return {name.substr(0, i), name.substr(i)};
}

} // namespace

IdNumbering::IdNumbering(const Fabric &fabric)
{
    m_used.reserve(static_cast<size_t>(fabric.nodeCount() + fabric.linkCount()));
    for (const Host &h : fabric.hosts())
        learn(h.id);
    for (const Switch &s : fabric.switches())
        learn(s.id);
    for (const Link &l : fabric.links())
        m_used.insert(l.id);
}

void IdNumbering::learn(const std::string &name)
{
    m_used.insert(name);
    const auto [prefix, digits] = splitNumber(name);
    if (digits.empty())
        return;
    long long &max = m_maxByPrefix[prefix];
    max = std::max(max, std::stoll(digits));
}

std::string IdNumbering::next(const std::string &name)
{
    const auto [prefix, digits] = splitNumber(name);
    std::string candidate;
    if (digits.empty()) {
        for (int n = 2;; ++n) {
            candidate = name + "-" + std::to_string(n);
            if (!m_used.count(candidate))
                break;
        }
    } else {
        long long &max = m_maxByPrefix[prefix];
        do {
            std::string number = std::to_string(++max);
            if (number.size() < digits.size())
                number.insert(0, digits.size() - number.size(), '0');
            candidate = prefix + number;
        } while (m_used.count(candidate));
    }
    learn(candidate);
    return candidate;
}

} // namespace Railyard
