#include "core/fabricmanager/smconfig.h"

#include "core/formats/ibnetdiscover/infinibandids.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace Railyard {

namespace {

std::string hex(std::uint64_t v)
{
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
    return buf;
}

} // namespace

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
            roots += hex(ids.switchGuid[size_t(s)]) + "\n";
            ++rootCount;
        }
    std::string nodes = "# Compute-node HCA ports of " + fabric.name + ", written by Railyard\n";
    for (const InfinibandIds::Ca &ca : ids.cas)
        for (int port = 1; port <= ca.ports; ++port)
            nodes += hex(ca.guid + std::uint64_t(port)) + "\n";
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
    config.files["opensm.conf"] = conf;
    config.files["root_guids.conf"] = roots;
    config.files["cn_guids.conf"] = nodes;
    config.files["partitions.conf"] = "# Partitions of " + fabric.name
        + ", written by Railyard: the default partition, every port a full member.\n"
          "Default=0x7fff, ipoib : ALL=full;\n";
    config.notes.push_back("routing engine " + options.engine);
    config.notes.push_back(usesRoots ? std::to_string(rootCount) + " root switches (the " + tierName(Tier(top))
                                           + " tier) in root_guids.conf"
                                     : std::string("no root GUIDs: the engine finds the roots itself"));
    config.notes.push_back(std::to_string(ids.cas.size()) + " HCAs in cn_guids.conf");
    config.notes.push_back("one partition: Default (0x7fff), every port a full member");
    return config;
}

} // namespace Railyard
