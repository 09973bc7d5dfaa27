#pragma once

// The diff of two intent versions on a fabric, as `railyard-cli intent diff`
// prints it: rule-level (intentrulediff.h) and semantic
// (intentsemanticdiff.h) together, with stable JSON (docs/cli.md) and text.

#include "core/intents/intentrulediff.h"
#include "core/intents/intentsemanticdiff.h"

#include <string>

namespace Railyard {

struct IntentDiff
{
    RuleDiff rules;
    SemanticDiff semantics;
    std::string beforeSha256; ///< of each version's canonical form; set by the caller (may stay empty)
    std::string afterSha256;
};

/// Both diffs of `before` → `after` on `fabric` (which must outlive the result).
IntentDiff diffIntents(const Intent &before, const Intent &after, const Fabric &fabric,
                       const SemanticDiffOptions &options = {});

/// Stable JSON (docs/cli.md, "intent diff"): before, after, fabric,
/// settings[], metadata[], rules{counts, changes[]}, reachability{per
/// protocol counts, blocks[]}, racks[], links{counts, changes[]}.
std::string intentDiffToJson(const IntentDiff &diff, const Intent &before, const Intent &after, int indent = 2);
/// Human-readable diff.
std::string intentDiffToText(const IntentDiff &diff, const Intent &before, const Intent &after);

} // namespace Railyard
