#include "core/intents/intentreader.h"

#include "core/common/jsonfields.h"
#include "core/common/jsontext.h"
#include "core/common/inputfile.h"
#include "core/intents/canonicaljson.h"
#include "core/intents/canonicaljson_p.h"
#include "core/intents/intentreader_p.h"
#include "core/intents/jsonlocator.h"
#include "core/intents/selector.h"

#include <QDateTime>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <set>

namespace Railyard {

namespace IntentReaderDetail {

namespace {

using json = nlohmann::json;

std::string describe(const json &v)
{
    return describeJsonValue(v);
}

/// Typed field access that reports by JSON pointer (core/common/jsonfields.h),
/// with unknown fields as errors: an intent is policy, and a misspelt field
/// silently ignored would change what gets applied.
class Fields : public JsonFields
{
public:
    explicit Fields(Problems &problems)
        : JsonFields([&problems](const std::string &path, std::string message) {
            addProblem(problems, path, std::move(message));
        })
    { }

    void unknownFields(const json &obj, const std::string &path, std::initializer_list<std::string_view> known) const
    {
        JsonFields::unknownFields(obj, path, known, Unknown::Error);
    }
};

void readRule(const json &v, const std::string &path, IntentRule &rule, Fields &f)
{
    if (!v.is_object()) {
        f.error(path, "expected a rule object {\"from\", \"to\", \"proto\"}, got " + describe(v));
        return;
    }
    f.unknownFields(v, path, {"name", "from", "to", "proto", "comment"});
    f.string(v, path, "name", rule.name, false);
    f.string(v, path, "comment", rule.comment, false);
    for (const char *key : {"from", "to"}) {
        std::string &selector = key[0] == 'f' ? rule.from : rule.to;
        if (!f.string(v, path, key, selector, true))
            continue;
        std::string why;
        const auto compiled = Selector::compile(selector, &why);
        if (!compiled)
            f.error(path + "/" + key, "bad selector \"" + elided(selector) + "\": " + why);
        else if (compiled->isPublic() && key[0] == 'f')
            f.error(path + "/from",
                    "\"@public\" can only be a rule's \"to\" (the public internet never sends "
                    "into the fabric under an intent)");
    }
    std::string proto;
    if (f.string(v, path, "proto", proto, true)) {
        if (const auto p = intentProtocolFromName(proto))
            rule.proto = *p;
        else
            f.error(path + "/proto", "unknown protocol \"" + elided(proto) + "\" (rdma, tcp or any)");
    }
}

void readLossless(const json &v, const std::string &path, LosslessSettings &l, Fields &f)
{
    f.unknownFields(v, path, {"pfc_priority", "ecn", "mtu_bytes"});
    int priority = 0;
    if (f.integer(v, path, "pfc_priority", priority, false, 0, 7))
        l.pfcPriority = priority;
    int mtu = 0;
    if (f.integer(v, path, "mtu_bytes", mtu, false, 256, 4096)) {
        if (mtu != 256 && mtu != 512 && mtu != 1024 && mtu != 2048 && mtu != 4096)
            f.error(path + "/mtu_bytes",
                    "RoCE MTU must be 256, 512, 1024, 2048 or 4096 bytes, got " + std::to_string(mtu));
        else
            l.mtuBytes = mtu;
    }
    if (const json *ecn = f.object(v, path, "ecn", false)) {
        const std::string p = path + "/ecn";
        f.unknownFields(*ecn, p, {"kmin_kib", "kmax_kib", "pmax_percent"});
        EcnThresholds e;
        const bool kmin = f.integer(*ecn, p, "kmin_kib", e.kminKiB, true, 1);
        const bool kmax = f.integer(*ecn, p, "kmax_kib", e.kmaxKiB, true, 1);
        bool ok = kmin && kmax;
        if (ok && e.kmaxKiB <= e.kminKiB) {
            f.error(p + "/kmax_kib",
                    "kmax_kib (" + std::to_string(e.kmaxKiB) + ") must exceed kmin_kib (" + std::to_string(e.kminKiB)
                        + ")");
            ok = false;
        }
        if (f.number(*ecn, p, "pmax_percent", e.pmaxPercent, false) && !(e.pmaxPercent > 0 && e.pmaxPercent <= 100)) {
            f.error(p + "/pmax_percent", "must be in (0, 100]");
            ok = false;
        }
        if (ok)
            l.ecn = e;
    }
}

bool isUtcTimestamp(const std::string &text)
{
    if (text.empty() || text.back() != 'Z')
        return false;
    const QDateTime t = QDateTime::fromString(QString::fromStdString(text), Qt::ISODate);
    return t.isValid();
}

} // namespace

std::optional<Intent> fromJson(const json &doc, const std::string &base, Problems &problems)
{
    const size_t before = problems.size();
    Fields f(problems);
    if (!doc.is_object()) {
        f.error(base, "not a Railyard intent: expected a JSON object, got " + describe(doc));
        return std::nullopt;
    }
    std::string tag;
    if (f.string(doc, base, "format", tag, true) && tag != intentFormatTag)
        f.error(base + "/format",
                "not a Railyard intent: format is \"" + elided(tag) + "\", expected \"" + intentFormatTag + "\"");
    int formatVersion = 0;
    if (f.integer(doc, base, "format_version", formatVersion, true, 1) && formatVersion != intentFormatVersion)
        f.error(base + "/format_version",
                "unsupported format_version " + std::to_string(formatVersion) + " (this Railyard reads version 1)");
    f.unknownFields(doc, base,
                    {"format", "format_version", "metadata", "cluster", "backend", "rails", "topology", "allow", "deny",
                     "deny_public_egress", "lossless"});

    Intent intent;
    if (const json *meta = f.object(doc, base, "metadata", true)) {
        const std::string p = base + "/metadata";
        IntentMetadata &m = intent.metadata;
        f.unknownFields(*meta, p, {"version", "parent", "author", "created_utc", "message"});
        f.integer(*meta, p, "version", m.version, true, 1);
        int parent = 0;
        if (f.integer(*meta, p, "parent", parent, false, 1)) {
            if (parent >= m.version)
                f.error(p + "/parent",
                        "parent version " + std::to_string(parent) + " must be below version "
                            + std::to_string(m.version));
            m.parent = parent;
        }
        f.string(*meta, p, "author", m.author, false);
        if (f.string(*meta, p, "created_utc", m.createdUtc, false) && !isUtcTimestamp(m.createdUtc))
            f.error(p + "/created_utc",
                    "expected an ISO 8601 UTC time such as \"2026-11-30T09:00:00Z\", got \"" + elided(m.createdUtc) + "\"");
        f.string(*meta, p, "message", m.message, false);
    }
    f.string(doc, base, "cluster", intent.cluster, true);
    std::string text;
    if (f.string(doc, base, "backend", text, true)) {
        if (const auto b = intentBackendFromName(text))
            intent.backend = *b;
        else
            f.error(base + "/backend", "unknown backend \"" + elided(text) + "\" (roce or infiniband)");
    }
    f.integer(doc, base, "rails", intent.rails, true, 1, 64);
    if (f.string(doc, base, "topology", text, true)) {
        if (const auto t = intentTopologyFromName(text))
            intent.topology = *t;
        else
            f.error(base + "/topology", "unknown topology \"" + elided(text) + "\" (rail_optimized, fat_tree or dragonfly)");
    }
    f.boolean(doc, base, "deny_public_egress", intent.denyPublicEgress, true);
    std::set<std::string> names;
    for (const char *key : {"allow", "deny"}) {
        const bool isDeny = key[0] == 'd';
        std::vector<IntentRule> &rules = isDeny ? intent.deny : intent.allow;
        const json *list = f.array(doc, base, key, false);
        if (!list)
            continue;
        if (list->size() > maxIntentRules) {
            f.error(base + "/" + key, "more than " + std::to_string(maxIntentRules) + " rules");
            continue;
        }
        for (size_t i = 0; i < list->size(); ++i) {
            const std::string path = base + "/" + key + "/" + std::to_string(i);
            IntentRule rule;
            readRule((*list)[i], path, rule, f);
            if (!rule.name.empty() && !names.insert(rule.name).second)
                f.error(path + "/name", "rule name \"" + elided(rule.name) + "\" is used twice (names are unique)");
            rules.push_back(std::move(rule));
        }
    }
    if (const json *lossless = f.object(doc, base, "lossless", false)) {
        LosslessSettings l;
        readLossless(*lossless, base + "/lossless", l, f);
        intent.lossless = l;
    }
    if (problems.size() != before)
        return std::nullopt;
    return intent;
}

nlohmann::json toJson(const Intent &intent)
{
    json meta = {{"version", intent.metadata.version}};
    if (intent.metadata.parent)
        meta["parent"] = *intent.metadata.parent;
    if (!intent.metadata.author.empty())
        meta["author"] = intent.metadata.author;
    if (!intent.metadata.createdUtc.empty())
        meta["created_utc"] = intent.metadata.createdUtc;
    if (!intent.metadata.message.empty())
        meta["message"] = intent.metadata.message;
    const auto rules = [](const std::vector<IntentRule> &list) {
        json out = json::array();
        for (const IntentRule &r : list) {
            json rule = {{"from", r.from}, {"to", r.to}, {"proto", intentProtocolName(r.proto)}};
            if (!r.name.empty())
                rule["name"] = r.name;
            if (!r.comment.empty())
                rule["comment"] = r.comment;
            out.push_back(std::move(rule));
        }
        return out;
    };
    json doc = {{"format", intentFormatTag},
                {"format_version", intentFormatVersion},
                {"metadata", std::move(meta)},
                {"cluster", intent.cluster},
                {"backend", intentBackendName(intent.backend)},
                {"rails", intent.rails},
                {"topology", intentTopologyName(intent.topology)},
                {"allow", rules(intent.allow)},
                {"deny", rules(intent.deny)},
                {"deny_public_egress", intent.denyPublicEgress}};
    if (intent.lossless) {
        const LosslessSettings &l = *intent.lossless;
        json lossless = json::object();
        if (l.pfcPriority)
            lossless["pfc_priority"] = *l.pfcPriority;
        if (l.mtuBytes)
            lossless["mtu_bytes"] = *l.mtuBytes;
        if (l.ecn)
            lossless["ecn"]
                = {{"kmin_kib", l.ecn->kminKiB}, {"kmax_kib", l.ecn->kmaxKiB}, {"pmax_percent", l.ecn->pmaxPercent}};
        doc["lossless"] = std::move(lossless);
    }
    return doc;
}

} // namespace IntentReaderDetail

namespace {

FormatError syntaxError(std::string_view text, size_t byte, std::string message, const QString &fileName)
{
    const size_t pos = std::min(byte, text.size());
    const auto line = 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(pos), '\n');
    const size_t lineStart = pos == 0 ? std::string_view::npos : text.rfind('\n', pos - 1);
    const size_t column = lineStart == std::string_view::npos ? pos + 1 : pos - lineStart;
    return {fileName, int(line), int(column), {}, QString::fromStdString(message)};
}

/// nlohmann's message without its "[json.exception...] parse error at line L, column C: " preamble.
std::string parseMessage(const nlohmann::json::parse_error &e)
{
    std::string message = e.what();
    if (const auto col = message.find(", column "); col != std::string::npos) {
        if (const auto colon = message.find(": ", col); colon != std::string::npos)
            return "JSON syntax error: " + message.substr(colon + 2);
    }
    if (const auto bracket = message.find("] "); bracket != std::string::npos)
        return "JSON syntax error: " + message.substr(bracket + 2);
    return "JSON syntax error: " + message;
}

} // namespace

