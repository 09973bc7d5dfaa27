#include "core/formats/cablingcsv/cablingcsvformat.h"
#include "core/formats/contentsniff.h"

#include "core/bom/bom.h"
#include "core/formats/ibnetdiscover/infinibandrates.h"
#include "core/formats/importgraph/importgraph.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace Railyard {
namespace {

using ImportGraph::Node;
using ImportGraph::NodeType;
using ImportGraph::PortLine;

struct Record
{
    int line = 0;
    std::vector<std::string> fields;
};

/// RFC 4180: commas, double quotes ("" inside), line breaks inside quotes; CRLF or LF.
std::vector<Record> parseCsv(std::string_view text, int *badLine)
{
    std::vector<Record> records;
    Record current;
    std::string field;
    int line = 1;
    current.line = 1;
    bool quoted = false, fieldStarted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == '"' && !fieldStarted) {
            quoted = true;
            fieldStarted = true;
        } else if (c == ',') {
            current.fields.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
        } else if (c == '\r') {
            continue;
        } else if (c == '\n') {
            current.fields.push_back(std::move(field));
            field.clear();
            fieldStarted = false;
            if (!(current.fields.size() == 1 && current.fields[0].empty()))
                records.push_back(std::move(current));
            current = Record{};
            current.line = ++line;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted) {
        *badLine = current.line;
        return {};
    }
    if (fieldStarted || !current.fields.empty()) {
        current.fields.push_back(std::move(field));
        records.push_back(std::move(current));
    }
    return records;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::string trimmed(const std::string &s)
{
    const size_t a = s.find_first_not_of(" \t");
    if (a == std::string::npos)
        return {};
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

/// A host port: "nic3/1" → (3, 1), "mlx5_3" → (3, 1). std::nullopt otherwise.
std::optional<std::pair<int, int>> hostPort(const std::string &port)
{
    const std::string p = lower(port);
    auto digits = [](const std::string &s, size_t from, size_t *end) {
        size_t i = from;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            ++i;
        *end = i;
        return i > from && i - from < 6 ? std::stoi(s.substr(from, i - from)) : -1;
    };
    size_t end = 0;
    if (p.rfind("nic", 0) == 0) {
        const int nic = digits(p, 3, &end);
        if (nic >= 0 && end < p.size() && p[end] == '/') {
            const int sub = digits(p, end + 1, &end);
            if (sub >= 1 && end == p.size())
                return std::pair(nic, sub);
        }
        return std::nullopt;
    }
    if (p.rfind("mlx", 0) == 0) {
        const size_t underscore = p.find('_');
        if (underscore == std::string::npos)
            return std::nullopt;
        const int nic = digits(p, underscore + 1, &end);
        if (nic >= 0 && end == p.size())
            return std::pair(nic, 1);
    }
    return std::nullopt;
}

/// A switch port: the trailing number ("12", "swp12", "Ethernet1/12" → 12), 1-based.
int switchPort(const std::string &port)
{
    size_t end = port.size();
    while (end > 0 && std::isspace(static_cast<unsigned char>(port[end - 1])))
        --end;
    size_t start = end;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(port[start - 1])))
        --start;
    if (start == end || end - start > 5)
        return -1;
    return std::stoi(port.substr(start, end - start));
}

} // namespace

