#include "core/formats/fabricjson/fabricjsonformat.h"
#include "core/formats/contentsniff.h"

#include "core/formats/fabricjson/fabricjsonreader.h"
#include "core/floor/floorplan.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

namespace Railyard {

namespace {

// ---------------------------------------------------------------------------
// Writing: text is produced directly into a buffer that is flushed to the
// device every few megabytes. Building an nlohmann tree for 400K links would
// cost seconds and hundreds of megabytes.

void appendEscaped(std::string &out, std::string_view s)
{
    out += '"';
    size_t start = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(s.data() + start, i - start);
        start = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default: {
            static const char hex[] = "0123456789abcdef";
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        }
        }
    }
    out.append(s.data() + start, s.size() - start);
    out += '"';
}

/// Writes one JSON object on a single line: {"k":v,"k2":v2}.
class ObjectLine
{
public:
    ObjectLine(std::string &out, std::string *problem)
        : m_out(out)
        , m_problem(problem)
    { }

    void key(std::string_view k)
    {
        m_out += m_first ? '{' : ',';
        m_first = false;
        m_out += '"';
        m_out.append(k);
        m_out += "\":";
    }
    void string(std::string_view k, std::string_view v)
    {
        key(k);
        appendEscaped(m_out, v);
    }
    void integer(std::string_view k, long long v)
    {
        key(k);
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, r.ptr);
    }
    void number(std::string_view k, double v, const std::string &elementId)
    {
        key(k);
        if (!std::isfinite(v)) {
            // JSON has no NaN/Infinity; report the first offender and keep going.
            if (m_problem && m_problem->empty())
                *m_problem = "'" + elementId + "': " + std::string(k) + " is not a finite number";
            m_out += '0';
            return;
        }
        char buf[32];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, r.ptr);
    }
    void boolean(std::string_view k, bool v)
    {
        key(k);
        m_out += v ? "true" : "false";
    }
    void location(const Location &loc)
    {
        if (loc.zone.empty() && loc.pod.empty() && loc.su.empty() && loc.rack.empty())
            return;
        key("location");
        ObjectLine inner(m_out, m_problem);
        if (!loc.zone.empty())
            inner.string("zone", loc.zone);
        if (!loc.pod.empty())
            inner.string("pod", loc.pod);
        if (!loc.su.empty())
            inner.string("su", loc.su);
        if (!loc.rack.empty())
            inner.string("rack", loc.rack);
        inner.close();
    }
    void close() { m_out += m_first ? "{}" : "}"; }

private:
    std::string &m_out;
    std::string *m_problem;
    bool m_first = true;
};

void writeHost(std::string &out, const Host &h, std::string *problem)
{
    ObjectLine o(out, problem);
    o.string("id", h.id);
    o.string("gpu_model", h.gpuModel);
    o.integer("gpus", h.gpus);
    o.number("nvlink_gbytes_per_s", h.nvlinkGBps, h.id);
    if (h.nvls)
        o.boolean("nvls", true);
    if (!h.nvlinkDomain.empty())
        o.string("nvlink_domain", h.nvlinkDomain);
    o.key("nics");
    out += '[';
    for (size_t i = 0; i < h.nics.size(); ++i) {
        if (i)
            out += ',';
        ObjectLine nic(out, problem);
        nic.integer("rail", h.nics[i].rail);
        nic.number("gbps", h.nics[i].speedGbps, h.id);
        nic.integer("ports", h.nics[i].ports);
        if (!h.nics[i].model.empty())
            nic.string("model", h.nics[i].model);
        nic.close();
    }
    out += ']';
    o.location(h.location);
    o.close();
}

void writeSwitch(std::string &out, const Switch &s, std::string *problem)
{
    ObjectLine o(out, problem);
    o.string("id", s.id);
    o.string("tier", tierName(s.tier));
    o.integer("radix", s.radix);
    o.string("model", s.model);
    o.integer("plane", s.plane);
    if (s.rail != -1)
        o.integer("rail", s.rail);
    if (s.sharp)
        o.boolean("sharp", true);
    o.location(s.location);
    o.close();
}

