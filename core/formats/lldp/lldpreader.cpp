#include "core/formats/lldp/lldpreader.h"

#include "core/common/jsonbounds.h"

#include "core/formats/textlines.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>
#include <cctype>
#include <set>

namespace Railyard::Lldp {
namespace {

constexpr int maxMessages = 200; ///< per file: a dump of garbage should not print a million lines

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool startsWith(std::string_view s, std::string_view prefix)
{
    return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// Capabilities as lldpd lists them: Station alone is a host; Bridge or
/// Router enabled is a switch (an L3 leaf advertises Router).
struct Capabilities
{
    bool station = false, bridge = false, router = false, any = false;

    void add(std::string_view type, bool enabled)
    {
        any = true;
        if (!enabled)
            return;
        const std::string t = lower(type);
        station = station || t == "station";
        bridge = bridge || t == "bridge";
        router = router || t == "router";
    }
    Kind kind() const
    {
        if (bridge || router)
            return Kind::Switch;
        return station ? Kind::Host : Kind::Unknown;
    }
};

bool enabledText(std::string_view v)
{
    return v == "on" || v == "yes" || v == "true";
}

void addLocalPort(Dump &dump, const std::string &name)
{
    if (!name.empty() && std::find(dump.localPorts.begin(), dump.localPorts.end(), name) == dump.localPorts.end())
        dump.localPorts.push_back(name);
}

/// The port name a neighbour's port is known by (Neighbour::peerPort).
std::string portName(const std::string &idType, const std::string &id, const std::string &descr)
{
    if (idType == "ifname" && !id.empty())
        return id;
    return descr.empty() ? id : descr;
}

// --- JSON: json0 (every container an array, values as {"value": …}) and the
// plain json variant (single values unwrapped, objects keyed by their name).

class JsonReader
{
public:
    JsonReader(const QString &file, Dump &dump, std::vector<FormatError> *errors, std::vector<FormatError> *warnings)
        : m_file(file)
        , m_dump(dump)
        , m_errors(errors)
        , m_warnings(warnings)
    { }

    void document(const QJsonObject &root, const QString &base);

private:
    using Items = std::vector<std::pair<QJsonValue, QString>>;

    void error(const QString &path, const QString &message)
    {
        if (int(m_errors->size()) < maxMessages)
            m_errors->push_back(FormatError{m_file, 0, 0, path, message});
    }
    void warn(const QString &path, const QString &message)
    {
        if (int(m_warnings->size()) < maxMessages)
            m_warnings->push_back(FormatError{m_file, 0, 0, path, message});
    }
    /// The members of a container: an array's elements, or the value itself
    /// (json's unwrapped single values); nothing for a missing value.
    static Items items(const QJsonValue &v, const QString &path)
    {
        Items out;
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                out.emplace_back(a.at(i), path + QLatin1Char('/') + QString::number(i));
        } else if (!v.isUndefined() && !v.isNull()) {
            out.emplace_back(v, path);
        }
        return out;
    }
    /// A value's text: a string, {"value": …} or the first of an array.
    /// Anything else is an error at its pointer; *ok tells.
    std::string text(const QJsonValue &v, const QString &path, bool *ok)
    {
        if (v.isString())
            return v.toString().toStdString();
        if (v.isUndefined() || v.isNull())
            return {};
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            return a.isEmpty() ? std::string() : text(a.at(0), path + QStringLiteral("/0"), ok);
        }
        if (v.isObject() && v.toObject().contains(QStringLiteral("value")))
            return text(v.toObject().value(QStringLiteral("value")), path + QStringLiteral("/value"), ok);
        error(path, QStringLiteral("expected a string (or {\"value\": string}), found %1").arg(typeName(v)));
        *ok = false;
        return {};
    }
    static QString typeName(const QJsonValue &v)
    {
        switch (v.type()) {
        case QJsonValue::Bool: return QStringLiteral("a boolean");
        case QJsonValue::Double: return QStringLiteral("a number");
        case QJsonValue::Array: return QStringLiteral("an array");
        case QJsonValue::Object: return QStringLiteral("an object");
        default: return QStringLiteral("a string");
        }
    }
    /// The first object of a container, or an error at its pointer.
    bool firstObject(const QJsonValue &v, const QString &path, QJsonObject *out, QString *at)
    {
        const Items list = items(v, path);
        if (list.empty())
            return false;
        if (!list.front().first.isObject()) {
            error(list.front().second,
                  QStringLiteral("expected an object, found %1").arg(typeName(list.front().first)));
            return false;
        }
        *out = list.front().first.toObject();
        *at = list.front().second;
        return true;
    }
    /// json names an object by its "name" member's value (lldpd's cleanup
    /// turns {"name": "leaf1", …} into {"leaf1": {…}}): undone here.
    static bool unwrapNamed(const QJsonObject &o, const std::set<QString> &fields, QString *name, QJsonObject *body)
    {
        if (o.contains(QStringLiteral("name")) || o.size() != 1)
            return false;
        const QString key = o.constBegin().key();
        if (fields.count(key) || !o.constBegin().value().isObject())
            return false;
        *name = key;
        *body = o.constBegin().value().toObject();
        return true;
    }
    /// A chassis: its name (else its id) and capabilities.
    bool chassis(const QJsonValue &v, const QString &path, std::string *name, Kind *caps);
    void interface(const QJsonObject &o, const QString &path, const std::string &givenName);

