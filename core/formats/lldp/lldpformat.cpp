#include "core/formats/lldp/lldpformat.h"
#include "core/formats/contentsniff.h"

#include "core/formats/importgraph/importgraph.h"
#include "core/common/inputfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <map>
#include <set>

namespace Railyard {
namespace {

using Lldp::Dump;
using Lldp::Kind;
using Lldp::Neighbour;

constexpr qint64 sniffBytes = 4096;

/// The machine a dump without its own chassis belongs to: the file's name
/// without the endings lldpcli output is usually saved under
/// ("gpu001.lldp.json" → "gpu001"; "gpu001.example.com.json" keeps its domain).
std::string nameFromFile(const QString &file)
{
    QString name = QFileInfo(file).fileName();
    static const QStringList endings{QStringLiteral(".json"), QStringLiteral(".json0"),    QStringLiteral(".txt"),
                                     QStringLiteral(".kv"),   QStringLiteral(".keyvalue"), QStringLiteral(".out"),
                                     QStringLiteral(".log"),  QStringLiteral(".lldp")};
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (const QString &e : endings)
            if (name.size() > e.size() && name.endsWith(e, Qt::CaseInsensitive)) {
                name.chop(e.size());
                stripped = true;
            }
    }
    return name.toStdString();
}

QString listed(const std::vector<std::string> &names)
{
    QStringList out;
    for (size_t i = 0; i < names.size() && i < 5; ++i)
        out.append(QString::fromStdString(names[i]));
    if (names.size() > 5)
        out.append(QStringLiteral("…"));
    return out.join(QStringLiteral(", "));
}

/// One end of a cable: a machine and its port's name.
struct End
{
    std::string node, port;
    bool own = false; ///< named by the machine's own dump (its interface name), not by its neighbour
};

struct Cable
{
    End ends[2];
    double gbps = 0;
    int line = 0;
};

/// Port numbers of a switch (or an unclassified machine) from its port
/// names: their trailing numbers when those tell them apart, else the order
/// the names first appear in.
struct PortNumbers
{
    std::vector<std::string> names; ///< in order of appearance
    std::map<std::string, int> number;
    bool byOrder = false, shifted = false;

    void add(const std::string &name)
    {
        if (!number.count(name)) {
            number.emplace(name, 0);
            names.push_back(name);
        }
    }
    void assign()
    {
        std::set<int> seen;
        bool unique = true, zero = false;
        for (const std::string &n : names) {
            const int k = ImportGraph::trailingNumber(n);
            unique = unique && k >= 0 && seen.insert(k).second;
            zero = zero || k == 0;
        }
        byOrder = !unique;
        shifted = unique && zero; // SONiC counts from Ethernet0
        for (size_t i = 0; i < names.size(); ++i)
            number[names[i]] = byOrder ? int(i) + 1 : ImportGraph::trailingNumber(names[i]) + (zero ? 1 : 0);
    }
    int max() const
    {
        int m = 0;
        for (const auto &[name, n] : number)
            m = std::max(m, n);
        return m;
    }
};

} // namespace

ReadResult LldpFormat::read(QIODevice &device, const QString &fileName) const
{
    const QByteArray bytes = device.readAll();
    std::vector<FormatError> errors, warnings;
    Dump dump = Lldp::parse(std::string_view(bytes.constData(), size_t(bytes.size())), fileName, &errors, &warnings);
    if (errors.empty() && dump.neighbours.empty())
        errors.push_back(FormatError{fileName,
                                     0,
                                     0,
                                     {},
                                     QStringLiteral("no LLDP neighbour with a name and a port in the dump: nothing "
                                                    "to import")});
    if (!errors.empty()) {
        ReadResult r;
        r.errors = std::move(errors);
        r.warnings = std::move(warnings);
        return r;
    }
    std::vector<Dump> dumps;
    dumps.push_back(std::move(dump));
    return build(std::move(dumps), std::move(warnings), fileName);
}

bool LldpFormat::write(const Fabric &, QIODevice &, QString *error) const
{
    *error = QStringLiteral("LLDP dumps are read only: lldpd writes them");
    return false;
}

