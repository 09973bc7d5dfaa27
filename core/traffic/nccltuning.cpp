#include "core/traffic/nccltuning.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace Railyard::NcclTuning {

namespace {

// The published constants of NCCL 2.30.7's tuning model (src/graph/tuning.cc),
// as data. Rows: algorithm Tree, Ring, CollNetDirect, CollNetChain, NVLS,
// NVLSTree, PAT; columns: protocol LL, LL128, Simple.
constexpr double kBaseLatencyUs[algoCount][protoCount] = {
    {6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {8.0, 8.0, 8.0},
};
enum Hw { HwNvlink, HwPci, HwNet };
constexpr double kHwLatencyUs[3][algoCount][protoCount] = {
    // NVLink
    {{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}, {0, 0, 3.7}, {0, 0, 2.8}, {0, 0, 25}, {0, 0, 25}, {0, 0, 4.0}},
    // PCI
    {{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}, {0, 0, 3.7}, {0, 0, 2.8}, {0, 0, 0}, {0, 0, 0}, {0, 0, 4.0}},
    // network
    {{5.0, 8.5, 14}, {2.7, 4.0, 14.0}, {0, 0, 31}, {0, 0, 30}, {0, 0, 18}, {0, 0, 20.9}, {0, 0, 14}},
};
// LL bandwidth caps [row][scale]; scale 0: 1 node, 1: 2 nodes, 2: more. On
// one node the row is the architecture, across nodes the CPU vendor (0 Intel
// or other, 1 AMD).
constexpr double kLlMaxBw[4][3] = {{39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {141.0, 45.0, 35.0}, {282.0, 90.0, 70.0}};
// Per-channel caps [arch][scale].
constexpr double kPerChMaxRingLL128[4][3] = {{20, 20, 20}, {20, 20, 20}, {36.7, 36.7, 36.7}, {40, 40, 40}};
constexpr double kPerChMaxTreeLL128[4][3] = {{20, 20, 20}, {20, 20, 20}, {36.7, 36.7, 29.0}, {55.6, 31.67, 20.0}};
constexpr double kPerChMaxTree[4][3] = {{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {70.0, 42.8, 24.0}};
constexpr double kPerChMaxNvlsTree[4][3] = {{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {0, 57.7, 45.5}, {0, 96.0, 80.0}};
constexpr double kNvlsEfficiency[4] = {0.0, 0.0, 0.85, 0.74};
// Tree all-reduce bandwidth correction by log2(bytes / 64), 64 B .. 512 MiB.
constexpr double kTreeCorrection[protoCount][24] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9},
};

// The topology search's per-channel speeds, GB/s (src/graph/search.cc).
const std::vector<double> kIntraSpeeds[4] = {
    {40, 30, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3},
    {40, 30, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3},
    {60, 50, 40, 30, 24, 20, 15, 12, 11, 6, 3},
    {90, 80, 70, 60, 50, 45, 40, 30, 24, 20, 19, 18},
};
const std::vector<double> kInterSpeeds[4] = {
    {48, 30, 28, 24, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3, 2.4, 1.2, 0.24, 0.12},
    {48, 30, 28, 24, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3, 2.4, 1.2, 0.24, 0.12},
    {48, 45, 42, 40, 30, 24, 22, 20, 17.5, 15, 12, 6, 3, 2.4, 1.2, 0.24, 0.12},
    {96, 86, 80, 48, 45.1, 42, 40, 30, 24, 22, 20, 17.5, 15, 12, 6, 3, 2.4, 1.2, 0.24, 0.12},
};
// GB/s of one NVLink as the topology counts it, and the nominal per-link
// rate the GPU's NVLink bandwidth is made of (links = nvlinkGBps / nominal).
constexpr double kNvlinkLinkGBps[4] = {20.0, 20.0, 20.6, 40.1};
constexpr double kNvlinkNominalGBps[4] = {25.0, 25.0, 25.0, 50.0};
constexpr int kMaxChannels = 64; // MAXCHANNELS since NCCL 2.25 (32 before)

int archIndex(Arch a)
{
    return static_cast<int>(a);
}

/// The largest speed of the table that is at most `limit` (the table's last when none is).
double speedAtMost(const std::vector<double> &speeds, double limit)
{
    for (double s : speeds)
        if (s <= limit + 1e-9)
            return s;
    return speeds.back();
}

bool appliesTo(Coll coll, Algo a)
{
    switch (coll) {
    case Coll::Broadcast: return a == Algo::Ring;
    case Coll::AllGather:
    case Coll::ReduceScatter: return a == Algo::Ring || a == Algo::Pat || a == Algo::Nvls || a == Algo::CollNetDirect;
    case Coll::AllReduce: return a != Algo::Pat;
    }
    return false;
}

} // namespace

const char *algoName(Algo a)
{
    static const char *const names[algoCount]
        = {"tree", "ring", "collnet-direct", "collnet-chain", "nvls", "nvls-tree", "pat"};
    return names[static_cast<int>(a)];
}

const char *protoName(Proto p)
{
    static const char *const names[protoCount] = {"LL", "LL128", "Simple"};
    return names[static_cast<int>(p)];
}

Arch archOfGpu(const std::string &gpuModel)
{
    std::string m;
    for (char c : gpuModel)
        m += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (m.rfind("a100", 0) == 0 || m.rfind("a800", 0) == 0 || m.rfind("a30", 0) == 0)
        return Arch::Ampere;
    if (m.rfind("v100", 0) == 0)
        return Arch::Volta;
    if (m.rfind("b", 0) == 0 || m.rfind("gb", 0) == 0)
        return Arch::Blackwell;
    return Arch::Hopper;
}

System systemFor(const Hardware &hw)
{
    System s;
    const int ai = archIndex(hw.arch);
    s.arch = hw.arch;
    s.nodes = std::max(1, hw.nodes);
    s.ranks = hw.gpusPerNode * s.nodes;
    s.amdCpu = hw.amdCpu;
    s.nvlinkIntra = hw.nvlinkGBps > 0.0;
    const double links = s.nvlinkIntra ? std::max(1.0, std::round(hw.nvlinkGBps / kNvlinkNominalGBps[ai])) : 0.0;
    const double totalBw = s.nvlinkIntra ? links * kNvlinkLinkGBps[ai] : hw.pcieGBps;
    const std::vector<double> &intra = kIntraSpeeds[ai];
    const std::vector<double> &inter = kInterSpeeds[ai];

    if (s.nodes == 1) {
        // Ring: the speed that fits the most channel bandwidth into the GPU's NVLinks.
        double best = 0.0, speed = intra.back();
        for (double v : intra) {
            if (v > totalBw)
                continue;
            const double channels = std::min<double>(kMaxChannels / 2, std::floor(totalBw / v));
            if (channels * v > best + 1e-9) {
                best = channels * v;
                speed = v;
            }
        }
        int channels = std::max(1, static_cast<int>(std::min<double>(kMaxChannels / 2, std::floor(totalBw / speed))));
        // Channel duplication (ncclTopoDupChannels).
        const bool skipDup = hw.arch >= Arch::Hopper && speed < 50 && channels > 4;
        if (speed >= 25 && !skipDup) {
            channels = std::min(kMaxChannels, channels * 2);
            speed /= 2;
        }
        s.ring = {channels, speed, speed};
        s.tree = s.ring;
        s.commChannels = std::min(kMaxChannels, channels * 2);
    } else {
        // One channel per NIC at the fastest speed the GPU-to-NIC path carries.
        const double path = std::min(hw.nicGBps, hw.pcieGBps);
        const double speed = speedAtMost(inter, path);
        const int perNic = std::max(1, static_cast<int>(std::floor(hw.nicGBps / speed + 1e-9)));
        int channels = std::max(1, hw.nicsPerNode) * perNic;
        channels = std::min(channels, kMaxChannels / 2);
        s.ring = {channels, speed, speed};
        // Hopper and newer fall back to the simpler TREE pattern (x0.85);
        // older GPUs keep a balanced tree whose intra bandwidth doubles.
        if (hw.arch >= Arch::Hopper) {
            s.tree = s.ring;
            s.treePatternTree = true;
        } else {
            s.tree = {channels, speedAtMost(intra, std::min(2 * speed, totalBw / channels)), speed};
        }
        s.commChannels = std::min(kMaxChannels, channels * 2);
        if (hw.arch >= Arch::Hopper && speed > 45 && s.commChannels < 16)
            s.commChannels = std::min(kMaxChannels, s.commChannels * 2);
    }
    s.nvlsSupport = hw.nvls && hw.arch >= Arch::Hopper && s.nvlinkIntra && hw.gpusPerNode >= 2;
    if (s.nvlsSupport) {
        const int channels = std::min(hw.gpusPerNode, 16);
        const double bwIntra = speedAtMost(intra, totalBw / (channels + 1));
        const double bwInter = s.nodes == 1 ? std::min(2 * bwIntra, intra.front())
                                            : std::min(2 * bwIntra, speedAtMost(inter, std::min(hw.nicGBps, hw.pcieGBps)));
        s.nvls = {channels, bwIntra, bwInter};
    }
    s.collnetSupport = hw.collnet && s.nodes > 1;
    s.ll128 = s.nvlinkIntra && hw.arch >= Arch::Volta;
    return s;
}

int collectiveChannelsPerNic(const Hardware &hw)
{
    if (hw.nodes <= 1)
        return 1;
    const System s = systemFor(hw);
    // Each search channel runs through one NIC: no more NICs than channels.
    const int nics = std::max(1, std::min(hw.nicsPerNode, s.ring.channels));
    return std::max(1, s.commChannels / nics);
}

int p2pChannelsPerPeer(const Hardware &hw, int ranks)
{
    const double pathGBps = std::min(hw.nicGBps, hw.pcieGBps);
    int perPeer = std::max(1, static_cast<int>(std::ceil(pathGBps / 14.0 - 1e-9)));
    auto pow2Up = [](int v) {
        int p = 1;
        while (p < v)
            p *= 2;
        return p;
    };
    perPeer = pow2Up(perPeer);
    const int p2pChannels = pow2Up(std::min(std::max(1, systemFor(hw).commChannels), kMaxChannels));
    const int batches = (std::max(1, ranks) + 7) / 8;
    while (perPeer > 1 && perPeer * batches > p2pChannels)
        perPeer /= 2;
    return perPeer;
}

namespace {

/// NCCL's algorithm bandwidth (GB/s) of (a, p) for the collective, 0 when the
/// model gives it none; `why` says why.
double bandwidth(const System &s, Coll coll, Algo a, Proto p, std::string *why)
{
    const int ai = archIndex(s.arch);
    const int scale = s.nodes == 1 ? 0 : s.nodes == 2 ? 1 : 2;
    const double n = s.ranks, N = s.nodes, ppn = n / N;
    const double nsteps = coll == Coll::AllReduce ? 2.0 * (n - 1) : coll == Coll::Broadcast ? n : n - 1;
    const bool nvlsAlgo = a == Algo::Nvls || a == Algo::NvlsTree;
    const bool collnet = a == Algo::CollNetDirect || a == Algo::CollNetChain;
    const Graph &g = a == Algo::Ring ? s.ring : (a == Algo::Tree || a == Algo::Pat) ? s.tree : nvlsAlgo ? s.nvls : s.ring;
    if (g.channels == 0) {
        *why = "no graph";
        return 0.0;
    }
    double bw = (s.nodes <= 2 || collnet) ? g.bwIntra : g.bwInter;
    if (nvlsAlgo) {
        if (g.channels < 2) {
            *why = "fewer than 2 NVLS channels";
            return 0.0;
        }
        double intraBw = g.bwIntra * kNvlsEfficiency[ai] * (g.channels - 1.0) / g.channels;
        intraBw *= coll == Coll::AllReduce ? 2.0 : (ppn - 1.0) / ppn;
        double interBw = g.bwInter;
        if (a == Algo::NvlsTree && s.nodes <= 2)
            interBw *= 2.0;
        bw = std::min(intraBw, interBw);
        if (a == Algo::NvlsTree)
            bw = std::min(bw, kPerChMaxNvlsTree[ai][scale]);
    }
    double busBw = g.channels * bw;
    const double llMax = kLlMaxBw[s.nodes == 1 ? ai : (s.amdCpu ? 1 : 0)][scale];
    if (a == Algo::Ring && p == Proto::LL)
        busBw = std::min(llMax, 0.5 * busBw);
    if (a == Algo::Ring && p == Proto::LL128)
        busBw = std::min(0.92 * busBw, g.channels * kPerChMaxRingLL128[ai][scale]);
    if (a == Algo::Tree && coll == Coll::AllReduce)
        busBw = std::min(0.92 * busBw, g.channels * kPerChMaxTree[ai][scale]);
    if (a == Algo::Tree && p == Proto::LL)
        busBw = std::min(busBw / 3.8, llMax);
    if (a == Algo::Tree && p == Proto::LL128)
        busBw = std::min(busBw * (s.nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0), g.channels * kPerChMaxTreeLL128[ai][scale]);
    if (a == Algo::Tree && s.treePatternTree)
        busBw *= 0.85;
    if (a == Algo::Pat)
        busBw *= 0.75;
    if (collnet && p != Proto::Simple)
        busBw = 0.0;
    if (a == Algo::CollNetDirect && p == Proto::Simple) {
        if (coll == Coll::AllGather || coll == Coll::ReduceScatter) {
            busBw = ppn * std::min(g.bwIntra, 0.9 * g.bwInter);
        } else {
            double f = ppn / g.channels;
            f -= (f - 1.0) / 2.0;
            busBw /= f;
            if (s.arch >= Arch::Hopper)
                busBw *= 0.85;
        }
    }
    if (busBw <= 0.0) {
        *why = std::string(protoName(p)) + " does not apply";
        return 0.0;
    }
    // Bus bandwidth to algorithm bandwidth.
    if ((coll == Coll::AllGather || coll == Coll::ReduceScatter) && a != Algo::Ring)
        return busBw;
    if (a == Algo::Ring || nvlsAlgo)
        return busBw * n / nsteps;
    return busBw * 0.5;
}

double latency(const System &s, Coll coll, Algo a, Proto p)
{
    const int ai = static_cast<int>(a), pi = static_cast<int>(p);
    const double n = s.ranks, N = s.nodes, ppn = n / N;
    const double nsteps = coll == Coll::AllReduce ? 2.0 * (n - 1) : coll == Coll::Broadcast ? n : n - 1;
    double lat = kBaseLatencyUs[ai][pi];
    double intraLat = kHwLatencyUs[s.nvlinkIntra ? HwNvlink : HwPci][ai][pi];
    const double interLat = ppn > 1 ? kHwLatencyUs[HwNet][ai][pi] : kHwLatencyUs[HwNet][int(Algo::Tree)][pi];
    const double log2N = std::floor(std::log2(N));
    switch (a) {
    case Algo::Ring:
        if (coll == Coll::Broadcast) {
            lat += (s.nodes > 1 ? interLat : intraLat);
        } else {
            const double overhead = s.nodes == 1 ? 0.0 : (s.amdCpu ? 2.0 : 1.0) * (p == Proto::Simple ? 3.0 : 1.0);
            intraLat = std::max(intraLat, overhead);
            const double interSteps = s.nodes == 1 ? 0.0 : coll == Coll::AllReduce ? 2.0 * (N - 1) : N - 1;
            lat += (nsteps - interSteps) * intraLat + interSteps * interLat;
        }
        break;
    case Algo::Tree: lat += 2.0 * ((ppn - 1) * intraLat + log2N * interLat); break;
    case Algo::CollNetDirect: lat += 2.0 * (std::min(1.0, ppn - 1) * intraLat + (ppn - 1) * 0.4) + interLat; break;
    case Algo::CollNetChain: lat += 2.0 * (ppn - 1) * intraLat + interLat; break;
    case Algo::Nvls: lat = intraLat + (s.nodes > 1 ? interLat : 0.0); break;
    case Algo::NvlsTree: lat += intraLat + 2.0 * log2N * interLat; break;
    case Algo::Pat: lat += log2N * interLat / 3.5 + 2.8 * n; break;
    }
    return lat;
}

/// Why NCCL would not run (a, p) here; empty when it may.
std::string unavailable(const System &s, Coll coll, Algo a, Proto p)
{
    if (!appliesTo(coll, a))
        return "not an algorithm of this collective";
    const bool simpleOnly = a == Algo::Nvls || a == Algo::NvlsTree || a == Algo::Pat;
    if (simpleOnly && p != Proto::Simple)
        return "Simple protocol only";
    if (p == Proto::LL128 && !s.ll128)
        return "LL128 needs NVLink inside the node";
    const double ppn = double(s.ranks) / s.nodes;
    switch (a) {
    case Algo::Nvls:
    case Algo::NvlsTree:
        if (!s.nvlsSupport)
            return "no NVLink SHARP (NVSwitch multicast, sm90 or newer)";
        if (a == Algo::NvlsTree && s.nodes == 1)
            return "one node: NVLS instead";
        if (a == Algo::Nvls && s.nodes > 1 && !s.collnetSupport)
            return "across nodes NVLS needs SHARP in the switches (CollNet)";
        if (coll != Coll::AllReduce && ppn > 32)
            return "more than 32 GPUs per node";
        break;
    case Algo::CollNetDirect:
    case Algo::CollNetChain:
        if (!s.collnetSupport)
            return "no in-network reduction (SHARP / CollNet)";
        if (ppn > 8)
            return "more than 8 GPUs per node";
        if (a == Algo::CollNetDirect && !s.nvlinkIntra)
            return "needs an NVSwitch";
        break;
    case Algo::Pat:
        if (s.ranks != s.nodes)
            return "needs exactly one GPU per node";
        break;
    default: break;
    }
    return {};
}

} // namespace

double treeChannelCapGBps(const System &s)
{
    const int scale = s.nodes == 1 ? 0 : s.nodes == 2 ? 1 : 2;
    return s.tree.channels * kPerChMaxTree[archIndex(s.arch)][scale] * 0.5;
}

Choice choose(const System &system, Coll coll, double bytes, const std::vector<Algo> &allowed)
{
    Choice c;
    const Candidate *best = nullptr;
    const double logSize = bytes >= 64.0 ? std::floor(std::log2(bytes / 64.0)) : -1.0;
    for (int ai = 0; ai < algoCount; ++ai)
        for (int pi = 0; pi < protoCount; ++pi) {
            Candidate k;
            k.algo = static_cast<Algo>(ai);
            k.proto = static_cast<Proto>(pi);
            // What the hardware or the collective rules out first, then what the caller does.
            k.why = unavailable(system, coll, k.algo, k.proto);
            if (k.why.empty() && !allowed.empty()
                && std::find(allowed.begin(), allowed.end(), k.algo) == allowed.end())
                k.why = "not allowed (NCCL_ALGO)";
            if (k.why.empty()) {
                k.algbwGBps = bandwidth(system, coll, k.algo, k.proto, &k.why);
                k.latencyUs = latency(system, coll, k.algo, k.proto);
            }
            if (k.algbwGBps > 0.0) {
                double bw = k.algbwGBps;
                if (k.algo == Algo::Tree && coll == Coll::AllReduce && logSize >= 0 && logSize < 24)
                    bw *= kTreeCorrection[pi][static_cast<int>(logSize)];
                double lat = k.latencyUs;
                const double perRank = bytes / (double(std::max(1, system.commChannels)) * system.ranks);
                if (k.algo == Algo::Ring && k.proto == Proto::Simple && coll == Coll::AllReduce && system.nodes > 1
                    && perRank >= 64.0)
                    lat *= system.arch < Arch::Ampere ? 1.9 : 1.4;
                k.timeUs = lat + bytes / (1000.0 * bw);
            }
            c.table.push_back(k);
        }
    for (const Candidate &k : c.table)
        if (k.timeUs >= 0.0 && (!best || k.timeUs < best->timeUs))
            best = &k;
    if (!best) {
        c.reason = "no algorithm of NCCL's model applies";
        return c;
    }
    c.algo = best->algo;
    c.proto = best->proto;
    c.timeUs = best->timeUs;
    const Candidate *runnerUp = nullptr;
    for (const Candidate &k : c.table)
        if (k.timeUs >= 0.0 && &k != best && (!runnerUp || k.timeUs < runnerUp->timeUs))
            runnerUp = &k;
    char text[320];
    if (runnerUp)
        std::snprintf(text, sizeof text,
                      "NCCL's tuning model (%s) gives %s/%s %.1f us, the shortest; next %s/%s %.1f us (%d ranks "
                      "on %d nodes)",
                      kVersion, algoName(c.algo), protoName(c.proto), c.timeUs, algoName(runnerUp->algo),
                      protoName(runnerUp->proto), runnerUp->timeUs, system.ranks, system.nodes);
    else
        std::snprintf(text, sizeof text, "NCCL's tuning model (%s): %s/%s is the only choice, %.1f us",
                      kVersion, algoName(c.algo), protoName(c.proto), c.timeUs);
    c.reason = text;
    // The chosen protocol against Simple, same algorithm.
    for (const Candidate &k : c.table)
        if (k.algo == c.algo && k.proto == Proto::Simple && k.algbwGBps > 0.0) {
            c.protocolBandwidthRatio = best->algbwGBps / k.algbwGBps;
            c.protocolLatencyRatio = k.latencyUs > 0.0 ? best->latencyUs / k.latencyUs : 1.0;
        }
    return c;
}

} // namespace Railyard::NcclTuning
