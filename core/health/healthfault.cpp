#include "core/health/healthfault.h"

#include "core/common/messagetext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace Railyard {

namespace {

struct KindName
{
    FaultKind kind;
    const char *name;
};
constexpr KindName kindNames[]
    = {{FaultKind::Degrade, "degrade"},    {FaultKind::Flap, "flap"}, {FaultKind::Ber, "ber"},
       {FaultKind::PfcStorm, "pfc-storm"}, {FaultKind::Hang, "hang"}, {FaultKind::Slow, "slow"}};

bool parseDouble(const std::string &text, double *out)
{
    if (text.empty())
        return false;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !std::isfinite(v))
        return false;
    *out = v;
    return true;
}

bool parseInt(const std::string &text, std::int64_t *out)
{
    if (text.empty())
        return false;
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (end != text.c_str() + text.size() || v < 0)
        return false;
    *out = v;
    return true;
}

} // namespace

double berGoodputFraction(double ber)
{
    return 1.0 - std::min(0.9, std::max(0.0, ber) * 32768.0);
}

double pfcGoodputFraction(double pausesPerSecond)
{
    return 1.0 - std::min(0.9, std::max(0.0, pausesPerSecond) * 2e-6);
}

const char *faultKindName(FaultKind kind)
{
    for (const KindName &k : kindNames)
        if (k.kind == kind)
            return k.name;
    return "degrade";
}

std::optional<FaultKind> faultKindFromName(const std::string &name)
{
    for (const KindName &k : kindNames)
        if (name == k.name)
            return k.kind;
    return std::nullopt;
}

std::optional<HealthFault> parseHealthFault(const std::string &textIn, const Fabric &fabric, std::string *error)
{
    HealthFault fault;
    std::string text = textIn;
    const size_t at = text.rfind('@');
    if (at != std::string::npos) {
        if (!parseInt(text.substr(at + 1), &fault.startInterval)) {
            *error = "'" + elided(textIn) + "': @INTERVAL must be a whole number >= 0";
            return std::nullopt;
        }
        text.resize(at);
    }
    const size_t c1 = text.find(':');
    if (c1 == std::string::npos) {
        *error = "'" + elided(textIn) + "': expected KIND:ID:VALUE[@INTERVAL]";
        return std::nullopt;
    }
    const std::optional<FaultKind> kind = faultKindFromName(text.substr(0, c1));
    if (!kind) {
        *error = "'" + elided(textIn) + "': unknown fault kind '" + elided(text.substr(0, c1))
            + "' (degrade, flap, ber, pfc-storm, hang, slow)";
        return std::nullopt;
    }
    fault.kind = *kind;
    std::string rest = text.substr(c1 + 1);
    std::string valueText;
    if (isRankFault(fault.kind)) {
        // ID is rank:N or JOB/rank:N, so the value follows the third colon.
        const size_t r = rest.find("rank:");
        if (r == std::string::npos || (r != 0 && rest[r - 1] != '/')) {
            *error = "'" + elided(textIn) + "': " + faultKindName(fault.kind) + " needs ID rank:N (or JOB/rank:N)";
            return std::nullopt;
        }
        if (r > 0)
            fault.job = rest.substr(0, r - 1);
        const std::string afterRank = rest.substr(r + 5);
        const size_t c = afterRank.find(':');
        const std::string number = afterRank.substr(0, c);
        if (!parseInt(number, &fault.rank)) {
            *error = "'" + elided(textIn) + "': rank number '" + elided(number) + "' is not a whole number >= 0";
            return std::nullopt;
        }
        fault.element = rest.substr(0, r + 5 + number.size());
        if (c != std::string::npos)
            valueText = afterRank.substr(c + 1);
    } else {
        const size_t c = rest.rfind(':');
        fault.element = c == std::string::npos ? rest : rest.substr(0, c);
        if (c != std::string::npos)
            valueText = rest.substr(c + 1);
        fault.link = fabric.findLink(fault.element);
        if (fault.link < 0) {
            *error = "'" + elided(textIn) + "': unknown link '" + elided(fault.element) + "'";
            return std::nullopt;
        }
    }
    // Defaults where VALUE may be left out.
    switch (fault.kind) {
    case FaultKind::Flap: fault.value = 3; break;
    case FaultKind::Hang: fault.value = 0; break;
    case FaultKind::Ber: fault.value = 1e-6; break;
    case FaultKind::PfcStorm: fault.value = 2e5; break;
    case FaultKind::Slow: fault.value = 1.5; break;
    case FaultKind::Degrade: fault.value = 0.5; break;
    }
    if (!valueText.empty() && !parseDouble(valueText, &fault.value)) {
        *error = "'" + elided(textIn) + "': VALUE '" + valueText + "' is not a number";
        return std::nullopt;
    }
    const double v = fault.value;
    const char *bad = nullptr;
    switch (fault.kind) {
    case FaultKind::Degrade:
        bad = (v > 0 && v < 1) ? nullptr : "degrade: VALUE is a fraction of the rate in (0, 1)";
        break;
    case FaultKind::Flap: bad = (v >= 2) ? nullptr : "flap: VALUE is the period in intervals, >= 2"; break;
    case FaultKind::Ber: bad = (v > 0 && v < 1) ? nullptr : "ber: VALUE is a bit-error rate in (0, 1)"; break;
    case FaultKind::PfcStorm: bad = (v > 0) ? nullptr : "pfc-storm: VALUE is pause frames per second, > 0"; break;
    case FaultKind::Hang: break;
    case FaultKind::Slow: bad = (v > 1) ? nullptr : "slow: VALUE is the factor on the rank's busy time, > 1"; break;
    }
    if (bad) {
        *error = "'" + elided(textIn) + "': " + bad;
        return std::nullopt;
    }
    return fault;
}

std::string healthFaultToString(const HealthFault &fault)
{
    char value[64];
    std::snprintf(value, sizeof value, "%g", fault.value);
    return std::string(faultKindName(fault.kind)) + ":" + fault.element + ":" + value + "@"
        + std::to_string(fault.startInterval);
}

} // namespace Railyard
