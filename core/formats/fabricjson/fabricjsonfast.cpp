// The fast path of the native reader: a valid file as Railyard writes it
// (plain ASCII strings, known fields, sections in order) is read in one pass
// over the bytes with PlainJson, straight into the model. Anything else —
// a syntax error, an escape, an unknown field, a value out of range, a
// validation problem — makes it give up, and the full reader (nlohmann's SAX
// parser, every message with its JSON pointer) reads the file instead. So
// the fast path never decides what is reported; it only has to agree with
// the full reader on the files it accepts, which tst_fabricjson and the
// fuzz target check by reading inputs both ways.

#include "core/formats/fabricjson/fabricjsonfast.h"

#include "core/formats/fabricjson/fabricjsonreader.h"
#include "core/formats/plainjson.h"
#include "core/common/limits.h"
#include "core/floor/floorplan.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace Railyard::FabricJsonDetail {

namespace {

/// Reads an object's members once each: a repeated key gives up.
template<typename F>
bool members(PlainJson &json, F &&onMember)
{
    if (!json.beginObject())
        return false;
    std::uint32_t seen = 0;
    bool first = true;
    std::string_view key;
    while (json.key(first, key)) {
        const int bit = onMember(key);
        if (bit < 0 || (seen & (1u << bit)))
            return json.fail();
        seen |= 1u << bit;
    }
    return json.ok();
}

bool intIn(PlainJson &json, int &out, std::int64_t lo, std::int64_t hi)
{
    std::int64_t v = 0;
    if (!json.integer(v) || v < lo || v > hi)
        return json.fail();
    out = static_cast<int>(v);
    return true;
}

bool text(PlainJson &json, std::string &out)
{
    std::string_view v;
    if (!json.string(v))
        return false;
    out.assign(v);
    return true;
}

bool id(PlainJson &json, std::string &out)
{
    std::string_view v;
    if (!json.string(v) || v.empty() || v.size() > size_t(Limits::maxIdBytes))
        return json.fail();
    out.assign(v);
    return true;
}

bool location(PlainJson &json, Location &loc)
{
    return members(json, [&](std::string_view k) {
        if (k == "zone")
            return text(json, loc.zone) ? 0 : -1;
        if (k == "pod")
            return text(json, loc.pod) ? 1 : -1;
        if (k == "su")
            return text(json, loc.su) ? 2 : -1;
        if (k == "rack")
            return text(json, loc.rack) ? 3 : -1;
        return -1;
    });
}

bool nic(PlainJson &json, Nic &n)
{
    bool hasSpeed = false;
    const bool ok = members(json, [&](std::string_view k) {
        if (k == "rail")
            return intIn(json, n.rail, 0, Limits::maxIndexField) ? 0 : -1;
        if (k == "gbps") {
            hasSpeed = json.number(n.speedGbps) && Limits::isValidGbps(n.speedGbps);
            return hasSpeed ? 1 : -1;
        }
        if (k == "ports")
            return intIn(json, n.ports, 1, Limits::maxNicPorts) ? 2 : -1;
        if (k == "model")
            return text(json, n.model) ? 3 : -1;
        return -1;
    });
    return (ok && hasSpeed) || json.fail();
}

bool host(PlainJson &json, Host &h)
{
    bool hasId = false, hasGpus = false;
    const bool ok = members(json, [&](std::string_view k) {
        if (k == "id")
            return (hasId = id(json, h.id)) ? 0 : -1;
        if (k == "gpu_model")
            return text(json, h.gpuModel) ? 1 : -1;
        if (k == "gpus")
            return (hasGpus = intIn(json, h.gpus, 1, Limits::maxGpusPerHost)) ? 2 : -1;
        if (k == "nvlink_gbytes_per_s")
            return json.number(h.nvlinkGBps) && h.nvlinkGBps >= 0 && h.nvlinkGBps <= Limits::maxNvlinkGBps ? 3 : -1;
        if (k == "nvls")
            return json.boolean(h.nvls) ? 4 : -1;
        if (k == "nvlink_domain") // validate() checks the name
            return text(json, h.nvlinkDomain) ? 7 : -1;
        if (k == "location")
            return location(json, h.location) ? 5 : -1;
        if (k == "nics") {
            if (!json.beginArray())
                return -1;
            bool first = true;
            while (json.element(first)) {
                if (h.nics.size() == size_t(Limits::maxNicsPerHost))
                    return -1;
                Nic n;
                n.rail = static_cast<int>(h.nics.size());
                if (!nic(json, n))
                    return -1;
                h.nics.push_back(n);
            }
            return json.ok() ? 6 : -1;
        }
        return -1;
    });
    return (ok && hasId && hasGpus) || json.fail();
}

bool switchElement(PlainJson &json, Switch &s)
{
    bool hasId = false, hasTier = false;
    const bool ok = members(json, [&](std::string_view k) {
        if (k == "id")
            return (hasId = id(json, s.id)) ? 0 : -1;
        if (k == "tier") {
            std::string_view v;
            hasTier = json.string(v) && (v == "leaf" || v == "spine" || v == "core" || v == "switch");
            if (hasTier)
                s.tier = *tierFromName(std::string(v));
            return hasTier ? 1 : -1;
        }
        if (k == "radix")
            return intIn(json, s.radix, 1, Limits::maxRadix) ? 2 : -1;
        if (k == "model")
            return text(json, s.model) ? 3 : -1;
        if (k == "plane")
            return intIn(json, s.plane, 0, Limits::maxIndexField) ? 4 : -1;
        if (k == "rail")
            return intIn(json, s.rail, -1, Limits::maxIndexField) ? 5 : -1;
        if (k == "sharp")
            return json.boolean(s.sharp) ? 6 : -1;
        if (k == "location")
            return location(json, s.location) ? 7 : -1;
        return -1;
    });
    return (ok && hasId && hasTier) || json.fail();
}

/// The node last looked up for a link end: consecutive links usually share
/// one (a host's rails, a leaf's uplinks).
struct EndCache
{
    std::string id;
    NodeIndex node = -1;
};

/// One link; its ends are looked up by id among the nodes read so far.
bool link(PlainJson &json, const Fabric &fabric, Link &l, EndCache &lastA, EndCache &lastB)
{
    bool hasId = false, hasGbps = false, hasDegraded = false;
    std::string_view a, b;
    auto end = [&](std::string_view &out, std::int32_t &node, EndCache &cache) {
        if (!json.string(out))
            return false;
        if (cache.node < 0 || out != cache.id) {
            cache.node = fabric.findNode(out);
            cache.id.assign(out);
        }
        node = cache.node;
        return node >= 0;
    };
    const bool ok = members(json, [&](std::string_view k) {
        if (k == "id")
            return (hasId = id(json, l.id)) ? 0 : -1;
        if (k == "a")
            return end(a, l.a, lastA) ? 1 : -1;
        if (k == "b")
            return end(b, l.b, lastB) ? 2 : -1;
        if (k == "port_a")
            return intIn(json, l.portA, -1, Limits::maxRadix - 1) ? 3 : -1;
        if (k == "port_b")
            return intIn(json, l.portB, -1, Limits::maxRadix - 1) ? 4 : -1;
        if (k == "gbps")
            return (hasGbps = json.number(l.capacityGbps) && Limits::isValidGbps(l.capacityGbps)) ? 5 : -1;
        if (k == "state") {
            std::string_view v;
            if (!json.string(v))
                return -1;
            const auto state = linkStateFromName(std::string(v));
            if (!state)
                return -1;
            l.state = *state;
            return 6;
        }
        if (k == "degraded_gbps")
            return (hasDegraded = json.number(l.degradedGbps)) ? 7 : -1;
        if (k == "plane")
            return intIn(json, l.plane, 0, Limits::maxIndexField) ? 8 : -1;
        return -1;
    });
    if (!ok || !hasId || !hasGbps || a.empty() || b.empty())
        return json.fail();
    if (l.state == LinkState::Degraded
        && !(hasDegraded && l.degradedGbps >= Limits::minGbps && l.degradedGbps <= l.capacityGbps))
        return json.fail();
    return true;
}

} // namespace

