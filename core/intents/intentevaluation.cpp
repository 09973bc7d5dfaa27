#include "core/intents/intentevaluation.h"

#include <bit>
#include <unordered_map>

namespace Railyard {

namespace {

using Bits = std::vector<std::uint64_t>;

size_t wordsFor(size_t n)
{
    return std::max<size_t>(1, (n + 63) / 64);
}

void setBit(std::uint64_t *bits, size_t i)
{
    bits[i / 64] |= std::uint64_t(1) << (i % 64);
}

/// First set bit of a & b & c over `words` words; -1 when none.
int firstCommon(const std::uint64_t *a, const std::uint64_t *b, const std::uint64_t *c, size_t words)
{
    for (size_t w = 0; w < words; ++w) {
        const std::uint64_t x = a[w] & b[w] & c[w];
        if (x)
            return int(w * 64 + size_t(std::countr_zero(x)));
    }
    return -1;
}

/// Calls f(i) for every set bit of a & b & c.
template<typename F>
void forEachCommon(const std::uint64_t *a, const std::uint64_t *b, const std::uint64_t *c, size_t words, F f)
{
    for (size_t w = 0; w < words; ++w) {
        std::uint64_t x = a[w] & b[w] & c[w];
        while (x) {
            f(int(w * 64 + size_t(std::countr_zero(x))));
            x &= x - 1;
        }
    }
}

std::uint16_t encode(DecisionKind kind, int rule = -1)
{
    return std::uint16_t((unsigned(kind) << 13) | unsigned(rule + 1));
}

/// Per-rule selector bits of one rule list, per group and for @public.
struct ListBits
{
    size_t words = 1;
    Bits from;  ///< group-major: groupCount × words
    Bits to;    ///< (groupCount + 1) × words; the last row is @public
    Bits proto; ///< matrixProtocolCount × words