    QString m_file;
    Dump &m_dump;
    std::vector<FormatError> *m_errors;
    std::vector<FormatError> *m_warnings;
};

bool JsonReader::chassis(const QJsonValue &v, const QString &path, std::string *name, Kind *caps)
{
    static const std::set<QString> fields{QStringLiteral("id"),         QStringLiteral("descr"),
                                          QStringLiteral("mgmt-ip"),    QStringLiteral("mgmt-iface"),
                                          QStringLiteral("capability"), QStringLiteral("lldp-med"),
                                          QStringLiteral("inventory"),  QStringLiteral("ttl")};
    QJsonObject o;
    QString at;
    const size_t errorsBefore = m_errors->size();
    if (!firstObject(v, path, &o, &at))
        return m_errors->size() == errorsBefore; // no chassis: no name, not an error
    bool ok = true;
    QString wrapped;
    QJsonObject body;
    if (unwrapNamed(o, fields, &wrapped, &body)) {
        *name = wrapped.toStdString();
        at += QLatin1Char('/') + wrapped;
        o = body;
    } else {
        *name = text(o.value(QStringLiteral("name")), at + QStringLiteral("/name"), &ok);
    }
    if (name->empty())
        *name = text(o.value(QStringLiteral("id")), at + QStringLiteral("/id"), &ok);
    Capabilities c;
    for (const auto &[cap, capPath] :
         items(o.value(QStringLiteral("capability")), at + QStringLiteral("/capability"))) {
        if (!cap.isObject()) {
            error(capPath, QStringLiteral("a capability must be an object, found %1").arg(typeName(cap)));
            ok = false;
            continue;
        }
        const QJsonObject co = cap.toObject();
        const QJsonValue enabled = co.value(QStringLiteral("enabled"));
        const bool on = enabled.isBool() ? enabled.toBool()
                                         : enabledText(text(enabled, capPath + QStringLiteral("/enabled"), &ok));
        c.add(text(co.value(QStringLiteral("type")), capPath + QStringLiteral("/type"), &ok), on);
    }
    *caps = c.kind();
    return ok;
}

void JsonReader::interface(const QJsonObject &o, const QString &path, const std::string &givenName)
{
    bool ok = true;
    const std::string ifName
        = givenName.empty() ? text(o.value(QStringLiteral("name")), path + QStringLiteral("/name"), &ok) : givenName;
    if (!ok)
        return;
    if (ifName.empty()) {
        error(path, QStringLiteral("an interface without a name"));
        return;
    }
    addLocalPort(m_dump, ifName);
    std::string name;
    Kind caps = Kind::Unknown;
    if (!chassis(o.value(QStringLiteral("chassis")), path + QStringLiteral("/chassis"), &name, &caps))
        return;
    // `show interfaces`: the local ports, with the local chassis.
    if (!o.contains(QStringLiteral("via")) && o.contains(QStringLiteral("status"))) {
        if (m_dump.local.empty())
            m_dump.local = name;
        if (m_dump.localCaps == Kind::Unknown)
            m_dump.localCaps = caps;
        return;
    }
    Neighbour n;
    n.localIf = ifName;
    n.peer = name;
    n.peerCaps = caps;
    n.path = path;
    QJsonObject port;
    QString at;
    if (firstObject(o.value(QStringLiteral("port")), path + QStringLiteral("/port"), &port, &at)) {
        std::string idType, id;
        QJsonObject idObject;
        QString idAt;
        const QJsonValue idValue = port.value(QStringLiteral("id"));
        if (idValue.isString()) {
            id = idValue.toString().toStdString();
        } else if (firstObject(idValue, at + QStringLiteral("/id"), &idObject, &idAt)) {
            idType = text(idObject.value(QStringLiteral("type")), idAt + QStringLiteral("/type"), &ok);
            id = text(idObject.value(QStringLiteral("value")), idAt + QStringLiteral("/value"), &ok);
        }
        const std::string descr = text(port.value(QStringLiteral("descr")), at + QStringLiteral("/descr"), &ok);
        n.peerPort = portName(idType, id, descr);
        QJsonObject autoneg;
        QString anAt;
        if (firstObject(port.value(QStringLiteral("auto-negotiation")), at + QStringLiteral("/auto-negotiation"),
                        &autoneg, &anAt))
            n.gbps = mauGbps(text(autoneg.value(QStringLiteral("current")), anAt + QStringLiteral("/current"), &ok));
    }
    if (!ok)
        return;
    if (n.peer.empty() || n.peerPort.empty()) {
        warn(path,
             QStringLiteral("the neighbour on %1 has no %2: skipped")
                 .arg(QString::fromStdString(ifName),
                      n.peer.empty() ? QStringLiteral("system name or chassis id") : QStringLiteral("port id")));
        return;
    }
    m_dump.neighbours.push_back(std::move(n));
}

void JsonReader::document(const QJsonObject &root, const QString &base)
{
    static const std::set<QString> interfaceFields{QStringLiteral("via"),  QStringLiteral("chassis"),
                                                   QStringLiteral("port"), QStringLiteral("rid"),
                                                   QStringLiteral("age"),  QStringLiteral("status")};
    if (!root.contains(QStringLiteral("lldp")) && !root.contains(QStringLiteral("local-chassis"))) {
        error(base.isEmpty() ? QStringLiteral("/") : base,
              QStringLiteral("not lldpcli JSON output: no \"lldp\" or \"local-chassis\" member"));
        return;
    }
    // `show chassis`: {"local-chassis": [{"chassis": [...]}]}.
    for (const auto &[lc, lcPath] :
         items(root.value(QStringLiteral("local-chassis")), base + QStringLiteral("/local-chassis"))) {
        if (!lc.isObject()) {
            error(lcPath, QStringLiteral("expected an object, found %1").arg(typeName(lc)));
            continue;
        }
        std::string name;
        Kind caps = Kind::Unknown;
        if (chassis(lc.toObject().value(QStringLiteral("chassis")), lcPath + QStringLiteral("/chassis"), &name, &caps)
            && !name.empty()) {
            m_dump.local = name;
            m_dump.localCaps = caps;
        }
    }
    for (const auto &[lldp, lldpPath] : items(root.value(QStringLiteral("lldp")), base + QStringLiteral("/lldp"))) {
        if (!lldp.isObject()) {
            error(lldpPath, QStringLiteral("expected an object, found %1").arg(typeName(lldp)));
            continue;
        }
        const QString ifPath = lldpPath + QStringLiteral("/interface");
        for (const auto &[iface, path] : items(lldp.toObject().value(QStringLiteral("interface")), ifPath)) {
            if (!iface.isObject()) {
                error(path, QStringLiteral("an interface must be an object, found %1").arg(typeName(iface)));
                continue;
            }
            const QJsonObject o = iface.toObject();
            const bool keyedByName = !o.contains(QStringLiteral("name"))
                && std::all_of(interfaceFields.begin(), interfaceFields.end(),
                               [&](const QString &f) { return !o.contains(f); });
            if (!keyedByName) {
                interface(o, path, {});
                continue;
            }
            // json: {"enp65s0f0np0": {…}} (possibly several interfaces in one object).
            for (auto it = o.begin(); it != o.end(); ++it) {
                const QString at = path + QLatin1Char('/') + it.key();
                if (!it.value().isObject()) {
                    error(at, QStringLiteral("an interface must be an object, found %1").arg(typeName(it.value())));
                    continue;
                }
                interface(it.value().toObject(), at, it.key().toStdString());
            }
        }
    }
}

void parseJson(std::string_view text, const QString &file, Dump &dump, std::vector<FormatError> *errors,
               std::vector<FormatError> *warnings)
{
    JsonReader reader(file, dump, errors, warnings);
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(text)) {
        errors->push_back(FormatError{file, bounds->line, 0, {},
                                      QString::fromStdString(bounds->message + "; refusing the file")});
        return;
    }
    // lldpcli prints one document per command: `show chassis` and `show
    // neighbors` in one run give two documents, one after the other.
    size_t start = 0;
    int documents = 0;
    while (start < text.size()) {
        while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start])))
            ++start;
        if (start >= text.size())
            break;
        const QByteArray bytes = QByteArray::fromRawData(text.data() + start, qsizetype(text.size() - start));
        QJsonParseError pe;
        QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
        size_t consumed = text.size() - start;
        if (pe.error == QJsonParseError::GarbageAtEnd && pe.offset > 0) {
            consumed = size_t(pe.offset);
            doc = QJsonDocument::fromJson(bytes.left(pe.offset), &pe);
        }
        if (pe.error != QJsonParseError::NoError) {
            const size_t at = std::min(text.size(), start + size_t(std::max(0, int(pe.offset))));
            const std::string_view before = text.substr(0, at);
            const int line = 1 + int(std::count(before.begin(), before.end(), '\n'));
            const size_t lineStart = before.rfind('\n');
            const int column = int(at - (lineStart == std::string_view::npos ? 0 : lineStart + 1)) + 1;
            errors->push_back(
                FormatError{file, line, column, {}, QStringLiteral("malformed JSON: %1").arg(pe.errorString())});
            return;
        }
        if (!doc.isObject()) {
            errors->push_back(FormatError{file, 0, 0, QStringLiteral("/"),
                                          QStringLiteral("not lldpcli JSON output: the document is not an object")});
            return;
        }
        reader.document(doc.object(), documents > 0 ? QStringLiteral("/%1").arg(documents) : QString());
        ++documents;
        start += consumed;
    }
}