QString intentErrorText(const FormatError &error)
{
    QString text = error.file.isEmpty() ? QStringLiteral("<input>") : error.file;
    if (error.line > 0) {
        text += QLatin1Char(':') + QString::number(error.line);
        if (error.column > 0)
            text += QLatin1Char(':') + QString::number(error.column);
    }
    text += QStringLiteral(": ");
    if (!error.path.isEmpty())
        text += QStringLiteral("at %1: ").arg(error.path);
    return text + error.message;
}

QString IntentReadResult::errorText() const
{
    QStringList lines;
    for (const FormatError &e : errors)
        lines << intentErrorText(e);
    return lines.join(QLatin1Char('\n'));
}

IntentReadResult parseIntent(std::string_view text, const QString &fileName)
{
    IntentReadResult result;
    nlohmann::json doc;
    try {
        doc = CanonicalJsonDetail::parseStrict(text);
    } catch (const nlohmann::json::parse_error &e) {
        result.errors.push_back(syntaxError(text, e.byte > 0 ? e.byte - 1 : 0, parseMessage(e), fileName));
        return result;
    } catch (const nlohmann::json::exception &e) {
        result.errors.push_back(
            {fileName, 0, 0, QStringLiteral("/"), QString::fromStdString(jsonExceptionMessage(e.what()))});
        return result;
    } catch (const std::exception &e) {
        result.errors.push_back({fileName, 0, 0, QStringLiteral("/"), QString::fromStdString(elided(std::string_view(e.what()), 300))});
        return result;
    }
    IntentReaderDetail::Problems problems;
    std::optional<Intent> intent = IntentReaderDetail::fromJson(doc, "", problems);
    if (!problems.empty()) {
        const JsonLocator locator(text);
        for (const auto &[path, message] : problems) {
            const JsonLocator::Position at = locator.find(path);
            result.errors.push_back({fileName, at.line, at.column, QString::fromStdString(path.empty() ? "/" : path),
                                     QString::fromStdString(message)});
        }
        return result;
    }
    result.canonical = CanonicalJsonDetail::dumpCanonical(doc);
    result.sha256 = CanonicalJson::sha256Hex(result.canonical);
    result.intent = std::move(intent);
    return result;
}

