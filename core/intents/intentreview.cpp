#include "core/intents/intentreview.h"

#include "core/common/inputfile.h"
#include "core/common/jsontext.h"
#include "core/intents/canonicaljson.h"
#include "core/intents/canonicaljson_p.h"
#include "core/intents/intentreader.h"
#include "core/intents/intentreader_p.h"
#include "core/intents/jsonlocator.h"

#include <QDateTime>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace Railyard {

namespace {

using json = nlohmann::json;

constexpr int reviewedFormatVersion = 1;
constexpr const char *authorDomain = "railyard-intent-submission-v1\n";
constexpr const char *reviewerDomain = "railyard-intent-review-v1\n";

enum class Part { Unsigned, AuthorSigned, Full };

/// The reviewed file as JSON: `part` says how much (what the author signs,
/// what the reviewer signs, everything).
json toJson(const ReviewedIntent &r, Part part)
{
    json submission = {
        {"author", r.author.signer}, {"public_key", toBase64(r.author.publicKey)}, {"signed_utc", r.author.signedUtc}};
    if (!r.signedForAuthor.empty())
        submission["signed_for_author"] = r.signedForAuthor;
    if (part != Part::Unsigned)
        submission["signature"] = toBase64(r.author.signature);
    json doc = {{"format", reviewedIntentFormatTag},
                {"format_version", reviewedFormatVersion},
                {"intent", CanonicalJsonDetail::parseStrict(r.canonical)},
                {"content_sha256", r.contentSha256},
                {"submission", std::move(submission)}};
    if (part != Part::Unsigned && r.reviewer) {
        json review = {{"state", reviewStateName(r.state)},
                       {"reviewer", r.reviewer->signer},
                       {"public_key", toBase64(r.reviewer->publicKey)},
                       {"comment", r.comment},
                       {"decided_utc", r.reviewer->signedUtc}};
        if (!r.expiresUtc.empty())
            review["expires_utc"] = r.expiresUtc;
        if (part == Part::Full)
            review["signature"] = toBase64(r.reviewer->signature);
        doc["review"] = std::move(review);
    }
    return doc;
}

/// "2026-12-31T00:00:00Z" (seconds optional fraction, 'Z' only).
bool isUtcTime(const std::string &text)
{
    const QDateTime t = QDateTime::fromString(QString::fromStdString(text), Qt::ISODate);
    return text.size() >= 20 && text.size() <= 30 && text.back() == 'Z' && t.isValid();
}

/// Seconds since the epoch of an ISO 8601 UTC time; 0 when unreadable.
qint64 utcSeconds(const std::string &text)
{
    const QDateTime t = QDateTime::fromString(QString::fromStdString(text), Qt::ISODateWithMs);
    return t.isValid() ? t.toSecsSinceEpoch() : 0;
}

/// Structure checks of a reviewed file, reporting by JSON pointer.
class Checker
{
public:
    IntentReaderDetail::Problems problems;

    void error(const std::string &path, std::string message)
    {
        IntentReaderDetail::addProblem(problems, path, std::move(message));
    }

    const json *field(const json &obj, const std::string &path, const char *key, std::string missing = {})
    {
        const auto it = obj.find(key);
        if (it == obj.end()) {
            error(path, missing.empty() ? std::string("missing required field \"") + key + "\"" : missing);
            return nullptr;
        }
        return &*it;
    }

    bool string(const json &obj, const std::string &path, const char *key, std::string &out, std::string missing = {})
    {
        const json *v = field(obj, path, key, std::move(missing));
        if (!v)
            return false;
        if (!v->is_string()) {
            error(path + "/" + key, "expected a string");
            return false;
        }
        out = v->get<std::string>();
        return true;
    }

