// Joining the parts of a sharded failure study (railyard-cli resilience
// merge): every part checked to belong, every outcome once, and the whole
// standing for the study's scenarios (docs/resilience.md, "Sharding").
#include "core/resilience/resilience.h"
#include "core/resilience/resiliencetext_p.h"

#include "core/common/messagetext.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace Railyard {

namespace {

/// "a.part.json (shard 2/8)", or "shard 2/8" for a part not read from a file.
std::string partName(const StudyResult &r)
{
    const std::string shard = "shard " + std::to_string(r.shardIndex) + "/" + std::to_string(r.shardCount);
    return r.source.empty() ? shard : elided(r.source, 120) + " (" + shard + ")";
}

} // namespace

StudyResult mergeStudies(std::vector<StudyResult> parts)
{
    if (parts.empty())
        throw ResilienceError("merge: no parts given");
    std::sort(parts.begin(), parts.end(),
              [](const StudyResult &a, const StudyResult &b) { return a.shardIndex < b.shardIndex; });
    const int count = parts.front().shardCount;
    const std::string reference = ResilienceDetail::parametersText(parts.front());
    for (size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].shardCount != count)
            throw ResilienceError("merge: the parts come from studies split in " + std::to_string(count) + " and "
                                  + std::to_string(parts[i].shardCount) + " shards");
        if (i > 0 && parts[i].shardIndex == parts[i - 1].shardIndex)
            throw ResilienceError("merge: " + partName(parts[i]) + " and " + partName(parts[i - 1]) + " are both shard "
                                  + std::to_string(parts[i].shardIndex) + "/" + std::to_string(count));
        if (ResilienceDetail::parametersText(parts[i]) != reference)
            throw ResilienceError("merge: " + partName(parts[i]) + " is of another study than "
                                  + partName(parts.front()) + ": "
                                  + ResilienceDetail::parameterDifference(parts.front(), parts[i]));
    }
    if (int(parts.size()) != count) {
        // The first ten missing, then how many more: a part of shard 1 of a
        // million must not answer with a million numbers.
        std::string missing;
        int listed = 0, more = 0;
        size_t k = 0;
        for (int s = 0; s < count; ++s) {
            if (k < parts.size() && parts[k].shardIndex == s) {
                ++k;
                continue;
            }
            if (listed < 10) {
                missing += (missing.empty() ? "" : ", ") + std::to_string(s);
                ++listed;
            } else {
                ++more;
            }
        }
        throw ResilienceError("merge: missing shard(s) " + missing
                              + (more > 0 ? " and " + std::to_string(more) + " more" : std::string()) + " of "
                              + std::to_string(count));
    }
    StudyResult whole = parts.front();
    whole.outcomes.clear();
    whole.shardIndex = 0;
    whole.shardCount = 1;
    whole.evaluated = 0;
    whole.verificationSplits = 0;
    whole.cancelled = false;
    for (StudyResult &p : parts) {
        whole.evaluated += p.evaluated;
        whole.verificationSplits += p.verificationSplits;
        whole.cancelled = whole.cancelled || p.cancelled;
        for (ScenarioOutcome &o : p.outcomes)
            whole.outcomes.push_back(std::move(o));
    }
    std::stable_sort(whole.outcomes.begin(), whole.outcomes.end(),
                     [](const ScenarioOutcome &a, const ScenarioOutcome &b) { return a.index < b.index; });
    whole.classes = whole.kind == StudyKind::MonteCarlo ? 0 : std::int64_t(whole.outcomes.size());
    // The outcomes must stand for the study, no more and no less (a part
    // edited to drop or repeat outcomes would shift every quantile). A
    // cancelled part stands for less: it says so itself.
    if (!whole.cancelled) {
        if (whole.kind == StudyKind::MonteCarlo) {
            if (std::int64_t(whole.outcomes.size()) != std::int64_t(whole.samples))
                throw ResilienceError("merge: the parts hold " + std::to_string(whole.outcomes.size())
                                      + " outcomes; the study has " + std::to_string(whole.samples) + " samples");
        } else {
            double weights = 0;
            for (const ScenarioOutcome &o : whole.outcomes)
                weights += o.weight;
            if (std::abs(weights - whole.scenarios) > 1e-6 * std::max(1.0, whole.scenarios)) {
                char text[200];
                std::snprintf(text, sizeof text,
                              "merge: the parts' outcomes stand for %.15g scenarios; the study has %.15g (outcomes "
                              "were dropped or repeated)",
                              weights, whole.scenarios);
                throw ResilienceError(text);
            }
        }
    }
    return whole;
}

} // namespace Railyard