// --- keyvalue: lldp.<ifname>.<key…>=value, one per line.

/// The words after the interface name in a key: the interface's own name may
/// hold dots ("eth0.100"), so it ends at the first word that is one of these.
const std::set<std::string, std::less<>> &recordWords()
{
    static const std::set<std::string, std::less<>> words{"chassis",      "port", "via",   "rid", "age",
                                                          "status",       "vlan", "ppvid", "pi",  "lldp-med",
                                                          "unknown-tlvs", "ttl",  "alias"};
    return words;
}

struct KvRecord
{
    std::string ifName;
    int line = 0;
    bool sawVia = false, sawStatus = false;
    std::string name, chassisId, idType, id, descr, mau;
    Capabilities caps;
};

void parseKeyvalue(std::string_view text, const QString &file, Dump &dump, std::vector<FormatError> *errors,
                   std::vector<FormatError> *warnings)
{
    std::vector<KvRecord> records;
    Capabilities localCaps;
    std::string localName;
    std::string *previous = nullptr; ///< the value a continuation line extends
    std::string ignored;
    int lineNo = 0, foreign = 0, foreignLine = 0, lldpLines = 0;
    auto error = [&](int line, const QString &message) {
        if (int(errors->size()) < maxMessages)
            errors->push_back(FormatError{file, line, 0, {}, message});
    };
    while (!text.empty()) {
        const std::string_view line = trim(takeLine(text));
        ++lineNo;
        if (line.empty())
            continue;
        const size_t eq = line.find('=');
        if (eq == std::string_view::npos) {
            // lldpd before 1.0 kept newlines in values: the rest of a value.
            if (!previous) {
                error(lineNo,
                      QStringLiteral("not a key=value line: %1")
                          .arg(QString::fromUtf8(line.data(), qsizetype(std::min<size_t>(line.size(), 80)))));
                continue;
            }
            *previous += ' ';
            *previous += line;
            continue;
        }
        const std::string_view key = trim(line.substr(0, eq));
        const std::string value(trim(line.substr(eq + 1)));
        previous = &ignored;
        if (key.empty()) {
            error(lineNo, QStringLiteral("a value without a key (the line starts with '=')"));
            previous = nullptr;
            continue;
        }
        std::vector<std::string_view> parts;
        for (size_t from = 0;;) {
            const size_t dot = key.find('.', from);
            parts.push_back(key.substr(from, dot == std::string_view::npos ? std::string_view::npos : dot - from));
            if (dot == std::string_view::npos)
                break;
            from = dot + 1;
        }
        if (parts.size() >= 3 && parts[0] == "local-chassis" && parts[1] == "chassis") {
            ++lldpLines;
            if (parts.size() == 3 && parts[2] == "name")
                previous = &(localName = value);
            else if (parts.size() == 4 && parts[3] == "enabled")
                localCaps.add(parts[2], enabledText(value));
            continue;
        }
        if (parts[0] != "lldp") {
            if (foreign++ == 0)
                foreignLine = lineNo;
            continue;
        }
        ++lldpLines;
        size_t k = 2;
        while (k < parts.size() && !recordWords().count(parts[k]))
            ++k;
        if (k >= parts.size() || parts[1].empty()) {
            error(lineNo,
                  QStringLiteral("a key without a known field after the interface name: %1")
                      .arg(QString::fromUtf8(key.data(), qsizetype(key.size()))));
            continue;
        }
        std::string ifName(parts[1]);
        for (size_t i = 2; i < k; ++i)
            ifName += "." + std::string(parts[i]);
        const std::string_view field = parts[k];
        const std::vector<std::string_view> rest(parts.begin() + long(k) + 1, parts.end());
        // A new record: another interface, or this one's second neighbour.
        const bool again = !records.empty() && records.back().ifName == ifName
            && ((field == "via" && records.back().sawVia)
                || (field == "chassis" && rest.size() == 1 && rest[0] == "name" && !records.back().name.empty()));
        if (records.empty() || records.back().ifName != ifName || again) {
            records.emplace_back();
            records.back().ifName = ifName;
            records.back().line = lineNo;
        }
        KvRecord &r = records.back();
        if (field == "via") {
            r.sawVia = true;
        } else if (field == "status") {
            r.sawStatus = true;
        } else if (field == "chassis" && rest.size() == 1) {
            // name, or the id keyed by its type (mac, ip, local, ifname); mgmt-ip and descr repeat.
            if (rest[0] == "name")
                previous = &(r.name = value);
            else if (rest[0] != "descr" && rest[0] != "mgmt-ip" && rest[0] != "mgmt-iface" && r.chassisId.empty())
                previous = &(r.chassisId = value);
        } else if (field == "chassis" && rest.size() == 2 && rest[1] == "enabled") {
            r.caps.add(rest[0], enabledText(value));
        } else if (field == "port" && rest.size() == 1) {
            if (rest[0] == "descr")
                previous = &(r.descr = value);
            else if (rest[0] != "ttl" && rest[0] != "mfs" && rest[0] != "aggregation" && r.id.empty()) {
                r.idType = std::string(rest[0]);
                previous = &(r.id = value);
            }
        } else if (field == "port" && rest.size() == 2 && rest[0] == "auto-negotiation" && rest[1] == "current") {
            previous = &(r.mau = value);
        }
    }
    if (foreign > 0)
        warnings->push_back(FormatError{file,
                                        foreignLine,
                                        0,
                                        {},
                                        QStringLiteral("%1 lines are not lldpcli keyvalue output (lldp.… or "
                                                       "local-chassis.…): skipped (first here)")
                                            .arg(foreign)});
    if (lldpLines == 0 && errors->empty()) {
        error(0, QStringLiteral("not lldpcli keyvalue output: no line starts with \"lldp.\""));
        return;
    }
    dump.local = localName;
    dump.localCaps = localCaps.kind();
    for (KvRecord &r : records) {
        addLocalPort(dump, r.ifName);
        if (r.sawStatus && !r.sawVia) {
            // `show interfaces`: the local chassis.
            if (dump.local.empty())
                dump.local = r.name.empty() ? r.chassisId : r.name;
            if (dump.localCaps == Kind::Unknown)
                dump.localCaps = r.caps.kind();
            continue;
        }
        Neighbour n;
        n.localIf = r.ifName;
        n.peer = r.name.empty() ? r.chassisId : r.name;
        n.peerPort = portName(r.idType, r.id, r.descr);
        n.peerCaps = r.caps.kind();
        n.gbps = mauGbps(r.mau);
        n.line = r.line;
        if (n.peer.empty() || n.peerPort.empty()) {
            if (int(warnings->size()) < maxMessages)
                warnings->push_back(FormatError{file,
                                                r.line,
                                                0,
                                                {},
                                                QStringLiteral("the neighbour on %1 has no %2: skipped")
                                                    .arg(QString::fromStdString(r.ifName),
                                                         n.peer.empty() ? QStringLiteral("system name or chassis id")
                                                                        : QStringLiteral("port id"))});
            continue;
        }
        dump.neighbours.push_back(std::move(n));
    }
}

} // namespace