bool readPlain(std::string_view data, Fabric &fabric)
{
    PlainJson json(data);
    bool sawFormat = false, sawVersion = false, nodesDone = false;
    const bool ok = members(json, [&](std::string_view k) {
        if (k == "format") {
            std::string_view v;
            sawFormat = json.string(v) && v == fabricJsonTag;
            return sawFormat ? 0 : -1;
        }
        if (k == "version") {
            std::int64_t v = 0;
            sawVersion = json.integer(v) && v == FabricJsonFormat::formatVersion;
            return sawVersion ? 1 : -1;
        }
        if (k == "name")
            return text(json, fabric.name) ? 2 : -1;
        if (k == "description")
            return text(json, fabric.description) ? 3 : -1;
        if (k == "transport" || k == "routing") {
            std::string value;
            if (!text(json, value))
                return -1;
            if (k == "transport") {
                const auto t = transportFromName(value);
                if (!t)
                    return -1;
                fabric.transport = *t;
                return 7;
            }
            const auto r = fabricRoutingFromName(value);
            if (!r)
                return -1;
            fabric.routing = *r;
            return 8;
        }
        if (k == "hosts" || k == "switches") {
            const bool hosts = k == "hosts";
            if (nodesDone || !json.beginArray()) // nodes after links: the full reader's order rules
                return -1;
            bool first = true;
            while (json.element(first)) {
                if (hosts) {
                    Host h;
                    if (!host(json, h) || fabric.containsId(h.id))
                        return -1;
                    fabric.addHost(std::move(h));
                } else {
                    Switch s;
                    if (!switchElement(json, s) || fabric.containsId(s.id))
                        return -1;
                    fabric.addSwitch(std::move(s));
                }
            }
            return json.ok() ? (hosts ? 4 : 5) : -1;
        }
        if (k == "floor") {
            // The floor's own reader checks it; a floor it refuses is the full
            // reader's to report, with its path.
            std::string_view raw;
            if (!json.rawValue(raw))
                return -1;
            try {
                fabric.floor = std::make_shared<const FloorPlan>(parseFloorJson(raw, "floor"));
            } catch (const FloorError &) {
                return -1;
            }
            return 9;
        }
        if (k == "nccl") {
            // Small: parsed whole; anything unusual is the full reader's to report.
            std::string_view raw;
            if (!json.rawValue(raw) || raw.size() > 4096)
                return -1;
            const nlohmann::json v = nlohmann::json::parse(raw, nullptr, false);
            if (!v.is_object())
                return -1;
            for (const auto &[key, value] : v.items()) {
                if (key == "ib_qps_per_connection" && value.is_number_integer() && value.get<long long>() >= 1
                    && value.get<long long>() <= 128)
                    fabric.nccl.ibQpsPerConnection = value.get<int>();
                else if (key == "ib_split_data_on_qps" && value.is_boolean())
                    fabric.nccl.ibSplitDataOnQps = value.get<bool>() ? 1 : 0;
                else
                    return -1;
            }
            return 10;
        }
        if (k == "links") {
            nodesDone = true;
            if (!json.beginArray())
                return -1;
            // Written files hold one link per line of about 100 bytes.
            std::vector<Link> links;
            links.reserve(data.size() / 100);
            bool first = true;
            EndCache lastA, lastB;
            while (json.element(first)) {
                Link l;
                if (!link(json, fabric, l, lastA, lastB))
                    return -1;
                links.push_back(std::move(l));
            }
            fabric.appendLinks(std::move(links));
            return json.ok() ? 6 : -1;
        }
        return -1;
    });
    if (!ok || !json.atEnd() || !sawFormat || !sawVersion)
        return false;
    // Anything validate() finds (duplicate link ids, ports, radix) is the
    // full reader's to report, with its paths.
    return fabric.validate().empty();
}

} // namespace Railyard::FabricJsonDetail