    bool bytes(const json &obj, const std::string &path, const char *key, size_t size, std::string &out,
               std::string missing = {})
    {
        std::string text;
        if (!string(obj, path, key, text, std::move(missing)))
            return false;
        const auto decoded = fromBase64Strict(text);
        if (!decoded || decoded->size() != size) {
            error(path + "/" + key, "not the canonical base64 of " + std::to_string(size) + " bytes");
            return false;
        }
        out = *decoded;
        return true;
    }

    void known(const json &obj, const std::string &path, std::initializer_list<const char *> keys)
    {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            if (std::none_of(keys.begin(), keys.end(), [&it](const char *k) { return it.key() == k; }))
                error(path + "/" + JsonLocator::escapeKey(it.key()), "unexpected field \"" + elided(it.key()) + "\"");
        }
    }

    void signature(const json &obj, const std::string &path, const char *nameKey, const char *timeKey,
                   IntentSignature &sig, const std::string &missingSignature)
    {
        string(obj, path, nameKey, sig.signer);
        if (sig.signer.empty() && obj.contains(nameKey))
            error(path + "/" + nameKey, "the signer's name is empty");
        bytes(obj, path, "public_key", 32, sig.publicKey);
        string(obj, path, timeKey, sig.signedUtc);
        bytes(obj, path, "signature", 64, sig.signature, missingSignature);
    }
};

std::optional<ReviewedIntent> fromJson(const json &doc, Checker &c)
{
    if (!doc.is_object()) {
        c.error("", "not a reviewed intent: expected a JSON object");
        return std::nullopt;
    }
    c.known(doc, "", {"format", "format_version", "intent", "content_sha256", "submission", "review"});
    std::string tag;
    if (c.string(doc, "", "format", tag) && tag != reviewedIntentFormatTag)
        c.error("/format",
                "not a reviewed intent: format is \"" + elided(tag) + "\", expected \"" + reviewedIntentFormatTag + "\"");
    if (const json *v = c.field(doc, "", "format_version"); v && *v != json(reviewedFormatVersion))
        c.error("/format_version", "unsupported format_version " + describeJsonValue(*v) + " (this Railyard reads 1)");
    ReviewedIntent r;
    if (const json *intent = c.field(doc, "", "intent")) {
        const auto parsed = IntentReaderDetail::fromJson(*intent, "/intent", c.problems);
        if (parsed) {
            r.intent = *parsed;
            r.canonical = CanonicalJsonDetail::dumpCanonical(*intent);
        }
    }
    c.string(doc, "", "content_sha256", r.contentSha256);
    if (const json *s = c.field(doc, "", "submission", "no author signature (the file has no \"submission\")")) {
        if (!s->is_object()) {
            c.error("/submission", "expected an object");
        } else {
            c.known(*s, "/submission", {"author", "public_key", "signed_utc", "signature", "signed_for_author"});
            c.signature(*s, "/submission", "author", "signed_utc", r.author,
                        "no author signature (\"submission\" has no \"signature\")");
            if (s->contains("signed_for_author"))
                c.string(*s, "/submission", "signed_for_author", r.signedForAuthor);
        }
    }
    if (const auto it = doc.find("review"); it != doc.end()) {
        if (!it->is_object()) {
            c.error("/review", "expected an object");
        } else {
            const json &v = *it;
            c.known(v, "/review",
                    {"state", "reviewer", "public_key", "comment", "decided_utc", "expires_utc", "signature"});
            if (v.contains("expires_utc") && c.string(v, "/review", "expires_utc", r.expiresUtc)
                && !isUtcTime(r.expiresUtc))
                c.error("/review/expires_utc", "expected an ISO 8601 UTC time such as \"2026-12-31T00:00:00Z\"");
            std::string state;
            if (c.string(v, "/review", "state", state)) {
                const auto s = reviewStateFromName(state);
                if (s != ReviewState::Approved && s != ReviewState::Rejected)
                    c.error("/review/state", "a review's state is \"approved\" or \"rejected\", got \"" + elided(state) + "\"");
                else
                    r.state = *s;
            }
            c.string(v, "/review", "comment", r.comment);
            IntentSignature sig;
            c.signature(v, "/review", "reviewer", "decided_utc", sig,
                        "no reviewer signature (\"review\" has no \"signature\")");
            r.reviewer = sig;
        }
    }
    if (!c.problems.empty())
        return std::nullopt;
    return r;
}

