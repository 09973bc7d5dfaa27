#pragma once

// Small fabrics built in code for the format tests, and a field-by-field
// comparison. Header-only: each test executable includes it.

#include "core/model/fabric.h"

#include <QTest>

#include <string>

namespace Railyard::TestFabrics {

/// Two racks of 4 hosts x 8 GPUs, 8 rails: one rail leaf per rail (8 host
/// links each), 2 spines, 2 parallel uplinks from every leaf to every spine;
/// rack 1's hosts share the NVLink domain "nvl-r1". With `oddities`: a
/// degraded and a down link, a plane-1 link, an unlayered switch, partial
/// locations and strings that need escaping.
inline Fabric lab(bool oddities)
{
    Fabric f;
    f.name = oddities ? "lab \"quoted\" \\ back\nslash \xc3\xa9t\xc3\xa9 <xml> & co" : "lab";
    f.description = oddities ? "tab\there" : "two racks, eight rails";
    constexpr int racks = 2, hostsPerRack = 4, rails = 8, spines = 2;
    for (int r = 0; r < racks; ++r) {
        for (int i = 0; i < hostsPerRack; ++i) {
            Host h;
            h.id = "h-r" + std::to_string(r) + "-" + std::to_string(i);
            h.gpuModel = r == 0 ? "h100" : "b200";
            h.gpus = 8;
            h.nvlinkGBps = r == 0 ? 450.0 : 900.0;
            h.nvls = r == 0; // NVLink SHARP on rack 0 only
            if (r == 1)
                h.nvlinkDomain = "nvl-r1"; // rack 1 is one multi-host NVLink domain
            for (int rail = 0; rail < rails; ++rail)
                h.nics.push_back(Nic{rail, 400.0, 1});
            h.location = Location{"zone-a", "pod-1", "su-1", "rack-" + std::to_string(r)};
            if (oddities && r == 1 && i == 3)
                h.location = Location{"", "", "", "rack-1"};
            f.addHost(std::move(h));
        }
    }
    for (int rail = 0; rail < rails; ++rail) {
        Switch s;
        s.id = "leaf-" + std::to_string(rail);
        s.tier = Tier::Leaf;
        s.radix = 64;
        s.model = "qm9700";
        s.rail = rail;
        s.sharp = true; // SHARP on the leaves, not on the spines
        s.location = Location{"zone-a", "pod-1", "su-1", "net-rack"};
        f.addSwitch(std::move(s));
    }
    for (int i = 0; i < spines; ++i) {
        Switch s;
        s.id = "spine-" + std::to_string(i);
        s.tier = Tier::Spine;
        s.radix = 64;
        s.model = oddities ? "" : "qm9700";
        s.plane = oddities ? i : 0;
        s.location = Location{"zone-a", "pod-1", "", ""};
        f.addSwitch(std::move(s));
    }
    if (oddities) {
        Switch s;
        s.id = "mgmt";
        s.tier = Tier::Unlayered;
        s.radix = 48;
        f.addSwitch(std::move(s));
    }
    int linkNo = 0;
    for (std::int32_t h = 0; h < f.hostCount(); ++h) {
        for (int rail = 0; rail < rails; ++rail) {
            Link l;
            l.id = "l" + std::to_string(linkNo++);
            l.a = f.hostNode(h);
            l.b = f.findNode("leaf-" + std::to_string(rail));
            l.portA = 0;
            l.portB = h;
            l.capacityGbps = 400.0;
            f.addLink(std::move(l));
        }
    }
    for (int rail = 0; rail < rails; ++rail) {
        for (int s = 0; s < spines; ++s) {
            for (int k = 0; k < 2; ++k) {
                Link l;
                l.id = "up-" + std::to_string(rail) + "-" + std::to_string(s) + "-" + std::to_string(k);
                l.a = f.findNode("leaf-" + std::to_string(rail));
                l.b = f.findNode("spine-" + std::to_string(s));
                l.portA = 32 + s * 2 + k;
                l.portB = rail * 2 + k;
                l.capacityGbps = 800.0;
                f.addLink(std::move(l));
            }
        }
    }
    if (oddities) {
        f.link(0).state = LinkState::Degraded;
        f.link(0).degradedGbps = 187.5;
        f.link(1).state = LinkState::Down;
        f.link(70).plane = 1;
        f.link(70).capacityGbps = 0.1 + 0.2; // needs all 17 digits to round-trip
        Link l;
        l.id = "mgmt-uplink";
        l.a = f.findNode("mgmt");
        l.b = f.findNode("spine-0");
        l.capacityGbps = 100.0;
        f.addLink(std::move(l));
    }
    return f;
}

inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

inline void compareLocation(const Location &a, const Location &b)
{
    QCOMPARE(qs(a.zone), qs(b.zone));
    QCOMPARE(qs(a.pod), qs(b.pod));
    QCOMPARE(qs(a.su), qs(b.su));
    QCOMPARE(qs(a.rack), qs(b.rack));
}

/// QCOMPAREs every field (doubles exactly); NICs only when `nics`. Call, then
/// check QTest::currentTestFailed().
inline void compare(const Fabric &actual, const Fabric &expected, bool nics = true)
{
    QCOMPARE(qs(actual.name), qs(expected.name));
    QCOMPARE(qs(actual.description), qs(expected.description));
    QCOMPARE(actual.hostCount(), expected.hostCount());
    QCOMPARE(actual.switchCount(), expected.switchCount());
    QCOMPARE(actual.linkCount(), expected.linkCount());
    for (std::int32_t i = 0; i < expected.hostCount(); ++i) {
        const Host &a = actual.host(i), &e = expected.host(i);
        QCOMPARE(qs(a.id), qs(e.id));
        QCOMPARE(qs(a.gpuModel), qs(e.gpuModel));
        QCOMPARE(a.gpus, e.gpus);
        QVERIFY(a.nvlinkGBps == e.nvlinkGBps);
        QCOMPARE(a.nvls, e.nvls);
        QCOMPARE(qs(a.nvlinkDomain), qs(e.nvlinkDomain));
        if (nics)
            QCOMPARE(a.nics.size(), e.nics.size());
        for (size_t n = 0; nics && n < e.nics.size(); ++n) {
            QCOMPARE(a.nics[n].rail, e.nics[n].rail);
            QVERIFY(a.nics[n].speedGbps == e.nics[n].speedGbps);
            QCOMPARE(a.nics[n].ports, e.nics[n].ports);
        }
        compareLocation(a.location, e.location);
        if (QTest::currentTestFailed())
            return;
    }
    for (std::int32_t i = 0; i < expected.switchCount(); ++i) {
        const Switch &a = actual.switchAt(i), &e = expected.switchAt(i);
        QCOMPARE(qs(a.id), qs(e.id));
        QCOMPARE(tierName(a.tier), tierName(e.tier));
        QCOMPARE(a.radix, e.radix);
        QCOMPARE(qs(a.model), qs(e.model));
        QCOMPARE(a.plane, e.plane);
        QCOMPARE(a.rail, e.rail);
        QCOMPARE(a.sharp, e.sharp);
        compareLocation(a.location, e.location);
        if (QTest::currentTestFailed())
            return;
    }
    for (std::int32_t i = 0; i < expected.linkCount(); ++i) {
        const Link &a = actual.link(i), &e = expected.link(i);
        QCOMPARE(qs(a.id), qs(e.id));
        QCOMPARE(qs(actual.nodeId(a.a)), qs(expected.nodeId(e.a)));
        QCOMPARE(qs(actual.nodeId(a.b)), qs(expected.nodeId(e.b)));
        QCOMPARE(a.portA, e.portA);
        QCOMPARE(a.portB, e.portB);
        QVERIFY2(a.capacityGbps == e.capacityGbps, a.id.c_str());
        QCOMPARE(linkStateName(a.state), linkStateName(e.state));
        if (e.state == LinkState::Degraded)
            QVERIFY(a.degradedGbps == e.degradedGbps);
        QCOMPARE(a.plane, e.plane);
    }
}

} // namespace Railyard::TestFabrics
