#pragma once

// A network intent: the policy a control plane applies to one training
// network (../shared/docs/domain.md §7), as read from a `*.intent.json` file
// (docs/intent-format.md). Plain data; intentreader.h reads and checks it,
// intentevaluation.h evaluates it against a fabric.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace Railyard {

/// Value of the top-level "format" field of an intent file.
inline constexpr const char *intentFormatTag = "railyard-intent";
/// The intent format version this build reads and writes ("format_version").
inline constexpr int intentFormatVersion = 1;

/// Transport a rule covers. `Any` covers both RDMA and TCP.
enum class IntentProtocol : std::uint8_t { Rdma, Tcp, Any };
/// The protocols of the reachability matrix, in matrix order.
inline constexpr IntentProtocol matrixProtocols[] = {IntentProtocol::Rdma, IntentProtocol::Tcp};
inline constexpr int matrixProtocolCount = 2;
/// "rdma", "tcp", "any".
const char *intentProtocolName(IntentProtocol protocol);
std::optional<IntentProtocol> intentProtocolFromName(const std::string &name);
/// Whether a rule of protocol `rule` covers matrix protocol `matrix` (Rdma or Tcp).
inline bool protocolCovers(IntentProtocol rule, IntentProtocol matrix)
{
    return rule == IntentProtocol::Any || rule == matrix;
}

/// The scale-out transport the control plane provisions.
enum class IntentBackend : std::uint8_t { Roce, Infiniband };
/// "roce", "infiniband".
const char *intentBackendName(IntentBackend backend);
std::optional<IntentBackend> intentBackendFromName(const std::string &name);

/// The network's shape as the control plane names it.
enum class IntentTopology : std::uint8_t { RailOptimized, FatTree, Dragonfly };
/// "rail_optimized", "fat_tree", "dragonfly".
const char *intentTopologyName(IntentTopology topology);
std::optional<IntentTopology> intentTopologyFromName(const std::string &name);

/// One allow or deny rule: traffic from hosts matching `from` to hosts
/// matching `to` over `proto`. Selectors are globs (core/intents/selector.h);
/// `to` may also be "@public", the public internet.
struct IntentRule
{
    std::string name; ///< optional stable name, unique in the intent; diffs pair rules by it
    std::string from; ///< selector of the sending hosts
    std::string to;   ///< selector of the receiving hosts, or "@public"
    IntentProtocol proto = IntentProtocol::Any;
    std::string comment; ///< free text for reviewers; not part of the policy

    /// Same policy (from, to, proto); name and comment are ignored.
    bool samePolicy(const IntentRule &other) const
    {
        return from == other.from && to == other.to && proto == other.proto;
    }
};

/// RoCE congestion marking (DCQCN): mark with ECN from kmin to kmax bytes of
/// queue, with probability rising linearly to pmax.
struct EcnThresholds
{
    int kminKiB = 0;          ///< queue depth where marking starts, KiB (> 0)
    int kmaxKiB = 0;          ///< queue depth where marking reaches pmax, KiB (> kmin)
    double pmaxPercent = 100; ///< marking probability at kmax, percent (0, 100]
};

/// Lossless-transport settings of a RoCE network.
struct LosslessSettings
{
    std::optional<int> pfcPriority; ///< 802.1p priority (0-7) PFC pauses for the RDMA class
    std::optional<EcnThresholds> ecn;
    std::optional<int> mtuBytes; ///< RoCE MTU: 1024, 2048 or 4096 (the RDMA payload MTU)
};

/// Who wrote this version, when and why. `version` numbers the intent's
/// history; `parent` is the version it was edited from.
struct IntentMetadata
{
    int version = 1;
    std::optional<int> parent;
    std::string author;
    std::string createdUtc; ///< ISO 8601 UTC, "2026-11-30T09:00:00Z"; may be empty
    std::string message;
};

/// The whole intent. Rules are ordered: the first matching deny rule, else
/// the first matching allow rule, decides a pair (docs/intent-format.md).
struct Intent
{
    IntentMetadata metadata;
    std::string cluster;
    IntentBackend backend = IntentBackend::Roce;
    int rails = 8; ///< NICs (rails) per host the control plane provisions
    IntentTopology topology = IntentTopology::RailOptimized;
    std::vector<IntentRule> allow;
    std::vector<IntentRule> deny;
    bool denyPublicEgress = true;
    std::optional<LosslessSettings> lossless;
};

/// Most rules an allow or deny list may hold (decisions store a 13-bit index).
inline constexpr int maxIntentRules = 8000;

/// The reserved selector naming the public internet (only as a rule's `to`).
inline constexpr const char *publicSelector = "@public";

} // namespace Railyard