/// Line and column of the first byte where a and b differ.
std::pair<int, int> firstDifference(std::string_view a, std::string_view b)
{
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
        ++i;
    int line = 1;
    size_t lineStart = 0;
    for (size_t k = 0; k < i; ++k) {
        if (a[k] == '\n') {
            ++line;
            lineStart = k + 1;
        }
    }
    return {line, int(i - lineStart) + 1};
}

} // namespace

const char *reviewStateName(ReviewState state)
{
    switch (state) {
    case ReviewState::Draft: return "draft";
    case ReviewState::InReview: return "in_review";
    case ReviewState::Approved: return "approved";
    case ReviewState::Rejected: break;
    }
    return "rejected";
}

std::optional<ReviewState> reviewStateFromName(const std::string &name)
{
    for (ReviewState s : {ReviewState::Draft, ReviewState::InReview, ReviewState::Approved, ReviewState::Rejected}) {
        if (name == reviewStateName(s))
            return s;
    }
    return std::nullopt;
}

std::string IntentReview::authorMessage(const ReviewedIntent &reviewed)
{
    return authorDomain + CanonicalJsonDetail::dumpCanonical(toJson(reviewed, Part::Unsigned));
}

std::string IntentReview::reviewerMessage(const ReviewedIntent &reviewed)
{
    return reviewerDomain + CanonicalJsonDetail::dumpCanonical(toJson(reviewed, Part::AuthorSigned));
}

std::string IntentReview::nowUtc()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
}

ReviewedIntent IntentReview::submit(std::string_view intentText, const QString &fileName, const Ed25519Key &authorKey,
                                    const std::string &signer, const std::string &nowUtc, bool force)
{
    const IntentReadResult read = parseIntent(intentText, fileName);
    if (!read.ok())
        throw ReviewError(read.errorText().toStdString());
    if (signer.empty())
        throw ReviewError("the author's name is empty");
    const std::string &named = read.intent->metadata.author;
    const bool someoneElse = !named.empty() && named != signer;
    if (someoneElse && !force)
        throw ReviewError("'" + elided(signer) + "' is not the author the file names ('" + elided(named)
                          + "', /metadata/author): the author signs their own change (with --force the file records "
                            "that '"
                          + elided(signer) + "' signed for them)");
    ReviewedIntent r;
    if (someoneElse)
        r.signedForAuthor = named;
    r.intent = *read.intent;
    r.canonical = read.canonical;
    r.contentSha256 = read.sha256;
    r.author.signer = signer;
    r.author.publicKey = authorKey.rawPublicKey();
    r.author.signedUtc = nowUtc;
    r.state = ReviewState::InReview;
    r.author.signature = authorKey.sign(authorMessage(r));
    return r;
}

