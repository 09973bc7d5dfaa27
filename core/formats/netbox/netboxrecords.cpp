// Reading NetBox REST pages into records (netboxreader_p.h). Field names
// follow NetBox's serializers (dcim/api/serializers_): DeviceSerializer
// (`role`, before NetBox 4.0 `device_role`), InterfaceSerializer (`type`
// as {value,label}, `speed` in kbps, `mgmt_only`, `cable`), CableSerializer
// (`a_terminations`/`b_terminations` of {object_type, object_id, object};
// before NetBox 3.3 `termination_a_type`/`termination_a_id`/`termination_a`).

#include "core/formats/netbox/netboxreader_p.h"

#include "core/common/jsonbounds.h"
#include "core/common/limits.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace Railyard::Netbox::Detail {
namespace {

using Json = nlohmann::json;

enum class Kind { Any, Device, Interface, Cable };

/// Thrown by the parse callback when the document nests deeper than Limits::maxNesting.
struct TooDeep
{ };

/// "/a~b" escaped per RFC 6901.
std::string pointerPart(std::string_view key)
{
    std::string out = "/";
    for (const char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string at(const std::string &path, std::string_view key)
{
    return path + pointerPart(key);
}

std::string at(const std::string &path, size_t index)
{
    return path + "/" + std::to_string(index);
}

class Parser
{
public:
    Parser(const Source &source, Records &records)
        : m_file(source.fileName)
        , m_records(records)
    { }

    void run(const QByteArray &bytes);

private:
    void error(const std::string &path, const QString &message)
    {
        m_records.errors.push_back({m_file, 0, 0, QString::fromStdString(path.empty() ? "/" : path), message});
    }
    void warn(const std::string &path, const QString &message)
    {
        m_records.warnings.push_back({m_file, 0, 0, QString::fromStdString(path.empty() ? "/" : path), message});
    }

    void top(const Json &v, const std::string &path, Kind kind);
    void list(const Json &v, const std::string &path, Kind kind);
    void page(const Json &v, const std::string &path, Kind kind);
    /// Returns false when the entry is of no kind this reader knows.
    bool entry(const Json &v, const std::string &path, Kind kind);
    void device(const Json &v, const std::string &path);
    void interface(const Json &v, const std::string &path);
    void cable(const Json &v, const std::string &path);
    bool termination(const Json &v, const std::string &path, Termination *out);

    /// A string field that may be null or missing (""); false (and an error) for another type.
    bool optString(const Json &o, const char *key, const std::string &path, std::string *out);
    /// An integer field that may be null or missing (-1); false (and an error) for another type.
    bool optId(const Json &o, const char *key, const std::string &path, long long *out);
    /// A nested object's name (`site`, `rack`, `device_type.model`): the
    /// object's `key` field, or the value itself when it is a string.
    bool optName(const Json &o, const char *field, const char *key, const std::string &path, std::string *out);
    /// A device reference {id, name}: false (and an error) without either.
    bool deviceRef(const Json &v, const std::string &path, long long *id, std::string *name);

    QString m_file;
    Records &m_records;
    int m_pageKinds[3] = {0, 0, 0}; ///< devices, interfaces, cables in the page being read
};

void Parser::run(const QByteArray &bytes)
{
    if (const std::optional<JsonBoundsError> bounds
        = checkJsonBounds(std::string_view(bytes.constData(), size_t(bytes.size())))) {
        m_records.errors.push_back({m_file, bounds->line, 0, QStringLiteral("/"), QString::fromStdString(bounds->message + "; refusing the file")});
        return;
    }
    Json doc;
    try {
        doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(),
                          [](int depth, Json::parse_event_t, Json &) {
                              if (depth > Limits::maxNesting)
                                  throw TooDeep{};
                              return true;
                          });
    } catch (const Json::parse_error &e) {
        // e.byte: the 1-based offset of the character the parser stopped at.
        const qsizetype offset = std::clamp<qsizetype>(qsizetype(e.byte) - 1, 0, bytes.size());
        int line = 1;
        qsizetype lineStart = 0;
        for (qsizetype i = 0; i < offset; ++i)
            if (bytes[i] == '\n') {
                ++line;
                lineStart = i + 1;
            }
        std::string what = e.what();
        if (const size_t colon = what.rfind(": "); colon != std::string::npos)
            what = what.substr(colon + 2);
        m_records.errors.push_back({m_file,
                                    line,
                                    int(offset - lineStart) + 1,
                                    {},
                                    QStringLiteral("not valid JSON: %1").arg(QString::fromStdString(what))});
        return;
    } catch (const Json::exception &e) {
        // A number beyond a double's range (out_of_range.406) and the like.
        std::string what = e.what();
        if (const size_t bracket = what.find("] "); bracket != std::string::npos)
            what = what.substr(bracket + 2);
        m_records.errors.push_back(
            {m_file, 0, 0, {}, QStringLiteral("not valid JSON: %1").arg(QString::fromStdString(what))});
        return;
    } catch (const TooDeep &) {
        m_records.errors.push_back(
            {m_file,
             0,
             0,
             {},
             QStringLiteral("JSON nested deeper than %1 levels: not a NetBox REST page").arg(Limits::maxNesting)});
        return;
    }
    top(doc, std::string(), Kind::Any);
}

void Parser::top(const Json &v, const std::string &path, Kind kind)
{
    if (v.is_array()) {
        list(v, path, kind);
        return;
    }
    if (!v.is_object()) {
        error(path,
              QStringLiteral("a NetBox REST page (an object with a \"results\" array) or an array of pages "
                             "expected"));
        return;
    }
    if (v.contains("results")) {
        page(v, path, kind);
        return;
    }
    bool any = false;
    if (kind == Kind::Any) {
        const std::pair<const char *, Kind> keys[]
            = {{"devices", Kind::Device}, {"interfaces", Kind::Interface}, {"cables", Kind::Cable}};
        for (const auto &[key, k] : keys)
            if (const auto it = v.find(key); it != v.end() && !it->is_null()) {
                any = true;
                top(*it, at(path, key), k);
            }
    }
    if (!any)
        error(path,
              QStringLiteral("no \"results\" array: not a NetBox REST page (nor {\"devices\", \"interfaces\", "
                             "\"cables\"} of pages)"));
}

void Parser::list(const Json &v, const std::string &path, Kind kind)
{
    int skipped = 0;
    std::string firstSkipped;
    for (size_t i = 0; i < v.size(); ++i) {
        const Json &e = v[i];
        if (e.is_object() && e.contains("results"))
            page(e, at(path, i), kind);
        else if (kind != Kind::Any && e.is_object()) {
            // Under a "devices"/"interfaces"/"cables" key: the results themselves.
            if (!entry(e, at(path, i), kind) && skipped++ == 0)
                firstSkipped = at(path, i);
        } else
            error(at(path, i), QStringLiteral("a NetBox REST page (an object with a \"results\" array) expected"));
    }
    if (skipped > 0)
        warn(firstSkipped,
             QStringLiteral("%1 entries are neither devices, interfaces nor cables: skipped").arg(skipped));
}

void Parser::page(const Json &v, const std::string &path, Kind kind)
{
    const Json &results = v["results"];
    if (!results.is_array()) {
        error(at(path, "results"), QStringLiteral("\"results\" must be an array"));
        return;
    }
    m_pageKinds[0] = m_pageKinds[1] = m_pageKinds[2] = 0;
    int skipped = 0;
    std::string firstSkipped;
    for (size_t i = 0; i < results.size(); ++i) {
        const std::string p = at(at(path, "results"), i);
        if (!results[i].is_object()) {
            error(p, QStringLiteral("a result must be an object"));
            continue;
        }
        if (!entry(results[i], p, kind) && skipped++ == 0)
            firstSkipped = p;
    }
    if (skipped > 0)
        warn(firstSkipped,
             QStringLiteral("%1 results of this page are neither devices, interfaces nor cables (a "
                            "page of other NetBox objects?): skipped")
                 .arg(skipped));
    // NetBox's "count" is the size of the whole list the page belongs to: the
    // reader compares it with the entries read to report missing pages.
    if (const auto count = v.find("count"); count != v.end() && count->is_number_integer())
        for (int k = 0; k < 3; ++k)
            if (m_pageKinds[k] > 0)
                m_records.reported[k] = std::max(m_records.reported[k], count->get<long long>());
    m_pageKinds[0] = m_pageKinds[1] = m_pageKinds[2] = 0;
}

bool Parser::entry(const Json &v, const std::string &path, Kind kind)
{
    Kind k = Kind::Any;
    if (v.contains("a_terminations") || v.contains("b_terminations") || v.contains("termination_a_type")
        || v.contains("termination_a"))
        k = Kind::Cable;
    else if (v.contains("device_type"))
        k = Kind::Device;
    else if (v.contains("device") && v.contains("type"))
        k = Kind::Interface;
    else
        k = kind;
    switch (k) {
    case Kind::Device:
        ++m_pageKinds[0];
        device(v, path);
        return true;
    case Kind::Interface:
        ++m_pageKinds[1];
        interface(v, path);
        return true;
    case Kind::Cable:
        ++m_pageKinds[2];
        cable(v, path);
        return true;
    case Kind::Any: break;
    }
    return false;
}

bool Parser::optString(const Json &o, const char *key, const std::string &path, std::string *out)
{
    out->clear();
    const auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return true;
    if (!it->is_string()) {
        error(at(path, key), QStringLiteral("\"%1\" must be a string").arg(QLatin1String(key)));
        return false;
    }
    *out = it->get<std::string>();
    return true;
}

bool Parser::optId(const Json &o, const char *key, const std::string &path, long long *out)
{
    *out = -1;
    const auto it = o.find(key);
    if (it == o.end() || it->is_null())
        return true;
    if (!it->is_number_integer() || it->get<long long>() < 0) {
        error(at(path, key), QStringLiteral("\"%1\" must be a non-negative integer").arg(QLatin1String(key)));
        return false;
    }
    *out = it->get<long long>();
    return true;
}

bool Parser::optName(const Json &o, const char *field, const char *key, const std::string &path, std::string *out)
{
    out->clear();
    const auto it = o.find(field);
    if (it == o.end() || it->is_null())
        return true;
    if (it->is_string()) {
        *out = it->get<std::string>();
        return true;
    }
    if (!it->is_object()) {
        error(at(path, field), QStringLiteral("\"%1\" must be an object or null").arg(QLatin1String(field)));
        return false;
    }
    return optString(*it, key, at(path, field), out);
}

bool Parser::deviceRef(const Json &v, const std::string &path, long long *id, std::string *name)
{
    if (!v.is_object()) {
        error(path, QStringLiteral("a device reference {\"id\", \"name\"} expected"));
        return false;
    }
    if (!optId(v, "id", path, id) || !optString(v, "name", path, name))
        return false;
    if (*id < 0 && name->empty()) {
        error(path, QStringLiteral("a device reference needs an \"id\" or a \"name\""));
        return false;
    }
    return true;
}

void Parser::device(const Json &v, const std::string &path)
{
    DeviceRecord d;
    d.origin = {m_file, path};
    bool ok = optId(v, "id", path, &d.id) && optString(v, "name", path, &d.name);
    // `role` since NetBox 4.0, `device_role` before: {id, name, slug}.
    const char *roleKey = v.contains("role") ? "role" : "device_role";
    std::string slug, name;
    if (const auto it = v.find(roleKey); ok && it != v.end() && it->is_object())
        ok = optString(*it, "slug", at(path, roleKey), &slug) && optString(*it, "name", at(path, roleKey), &name);
    else if (ok)
        ok = optName(v, roleKey, "name", path, &name);
    d.role = slug.empty() ? name : name.empty() ? slug : slug + " " + name;
    ok = ok && optName(v, "device_type", "model", path, &d.model) && optName(v, "site", "name", path, &d.site)
        && optName(v, "rack", "name", path, &d.rack);
    if (!ok)
        return;
    if (d.id < 0 && d.name.empty()) {
        error(path, QStringLiteral("a device needs a \"name\" or an \"id\""));
        return;
    }
    m_records.devices.push_back(std::move(d));
}

void Parser::interface(const Json &v, const std::string &path)
{
    InterfaceRecord i;
    i.origin = {m_file, path};
    if (!optId(v, "id", path, &i.id) || !optString(v, "name", path, &i.name))
        return;
    if (i.name.empty()) {
        error(at(path, "name"), QStringLiteral("an interface needs a \"name\""));
        return;
    }
    const auto dev = v.find("device");
    if (dev == v.end()) {
        error(path, QStringLiteral("an interface needs its \"device\""));
        return;
    }
    if (!deviceRef(*dev, at(path, "device"), &i.deviceId, &i.device))
        return;
    if (!optName(v, "type", "value", path, &i.type))
        return;
    if (const auto speed = v.find("speed"); speed != v.end() && !speed->is_null()) {
        if (!speed->is_number() || speed->get<double>() < 0) {
            error(at(path, "speed"), QStringLiteral("\"speed\" must be a number of kbps or null"));
            return;
        }
        i.gbps = speed->get<double>() / 1e6; // NetBox gives kbps
    }
    if (const auto mgmt = v.find("mgmt_only"); mgmt != v.end() && mgmt->is_boolean())
        i.mgmtOnly = mgmt->get<bool>();
    if (const auto c = v.find("cable"); c != v.end() && !c->is_null())
        i.cabled = true;
    m_records.interfaces.push_back(std::move(i));
}

bool Parser::termination(const Json &v, const std::string &path, Termination *out)
{
    out->path = path;
    if (!v.is_object()) {
        error(path, QStringLiteral("a termination {\"object_type\", \"object_id\", \"object\"} expected"));
        return false;
    }
    if (!optString(v, "object_type", path, &out->objectType) || !optId(v, "object_id", path, &out->objectId))
        return false;
    if (out->objectType.empty()) {
        error(at(path, "object_type"), QStringLiteral("a termination needs its \"object_type\""));
        return false;
    }
    if (const auto o = v.find("object"); o != v.end() && !o->is_null()) {
        if (!o->is_object()) {
            error(at(path, "object"), QStringLiteral("\"object\" must be an object"));
            return false;
        }
        long long id = -1;
        if (!optId(*o, "id", at(path, "object"), &id) || !optString(*o, "name", at(path, "object"), &out->name))
            return false;
        if (out->objectId < 0)
            out->objectId = id;
        if (const auto d = o->find("device"); d != o->end() && !d->is_null()
            && !deviceRef(*d, at(at(path, "object"), "device"), &out->deviceId, &out->device))
            return false;
    }
    if (out->objectId < 0 && out->name.empty()) {
        error(path, QStringLiteral("a termination needs an \"object_id\" or an \"object\""));
        return false;
    }
    return true;
}

void Parser::cable(const Json &v, const std::string &path)
{
    CableRecord c;
    c.origin = {m_file, path};
    if (!optId(v, "id", path, &c.id) || !optName(v, "status", "value", path, &c.status)
        || !optString(v, "label", path, &c.label))
        return;
    bool ok = true;
    for (const char side : {'a', 'b'}) {
        std::vector<Termination> &ends = side == 'a' ? c.a : c.b;
        const std::string listKey = std::string(1, side) + "_terminations";
        const std::string oldKey = std::string("termination_") + side;
        if (const auto list = v.find(listKey); list != v.end() && !list->is_null()) {
            if (!list->is_array()) {
                error(at(path, listKey),
                      QStringLiteral("\"%1\" must be an array").arg(QString::fromStdString(listKey)));
                ok = false;
                continue;
            }
            for (size_t k = 0; k < list->size(); ++k) {
                Termination t;
                if (termination((*list)[k], at(at(path, listKey), k), &t))
                    ends.push_back(std::move(t));
                else
                    ok = false;
            }
        } else if (v.contains(oldKey + "_type") || v.contains(oldKey)) {
            // NetBox < 3.3: one termination per side, its object under termination_a.
            Json old = Json::object();
            if (const auto t = v.find(oldKey + "_type"); t != v.end())
                old["object_type"] = *t;
            if (const auto t = v.find(oldKey + "_id"); t != v.end())
                old["object_id"] = *t;
            if (const auto t = v.find(oldKey); t != v.end())
                old["object"] = *t;
            Termination t;
            if (termination(old, at(path, oldKey), &t))
                ends.push_back(std::move(t));
            else
                ok = false;
        }
    }
    if (ok)
        m_records.cables.push_back(std::move(c));
}

} // namespace

void parseSource(const Source &source, Records &records)
{
    Parser(source, records).run(source.bytes);
}

double gbpsFromType(const std::string &type)
{
    std::string t;
    for (const char c : type)
        t += char(std::tolower(static_cast<unsigned char>(c)));
    if (t.rfind("infiniband-", 0) == 0) {
        // NetBox's InfiniBand types name the lane rate; a port is taken as 4X
        // (newer NetBox adds "-4x" types and labels the plain ones 1X, but
        // plain ones were the only choice before and are used for 4X ports).
        const std::string rate
            = t.substr(11, t.find('-', 11) == std::string::npos ? std::string::npos : t.find('-', 11) - 11);
        const std::pair<const char *, double> lanes[]
            = {{"sdr", 2.5}, {"ddr", 5},  {"qdr", 10},  {"fdr10", 10}, {"fdr", 14},
               {"edr", 25},  {"hdr", 50}, {"ndr", 100}, {"xdr", 200}};
        for (const auto &[name, lane] : lanes)
            if (rate == name)
                return 4 * lane;
        return 0;
    }
    // "400gbase-x-osfp", "100gbase-x-qsfp28", "1.6tbase-…", "1000base-t", "25gbase-x-sfp28".
    size_t i = 0;
    while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.'))
        ++i;
    if (i == 0)
        return 0;
    const double number = std::atof(t.substr(0, i).c_str());
    const std::string_view rest = std::string_view(t).substr(i);
    if (rest.rfind("gbase", 0) == 0)
        return number;
    if (rest.rfind("tbase", 0) == 0)
        return number * 1000;
    if (rest.rfind("base", 0) == 0)
        return number / 1000; // Mb/s: "1000base-t"
    return 0;
}

} // namespace Railyard::Netbox::Detail