IntentReadResult readIntentFile(const QString &path)
{
    // Regular files of bounded size only: a FIFO or /dev/zero is refused, not read forever.
    QString error;
    const std::optional<QByteArray> data = readInputFile(path, &error);
    if (!data) {
        IntentReadResult result;
        result.errors.push_back({path, 0, 0, {}, error});
        return result;
    }
    return parseIntent(std::string_view(data->constData(), size_t(data->size())), path);
}

std::string writeIntent(const Intent &intent)
{
    return CanonicalJsonDetail::dumpLayout(IntentReaderDetail::toJson(intent));
}

bool operator==(const IntentRule &a, const IntentRule &b)
{
    return a.name == b.name && a.samePolicy(b) && a.comment == b.comment;
}

bool operator==(const EcnThresholds &a, const EcnThresholds &b)
{
    return a.kminKiB == b.kminKiB && a.kmaxKiB == b.kmaxKiB && a.pmaxPercent == b.pmaxPercent;
}

bool operator==(const LosslessSettings &a, const LosslessSettings &b)
{
    return a.pfcPriority == b.pfcPriority && a.ecn == b.ecn && a.mtuBytes == b.mtuBytes;
}

bool operator==(const IntentMetadata &a, const IntentMetadata &b)
{
    return a.version == b.version && a.parent == b.parent && a.author == b.author && a.createdUtc == b.createdUtc
        && a.message == b.message;
}

bool operator==(const Intent &a, const Intent &b)
{
    return a.metadata == b.metadata && a.cluster == b.cluster && a.backend == b.backend && a.rails == b.rails
        && a.topology == b.topology && a.allow == b.allow && a.deny == b.deny
        && a.denyPublicEgress == b.denyPublicEgress && a.lossless == b.lossless;
}

} // namespace Railyard
