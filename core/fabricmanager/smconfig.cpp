#include "core/fabricmanager/smconfig.h"

#include "core/model/infinibandids.h"

#include <algorithm>

namespace Railyard {

const std::vector<std::string> &smRoutingEngines()
{
    static const std::vector<std::string> engines{"ftree", "updn", "minhop", "dfsssp"};
    return engines;
}

SmConfig subnetManagerConfig(const Fabric &fabric, const SmConfigOptions &options)
{
    const std::vector<std::string> &engines = smRoutingEngines();
    if (std::find(engines.begin(), engines.end(), options.engine) == engines.end())
        throw SmConfigError("engine: unknown routing engine '" + options.engine.substr(0, 40)
                            + "' (ftree, updn, minhop, dfsssp)");
    if (fabric.switchCount() == 0)
        throw SmConfigError("the fabric has no switch for a subnet manager to route");
    const InfinibandIds ids = InfinibandIds::of(fabric);
    std::string dir = options.directory;
    if (!dir.empty() && dir.back() != '/')
        dir += '/';

    SmConfig config;
    // The top tier: the switches farthest from the hosts.
    int top = 0;
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
        top = std::max(top, tierLevel(fabric.switchAt(s).tier));
    std::string roots = "# Root switches (the top tier) of " + fabric.name + ", written by Railyard\n";
    int rootCount = 0;
    for (std::int32_t s = 0; s < fabric.switchCount(); ++s)
        if (tierLevel(fabric.switchAt(s).tier) == top) {
            roots += InfinibandIds::guidText(ids.switchGuid[size_t(s)]) + "\n";
            ++rootCount;
        }
    std::string nodes = "# Compute-node HCA ports of " + fabric.name + ", written by Railyard\n";
    for (const InfinibandIds::Ca &ca : ids.cas)
        for (int port = 1; port <= ca.ports; ++port)
            nodes += InfinibandIds::guidText(ca.guid + std::uint64_t(port)) + "\n";
    const bool usesRoots = options.rootGuids && (options.engine == "ftree" || options.engine == "updn");

    std::string conf = "# OpenSM configuration of " + fabric.name
        + ", written by Railyard (docs/fabric-manager.md).\n# opensm -F opensm.conf\n";
    conf += "routing_engine " + options.engine + "\n";
    if (usesRoots)
        conf += "root_guid_file " + dir + "root_guids.conf\n";
    if (options.engine == "ftree")
        conf += "cn_guid_file " + dir + "cn_guids.conf\n";
    conf += "partition_config_file " + dir + "partitions.conf\n";
    conf += "lmc 0\n";
    std::string qos;
    if (options.intent) {
        config.partitions = planPartitions(fabric, *options.intent);
        qos = qosPolicyConf(fabric, *config.partitions);
        if (!qos.empty())
            conf += "qos TRUE\nqos_policy_file " + dir + "qos-policy.conf\n";
    }
    config.files["opensm.conf"] = conf;
    config.files["root_guids.conf"] = roots;
    config.files["cn_guids.conf"] = nodes;
    config.files["partitions.conf"] = partitionsConf(fabric, config.partitions.value_or(PartitionPlan{}));
    if (!qos.empty())
        config.files["qos-policy.conf"] = qos;
    config.notes.push_back("routing engine " + options.engine);
    config.notes.push_back(usesRoots ? std::to_string(rootCount) + " root switches (the " + tierName(Tier(top))
                                           + " tier) in root_guids.conf"
                                     : std::string("no root GUIDs: the engine finds the roots itself"));
    config.notes.push_back(std::to_string(ids.cas.size()) + " HCAs in cn_guids.conf");
    if (!config.partitions || config.partitions->defaultFull) {
        config.notes.push_back(options.intent ? "one partition: Default (0x7fff), every port a full member (the intent "
                                                "allows every host pair RDMA)"
                                              : "one partition: Default (0x7fff), every port a full member");
    } else {
        const PartitionPlan &plan = *config.partitions;
        config.notes.push_back(std::to_string(plan.partitions.size())
                               + " partitions from the intent, Default limited for the hosts; the busiest host is "
                                 "in "
                               + std::to_string(plan.mostPerHost));
        for (const PlannedPartition &p : plan.partitions) {
            config.notes.push_back("  " + p.name + " " + InfinibandIds::pkeyText(p.pkey) + " (" + p.rule + "): "
                                   + std::to_string(p.fullHosts.size()) + " hosts full, "
                                   + std::to_string(p.limitedHosts.size()) + " limited");
        }
        if (!qos.empty())
            config.notes.push_back("service level " + std::to_string(*plan.serviceLevel)
                                   + " for the RDMA partitions (qos-policy.conf)");
    }
    if (config.partitions)
        for (const std::string &line : config.partitions->notMapped)
            config.notes.push_back("not mapped: " + line);
    return config;
}

} // namespace Railyard