namespace {

QFileInfoList folderFiles(const QString &folder)
{
    return QDir(folder).entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

bool LldpFormat::recognizesFolder(const QString &folder) const
{
    int dumps = 0, others = 0, looked = 0;
    for (const QFileInfo &info : folderFiles(folder)) {
        if (looked++ >= 32)
            break;
        QFile file(info.filePath());
        QString error;
        if (info.size() == 0 || !openInputFile(file, &error))
            continue;
        const QByteArray head = file.read(sniffBytes);
        if (Lldp::looksLikeDump(std::string_view(head.constData(), size_t(head.size()))))
            ++dumps;
        else
            ++others;
    }
    return dumps > 0 && dumps >= others;
}

ReadResult LldpFormat::readFolder(const QString &folder) const
{
    std::vector<FormatError> errors, warnings;
    std::vector<Dump> dumps;
    for (const QFileInfo &info : folderFiles(folder)) {
        const QString path = info.filePath();
        QString error;
        const std::optional<QByteArray> bytes = readInputFile(path, &error);
        if (!bytes) {
            errors.push_back(FormatError{path, 0, 0, {}, error});
            continue;
        }
        const std::string_view text(bytes->constData(), size_t(bytes->size()));
        if (!Lldp::looksLikeDump(text.substr(0, size_t(sniffBytes)))) {
            const bool blank
                = std::all_of(text.begin(), text.end(), [](char c) { return std::isspace((unsigned char)c); });
            warnings.push_back(
                FormatError{path,
                            0,
                            0,
                            {},
                            blank ? QStringLiteral("empty: skipped") : QStringLiteral("not lldpcli output: skipped")});
            continue;
        }
        Dump dump = Lldp::parse(text, path, &errors, &warnings);
        if (dump.neighbours.empty())
            warnings.push_back(FormatError{path, 0, 0, {}, QStringLiteral("no LLDP neighbour in this dump")});
        dumps.push_back(std::move(dump));
    }
    if (errors.empty() && dumps.empty())
        errors.push_back(FormatError{folder, 0, 0, {}, QStringLiteral("no lldpcli dump in this folder")});
    if (!errors.empty()) {
        ReadResult r;
        r.errors = std::move(errors);
        r.warnings = std::move(warnings);
        return r;
    }
    return build(std::move(dumps), std::move(warnings), folder);
}

ReadResult LldpFormat::build(std::vector<Dump> dumps, std::vector<FormatError> warnings, const QString &name)
{
    const bool single = dumps.size() == 1;
    // 1. Each dump's own machine: from its content, else from its file's name.
    std::vector<std::string> fromFile, fromContent;
    std::map<std::string, std::vector<int>> dumpsOf;
    for (size_t d = 0; d < dumps.size(); ++d) {
        Dump &dump = dumps[d];
        if (dump.local.empty()) {
            dump.local = nameFromFile(dump.file);
            fromFile.push_back(dump.local);
        } else {
            fromContent.push_back(dump.local);
        }
        dumpsOf[dump.local].push_back(int(d));
    }
    if (single)
        warnings.push_back(FormatError{dumps.front().file,
                                       0,
                                       0,
                                       {},
                                       fromFile.empty()
                                           ? QStringLiteral("the local system is %1, as the dump's own chassis says")
                                                 .arg(QString::fromStdString(dumps.front().local))
                                           : QStringLiteral("the local system is named %1 by the file name: the dump "
                                                            "carries no `show chassis` or `show interfaces` output")
                                                 .arg(QString::fromStdString(dumps.front().local))});
    if (!single && !fromFile.empty())
        warnings.push_back(FormatError{name,
                                       0,
                                       0,
                                       {},
                                       QStringLiteral("the local system is named by the file name for %1 dumps (%2): "
                                                      "they carry no `show chassis` or `show interfaces` output")
                                           .arg(fromFile.size())
                                           .arg(listed(fromFile))});
    if (!single && !fromContent.empty())
        warnings.push_back(FormatError{name,
                                       0,
                                       0,
                                       {},
                                       QStringLiteral("the local system is named by the dump's own chassis for %1 "
                                                      "dumps (%2)")
                                           .arg(fromContent.size())
                                           .arg(listed(fromContent))});
    for (const auto &[machine, list] : dumpsOf)
        if (list.size() > 1)
            warnings.push_back(FormatError{dumps[size_t(list[1])].file,
                                           0,
                                           0,
                                           {},
                                           QStringLiteral("a second dump of %1 (the first is %2): both read")
                                               .arg(QString::fromStdString(machine), dumps[size_t(list[0])].file)});
    // A neighbour's name as a dump knows it: "leaf1.example.com" is leaf1's dump.
    auto canonical = [&](const std::string &peer) {
        if (dumpsOf.count(peer))
            return peer;
        const size_t dot = peer.find('.');
        if (dot != std::string::npos && dot > 0 && dumpsOf.count(peer.substr(0, dot)))
            return peer.substr(0, dot);
        return peer;
    };

    // 2. Which machines are switches. A dump: its capabilities, else its
    // interface names, else its neighbours (a machine cabled to hosts is a
    // switch), else whether a host's dump names it. Lldpd runs on servers,
    // so what is still open is a host.
    std::map<std::string, Kind> kind;
    std::map<std::string, Kind> evidence; ///< of machines without a dump, from how they are seen
    auto peerKind
        = [](const Neighbour &n) { return n.peerCaps != Kind::Unknown ? n.peerCaps : Lldp::portNameKind(n.peerPort); };
    for (const Dump &dump : dumps) {
        Kind k = dump.localCaps;
        if (k == Kind::Unknown) {
            bool host = false, sw = false;
            for (const std::string &p : dump.localPorts) {
                host = host || Lldp::portNameKind(p) == Kind::Host;
                sw = sw || Lldp::portNameKind(p) == Kind::Switch;
            }
            k = host == sw ? Kind::Unknown : host ? Kind::Host : Kind::Switch;
        }
        if (k == Kind::Unknown && std::any_of(dump.neighbours.begin(), dump.neighbours.end(), [&](const Neighbour &n) {
                return !dumpsOf.count(canonical(n.peer)) && peerKind(n) == Kind::Host;
            }))
            k = Kind::Switch;
        if (k != Kind::Unknown && kind[dump.local] == Kind::Unknown)
            kind[dump.local] = k;
        else
            kind.try_emplace(dump.local, Kind::Unknown);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (const Dump &dump : dumps)
            if (kind[dump.local] == Kind::Host)
                for (const Neighbour &n : dump.neighbours)
                    if (const std::string p = canonical(n.peer); dumpsOf.count(p) && kind[p] == Kind::Unknown) {
                        kind[p] = Kind::Switch;
                        changed = true;
                    }
    }
    int defaulted = 0;
    for (auto &[machine, k] : kind)
        if (k == Kind::Unknown) {
            k = Kind::Host;
            ++defaulted;
        }
    if (defaulted > 0)
        warnings.push_back(FormatError{name,
                                       0,
                                       0,
                                       {},
                                       QStringLiteral("inferred: %1 dumps say nothing of what their machine is "
                                                      "(capabilities, interface names): read as hosts")
                                           .arg(defaulted)});
    // Machines without a dump: their capabilities, then what names them
    // (a host's neighbour is a switch), then their port names.
    for (const Dump &dump : dumps)
        for (const Neighbour &n : dump.neighbours) {
            const std::string p = canonical(n.peer);
            if (kind.count(p))
                continue;
            Kind &e = evidence[p];
            if (n.peerCaps != Kind::Unknown)
                e = n.peerCaps;
            else if (e == Kind::Unknown && kind[dump.local] == Kind::Host)
                e = Kind::Switch;
            else if (e == Kind::Unknown)
                e = Lldp::portNameKind(n.peerPort);
        }
    for (const auto &[machine, e] : evidence)
        kind.emplace(machine, e);

    // 3. Cables, each once: a cable seen from both ends is one cable, matched
    // on either end's (machine, port name); each end's name from its own dump.
    std::vector<Cable> cables;
    std::map<std::string, int> byEnd;
    auto key = [](const End &e) { return e.node + '\x1f' + e.port; };
    int disagreements = 0;
    for (const Dump &dump : dumps)
        for (const Neighbour &n : dump.neighbours) {
            Cable c;
            c.ends[0] = End{dump.local, n.localIf, true};
            c.ends[1] = End{canonical(n.peer), n.peerPort, false};
            c.gbps = n.gbps;
            c.line = single ? n.line : 0;
            int found = -1, side = 0;
            for (int s = 0; s < 2 && found < 0; ++s)
                if (const auto it = byEnd.find(key(c.ends[s])); it != byEnd.end()) {
                    found = it->second;
                    side = s;
                }
            if (found < 0) {
                byEnd.emplace(key(c.ends[0]), int(cables.size()));
                byEnd.emplace(key(c.ends[1]), int(cables.size()));
                cables.push_back(std::move(c));
                continue;
            }
            Cable &have = cables[size_t(found)];
            const int mine = have.ends[0].node == c.ends[side].node && have.ends[0].port == c.ends[side].port ? 0 : 1;
            End &other = have.ends[1 - mine];
            const End &theirs = c.ends[1 - side];
            if (other.node != theirs.node) {
                if (disagreements++ < 20)
                    warnings.push_back(FormatError{
                        dump.file, n.line, 0, n.path,
                        QStringLiteral("%1 port %2 is cabled to %3 by one dump and to %4 by another: the first kept")
                            .arg(QString::fromStdString(c.ends[side].node), QString::fromStdString(c.ends[side].port),
                                 QString::fromStdString(other.node), QString::fromStdString(theirs.node))});
                continue;
            }
            // The same cable: each end takes the name its own machine gives it.
            auto adopt = [&](End &slot, const End &named) {
                if (named.own && !slot.own) {
                    slot = named;
                    byEnd.emplace(key(slot), found);
                }
            };
            adopt(have.ends[mine], c.ends[side]);
            adopt(other, theirs);
            if (have.gbps <= 0)
                have.gbps = c.gbps;
        }
    if (disagreements > 20)
        warnings.push_back(FormatError{
            name, 0, 0, {}, QStringLiteral("%1 more ports the dumps disagree about").arg(disagreements - 20)});

    // 4. Speeds: where no dump gives one, the builder still needs a rate.
    if (std::none_of(cables.begin(), cables.end(), [](const Cable &c) { return c.gbps > 0; })) {
        for (Cable &c : cables)
            c.gbps = 400;
        warnings.push_back(FormatError{name,
                                       0,
                                       0,
                                       {},
                                       QStringLiteral("no speeds in the dump: every link assumed 400 Gb/s; set them "
                                                      "after import")});
    }

    // 5. The import graph: a CA per host interface, switches and
    // unclassified machines numbered by port name.
    std::map<std::string, PortNumbers> ports;
    std::map<std::string, std::vector<std::string>> hostPorts; ///< host → interface names, in order
    std::vector<std::string> order;                            ///< machines in order of appearance
    for (const Cable &c : cables)
        for (const End &e : c.ends) {
            if (!ports.count(e.node) && !hostPorts.count(e.node))
                order.push_back(e.node);
            if (kind[e.node] == Kind::Host) {
                std::vector<std::string> &list = hostPorts[e.node];
                if (std::find(list.begin(), list.end(), e.port) == list.end())
                    list.push_back(e.port);
            } else {
                ports[e.node].add(e.port);
            }
        }
    std::vector<ImportGraph::Node> nodes;
    std::map<std::string, size_t> nodeOf; ///< a switch's name, or "HOST:IFNAME" → index in nodes
    std::vector<std::string> renumbered;
    for (const std::string &machine : order) {
        if (kind[machine] == Kind::Host) {
            const std::vector<std::string> &list = hostPorts[machine];
            std::set<int> numbers;
            bool numbered = true;
            for (const std::string &p : list) {
                const int k = ImportGraph::trailingNumber(p);
                numbered = numbered && k >= 0 && numbers.insert(k).second;
            }
            for (size_t i = 0; i < list.size(); ++i) {
                ImportGraph::Node ca;
                ca.type = ImportGraph::NodeType::Ca;
                ca.nodeId = machine + ":" + list[i];
                ca.host = machine;
                ca.device = numbered ? ImportGraph::trailingNumber(list[i]) : int(i);
                ca.ports = 1;
                nodeOf[ca.nodeId] = nodes.size();
                nodes.push_back(std::move(ca));
            }
            continue;
        }
        PortNumbers &numbers = ports[machine];
        numbers.assign();
        if (numbers.byOrder || numbers.shifted)
            renumbered.push_back(machine);
        ImportGraph::Node n;
        n.type = kind[machine] == Kind::Switch ? ImportGraph::NodeType::Switch : ImportGraph::NodeType::Unknown;
        n.nodeId = machine;
        n.desc = machine;
        n.ports = numbers.max();
        nodeOf[machine] = nodes.size();
        nodes.push_back(std::move(n));
    }
    if (!renumbered.empty())
        warnings.push_back(FormatError{name,
                                       0,
                                       0,
                                       {},
                                       QStringLiteral("ports of %1 switches numbered by the order their names appear, "
                                                      "or from 1 where the names count from 0 (%2); the names are kept")
                                           .arg(renumbered.size())
                                           .arg(listed(renumbered))});
    auto endId = [&](const End &e) { return kind[e.node] == Kind::Host ? e.node + ":" + e.port : e.node; };
    auto endPort = [&](const End &e) { return kind[e.node] == Kind::Host ? 1 : ports[e.node].number[e.port]; };
    for (const Cable &c : cables) {
        // An unclassified machine lists the cable itself, so the builder sees its port names.
        const int owner = kind[c.ends[1].node] == Kind::Unknown && kind[c.ends[0].node] != Kind::Unknown ? 1 : 0;
        const End &a = c.ends[owner];
        const End &b = c.ends[1 - owner];
        ImportGraph::PortLine line;
        line.port = endPort(a);
        line.remote = endId(b);
        line.remotePort = endPort(b);
        line.gbps = c.gbps;
        line.portName = a.port;
        line.line = c.line;
        nodes[nodeOf[endId(a)]].links.push_back(std::move(line));
    }
    ReadResult built = ImportGraph::build(std::move(nodes), std::move(warnings), name);
    if (built.fabric)
        built.fabric->transport = Transport::Ethernet; // LLDP runs on Ethernet
    return built;
}

FileFormat::Recognition LldpFormat::recognize(const QByteArray &head) const
{
    return Lldp::looksLikeDump(std::string_view(head.constData(), size_t(head.size()))) ? Recognition::Sure
                                                                                        : Recognition::No;
}

} // namespace Railyard