void IntentReview::decide(ReviewedIntent &reviewed, bool approve, const Ed25519Key &reviewerKey,
                          const std::string &signer, const std::string &comment, const std::string &nowUtc,
                          const std::string &expiresUtc)
{
    if (!expiresUtc.empty() && !isUtcTime(expiresUtc))
        throw ReviewError("the expiry \"" + elided(expiresUtc) + "\" is not an ISO 8601 UTC time such as 2026-12-31T00:00:00Z");
    if (!expiresUtc.empty() && expiresUtc <= nowUtc)
        throw ReviewError("the expiry " + expiresUtc + " is not after the decision's time " + nowUtc);
    if (reviewed.reviewer)
        throw ReviewError(std::string("this version is already ") + reviewStateName(reviewed.state)
                          + "; an edit after a decision makes a new version, which is submitted again");
    if (signer.empty())
        throw ReviewError("the reviewer's name is empty");
    if (CanonicalJson::sha256Hex(reviewed.canonical) != reviewed.contentSha256)
        throw ReviewError("content_sha256 does not match the intent: the content changed after the author signed");
    QString why;
    const auto authorKey = Ed25519Key::fromRawPublicKey(reviewed.author.publicKey, &why);
    if (!authorKey || !authorKey->verify(authorMessage(reviewed), reviewed.author.signature))
        throw ReviewError("the author's signature is invalid: the submitted file changed after the author signed");
    if (reviewerKey.rawPublicKey() == reviewed.author.publicKey)
        throw ReviewError("the reviewer's key is the author's key (" + reviewerKey.fingerprint()
                          + "): the author cannot approve or reject their own change");
    reviewed.state = approve ? ReviewState::Approved : ReviewState::Rejected;
    reviewed.comment = comment;
    reviewed.expiresUtc = approve ? expiresUtc : std::string();
    IntentSignature sig;
    sig.signer = signer;
    sig.publicKey = reviewerKey.rawPublicKey();
    sig.signedUtc = nowUtc;
    reviewed.reviewer = sig;
    reviewed.reviewer->signature = reviewerKey.sign(reviewerMessage(reviewed));
}

std::string IntentReview::write(const ReviewedIntent &reviewed)
{
    return CanonicalJsonDetail::dumpLayout(toJson(reviewed, Part::Full));
}

ReviewedReadResult IntentReview::read(std::string_view bytes, const QString &fileName, const JsonLimits &limits)
{
    ReviewedReadResult result;
    json doc;
    try {
        doc = CanonicalJsonDetail::parseStrict(bytes, limits);
    } catch (const json::parse_error &e) {
        std::string message = e.what();
        if (const auto colon = message.find("] "); colon != std::string::npos)
            message = message.substr(colon + 2);
        result.errors.push_back(
            {fileName, 0, 0, {}, QStringLiteral("not valid JSON: %1").arg(QString::fromStdString(message))});
        return result;
    } catch (const json::exception &e) {
        result.errors.push_back(
            {fileName, 0, 0, QStringLiteral("/"), QString::fromStdString(jsonExceptionMessage(e.what()))});
        return result;
    } catch (const std::exception &e) {
        result.errors.push_back({fileName, 0, 0, QStringLiteral("/"), QString::fromStdString(elided(std::string_view(e.what()), 300))});
        return result;
    }
    Checker checker;
    result.reviewed = fromJson(doc, checker);
    if (!checker.problems.empty()) {
        const JsonLocator locator(bytes);
        for (const auto &[path, message] : checker.problems) {
            const auto at = locator.find(path);
            result.errors.push_back({fileName, at.line, at.column, QString::fromStdString(path.empty() ? "/" : path),
                                     QString::fromStdString(message)});
        }
        result.reviewed.reset();
    }
    return result;
}

