#include "core/formats/fabricjson/fabricjsonreader.h"

#include "core/common/jsonbounds.h"

#include "core/formats/fabricjson/fabricjsonfast.h"
#include "core/formats/fabricjson/fabricjsonsax.h"
#include "core/common/messagetext.h"
#include "core/common/limits.h"
#include "core/floor/floorplan.h"

#include <QBuffer>
#include <QFileDevice>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace Railyard {

namespace FabricJsonDetail {

std::string pointerEscape(std::string_view key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

} // namespace FabricJsonDetail

using namespace FabricJsonDetail;
using Reader = FabricJsonReader;

namespace {

constexpr std::string_view formatTag = fabricJsonTag;

/// Shortest text that reads back to the same double ("400", "12.5").
std::string numberText(double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

/// Short rendering of a JSON value for messages: "got string \"x\"".
std::string describe(const json &v)
{
    switch (v.type()) {
    case json::value_t::object: return "an object"; // never dumped: it may be deep or huge
    case json::value_t::array: return "an array";
    case json::value_t::null: return "null";
    case json::value_t::string: return "string \"" + elided(v.get_ref<const std::string &>(), 37) + "\"";
    case json::value_t::boolean: return v.get<bool>() ? "boolean true" : "boolean false";
    default: return v.dump(-1, ' ', false, json::error_handler_t::replace);
    }
}

// Uniform access to nlohmann values and Scalars for the field readers below.
const json *findField(const json &obj, const char *key)
{
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
}
const Scalar *findField(const FlatObject &obj, const char *key)
{
    const int known = linkFieldIndex(key);
    return known >= 0 && obj.slot[known] ? &obj.fields[size_t(obj.slot[known] - 1)].value : nullptr;
}
template<class F>
void forEachKey(const json &obj, F &&f)
{
    for (const auto &item : obj.items())
        f(item.key());
}
template<class F>
void forEachKey(const FlatObject &obj, F &&f)
{
    for (size_t i = 0; i < obj.count; ++i) {
        if (obj.fields[i].known < 0) // the others are known by construction
            f(obj.fields[i].key);
    }
}
bool isString(const json &v)
{
    return v.is_string();
}
bool isString(const Scalar &v)
{
    return v.type == json::value_t::string;
}
const std::string &stringOf(const json &v)
{
    return v.get_ref<const std::string &>();
}
const std::string &stringOf(const Scalar &v)
{
    return v.text;
}
bool isNumber(const json &v)
{
    return v.is_number();
}
bool isNumber(const Scalar &v)
{
    return v.type == json::value_t::number_integer || v.type == json::value_t::number_unsigned
        || v.type == json::value_t::number_float;
}
double numberOf(const json &v)
{
    return v.get<double>();
}
double numberOf(const Scalar &v)
{
    return v.type == json::value_t::number_integer ? double(v.integer)
        : v.type == json::value_t::number_unsigned ? double(v.unsignedInt)
                                                   : v.real;
}
std::string describe(const Scalar &v)
{
    switch (v.type) {
    case json::value_t::string: return "string \"" + elided(v.text, 37) + "\"";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::null: return "null";
    case json::value_t::boolean: return v.boolean ? "boolean true" : "boolean false";
    default: return numberText(numberOf(v));
    }
}

} // namespace

void Reader::syntaxError(std::string_view data, size_t position, const std::string &lastToken, const char *what)
{
    // nlohmann reports the offset just past the offending token; point at its start.
    position = std::min(position, data.size());
    size_t start = position >= lastToken.size() ? position - lastToken.size() : 0;
    // nlohmann's token text can run on from earlier tokens and the blank
    // lines between them: the offending token starts after the last blank
    // (a string token keeps its own blanks).
    if (!lastToken.starts_with('"')) {
        const size_t blank = lastToken.find_last_of(" \t\n\r");
        if (blank != std::string::npos)
            start = std::min(position, start + blank + 1);
    }
    if (start == data.size() && start > 0)
        --start;
    const auto line = 1 + std::count(data.begin(), data.begin() + std::ptrdiff_t(start), '\n');
    const size_t lineStart = data.rfind('\n', start == 0 ? 0 : start - 1);
    const size_t column = (lineStart == std::string_view::npos || start == 0) ? start + 1 : start - lineStart;

    // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error ..." -> "syntax error ..."
    std::string message = jsonExceptionMessage(what);
    // The commonest slip: a value where a separator belongs.
    const bool wantedSeparator = message.ends_with("expected '}'") || message.ends_with("expected ']'");
    if (wantedSeparator && message.find("unexpected end of input") == std::string::npos
        && message.find("unexpected '") == std::string::npos)
        message += "; is a comma missing before it?";
    m_errors.push_back({m_fileName, int(line), int(column), {}, QString::fromStdString(message)});
    m_fatal = true;
}

template<class Obj>
auto Reader::field(const Obj &obj, const std::string &path, const char *key, bool required)
{
    const auto *v = findField(obj, key);
    if (!v && required)
        error(path, std::string("missing required field \"") + key + "\"");
    return v;
}

template<class Obj>
bool Reader::getString(const Obj &obj, const std::string &path, const char *key, std::string &out, bool required)
{
    const auto *v = field(obj, path, key, required);
    if (!v)
        return !required;
    if (!isString(*v)) {
        error(path + "/" + key, "expected a string, got " + describe(*v));
        return false;
    }
    out = stringOf(*v);
    return true;
}

template<class Obj>
bool Reader::getInt(const Obj &obj, const std::string &path, const char *key, int &out, bool required)
{
    const auto *v = field(obj, path, key, required);
    if (!v)
        return !required;
    constexpr double lo = std::numeric_limits<int>::min();
    constexpr double hi = std::numeric_limits<int>::max();
    const double d = isNumber(*v) ? numberOf(*v) : 0.5;
    if (std::floor(d) != d) { // 8.0 is still an integer
        error(path + "/" + key, "expected an integer, got " + describe(*v));
        return false;
    }
    if (d < lo || d > hi) {
        error(path + "/" + key, "integer out of range, got " + describe(*v));
        return false;
    }
    out = int(d);
    return true;
}

template<class Obj>
bool Reader::getNumber(const Obj &obj, const std::string &path, const char *key, double &out, bool required)
{
    const auto *v = field(obj, path, key, required);
    if (!v)
        return !required;
    if (!isNumber(*v)) {
        error(path + "/" + key, "expected a number, got " + describe(*v));
        return false;
    }
    out = numberOf(*v);
    return true;
}

bool Reader::getBool(const json &obj, const std::string &path, const char *key, bool &out)
{
    const json *v = field(obj, path, key, false);
    if (!v)
        return true;
    if (!v->is_boolean()) {
        error(path + "/" + key, "expected true or false, got " + describe(*v));
        return false;
    }
    out = v->get<bool>();
    return true;
}

bool Reader::checkObject(const json &v, const std::string &path)
{
    if (v.is_object())
        return true;
    error(path, "expected an object, got " + describe(v));
    return false;
}

template<class Obj>
void Reader::unknownFields(const Obj &obj, const std::string &path, std::initializer_list<std::string_view> known)
{
    forEachKey(obj, [&](const std::string &key) {
        if (std::find(known.begin(), known.end(), std::string_view(key)) == known.end())
            warning(path + "/" + pointerEscape(elided(key)), "unknown field \"" + elided(key) + "\" ignored");
    });
}

void Reader::readLocation(const json &obj, const std::string &path, Location &loc)
{
    const json *v = findField(obj, "location");
    if (!v)
        return;
    const std::string p = path + "/location";
    if (!checkObject(*v, p))
        return;
    getString(*v, p, "zone", loc.zone, false);
    getString(*v, p, "pod", loc.pod, false);
    getString(*v, p, "su", loc.su, false);
    getString(*v, p, "rack", loc.rack, false);
    unknownFields(*v, p, {"zone", "pod", "su", "rack"});
}

template<class Obj>
bool Reader::readId(const Obj &obj, const std::string &path, std::string &id)
{
    if (!getString(obj, path, "id", id, true))
        return false;
    if (id.empty()) {
        error(path + "/id", "id must not be empty");
        return false;
    }
    if (id.size() > size_t(Limits::maxIdBytes)) {
        error(path + "/id", "id longer than " + std::to_string(Limits::maxIdBytes) + " bytes: \"" + elided(id) + "\"");
        return false;
    }
    return true;
}

/// JSON path of the element that already uses id ("" if none).
std::string Reader::firstUse(const std::string &id) const
{
    const NodeIndex n = m_fabric.findNode(id);
    if (m_fabric.isHost(n))
        return "/hosts/" + std::to_string(m_hostSource[size_t(n)]);
    if (m_fabric.isSwitch(n))
        return "/switches/" + std::to_string(m_switchSource[size_t(m_fabric.switchIndexOf(n))]);
    if (const auto l = m_fabric.findLink(id); l >= 0)
        return "/links/" + std::to_string(m_linkSource[size_t(l)]);
    return {};
}

void Reader::topValue(const std::string &key, const json &value)
{
    const std::string path = "/" + pointerEscape(elided(key));
    if (key == "format") {
        m_sawFormat = true;
        if (!value.is_string() || value.get_ref<const std::string &>() != formatTag) {
            error(path,
                  "not a Railyard fabric file: \"format\" is " + describe(value) + ", expected \""
                      + std::string(formatTag) + "\"");
            fatal();
        }
    } else if (key == "version") {
        m_sawVersion = true;
        if (!value.is_number_integer() && !value.is_number_unsigned()) {
            error(path, "expected an integer version, got " + describe(value));
            fatal();
        } else if (value.get<long long>() != FabricJsonFormat::formatVersion) {
            error(path,
                  "unsupported version " + value.dump() + "; this build reads version "
                      + std::to_string(FabricJsonFormat::formatVersion));
            fatal();
        }
    } else if (key == "name" || key == "description") {
        if (!value.is_string())
            error(path, "expected a string, got " + describe(value));
        else
            (key == "name" ? m_fabric.name : m_fabric.description) = value.get<std::string>();
    } else if (key == "transport") {
        const auto t = value.is_string() ? transportFromName(value.get<std::string>()) : std::nullopt;
        if (!t)
            error(path, "expected \"infiniband\", \"ethernet\" (or \"roce\") or \"efa\", got " + describe(value));
        else
            m_fabric.transport = *t;
    } else if (key == "routing") {
        const auto r = value.is_string() ? fabricRoutingFromName(value.get<std::string>()) : std::nullopt;
        if (!r)
            error(path, "expected \"hashed\", \"static\" or \"adaptive\", got " + describe(value));
        else
            m_fabric.routing = *r;
    } else if (key == "nccl") {
        if (!value.is_object()) {
            error(path, "expected an object of NCCL settings, got " + describe(value));
        } else {
            for (const auto &[k, v] : value.items()) {
                const std::string at = path + "/" + pointerEscape(elided(k));
                if (k == "ib_qps_per_connection") {
                    if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 128)
                        error(at, "expected an integer from 1 to 128 (NCCL_IB_QPS_PER_CONNECTION), got " + describe(v));
                    else
                        m_fabric.nccl.ibQpsPerConnection = v.get<int>();
                } else if (k == "ib_split_data_on_qps") {
                    if (!v.is_boolean())
                        error(at, "expected true or false (NCCL_IB_SPLIT_DATA_ON_QPS), got " + describe(v));
                    else
                        m_fabric.nccl.ibSplitDataOnQps = v.get<bool>() ? 1 : 0;
                } else {
                    warning(at, "unknown NCCL setting \"" + elided(k) + "\" ignored");
                }
            }
        }
    } else if (key == "floor") {
        if (!value.is_object()) {
            error(path, "expected the floor object (docs/floor.md), got " + describe(value));
        } else {
            try {
                m_fabric.floor = std::make_shared<const FloorPlan>(parseFloorJson(value.dump(), "floor"));
            } catch (const FloorError &e) {
                error(e.pointer().empty() ? path : e.pointer(), e.message().empty() ? e.what() : e.message());
            }
        }
    } else if (key == "hosts" || key == "switches" || key == "links") {
        error(path, "expected an array, got " + describe(value));
    } else {
        warning("/" + pointerEscape(elided(key)), "unknown field \"" + elided(key) + "\" ignored");
    }
}

void Reader::element(Section section, size_t index, const json &value)
{
    switch (section) {
    case Section::Hosts: readHost(value, index); break;
    case Section::Switches: readSwitch(value, index); break;
    case Section::Links: checkObject(value, "/links/" + std::to_string(index)); break; // objects arrive flat
    case Section::None: break;
    }
}

void Reader::sectionDone(Section section)
{
    m_hostsDone = m_hostsDone || section == Section::Hosts;
    m_switchesDone = m_switchesDone || section == Section::Switches;
}

void Reader::readHost(const json &v, size_t index)
{
    const std::string path = "/hosts/" + std::to_string(index);
    if (!checkObject(v, path))
        return;
    Host h;
    const bool idOk = readId(v, path, h.id);
    getString(v, path, "gpu_model", h.gpuModel, false);
    if (getInt(v, path, "gpus", h.gpus, true) && (h.gpus < 1 || h.gpus > Limits::maxGpusPerHost)) {
        error(path + "/gpus",
              (h.gpus < 1 ? "a host needs at least 1 GPU, got "
                          : "a host has at most " + std::to_string(Limits::maxGpusPerHost) + " GPUs, got ")
                  + std::to_string(h.gpus));
        h.gpus = 1; // reported; keep validate() from repeating it
    }
    if (getNumber(v, path, "nvlink_gbytes_per_s", h.nvlinkGBps, false)
        && !(h.nvlinkGBps >= 0 && h.nvlinkGBps <= Limits::maxNvlinkGBps)) {
        error(path + "/nvlink_gbytes_per_s",
              "NVLink bandwidth must be in [0, " + numberText(Limits::maxNvlinkGBps) + "] GB/s, got "
                  + numberText(h.nvlinkGBps));
        h.nvlinkGBps = 0;
    }
    getBool(v, path, "nvls", h.nvls);
    if (getString(v, path, "nvlink_domain", h.nvlinkDomain, false) && !h.nvlinkDomain.empty()) {
        if (const std::string why = nvlinkDomainNameProblem(h.nvlinkDomain); !why.empty()) {
            error(path + "/nvlink_domain", why);
            h.nvlinkDomain.clear(); // reported; keep validate() from repeating it
        }
    }
    if (const json *nics = findField(v, "nics")) {
        if (!nics->is_array()) {
            error(path + "/nics", "expected an array, got " + describe(*nics));
        } else if (nics->size() > size_t(Limits::maxNicsPerHost)) {
            error(path + "/nics",
                  "a host has at most " + std::to_string(Limits::maxNicsPerHost) + " NICs, got "
                      + std::to_string(nics->size()));
        } else {
            for (size_t i = 0; i < nics->size(); ++i) {
                const std::string np = path + "/nics/" + std::to_string(i);
                const json &n = (*nics)[i];
                if (!checkObject(n, np))
                    continue;
                Nic nic;
                nic.rail = int(i);
                if (getInt(n, np, "rail", nic.rail, false) && (nic.rail < 0 || nic.rail > Limits::maxIndexField))
                    error(np + "/rail",
                          "rail must be in [0, " + std::to_string(Limits::maxIndexField) + "], got "
                              + std::to_string(nic.rail));
                if (getNumber(n, np, "gbps", nic.speedGbps, true) && !Limits::isValidGbps(nic.speedGbps)) {
                    error(np + "/gbps",
                          "NIC speed must be in [" + numberText(Limits::minGbps) + ", " + numberText(Limits::maxGbps)
                              + "] Gbit/s, got " + numberText(nic.speedGbps));
                    nic.speedGbps = 1;
                }
                if (getInt(n, np, "ports", nic.ports, false) && (nic.ports < 1 || nic.ports > Limits::maxNicPorts)) {
                    error(np + "/ports",
                          "a NIC has 1 to " + std::to_string(Limits::maxNicPorts) + " ports, got "
                              + std::to_string(nic.ports));
                    nic.ports = 1;
                }
                getString(n, np, "model", nic.model, false);
                unknownFields(n, np, {"rail", "gbps", "ports", "model"});
                h.nics.push_back(nic);
            }
        }
    }
    readLocation(v, path, h.location);
    unknownFields(v, path,
                  {"id", "gpu_model", "gpus", "nvlink_gbytes_per_s", "nvls", "nvlink_domain", "nics", "location"});
    if (!idOk)
        return;
    if (m_nodesFrozen) // a second "hosts" array after the links; already reported
        return;
    if (m_fabric.containsId(h.id)) {
        error(path + "/id", "duplicate id '" + elided(h.id) + "' (first used at " + firstUse(h.id) + ")");
        return;
    }
    m_fabric.addHost(std::move(h));
    m_hostSource.push_back(index);
}

void Reader::readSwitch(const json &v, size_t index)
{
    const std::string path = "/switches/" + std::to_string(index);
    if (!checkObject(v, path))
        return;
    Switch s;
    const bool idOk = readId(v, path, s.id);
    std::string tier;
    if (getString(v, path, "tier", tier, true) && !tier.empty()) {
        if (const auto t = tierFromName(tier))
            s.tier = *t;
        else
            error(path + "/tier", "unknown tier \"" + elided(tier) + "\"; expected leaf, spine, core or switch");
    }
    if (getInt(v, path, "radix", s.radix, false) && (s.radix < 1 || s.radix > Limits::maxRadix)) {
        error(path + "/radix",
              "radix must be in [1, " + std::to_string(Limits::maxRadix) + "], got " + std::to_string(s.radix));
        s.radix = Limits::maxRadix; // reported; keep validate() from adding port errors
    }
    getString(v, path, "model", s.model, false);
    if (getInt(v, path, "plane", s.plane, false) && (s.plane < 0 || s.plane > Limits::maxIndexField))
        error(path + "/plane",
              "plane must be in [0, " + std::to_string(Limits::maxIndexField) + "], got " + std::to_string(s.plane));
    if (getInt(v, path, "rail", s.rail, false) && (s.rail < -1 || s.rail > Limits::maxIndexField))
        error(path + "/rail",
              "rail must be -1 (none) or a rail number up to " + std::to_string(Limits::maxIndexField) + ", got "
                  + std::to_string(s.rail));
    getBool(v, path, "sharp", s.sharp);
    readLocation(v, path, s.location);
    unknownFields(v, path, {"id", "tier", "radix", "model", "plane", "rail", "sharp", "location"});
    if (!idOk)
        return;
    if (m_nodesFrozen)
        return;
    if (m_fabric.containsId(s.id)) {
        error(path + "/id", "duplicate id '" + elided(s.id) + "' (first used at " + firstUse(s.id) + ")");
        return;
    }
    m_fabric.addSwitch(std::move(s));
    m_switchSource.push_back(index);
}

void Reader::link(const FlatObject &v, size_t index)
{
    const std::string path = "/links/" + std::to_string(index);
    Link l;
    bool ok = readId(v, path, l.id);
    const Scalar *a = field(v, path, "a", true);
    const Scalar *b = field(v, path, "b", true);
    for (auto [key, end] : {std::pair{"a", a}, std::pair{"b", b}}) {
        if (end && !isString(*end)) {
            error(path + "/" + key, "expected a node id (string), got " + describe(*end));
            ok = false;
        }
    }
    ok = a && b && ok;
    ok = getInt(v, path, "port_a", l.portA, false) && ok;
    ok = getInt(v, path, "port_b", l.portB, false) && ok;
    for (auto [key, port] : {std::pair{"port_a", l.portA}, std::pair{"port_b", l.portB}}) {
        if (port < -1 || port >= Limits::maxRadix) {
            error(path + "/" + key,
                  std::string("port must be -1 (unassigned) or a port number below ") + std::to_string(Limits::maxRadix)
                      + ", got " + std::to_string(port));
            ok = false;
        }
    }
    if (getNumber(v, path, "gbps", l.capacityGbps, true)) {
        if (!(l.capacityGbps > 0)) {
            error(path + "/gbps", "capacity must be positive, got " + numberText(l.capacityGbps));
            ok = false;
        } else if (!Limits::isValidGbps(l.capacityGbps)) {
            error(path + "/gbps",
                  "capacity must be in [" + numberText(Limits::minGbps) + ", " + numberText(Limits::maxGbps)
                      + "] Gbit/s, got " + numberText(l.capacityGbps));
            ok = false;
        }
    } else {
        ok = false;
    }
    std::string state;
    if (getString(v, path, "state", state, false) && !state.empty()) {
        if (const auto s = linkStateFromName(state)) {
            l.state = *s;
        } else {
            error(path + "/state", "unknown link state \"" + elided(state) + "\"; expected up, down or degraded");
            ok = false;
        }
    }
    const bool hasDegraded = getNumber(v, path, "degraded_gbps", l.degradedGbps, l.state == LinkState::Degraded);
    if (l.state == LinkState::Degraded && hasDegraded && l.capacityGbps > 0
        && !(l.degradedGbps >= Limits::minGbps && l.degradedGbps <= l.capacityGbps)) {
        error(
            path + "/degraded_gbps",
            "degraded rate must be in (0, " + numberText(l.capacityGbps) + "], got " + numberText(l.degradedGbps)
                + (l.degradedGbps > 0 && l.degradedGbps < Limits::minGbps ? " (below the 0.001 Gbit/s minimum)" : ""));
        ok = false;
    }
    ok = hasDegraded && ok;
    if (getInt(v, path, "plane", l.plane, false) && (l.plane < 0 || l.plane > Limits::maxIndexField)) {
        error(path + "/plane",
              "plane must be in [0, " + std::to_string(Limits::maxIndexField) + "], got " + std::to_string(l.plane));
        ok = false;
    }
    unknownFields(v, path, {"id", "a", "b", "port_a", "port_b", "gbps", "state", "degraded_gbps", "plane"});
    if (!ok)
        return;
    if (m_hostsDone && m_switchesDone) {
        m_nodesFrozen = true;
        addLink(std::move(l), a->text, b->text, index);
    } else {
        m_pending.push_back(PendingLink{std::move(l), a->text, b->text, index});
    }
}

NodeIndex Reader::nodeIndex(std::string_view id) const
{
    return m_fabric.findNode(id);
}

NodeIndex Reader::endpoint(std::string_view id, Endpoint &cache) const
{
    // Consecutive links usually share an end (a host's rails, a leaf's uplinks).
    if (cache.index >= 0 && id == cache.id)
        return cache.index;
    cache.index = nodeIndex(id);
    cache.id.assign(id);
    return cache.index;
}

void Reader::addLink(Link &&link, std::string_view a, std::string_view b, size_t source)
{
    link.a = endpoint(a, m_lastA);
    link.b = endpoint(b, m_lastB);
    if (link.a < 0)
        error("/links/" + std::to_string(source) + "/a", "unknown node '" + elided(a) + "'");
    if (link.b < 0)
        error("/links/" + std::to_string(source) + "/b", "unknown node '" + elided(b) + "'");
    if (link.a < 0 || link.b < 0)
        return;
    // Duplicate link ids are left to Fabric::validate(), which hashes every id
    // anyway; duplicateError() maps its findings back to the file.
    m_fabric.addLink(std::move(link));
    m_linkSource.push_back(source);
}

std::string Reader::duplicatePath(const std::string &id, int report, std::string *first) const
{
    // validate() reports every occurrence after the first, in the order
    // hosts, switches, links; nodes are unique by now (checked on reading).
    std::vector<std::string> paths;
    if (const NodeIndex n = nodeIndex(id); n >= 0)
        paths.push_back(firstUse(id));
    for (std::int32_t l = 0; l < m_fabric.linkCount() && int(paths.size()) <= report; ++l) {
        if (m_fabric.link(l).id == id)
            paths.push_back("/links/" + std::to_string(m_linkSource[size_t(l)]));
    }
    if (paths.empty())
        return {};
    *first = paths.front();
    return paths[std::min(size_t(report), paths.size() - 1)] + "/id";
}

ReadResult Reader::finish()
{
    ReadResult result;
    if (!m_fatal) {
        if (!m_sawFormat)
            error("/format",
                  "missing required field \"format\"; not a Railyard fabric file (expected \"format\": \""
                      + std::string(formatTag) + "\")");
        if (!m_sawVersion)
            error("/version", "missing required field \"version\"");

        m_nodesFrozen = true;
        for (PendingLink &p : m_pending) {
            if (full())
                break;
            addLink(std::move(p.link), p.a, p.b, p.source);
        }
        m_pending.clear();

        if (!full()) {
            std::unordered_map<std::string, int> duplicateReports;
            for (const Problem &problem : m_fabric.validate()) {
                const std::string path = firstUse(problem.elementId);
                if (problem.message.rfind("duplicate id '", 0) == 0) {
                    std::string first;
                    const int report = ++duplicateReports[problem.elementId];
                    const std::string at = duplicatePath(problem.elementId, report, &first);
                    error(at, "duplicate id '" + elided(problem.elementId) + "' (first used at " + first + ")");
                } else if (problem.severity == Problem::Severity::Warning) {
                    warning(path, problem.message);
                } else {
                    error(path, problem.message);
                }
                if (full())
                    break;
            }
        }
    }
    result.warnings = std::move(m_warnings);
    if (m_errors.empty())
        result.fabric = std::move(m_fabric);
    else
        result.errors = std::move(m_errors);
    return result;
}

ReadResult FabricJsonReader::read(QIODevice &device, const QString &fileName)
{
    // Parse in place where possible: a mapped file or a QBuffer's bytes.
    // Copying a 40 MB document costs more than a tenth of the read.
    QByteArray bytes;
    std::string_view data;
    bool inPlace = true;
    auto *file = qobject_cast<QFileDevice *>(&device);
    uchar *mapped = nullptr;
    const bool text = device.openMode().testFlag(QIODevice::Text);
    if (file && !text && !file->isSequential() && file->size() > file->pos())
        mapped = file->map(file->pos(), file->size() - file->pos());
    if (mapped) {
        data = std::string_view(reinterpret_cast<const char *>(mapped), size_t(file->size() - file->pos()));
    } else if (auto *buffer = qobject_cast<QBuffer *>(&device); buffer && !text) {
        const QByteArray &all = buffer->data();
        data = std::string_view(all.constData() + buffer->pos(), size_t(all.size() - buffer->pos()));
    } else {
        bytes = device.readAll();
        inPlace = false;
        data = std::string_view(bytes.constData(), size_t(bytes.size()));
    }

    ReadResult result = readBytes(data, fileName);
    if (mapped)
        file->unmap(mapped);
    if (inPlace)
        device.seek(device.pos() + qint64(data.size()));
    return result;
}

ReadResult FabricJsonReader::readBytes(std::string_view data, const QString &fileName, bool fastPath)
{
    if (fastPath) {
        ReadResult fast;
        fast.fabric.emplace();
        if (FabricJsonDetail::readPlain(data, *fast.fabric))
            return fast;
    }
    Reader reader(fileName);
    // Written files hold one element per line, so there the line count bounds
    // the link count; pretty-printed files (short lines) get no reservation.
    const auto lines = size_t(std::count(data.begin(), data.end(), '\n'));
    if (lines > 0 && data.size() / lines >= 40)
        reader.expectLinks(lines);
    // The fast path above reads only the flat shape Railyard writes; anything
    // else is bounded before the SAX parser and the values it builds see it.
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(data)) {
        ReadResult refused;
        refused.errors.push_back({fileName, bounds->line, 0, {},
                                  QString::fromStdString(bounds->message + "; refusing the file")});
        return refused;
    }
    FabricJsonSax sax(reader, data);
    json::sax_parse(data.begin(), data.end(), &sax);
    return reader.finish();
}

} // namespace Railyard
