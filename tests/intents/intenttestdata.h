#pragma once

// A small fabric and a clean intent for the intent tests, small enough to
// work every number out by hand. Header-only.
//
// Fabric "small": zones z1 (pod p1, su s1: racks r1, r2) and z2 (pod p2,
// su s2: racks r3, r4); two hosts per rack, h1..h8 (r1 = h1, h2; ...;
// r4 = h7, h8), each with `nics` NICs linked to its rack's leaf (leaf1..leaf4);
// every leaf linked once to each of spine1 and spine2. Links: 8 × nics host
// links, then 8 leaf-spine links. Racks r1↔r2 therefore talk over
// leaf1/leaf2 and both spines: 4 switch links.

#include "core/intents/intent.h"
#include "core/model/fabric.h"

#include <string>

namespace Railyard::IntentTest {

inline Fabric smallFabric(const std::string &switchModel = "SN5600", int nics = 2)
{
    Fabric f;
    f.name = "small";
    for (int i = 0; i < 8; ++i) {
        Host h;
        h.id = "h" + std::to_string(i + 1);
        for (int n = 0; n < nics; ++n)
            h.nics.push_back(Nic{n, 400.0, 1});
        const bool z1 = i < 4;
        h.location = {z1 ? "z1" : "z2", z1 ? "p1" : "p2", z1 ? "s1" : "s2", "r" + std::to_string(i / 2 + 1)};
        f.addHost(h);
    }
    for (int l = 0; l < 4; ++l) {
        Switch s;
        s.id = "leaf" + std::to_string(l + 1);
        s.tier = Tier::Leaf;
        s.model = switchModel;
        f.addSwitch(s);
    }
    for (int l = 0; l < 2; ++l) {
        Switch s;
        s.id = "spine" + std::to_string(l + 1);
        s.tier = Tier::Spine;
        s.model = switchModel;
        f.addSwitch(s);
    }
    const auto leafNode = [&f](int l) { return f.switchNode(l); };
    const auto spineNode = [&f](int s) { return f.switchNode(4 + s); };
    for (int i = 0; i < 8; ++i) {
        for (int n = 0; n < nics; ++n) {
            Link k;
            k.id = "h" + std::to_string(i + 1) + "-n" + std::to_string(n);
            k.a = f.hostNode(i);
            k.b = leafNode(i / 2);
            f.addLink(k);
        }
    }
    for (int l = 0; l < 4; ++l) {
        for (int s = 0; s < 2; ++s) {
            Link k;
            k.id = "leaf" + std::to_string(l + 1) + "-spine" + std::to_string(s + 1);
            k.a = leafNode(l);
            k.b = spineNode(s);
            f.addLink(k);
        }
    }
    return f;
}

inline IntentRule rule(const std::string &from, const std::string &to, IntentProtocol proto,
                       const std::string &name = {})
{
    IntentRule r;
    r.name = name;
    r.from = from;
    r.to = to;
    r.proto = proto;
    return r;
}

/// An intent with no lint findings on smallFabric(): RoCE with PFC/ECN/MTU,
/// 2 rails, fat_tree, RDMA inside each zone, TCP everywhere, egress denied.
/// RDMA: 8 of 16 rack pairs allowed (2 × 2 per zone); TCP: 16 of 16.
inline Intent cleanIntent()
{
    Intent i;
    i.metadata.version = 1;
    i.metadata.author = "alice";
    i.cluster = "small";
    i.backend = IntentBackend::Roce;
    i.rails = 2;
    i.topology = IntentTopology::FatTree;
    i.allow = {rule("z1/*", "z1/*", IntentProtocol::Rdma, "rdma-z1"),
               rule("z2/*", "z2/*", IntentProtocol::Rdma, "rdma-z2"), rule("*", "*", IntentProtocol::Tcp, "tcp-all")};
    i.denyPublicEgress = true;
    LosslessSettings l;
    l.pfcPriority = 3;
    l.ecn = EcnThresholds{100, 400, 20};
    l.mtuBytes = 4096;
    i.lossless = l;
    return i;
}

} // namespace Railyard::IntentTest
