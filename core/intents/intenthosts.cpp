#include "core/intents/intenthosts.h"

#include "core/intents/selector.h"

#include <charconv>

namespace Railyard {

std::vector<std::string> hostsNamedBy(const Intent &intent, const std::string &pointer, const Fabric &fabric)
{
    // "/allow/3[/from|/to|/...]"
    std::vector<std::string_view> parts;
    std::string_view rest(pointer);
    while (!rest.empty() && rest.front() == '/') {
        rest.remove_prefix(1);
        const size_t slash = rest.find('/');
        parts.push_back(rest.substr(0, slash));
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
    }
    if (parts.size() < 2 || (parts[0] != "allow" && parts[0] != "deny"))
        return {};
    const std::vector<IntentRule> &rules = parts[0] == "deny" ? intent.deny : intent.allow;
    size_t index = 0;
    const auto [end, ec] = std::from_chars(parts[1].data(), parts[1].data() + parts[1].size(), index);
    if (ec != std::errc() || end != parts[1].data() + parts[1].size() || index >= rules.size())
        return {};
    const IntentRule &rule = rules[index];
    // A pointer to one selector names that selector only.
    std::vector<Selector> selectors;
    for (const auto &[field, pattern] : {std::pair{"from", &rule.from}, std::pair{"to", &rule.to}}) {
        if (parts.size() >= 3 && (parts[2] == "from" || parts[2] == "to") && parts[2] != field)
            continue;
        std::string error;
        if (std::optional<Selector> s = Selector::compile(*pattern, &error); s && !s->isPublic())
            selectors.push_back(std::move(*s));
    }
    std::vector<std::string> ids;
    for (std::int32_t h = 0; h < fabric.hostCount(); ++h)
        for (const Selector &s : selectors)
            if (s.matchesHost(fabric.host(h))) {
                ids.push_back(fabric.host(h).id);
                break;
            }
    return ids;
}

} // namespace Railyard
