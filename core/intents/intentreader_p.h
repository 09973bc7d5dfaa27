#pragma once

// Internal to core/intents: the intent reader on an already parsed JSON
// value, shared by intentreader.cpp and the reviewed-file reader, and the
// writer's JSON value.

#include "core/intents/intent.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Railyard::IntentReaderDetail {

/// (JSON pointer, message) of each problem.
using Problems = std::vector<std::pair<std::string, std::string>>;

/// Problems a reader records at most: a hostile file can have one per key,
/// and every one is reported with its path (docs/security.md).
inline constexpr std::size_t maxProblems = 100;

/// Appends a problem while fewer than maxProblems are recorded; the one
/// that reaches the cap says that more were left out.
inline void addProblem(Problems &problems, const std::string &path, std::string message)
{
    if (problems.size() < maxProblems - 1)
        problems.emplace_back(path, std::move(message));
    else if (problems.size() == maxProblems - 1)
        problems.emplace_back(std::string(), "more than " + std::to_string(maxProblems) + " problems; the rest are not listed");
}

/// Reads an intent from `doc`, whose pointer is `base` ("" for a whole
/// file, "/intent" inside a reviewed file). Appends every problem.
std::optional<Intent> fromJson(const nlohmann::json &doc, const std::string &base, Problems &problems);
/// The intent as a JSON value (optional fields only when set).
nlohmann::json toJson(const Intent &intent);

} // namespace Railyard::IntentReaderDetail