ReadResult CablingCsvFormat::read(QIODevice &device, const QString &fileName) const
{
    ReadResult result;
    auto error = [&](int line, const QString &message) {
        if (result.errors.size() < 50)
            result.errors.push_back(FormatError{fileName, line, 0, {}, message});
    };
    const QByteArray bytes = device.readAll();
    int badLine = 0;
    const std::vector<Record> records = parseCsv(std::string_view(bytes.constData(), size_t(bytes.size())), &badLine);
    if (badLine > 0) {
        error(badLine, QStringLiteral("a quoted field is not closed"));
        return result;
    }
    if (records.empty()) {
        error(0, QStringLiteral("the file is empty: a header row is needed"));
        return result;
    }
    // Columns, with NetBox's names as aliases.
    const std::map<std::string, std::vector<std::string>> aliases = {{"a_device", {"a_device", "side_a_device"}},
                                                                     {"a_port", {"a_port", "side_a_name"}},
                                                                     {"b_device", {"b_device", "side_b_device"}},
                                                                     {"b_port", {"b_port", "side_b_name"}},
                                                                     {"gbps", {"gbps", "speed_gbps"}}};
    std::map<std::string, int> column;
    const std::vector<std::string> &header = records.front().fields;
    for (const auto &[name, names] : aliases)
        for (size_t i = 0; i < header.size(); ++i)
            if (std::find(names.begin(), names.end(), lower(trimmed(header[i]))) != names.end())
                column.emplace(name, int(i));
    for (const auto &[required, netbox] : {std::pair("a_device", "side_a_device"), std::pair("a_port", "side_a_name"),
                                           std::pair("b_device", "side_b_device"), std::pair("b_port", "side_b_name")})
        if (!column.count(required))
            error(records.front().line,
                  QStringLiteral("no %1 column (NetBox: %2)").arg(QLatin1String(required), QLatin1String(netbox)));
    if (!result.errors.empty())
        return result;

    struct Cable
    {
        std::string aDevice, aPort, bDevice, bPort, rate;
        int line = 0;
    };
    std::vector<Cable> cables;
    std::map<std::string, bool> isHost; ///< device → has NIC ports
    for (size_t r = 1; r < records.size(); ++r) {
        const Record &rec = records[r];
        if (rec.fields.size() != header.size()) {
            error(rec.line, QStringLiteral("%1 fields; the header has %2").arg(rec.fields.size()).arg(header.size()));
            continue;
        }
        Cable c;
        c.line = rec.line;
        c.aDevice = trimmed(rec.fields[size_t(column["a_device"])]);
        c.aPort = trimmed(rec.fields[size_t(column["a_port"])]);
        c.bDevice = trimmed(rec.fields[size_t(column["b_device"])]);
        c.bPort = trimmed(rec.fields[size_t(column["b_port"])]);
        if (c.aDevice.empty() || c.bDevice.empty() || c.aPort.empty() || c.bPort.empty()) {
            error(rec.line, QStringLiteral("a cable needs both devices and both ports"));
            continue;
        }
        if (column.count("gbps")) {
            const std::string text = trimmed(rec.fields[size_t(column["gbps"])]);
            if (!text.empty()) {
                char *end = nullptr;
                const double gbps = std::strtod(text.c_str(), &end);
                const std::optional<std::string> name = InfinibandRates::nameOf(gbps);
                if (end == text.c_str() || *end != 0 || !name) {
                    error(rec.line,
                          QStringLiteral("gbps: \"%1\" is not a link rate Railyard knows (10 to 2400 Gb/s "
                                         "as lanes × 2.5…200)")
                              .arg(QString::fromStdString(text)));
                    continue;
                }
                c.rate = *name;
            }
        }
        isHost[c.aDevice] = isHost[c.aDevice] || hostPort(c.aPort).has_value();
        isHost[c.bDevice] = isHost[c.bDevice] || hostPort(c.bPort).has_value();
        cables.push_back(std::move(c));
    }
    // Rows with errors are out; the rest still go through, so every bad row is reported.

    // As InfiniBand nodes: one CA per host NIC ("HOST mlx5_K" groups them back), one node per switch.
    std::vector<Node> nodes;
    std::map<std::string, int> index;
    auto nodeFor = [&](const std::string &device, const std::string &port, int line, int *ibPort) -> int {
        std::string id = device;
        NodeType type = NodeType::Switch;
        std::string desc = device;
        if (isHost[device]) {
            const std::optional<std::pair<int, int>> hp = hostPort(port);
            if (!hp) {
                error(line,
                      QStringLiteral("%1 is a host (it has NIC ports) but \"%2\" is no NIC port (nicK/P or "
                                     "mlx5_K)")
                          .arg(QString::fromStdString(device), QString::fromStdString(port)));
                return -1;
            }
            id = device + "\x1fnic" + std::to_string(hp->first);
            desc = device + " mlx5_" + std::to_string(hp->first);
            type = NodeType::Ca;
            *ibPort = hp->second;
        } else {
            *ibPort = switchPort(port);
            if (*ibPort < 1) {
                error(line,
                      QStringLiteral("switch port \"%1\" of %2 has no port number")
                          .arg(QString::fromStdString(port), QString::fromStdString(device)));
                return -1;
            }
        }
        auto [it, inserted] = index.try_emplace(id, int(nodes.size()));
        if (inserted) {
            Node n;
            n.type = type;
            n.nodeId = id;
            n.desc = desc;
            n.line = line;
            nodes.push_back(std::move(n));
        }
        Node &n = nodes[size_t(it->second)];
        n.ports = std::max(n.ports, *ibPort);
        return it->second;
    };
    for (const Cable &c : cables) {
        int pa = 0, pb = 0;
        const int a = nodeFor(c.aDevice, c.aPort, c.line, &pa);
        const int b = nodeFor(c.bDevice, c.bPort, c.line, &pb);
        if (a < 0 || b < 0)
            continue;
        PortLine line;
        line.port = pa;
        line.remote = nodes[size_t(b)].nodeId;
        line.remotePort = pb;
        line.rate = c.rate;
        line.line = c.line;
        nodes[size_t(a)].links.push_back(std::move(line));
    }
    if (!result.errors.empty())
        return result;
    std::vector<FormatError> warnings;
    const auto hosts = std::count_if(isHost.begin(), isHost.end(), [](const auto &e) { return e.second; });
    warnings.push_back({fileName,
                        0,
                        0,
                        {},
                        QStringLiteral("inferred: %1 hosts (devices with NIC ports such as nic0/1 or mlx5_0), %2 "
                                       "switches")
                            .arg(hosts)
                            .arg(qsizetype(isHost.size()) - hosts)});
    return ImportGraph::build(std::move(nodes), std::move(warnings), fileName);
}