VerifyResult IntentReview::verify(std::string_view bytes, const Keyring &keyring, const std::string &nowUtc,
                                  const JsonLimits &limits)
{
    VerifyResult v;
    for (const QString &p : keyring.problems())
        v.notes.push_back("keyring: skipped " + p.toStdString());
    const ReviewedReadResult read = IntentReview::read(bytes, {}, limits);
    if (!read.ok()) {
        // A draft pushed by mistake: its real cause first, not ten "unexpected field"s.
        // (A reviewed file holds a railyard-intent too, inside: only a file that
        // never says railyard-reviewed-intent is a draft.)
        static const QRegularExpression draftFormat(QStringLiteral("\"format\"\\s*:\\s*\"railyard-intent\""));
        const QString head
            = QString::fromUtf8(bytes.substr(0, 4096).data(), int(std::min<size_t>(bytes.size(), 4096)));
        if (draftFormat.match(head).hasMatch() && !head.contains(QLatin1String("railyard-reviewed-intent"))) {
            v.failures.push_back("this is a draft intent (railyard-intent), not a reviewed intent: the author signs "
                                 "it (railyard-cli intent sign) and a reviewer approves it (intent approve) first");
            return v;
        }
        for (const FormatError &e : read.errors) {
            std::string where = e.line > 0 ? "line " + std::to_string(e.line) + ": " : std::string();
            if (!e.path.isEmpty())
                where += "at " + e.path.toStdString() + ": ";
            v.failures.push_back(where + e.message.toStdString());
        }
        return v;
    }
    const ReviewedIntent &r = *read.reviewed;
    v.state = r.reviewer ? r.state : ReviewState::InReview;
    v.cluster = r.intent.cluster;
    v.version = r.intent.metadata.version;
    v.contentSha256 = r.contentSha256;
    v.comment = r.comment;
    v.author = r.author.signer;
    v.reviewer = r.reviewer ? r.reviewer->signer : std::string();
    v.backend = intentBackendName(r.intent.backend);
    v.topology = intentTopologyName(r.intent.topology);
    v.rails = r.intent.rails;
    v.parent = r.intent.metadata.parent;
    v.expiresUtc = r.expiresUtc;
    if (!r.expiresUtc.empty()) {
        const std::string now = nowUtc.empty() ? IntentReview::nowUtc() : nowUtc;
        if (utcSeconds(r.expiresUtc) <= utcSeconds(now))
            v.failures.push_back("the approval expired at " + r.expiresUtc + ": approve the version again");
    }

    if (CanonicalJson::sha256Hex(r.canonical) != r.contentSha256)
        v.failures.push_back("content_sha256 does not match the SHA-256 of the intent's canonical form: the intent "
                             "changed after signing");
    QString why;
    const auto authorKey = Ed25519Key::fromRawPublicKey(r.author.publicKey, &why);
    v.authorFingerprint = authorKey ? authorKey->fingerprint() : std::string();
    if (!authorKey || !authorKey->verify(authorMessage(r), r.author.signature))
        v.failures.push_back("the author's signature is invalid: the intent, the submission or the signature "
                             "changed after the author signed");
    std::optional<Ed25519Key> reviewerKey;
    if (!r.reviewer) {
        v.failures.push_back("no reviewer signature: the intent is in review, not approved");
    } else {
        reviewerKey = Ed25519Key::fromRawPublicKey(r.reviewer->publicKey, &why);
        v.reviewerFingerprint = reviewerKey ? reviewerKey->fingerprint() : std::string();
        if (!reviewerKey || !reviewerKey->verify(reviewerMessage(r), r.reviewer->signature))
            v.failures.push_back("the reviewer's signature is invalid: the file changed after the reviewer signed");
        if (r.state != ReviewState::Approved)
            v.failures.push_back("the reviewer rejected this version"
                                 + (r.comment.empty() ? std::string() : ": \"" + elided(r.comment, 400) + "\""));
    }
    const std::string ring = keyring.directory().toStdString();
    const auto checkKeyring
        = [&](const char *role, const IntentSignature &sig, const std::string &fingerprint, std::string &name) {
              const KeyringEntry *entry = keyring.find(sig.publicKey);
              if (!entry) {
                  v.failures.push_back(std::string("the ") + role + "'s key " + fingerprint + " (signed as \""
                                       + sig.signer + "\") is not in the keyring " + ring);
                  return;
              }
              name = entry->name.toStdString();
              if (name != sig.signer)
                  v.failures.push_back(std::string("the ") + role + " signed as \"" + sig.signer
                                       + "\" but the keyring names that key \"" + name + "\"");
          };
    checkKeyring("author", r.author, v.authorFingerprint, v.author);
    if (r.reviewer) {
        checkKeyring("reviewer", *r.reviewer, v.reviewerFingerprint, v.reviewer);
        if (r.reviewer->publicKey == r.author.publicKey)
            v.failures.push_back("the author and the reviewer signed with the same key (" + v.authorFingerprint
                                 + "): the author cannot approve their own change");
    }
    // Authorship: what the keys say against what the file says.
    const std::string &named = r.intent.metadata.author;
    if (!named.empty()) {
        if (!r.signedForAuthor.empty())
            v.warnings.push_back("'" + elided(r.author.signer) + "' signed for the author the file names ('"
                                 + elided(r.signedForAuthor) + "', with --force)");
        else if (named != r.author.signer)
            v.warnings.push_back("the author signed as '" + elided(r.author.signer) + "' but the file names '"
                                 + elided(named) + "' (/metadata/author)");
        if (r.reviewer && r.reviewer->signer == named)
            v.warnings.push_back("the reviewer '" + elided(named)
                                 + "' is the author the file names (/metadata/author): a second key of the author's?");
    }
    const std::string layout = write(r);
    if (layout != bytes) {
        const auto [line, column] = firstDifference(bytes, layout);
        v.failures.push_back("the file is not in its signed layout (first difference at line " + std::to_string(line)
                             + ", column " + std::to_string(column) + "): it was edited after signing");
    }
    v.valid = v.failures.empty();
    return v;
}