void writeLink(std::string &out, const Fabric &fabric, const Link &l, std::string *problem)
{
    ObjectLine o(out, problem);
    o.string("id", l.id);
    const bool endsOk = l.a >= 0 && l.a < fabric.nodeCount() && l.b >= 0 && l.b < fabric.nodeCount();
    if (!endsOk && problem && problem->empty())
        *problem = "link '" + l.id + "' has a dangling end";
    o.string("a", endsOk ? std::string_view(fabric.nodeId(l.a)) : std::string_view());
    o.string("b", endsOk ? std::string_view(fabric.nodeId(l.b)) : std::string_view());
    if (l.portA != -1)
        o.integer("port_a", l.portA);
    if (l.portB != -1)
        o.integer("port_b", l.portB);
    o.number("gbps", l.capacityGbps, l.id);
    o.string("state", linkStateName(l.state));
    if (l.state == LinkState::Degraded)
        o.number("degraded_gbps", l.degradedGbps, l.id);
    if (l.plane != 0)
        o.integer("plane", l.plane);
    o.close();
}

} // namespace

QString FabricJsonFormat::slug() const
{
    return QStringLiteral("fabric-json");
}

QString FabricJsonFormat::name() const
{
    return QStringLiteral("Railyard fabric");
}

QStringList FabricJsonFormat::extensions() const
{
    return {QStringLiteral("fabric.json"), QStringLiteral("json")};
}

ReadResult FabricJsonFormat::read(QIODevice &device, const QString &fileName) const
{
    return FabricJsonReader::read(device, fileName);
}

bool FabricJsonFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    constexpr size_t flushAt = 4 << 20;
    std::string out;
    out.reserve(flushAt + 4096);
    std::string problem;
    bool deviceOk = true;
    auto flush = [&] {
        if (deviceOk && !out.empty() && device.write(out.data(), qint64(out.size())) != qint64(out.size()))
            deviceOk = false;
        out.clear();
    };

    out += "{\n \"format\": ";
    appendEscaped(out, fabricJsonTag);
    out += ",\n \"version\": " + std::to_string(formatVersion) + ",\n \"name\": ";
    appendEscaped(out, fabric.name);
    out += ",\n \"description\": ";
    appendEscaped(out, fabric.description);
    // Written only when set, so files that say nothing stay as they were.
    if (fabric.transport != Transport::Unspecified) {
        out += ",\n \"transport\": ";
        appendEscaped(out, transportName(fabric.transport));
    }
    if (fabric.routing != FabricRouting::Default) {
        out += ",\n \"routing\": ";
        appendEscaped(out, fabricRoutingName(fabric.routing));
    }
    if (!fabric.nccl.isDefault()) {
        out += ",\n \"nccl\": {";
        const char *sep = "";
        if (fabric.nccl.ibQpsPerConnection > 0) {
            out += "\"ib_qps_per_connection\": " + std::to_string(fabric.nccl.ibQpsPerConnection);
            sep = ", ";
        }
        if (fabric.nccl.ibSplitDataOnQps >= 0)
            out += std::string(sep) + "\"ib_split_data_on_qps\": " + (fabric.nccl.ibSplitDataOnQps ? "true" : "false");
        out += "}";
    }

    // Each array element on its own line keeps git diffs readable.
    auto section = [&](const char *key, size_t count, auto &&writeOne) {
        out += ",\n \"";
        out += key;
        out += "\": [";
        for (size_t i = 0; i < count; ++i) {
            out += i ? ",\n  " : "\n  ";
            writeOne(i);
            if (out.size() >= flushAt)
                flush();
        }
        out += count ? "\n ]" : "]";
    };
    section("hosts", fabric.hosts().size(), [&](size_t i) { writeHost(out, fabric.hosts()[i], &problem); });
    section("switches", fabric.switches().size(), [&](size_t i) { writeSwitch(out, fabric.switches()[i], &problem); });
    section("links", fabric.links().size(), [&](size_t i) { writeLink(out, fabric, fabric.links()[i], &problem); });
    if (fabric.floor) {
        // Each rack, hall and device on its own line: readable diffs of a moved rack.
        out += ",\n \"floor\": ";
        std::string floor = floorToJson(*fabric.floor, 1);
        for (size_t at = floor.find('\n'); at != std::string::npos; at = floor.find('\n', at + 2))
            floor.insert(at + 1, " ");
        out += floor;
    }
    out += "\n}\n";
    flush();

    if (!problem.empty()) {
        if (error)
            *error = QStringLiteral("cannot write: %1").arg(QString::fromStdString(problem));
        return false;
    }
    if (!deviceOk) {
        if (error)
            *error = QStringLiteral("cannot write: %1").arg(device.errorString());
        return false;
    }
    return true;
}

FileFormat::Recognition FabricJsonFormat::recognize(const QByteArray &head) const
{
    static const QRegularExpression signature(QStringLiteral("\"format\"\\s*:\\s*\"railyard-fabric\""));
    return Sniff::matches(head, signature) ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
