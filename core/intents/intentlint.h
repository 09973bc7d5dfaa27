#pragma once

// Lint of an intent against a fabric: findings with a severity, a stable
// kind and the JSON pointer of the field they are about, plus the
// reachability summary (and optionally the matrix) the findings come from.
// Kinds and severities are listed in docs/intent-format.md ("Lint").

#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <string>
#include <vector>

namespace Railyard {

enum class LintSeverity : std::uint8_t { Error, Warning, Info };
/// "error", "warning", "info".
const char *lintSeverityName(LintSeverity severity);

struct LintFinding
{
    LintSeverity severity = LintSeverity::Warning;
    std::string kind;    ///< stable id: "shadowed-rule", "rails-mismatch", ...
    std::string pointer; ///< JSON pointer into the intent: "/allow/2", "/rails"
    std::string message; ///< one sentence with the numbers
};

/// One block of the reachability matrix: every group of `from` to every
/// group of `to` over `proto` is decided the same way.
struct MatrixBlock
{
    std::string from; ///< group labels as a hostlist expression ("rack-[001-032]")
    std::string to;   ///< same; "@public" for the internet
    int fromGroups = 0;
    int toGroups = 0;
    IntentProtocol proto = IntentProtocol::Rdma;
    bool allowed = false;
    std::string rule;     ///< deciding pointer ("/allow/0") or "" for a default
    std::string decision; ///< Decision::describe()
};

struct LintOptions
{
    bool matrix = false; ///< fill LintReport::matrix (one block per class pair and protocol)
};

struct LintReport
{
    std::string cluster;
    int version = 0;
    std::string sha256; ///< of the intent's canonical form; set by the caller (may stay empty)
    std::string fabricName;
    int hosts = 0;
    int groups = 0; ///< host groups evaluated (racks, split where selectors split them)
    int sourceClasses = 0;
    int destinationClasses = 0;
    long long allowedPairs[matrixProtocolCount] = {0, 0}; ///< group pairs (hosts only) allowed per protocol
    long long totalPairs = 0;                             ///< groups²
    int egressOpenGroups[matrixProtocolCount] = {0, 0};   ///< groups that may reach @public
    std::vector<LintFinding> findings; ///< errors first, then warnings, then infos; in pointer order within each
    std::vector<MatrixBlock> matrix;   ///< with LintOptions::matrix

    int count(LintSeverity severity) const;
    bool hasErrors() const { return count(LintSeverity::Error) > 0; }
};

/// Lints `intent` on `fabric`. O(selectors × (racks + hosts) + classes² × rules / 64).
LintReport lintIntent(const Intent &intent, const Fabric &fabric, const LintOptions &options = {});

/// Stable JSON (docs/cli.md, "intent lint"): intent, fabric, counts,
/// reachability, findings[], and matrix[] when it was computed.
std::string lintReportToJson(const LintReport &report, int indent = 2);
/// Human-readable report: one line per finding, then the summary.
std::string lintReportToText(const LintReport &report);

} // namespace Railyard
