// railyard-bench --lfts: the subnet-manager routing analysis at scale.
// Debian's ibsim stops at 2,048 nodes and 13,312 ports (docs/fabric-manager.md),
// so OpenSM cannot route larger fabrics in simulation; the bench writes the tables an
// up/down destination-mod-k engine computes (what ftree does on a Clos: up
// on uplink LID mod k until a switch above the destination, then down),
// prints them as dump_fts does, and times what Railyard does with a real
// dump of that size: read it, map it onto the design, trace 1,000 random
// bisections (one flow each way per HCA pair) and the shift pattern.

#include "app/bench/routingbench.h"

#include "app/bench/benchutil.h"
#include "core/fabricmanager/lftdump.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/model/infinibandids.h"
#include "core/generators/presets.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <functional>

namespace Railyard {

using Bench::median;
using Bench::peakRssMiB;
using Bench::timeMs;

namespace {


/// dump_fts text of up/down D-mod-k tables for `f` (HCA LIDs as InfinibandIds writes them).
std::string upDownTables(const Fabric &f)
{
    f.prepare();
    const InfinibandIds ids = InfinibandIds::of(f);
    const auto level = [&](NodeIndex n) { return f.isHost(n) ? 0 : tierLevel(f.switchAt(f.switchIndexOf(n)).tier); };
    // Per switch: its uplinks (to a higher tier) by port, and per HCA the down link when above it.
    std::vector<std::vector<std::pair<int, std::int32_t>>> up(size_t(f.switchCount()));
    std::vector<std::vector<int>> portOf(size_t(f.switchCount()));
    for (std::int32_t l = 0; l < f.linkCount(); ++l) {
        const Link &link = f.link(l);
        for (int e = 0; e < 2; ++e) {
            const NodeIndex n = e == 0 ? link.a : link.b, other = e == 0 ? link.b : link.a;
            if (!f.isSwitch(n))
                continue;
            const int port = e == 0 ? ids.linkPorts[size_t(l)].first : ids.linkPorts[size_t(l)].second;
            if (level(other) > level(n))
                up[size_t(f.switchIndexOf(n))].emplace_back(port, l);
        }
    }
    std::vector<std::vector<int>> down(size_t(f.switchCount()), std::vector<int>(ids.cas.size(), 0));
    std::vector<int> mark(size_t(f.switchCount()), -1);
    for (size_t c = 0; c < ids.cas.size(); ++c) {
        const InfinibandIds::Ca &ca = ids.cas[c];
        std::deque<NodeIndex> queue;
        for (const std::int32_t l : f.incidentLinks(NodeIndex(ca.host))) {
            const Link &link = f.link(l);
            const int hostPort = link.a == NodeIndex(ca.host) ? link.portA : link.portB;
            if (ids.caOfHostPort(ca.host, std::max(hostPort, 0)) != int(c))
                continue;
            const NodeIndex sw = f.otherEnd(l, NodeIndex(ca.host));
            const std::int32_t s = f.switchIndexOf(sw);
            if (mark[size_t(s)] == int(c))
                continue;
            mark[size_t(s)] = int(c);
            down[size_t(s)][c] = link.a == sw ? ids.linkPorts[size_t(l)].first : ids.linkPorts[size_t(l)].second;
            queue.push_back(sw);
        }
        while (!queue.empty()) {
            const NodeIndex n = queue.front();
            queue.pop_front();
            for (const auto &[port, l] : up[size_t(f.switchIndexOf(n))]) {
                const NodeIndex above = f.otherEnd(l, n);
                const std::int32_t s = f.switchIndexOf(above);
                if (mark[size_t(s)] == int(c))
                    continue;
                mark[size_t(s)] = int(c);
                const Link &link = f.link(l);
                down[size_t(s)][c] = link.a == above ? ids.linkPorts[size_t(l)].first : ids.linkPorts[size_t(l)].second;
                queue.push_back(above);
            }
        }
    }
    std::string out;
    out.reserve(size_t(f.switchCount()) * ids.cas.size() * 80);
    char line[256];
    for (std::int32_t s = 0; s < f.switchCount(); ++s) {
        std::snprintf(line, sizeof line, "Unicast lids [0x0-0x%x] of switch Lid %d guid 0x%016" PRIx64 " (%s):\n",
                      ids.cas.back().lid, ids.switchLid[size_t(s)], ids.switchGuid[size_t(s)],
                      f.switchAt(s).id.c_str());
        out += line;
        for (size_t c = 0; c < ids.cas.size(); ++c) {
            const InfinibandIds::Ca &ca = ids.cas[c];
            int port = down[size_t(s)][c];
            if (port == 0 && !up[size_t(s)].empty())
                port = up[size_t(s)][size_t(ca.host) % up[size_t(s)].size()].first; // D-mod-k on the host
            std::snprintf(line, sizeof line, "0x%04x %03d : (Channel Adapter portguid 0x%016" PRIx64 ": '%s mlx5_%d')\n",
                          ca.lid, port == 0 ? 255 : port, ca.guid + 1, f.host(ca.host).id.c_str(), ca.nic);
            out += line;
        }
        std::snprintf(line, sizeof line, "%zu valid lids dumped\n", ids.cas.size());
        out += line;
    }
    return out;
}

} // namespace

int runRoutingBench(int repeats, bool json)
{
    // 1,024 GPUs: the largest rail-optimized design Debian's ibsim holds
    // (2,048 nodes), for comparing with a real OpenSM dump; 4,096 GPUs; and
    // 16,384 GPUs (2,048 hosts): the target scale (read and 1,000 bisections under 5 s), a 1.5 GB dump.
    for (const int hosts : {128, 512, 2048}) {
        const Fabric fabric = generateClos(railOptimizedParams(hosts));
        const std::string text = upDownTables(fabric);
        std::vector<double> readMs, mapMs, randomMs, shiftMs;
        EffectiveBisection random, shift;
        for (int run = 0; run < repeats; ++run) {
            LftReadResult read;
            readMs.push_back(timeMs([&] { read = readLftDump(text, QStringLiteral("bench.dump_fts")); }));
            if (!read.ok()) {
                std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(read.errorText()));
                return 1;
            }
            std::unique_ptr<SubnetRouting> routing;
            mapMs.push_back(timeMs([&] { routing = std::make_unique<SubnetRouting>(fabric, *read.dump); }));
            randomMs.push_back(timeMs([&] { random = effectiveBisection(*routing, 1000, 1, false); }));
            shiftMs.push_back(timeMs([&] { shift = effectiveBisection(*routing, 1, 1, true); }));
        }
        if (json) {
            QJsonObject o{{"gpus", double(fabric.gpuCount())},
                          {"hcas", hosts * 8},
                          {"switches", fabric.switchCount()},
                          {"dump_mib", double(text.size()) / (1 << 20)},
                          {"read_ms", median(readMs)},
                          {"map_ms", median(mapMs)},
                          {"random_1000_ms", median(randomMs)},
                          {"shift_ms", median(shiftMs)},
                          {"random_mean_share", random.meanShare},
                          {"shift_share", shift.meanShare},
                          {"peak_rss_mib", peakRssMiB()}};
            std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
            continue;
        }
        std::printf("subnet-manager routing: %lld GPUs (%d HCAs), %d switches, a %.0f MiB dump_fts (%d runs, medians)\n",
                    (long long)fabric.gpuCount(), hosts * 8, fabric.switchCount(), double(text.size()) / (1 << 20),
                    repeats);
        std::printf("  read the tables                    %9.1f ms\n", median(readMs));
        std::printf("  map them onto the design           %9.1f ms\n", median(mapMs));
        std::printf("  1,000 random bisections            %9.1f ms (synthetic tables: mean %.1f %% of the min cut, p5 %.1f %%)\n",
                    median(randomMs), 100 * random.meanShare, 100 * random.p5Share);
        std::printf("  the shift pattern                  %9.1f ms (%.1f %%)\n", median(shiftMs), 100 * shift.meanShare);
        std::printf("  total, read to 1,000 bisections    %9.1f ms\n",
                    median(readMs) + median(mapMs) + median(randomMs));
        std::printf("  peak RSS                           %9.0f MiB\n", peakRssMiB());
    }
    return 0;
}

} // namespace Railyard