bool CablingCsvFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    const std::string csv = cablingPlanCsv(cablingPlan(fabric));
    if (device.write(csv.data(), qint64(csv.size())) != qint64(csv.size())) {
        *error = device.errorString();
        return false;
    }
    return true;
}

ReadResult NetboxCablesFormat::read(QIODevice &, const QString &fileName) const
{
    ReadResult r;
    r.errors.push_back(FormatError{fileName,
                                   0,
                                   0,
                                   {},
                                   QStringLiteral("NetBox cable CSV is written, not read here: read it as cabling-csv "
                                                  "(--from cabling-csv), which takes NetBox's column names")});
    return r;
}

bool NetboxCablesFormat::write(const Fabric &fabric, QIODevice &device, QString *error) const
{
    std::string out
        = "side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name,type,status,label\r\n";
    for (const CableRow &r : cablingPlan(fabric)) {
        // NetBox's cable types: from the part each run takes on the floor.
        static const std::map<std::string, std::string> byKind{{"passive_copper", "dac-passive"},
                                                               {"active_copper", "dac-active"},
                                                               {"active_optical", "aoc"},
                                                               {"multimode", "mmf-om4"},
                                                               {"single_mode", "smf-os2"}};
        const auto kind = byKind.find(r.partKind);
        // A run no part reaches has no type: left for the planner.
        const std::string type = kind != byKind.end() ? kind->second : std::string();
        out += csvField(r.aDevice) + ",dcim.interface," + csvField(r.aPort) + "," + csvField(r.bDevice)
            + ",dcim.interface," + csvField(r.bPort) + "," + type + ",planned," + csvField(r.label) + "\r\n";
    }
    if (device.write(out.data(), qint64(out.size())) != qint64(out.size())) {
        *error = device.errorString();
        return false;
    }
    return true;
}

FileFormat::Recognition CablingCsvFormat::recognize(const QByteArray &head) const
{
    // The header row names both ends' devices (Railyard's or NetBox's columns).
    const QString text = Sniff::text(head);
    const QString header = text.left(text.indexOf(QLatin1Char('\n'))).toLower();
    const bool railyard = header.contains(QLatin1String("a_device")) && header.contains(QLatin1String("b_device"));
    return header.contains(QLatin1Char(',')) && railyard ? Recognition::Sure : Recognition::No;
}

} // namespace Railyard