IntentReadResult readIntentForUse(const QString &path, const Keyring *keyring)
{
    QString error;
    const std::optional<QByteArray> data = readInputFile(path, &error);
    IntentReadResult result;
    if (!data) {
        result.errors.push_back({path, 0, 0, {}, error});
        return result;
    }
    const std::string_view bytes(data->constData(), size_t(data->size()));
    static const QRegularExpression reviewedFormat(
        QStringLiteral("\"format\"\\s*:\\s*\"railyard-reviewed-intent\""));
    if (!reviewedFormat.match(QString::fromUtf8(data->left(4096))).hasMatch())
        return parseIntent(bytes, path);
    if (!keyring) {
        result.errors.push_back({path, 0, 0, {},
                                 QStringLiteral("NOT VERIFIED: a reviewed intent is used only once its signatures "
                                                "verify; give the keyring of the team's public keys (--keyring DIR)")});
        return result;
    }
    const VerifyResult verdict = IntentReview::verify(bytes, *keyring);
    if (!verdict.valid) {
        std::string reasons;
        for (size_t i = 0; i < verdict.failures.size() && i < 10; ++i)
            reasons += (i ? "; " : "") + verdict.failures[i];
        result.errors.push_back({path, 0, 0, {},
                                 QStringLiteral("NOT VERIFIED: %1").arg(QString::fromStdString(reasons).left(2000))});
        return result;
    }
    ReviewedReadResult read = IntentReview::read(bytes, path);
    if (!read.ok()) {
        result.errors = read.errors;
        return result;
    }
    result.intent = read.reviewed->intent;
    result.canonical = read.reviewed->canonical;
    result.sha256 = read.reviewed->contentSha256;
    return result;
}

std::string verifyResultToText(const VerifyResult &result, const std::string &fileName)
{
    std::string out;
    if (result.valid) {
        out = fileName + ": valid: " + result.cluster + " v" + std::to_string(result.version) + " (sha256 "
            + result.contentSha256 + ")\n  submitted by " + result.author + " (" + result.authorFingerprint
            + ")\n  approved by " + result.reviewer + " (" + result.reviewerFingerprint + ")"
            + (result.comment.empty() ? std::string() : ": \"" + result.comment + "\"") + "\n";
    } else {
        out = fileName + ": INVALID";
        if (!result.cluster.empty())
            out += " (" + result.cluster + " v" + std::to_string(result.version) + ", " + reviewStateName(result.state)
                + ")";
        out += "\n";
        for (const std::string &f : result.failures)
            out += "  - " + f + "\n";
    }
    for (const std::string &w : result.warnings)
        out += "  warning: " + w + "\n";
    for (const std::string &n : result.notes)
        out += "  note: " + n + "\n";
    return out;
}

} // namespace Railyard
