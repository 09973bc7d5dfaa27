#pragma once

// Whether the partitions a subnet manager applied enforce a network intent
// (docs/fabric-manager.md, "Checking the intent is enforced"): every host
// pair the intent allows RDMA must share a partition on every pair of their
// HCA ports (a P_Key, one of the two a full member), and no pair it denies
// may share one on any. The P_Keys are those read back from the fabric
// (pkeydump.h); the service level of each partition's paths, when the intent
// gives one, is checked on the PathRecords the subnet administrator answers.
//
// Hosts are checked by the intent's host groups and by the distinct P_Key
// tables their HCA ports hold, so the cost is groups² × distinct tables,
// not hosts².

#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/partitionplan.h"
#include "core/fabricmanager/pkeydump.h"
#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace Railyard {

/// P_Keys of each HCA port, by port GUID.
using PkeysByPort = std::map<std::uint64_t, std::vector<std::uint16_t>>;

struct EnforcementCheck
{
    enum class Verdict { Enforced, Violated, Incomplete };
    Verdict verdict = Verdict::Incomplete;
    int hcaPorts = 0;  ///< HCA ports of the design
    int portsRead = 0; ///< of them, with a P_Key table read back
    long long allowedPairs = 0; ///< ordered host pairs the intent allows RDMA, checked
    long long deniedPairs = 0;  ///< ordered host pairs it denies, checked
    long long violations = 0;   ///< host pairs whose P_Keys disagree with the intent
    struct Violation
    {
        std::string from, to;   ///< host ids
        bool intentAllows = false;
        std::string rule;       ///< the deciding pointer, or "default deny"
        std::uint16_t pkey = 0; ///< denied: the P_Key they share
    };
    std::vector<Violation> examples; ///< the first 50
    std::vector<std::string> missing; ///< HCA ports without a table read back (first 50)
    /// Why the check stopped short (OpenSM never up, a tool that failed, with
    /// its message):
    /// the verdict is then Incomplete; empty when every read ran.
    std::string incompleteReason;
    int pathsChecked = 0;             ///< PathRecords checked for the service level
    std::vector<std::string> serviceLevelProblems; ///< first 50

    /// One line: "enforced: 240 allowed and 16 denied host pairs…".
    std::string summary() const;
};

/// Checks `pkeys` (HCA port GUID -> P_Keys) against `intent` on `fabric`.
EnforcementCheck checkEnforcement(const Fabric &fabric, const Intent &intent, const PkeysByPort &pkeys);

/// The P_Key tables of `ports` (saquery PKTR, by LID) by port GUID, through
/// the LIDs the forwarding tables describe. Tables of LIDs the dump does not
/// name are listed in *problems.
PkeysByPort pkeysByPortGuid(const std::vector<PortPkeys> &ports, const LftDump &lids,
                            std::vector<std::string> *problems);

/// Checks that the PathRecords of each planned partition carry the plan's
/// service level (records of other P_Keys are ignored).
void checkServiceLevels(EnforcementCheck &check, const PartitionPlan &plan,
                        const std::vector<PathRecordEntry> &records);

std::string enforcementToJson(const std::string &fabricName, const EnforcementCheck &check);
std::string enforcementToText(const std::string &fabricName, const EnforcementCheck &check);

} // namespace Railyard
