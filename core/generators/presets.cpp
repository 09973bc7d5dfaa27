#include "core/generators/presets.h"

#include "core/common/limits.h"

namespace Railyard {

namespace {

/// hostsPerUnit × units as an int, or GeneratorError naming the option when
/// the product exceeds Limits::maxGeneratedHosts (no wrapped products).
int checkedHosts(const char *option, long long hostsPerUnit, long long units)
{
    const long long hosts = hostsPerUnit * units; // both <= 2^31: no overflow in 64 bits
    if (hosts > Limits::maxGeneratedHosts)
        throw GeneratorError(std::string(option) + ": " + std::to_string(units) + " gives "
                             + std::to_string(hosts) + " hosts; Railyard generates at most "
                             + std::to_string(Limits::maxGeneratedHosts));
    return int(hosts);
}

} // namespace

ClosParams fatTreeParams(int k, double linkGbps)
{
    if (k < 4 || k % 2 != 0)
        throw GeneratorError("k: a k-ary fat-tree needs an even k of at least 4, got " + std::to_string(k));
    ClosParams p;
    p.name = "fat-tree-k" + std::to_string(k);
    if (k > 4096)
        throw GeneratorError("k: a k-ary fat-tree has k³/4 hosts; k = " + std::to_string(k) + " is too large");
    p.hosts = checkedHosts("k", (long long)k * k / 4, k);
    p.gpusPerHost = 1;
    p.rails = 1;
    p.nicGbps = linkGbps;
    p.railOptimized = false;
    p.hostsPerRack = k / 2;
    p.tiers = 3;
    p.hostPrefix = "host";
    TierSpec s;
    s.radix = k;
    s.uplinkGbps = linkGbps;
    s.oversubscription = 1.0;
    s.model = "radix-" + std::to_string(k);
    p.tierSpecs = {s};
    return p;
}

ClosParams dgxSuperpodParams(int scalableUnits, const std::string &gpu)
{
    if (scalableUnits < 1)
        throw GeneratorError("sus: need at least 1 scalable unit, got " + std::to_string(scalableUnits));
    ClosParams p;
    p.name = "dgx-superpod-" + std::to_string(scalableUnits) + "su";
    p.transport = Transport::InfiniBand;
    p.hosts = checkedHosts("sus", 32, scalableUnits);
    p.gpusPerHost = 8;
    p.gpuModel = gpu;
    p.rails = 8;
    p.nicGbps = 400.0;
    p.railOptimized = true;
    p.hostsPerSu = 32;
    p.suFollowsLeaf = true; // 32 on a 64-port leaf; a wider leaf serves larger units
    p.hostsPerRack = 4;
    // The hosts' NVSwitch reduces (NVLS) where generate, the template dialog
    // and the explorer say it does: one design, one step, whoever builds it.
    p.nvls = nvlsByDefault(p.gpuModel, p.gpusPerHost);
    TierSpec s;
    s.radix = 64;
    s.uplinkGbps = 400.0;
    s.oversubscription = 1.0;
    s.model = "QM9700";
    p.tierSpecs = {s};
    return p;
}

ClosParams metaAiZoneParams(int zones)
{
    if (zones < 1)
        throw GeneratorError("zones: need at least 1 zone, got " + std::to_string(zones));
    ClosParams p;
    p.name = "meta-ai-zone-" + std::to_string(zones);
    p.transport = Transport::Ethernet;
    p.hosts = checkedHosts("zones", 384, zones); // 3,072 GPUs per zone
    p.gpusPerHost = 8;
    p.gpuModel = "h100";
    p.rails = 8;
    p.nicGbps = 400.0;
    p.railOptimized = false; // one rack switch per rack of 2 hosts
    p.hostsPerRack = 2;
    TierSpec rack;
    rack.radix = 32;
    rack.downPorts = 16;
    rack.uplinkGbps = 400.0;
    rack.oversubscription = 1.0;
    rack.model = "rack switch";
    TierSpec cluster;
    cluster.radix = 256;
    cluster.downPorts = 192; // the 192 rack switches of one zone
    cluster.uplinkGbps = 400.0;
    cluster.oversubscription = 7.0;
    cluster.model = "cluster switch";
    TierSpec aggregation;
    aggregation.radix = 64;
    aggregation.uplinkGbps = 400.0;
    aggregation.model = "aggregation switch";
    p.tierSpecs = {rack, cluster, aggregation};
    return p;
}

ClosParams alibabaHpnParams(int segments)
{
    if (segments < 1)
        throw GeneratorError("segments: need at least 1 segment, got " + std::to_string(segments));
    ClosParams p;
    p.name = "alibaba-hpn-" + std::to_string(segments);
    p.transport = Transport::Ethernet;
    p.hosts = checkedHosts("segments", 128, segments);
    p.gpusPerHost = 8;
    p.gpuModel = "h100";
    p.rails = 8;
    p.nicGbps = 400.0; // 2 × 200G ports per NIC
    p.nicPorts = 2;
    p.planes = 2;
    p.railOptimized = true;
    p.hostsPerSu = 128; // a segment
    p.hostsPerRack = 4;
    p.tiers = 3;
    TierSpec leaf;
    leaf.radix = 192; // 51.2T: 128 × 200G + 64 × 400G
    leaf.downPorts = 128;
    leaf.uplinkGbps = 400.0;
    leaf.oversubscription = 128.0 * 200.0 / (60.0 * 400.0); // 60 uplinks: 1.067:1
    leaf.model = "51.2T leaf";
    TierSpec spine;
    spine.radix = 128;
    spine.downPorts = 120; // 15 segments × 8 leaves per plane
    spine.uplinkGbps = 400.0;
    spine.oversubscription = 15.0;
    spine.model = "51.2T aggregation";
    TierSpec core;
    core.radix = 128;
    core.uplinkGbps = 400.0;
    core.model = "51.2T core";
    p.tierSpecs = {leaf, spine, core};
    return p;
}

ClosParams gb200NvlParams(int racks, int traysPerRack)
{
    if (racks < 1)
        throw GeneratorError("racks: need at least 1 rack, got " + std::to_string(racks));
    // An NVL72 rack holds 18 compute trays; deployments that keep spares in
    // service run 16 of them (64-GPU NVLink domains).
    if (traysPerRack < 1 || traysPerRack > 18)
        throw GeneratorError("trays-per-rack: an NVL72 rack holds 1 to 18 compute trays, got "
                             + std::to_string(traysPerRack));
    constexpr int gpusPerTray = 4;
    ClosParams p;
    p.name = "gb200-nvl72-" + std::to_string(racks) + "rack"
        + (traysPerRack != 18 ? "-" + std::to_string(traysPerRack) + "tray" : std::string());
    p.transport = Transport::InfiniBand;
    p.hosts = checkedHosts("racks", traysPerRack, racks);
    p.gpusPerHost = gpusPerTray;
    p.gpuModel = "gb200";
    p.nvlinkGBps = 900.0;
    p.nvls = true;
    p.nvlinkDomainGpus = traysPerRack * gpusPerTray;
    p.rails = gpusPerTray; // one ConnectX-7 per GPU
    p.nicGbps = 400.0;
    p.railOptimized = true;
    // A rail leaf per rack and rail: 18 of its ports down, 18 up (non-blocking),
    // so scalable units, racks and NVLink domains coincide.
    p.hostsPerSu = traysPerRack;
    p.hostsPerRack = traysPerRack;
    p.hostPrefix = "tray";
    TierSpec s;
    s.radix = 64;
    s.uplinkGbps = 400.0;
    s.oversubscription = 1.0;
    s.model = "QM9700";
    p.tierSpecs = {s};
    return p;
}

ClosParams railOptimizedParams(int hosts)
{
    ClosParams p;
    p.name = "rail-optimized-" + std::to_string(hosts);
    p.hosts = hosts;
    p.gpusPerHost = 8;
    p.rails = 8;
    p.nicGbps = 400.0;
    p.railOptimized = true;
    p.hostsPerRack = 4;
    TierSpec s;
    s.radix = 64;
    s.uplinkGbps = 400.0;
    s.model = "radix-64 400G";
    p.tierSpecs = {s};
    return p;
}

} // namespace Railyard