    ListBits(const std::vector<IntentRule> &rules, const IntentGrouping &grouping)
        : words(wordsFor(rules.size()))
    {
        const size_t groups = size_t(grouping.groupCount());
        from.assign(groups * words, 0);
        to.assign((groups + 1) * words, 0);
        proto.assign(size_t(matrixProtocolCount) * words, 0);
        for (size_t i = 0; i < rules.size(); ++i) {
            const IntentRule &rule = rules[i];
            for (int p = 0; p < matrixProtocolCount; ++p) {
                if (protocolCovers(rule.proto, matrixProtocols[p]))
                    setBit(&proto[size_t(p) * words], i);
            }
            const int fromSelector = grouping.selectorIndex(rule.from);
            const int toSelector = grouping.selectorIndex(rule.to);
            const bool toPublic = rule.to == publicSelector;
            for (size_t g = 0; g < groups; ++g) {
                if (fromSelector >= 0 && grouping.groupMatches(int(g), fromSelector))
                    setBit(&from[g * words], i);
                if (toSelector >= 0 && grouping.groupMatches(int(g), toSelector))
                    setBit(&to[g * words], i);
            }
            if (toPublic)
                setBit(&to[groups * words], i);
        }
    }
};

/// Assigns a class to each row of `rows` (rowWords words each, plus a salt
/// per row that keeps rows apart); fills classOfRow and membersOfClass.
void classify(const std::vector<const std::uint64_t *> &rowsA, size_t wordsA,
              const std::vector<const std::uint64_t *> &rowsB, size_t wordsB, const std::vector<char> &salt,
              std::vector<int> &classOfRow, std::vector<std::vector<int>> &members)
{
    std::unordered_map<std::string, int> classOfKey;
    classOfRow.resize(rowsA.size());
    for (size_t r = 0; r < rowsA.size(); ++r) {
        std::string key(1, salt[r]);
        key.append(reinterpret_cast<const char *>(rowsA[r]), wordsA * sizeof(std::uint64_t));
        key.append(reinterpret_cast<const char *>(rowsB[r]), wordsB * sizeof(std::uint64_t));
        const auto [it, inserted] = classOfKey.emplace(std::move(key), int(members.size()));
        if (inserted)
            members.emplace_back();
        members[size_t(it->second)].push_back(int(r));
        classOfRow[r] = it->second;
    }
}

} // namespace

std::string Decision::pointer() const
{
    switch (kind) {
    case DecisionKind::Allow: return "/allow/" + std::to_string(rule);
    case DecisionKind::Deny: return "/deny/" + std::to_string(rule);
    case DecisionKind::PublicEgressDenied: return "/deny_public_egress";
    case DecisionKind::DefaultDeny:
    case DecisionKind::PublicEgressOpen: break;
    }
    return {};
}

std::string Decision::describe() const
{
    if (kind == DecisionKind::DefaultDeny)
        return "default deny";
    if (kind == DecisionKind::PublicEgressOpen)
        return "default (egress open)";
    return pointer();
}

IntentEvaluation::IntentEvaluation(const Intent &intent, const IntentGrouping &grouping)
    : m_intent(&intent)
    , m_grouping(&grouping)
{
    const size_t groups = size_t(grouping.groupCount());
    const ListBits allow(intent.allow, grouping);
    const ListBits deny(intent.deny, grouping);

    // Classes of sources (by from-bits) and destinations (by to-bits; @public apart).
    std::vector<const std::uint64_t *> a, d;
    for (size_t g = 0; g < groups; ++g) {
        a.push_back(&allow.from[g * allow.words]);
        d.push_back(&deny.from[g * deny.words]);
    }
    classify(a, allow.words, d, deny.words, std::vector<char>(groups, 0), m_sourceClass, m_sourceGroups);
    a.clear();
    d.clear();
    for (size_t g = 0; g <= groups; ++g) {
        a.push_back(&allow.to[g * allow.words]);
        d.push_back(&deny.to[g * deny.words]);
    }
    std::vector<char> salt(groups + 1, 0);
    salt[groups] = 1;
    classify(a, allow.words, d, deny.words, salt, m_destinationClass, m_destinationGroups);
    const int publicClass = m_destinationClass[groups];

    const size_t sc = m_sourceGroups.size();
    const size_t dc = m_destinationGroups.size();
    m_decisions.assign(sc * dc * matrixProtocolCount, 0);
    m_allowStats.assign(intent.allow.size(), {});
    m_denyStats.assign(intent.deny.size(), {});
    for (size_t s = 0; s < sc; ++s) {
        const size_t srcGroup = size_t(m_sourceGroups[s].front());
        const std::uint64_t *allowFrom = &allow.from[srcGroup * allow.words];
        const std::uint64_t *denyFrom = &deny.from[srcGroup * deny.words];
        const long long sourceWeight = (long long)m_sourceGroups[s].size();
        for (size_t t = 0; t < dc; ++t) {
            const size_t dstRow = size_t(m_destinationGroups[t].front());
            const std::uint64_t *allowTo = &allow.to[dstRow * allow.words];
            const std::uint64_t *denyTo = &deny.to[dstRow * deny.words];
            const bool isPublic = int(t) == publicClass;
            const long long weight = sourceWeight * (long long)m_destinationGroups[t].size();
            for (int p = 0; p < matrixProtocolCount; ++p) {
                const std::uint64_t *allowProto = &allow.proto[size_t(p) * allow.words];
                const std::uint64_t *denyProto = &deny.proto[size_t(p) * deny.words];
                const bool blanket = isPublic && intent.denyPublicEgress;
                const int firstDeny = firstCommon(denyFrom, denyTo, denyProto, deny.words);
                const int firstAllow = firstCommon(allowFrom, allowTo, allowProto, allow.words);
                std::uint16_t code;
                if (blanket)
                    code = encode(DecisionKind::PublicEgressDenied);
                else if (firstDeny >= 0)
                    code = encode(DecisionKind::Deny, firstDeny);
                else if (firstAllow >= 0)
                    code = encode(DecisionKind::Allow, firstAllow);
                else
                    code = encode(isPublic ? DecisionKind::PublicEgressOpen : DecisionKind::DefaultDeny);
                m_decisions[index(int(s), int(t), p)] = code;

                // Would the pair be allowed with no deny rule at all?
                const bool allowedWithoutDenies = !blanket && (firstAllow >= 0 || isPublic);
                forEachCommon(denyFrom, denyTo, denyProto, deny.words, [&](int j) {
                    RuleStats &st = m_denyStats[size_t(j)];
                    st.matched += weight;
                    if (blanket || j != firstDeny) {
                        st.covered += weight;
                        if (st.coveredBy == -2)
                            st.coveredBy = blanket ? -1 : firstDeny;
                    } else {
                        st.decided += weight;
                        if (allowedWithoutDenies)
                            st.effective += weight;
                    }
                });
                forEachCommon(allowFrom, allowTo, allowProto, allow.words, [&](int i) {
                    RuleStats &st = m_allowStats[size_t(i)];
                    st.matched += weight;
                    if (blanket || firstDeny >= 0) {
                        st.overridden += weight;
                        if (st.overriddenBy == -2)
                            st.overriddenBy = blanket ? -1 : firstDeny;
                    } else if (i != firstAllow) {
                        st.covered += weight;
                        if (st.coveredBy == -2)
                            st.coveredBy = firstAllow;
                    } else {
                        st.decided += weight;
                    }
                });
            }
        }
    }
}

long long IntentEvaluation::selectorHosts(const std::string &pattern) const
{
    if (pattern == publicSelector)
        return 0;
    const int s = m_grouping->selectorIndex(pattern);
    return s < 0 ? -1 : m_grouping->selectorHostCount(s);
}

} // namespace Railyard