Dump parse(std::string_view text, const QString &fileName, std::vector<FormatError> *errors,
           std::vector<FormatError> *warnings)
{
    Dump dump;
    dump.file = fileName;
    size_t first = 0;
    while (first < text.size() && std::isspace(static_cast<unsigned char>(text[first])))
        ++first;
    if (first == text.size()) {
        errors->push_back(FormatError{fileName, 0, 0, {}, QStringLiteral("the file is empty")});
        return dump;
    }
    if (text[first] == '{' || text[first] == '[')
        parseJson(text, fileName, dump, errors, warnings);
    else
        parseKeyvalue(text, fileName, dump, errors, warnings);
    return dump;
}

bool looksLikeDump(std::string_view head)
{
    size_t first = 0;
    while (first < head.size() && std::isspace(static_cast<unsigned char>(head[first])))
        ++first;
    head.remove_prefix(first);
    if (startsWith(head, "{") || startsWith(head, "["))
        return head.find("\"lldp\"") != std::string_view::npos
            || head.find("\"local-chassis\"") != std::string_view::npos;
    return (startsWith(head, "lldp.") || startsWith(head, "local-chassis.chassis."))
        && head.find('=') != std::string_view::npos;
}

double mauGbps(std::string_view mau)
{
    mau = trim(mau);
    size_t i = 0;
    double value = 0;
    while (i < mau.size() && i < 6 && std::isdigit(static_cast<unsigned char>(mau[i])))
        value = value * 10 + (mau[i++] - '0');
    if (i == 0)
        return 0;
    // "2p5GbaseX": a decimal point written as 'p'.
    if (i < mau.size() && mau[i] == 'p' && i + 1 < mau.size() && std::isdigit(static_cast<unsigned char>(mau[i + 1]))) {
        value += (mau[i + 1] - '0') / 10.0;
        i += 2;
    }
    const std::string rest = lower(mau.substr(i, 5));
    if (startsWith(rest, "g"))
        return value;
    if (startsWith(rest, "base") || startsWith(rest, "m"))
        return value / 1000.0;
    return 0;
}

Kind portNameKind(std::string_view name)
{
    const std::string n = lower(name);
    auto digitAt = [&](size_t i) { return i < n.size() && std::isdigit(static_cast<unsigned char>(n[i])); };
    // Slots and modules ("Ethernet1/5", "et-0/0/1", "Eth1/49") are switch ports; server NICs have none.
    if (n.find('/') != std::string::npos)
        return Kind::Switch;
    for (const char *prefix : {"ethernet", "swp", "et-", "xe-", "ge-", "gigabitethernet", "tengigabitethernet",
                               "twentyfivegige", "fortygige", "hundredgige", "twohundredgige", "fourhundredgige"})
        if (startsWith(n, prefix))
            return Kind::Switch;
    if ((startsWith(n, "eth") && digitAt(3))
        || (startsWith(n, "en") && n.size() > 2 && std::string_view("opsx").find(n[2]) != std::string_view::npos)
        || startsWith(n, "ib") || startsWith(n, "mlx") || startsWith(n, "bond") || startsWith(n, "hsn")
        || (startsWith(n, "em") && digitAt(2)))
        return Kind::Host;
    return Kind::Unknown;
}

} // namespace Railyard::Lldp
