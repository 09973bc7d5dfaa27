#pragma once

// Review of an intent version and the two-person rule, checked
// cryptographically (docs/intent-format.md, "Review and signatures").
//
// States: draft (a plain *.intent.json) → in_review (the author signed it:
// a reviewed-intent file with a "submission") → approved or rejected (a
// reviewer signed the decision: the file gains a "review"). The author signs
// the canonical form of the file without its signature; the reviewer signs
// the canonical form of the whole file, the author's signature included,
// without the reviewer's signature. Reviewed files are written in the
// signed layout (canonicaljson.h), so verification also checks that every
// byte is where signing put it.

#include "core/common/jsonbounds.h"
#include "core/common/formaterror.h"
#include "core/intents/ed25519key.h"
#include "core/intents/intent.h"
#include "core/intents/intentreader.h"
#include "core/intents/keyring.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// Value of the "format" field of a reviewed-intent file.
inline constexpr const char *reviewedIntentFormatTag = "railyard-reviewed-intent";

enum class ReviewState : std::uint8_t { Draft, InReview, Approved, Rejected };
/// "draft", "in_review", "approved", "rejected".
const char *reviewStateName(ReviewState state);
std::optional<ReviewState> reviewStateFromName(const std::string &name);

/// One signature and who made it.
struct IntentSignature
{
    std::string signer;    ///< the name the signer gave (their key file's name)
    std::string publicKey; ///< 32 raw bytes
    std::string signedUtc; ///< ISO 8601 UTC
    std::string signature; ///< 64 raw bytes
};

/// A submitted or decided intent version.
struct ReviewedIntent
{
    Intent intent;
    std::string canonical;     ///< canonical JSON of the intent document
    std::string contentSha256; ///< SHA-256 of `canonical`, hex
    IntentSignature author;
    std::optional<IntentSignature> reviewer;   ///< with a decision
    ReviewState state = ReviewState::InReview; ///< InReview, Approved or Rejected
    std::string comment;                       ///< the reviewer's comment
    std::string expiresUtc; ///< when the approval lapses (ISO 8601 UTC, signed with it); empty: never
    /// The file's metadata.author when the signer is someone else and signed
    /// with --force (signed with the submission); empty otherwise.
    std::string signedForAuthor;
};

/// A refused review operation (bad input, invalid signature, own change).
class ReviewError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/// Result of reading a reviewed file (structure only; see verify()).
struct ReviewedReadResult
{
    std::optional<ReviewedIntent> reviewed;
    std::vector<FormatError> errors; ///< with file, line and JSON pointer

    bool ok() const { return reviewed.has_value(); }
};

/// Result of verifying a reviewed file against a keyring.
struct VerifyResult
{
    bool valid = false;
    std::vector<std::string> failures; ///< each names the reason; empty iff valid
    std::vector<std::string> notes;    ///< keyring files skipped, etc.
    ReviewState state = ReviewState::Draft;
    std::string cluster;
    int version = 0;
    std::string contentSha256;
    std::string author; ///< keyring name of the author's key, else the name in the file
    std::string authorFingerprint;
    std::string reviewer; ///< same for the reviewer
    std::string reviewerFingerprint;
    std::string comment;
    // What the control plane checks against the network it is pushed to.
    std::string backend;     ///< "roce", "infiniband"
    std::string topology;    ///< "rail_optimized", ...
    int rails = 0;
    std::optional<int> parent; ///< the version this one was edited from
    std::string expiresUtc;    ///< when the approval lapses; empty: never
    /// Valid or not, what a reviewer should know: the reviewer is the author
    /// the file names, the signer signed for another author (--force), or
    /// the signer is not the author the file names.
    std::vector<std::string> warnings;
};

/// The review operations. Stateless.
class IntentReview
{
public:
    /// The author signs a draft: `intentText` is a *.intent.json document
    /// (checked by the intent reader; its errors are thrown as ReviewError
    /// naming fileName and the JSON pointer). `signer` is the author's name.
    /// The signer must be the author the file names (metadata.author, when
    /// it names one): anyone else is refused unless `force`, and the
    /// submission then records whom they signed for ("signed_for_author").
    static ReviewedIntent submit(std::string_view intentText, const QString &fileName, const Ed25519Key &authorKey,
                                 const std::string &signer, const std::string &nowUtc, bool force = false);

    /// A reviewer approves (or rejects) a submitted intent. Refuses (throws
    /// ReviewError) unless the intent is in review and the author's
    /// signature is valid, and when `reviewerKey` is the author's key: the
    /// author cannot approve their own change.
    /// `expiresUtc` (ISO 8601 UTC, optional) bounds how long an approval
    /// may be applied; it is signed with the decision.
    static void decide(ReviewedIntent &reviewed, bool approve, const Ed25519Key &reviewerKey, const std::string &signer,
                       const std::string &comment, const std::string &nowUtc, const std::string &expiresUtc = {});

    /// The reviewed file, in the signed layout.
    static std::string write(const ReviewedIntent &reviewed);
    /// Reads a reviewed file's structure (fields, types, the intent) without
    /// checking signatures.
    /// `limits` bound the text's shape before it is parsed (the service
    /// passes the tighter JsonLimits::requestBody()).
    static ReviewedReadResult read(std::string_view bytes, const QString &fileName,
                                   const JsonLimits &limits = JsonLimits());

    /// Verifies a reviewed file: valid only when it is approved, both
    /// signatures are valid over exactly this content, both keys are in
    /// `keyring` (under the names the file gives), the two keys differ, the
    /// content hash matches and the bytes are in the signed layout.
    /// An approval past its expiry (compared with `nowUtc`, default the
    /// current time) is invalid.
    static VerifyResult verify(std::string_view bytes, const Keyring &keyring, const std::string &nowUtc = {},
                               const JsonLimits &limits = JsonLimits());

    /// The signed messages (domain-separated), for tests and other tools.
    static std::string authorMessage(const ReviewedIntent &reviewed);
    static std::string reviewerMessage(const ReviewedIntent &reviewed);

    /// The current time as ISO 8601 UTC with seconds ("2026-12-02T10:00:00Z").
    static std::string nowUtc();
};

/// "FILE: valid: ..." or "FILE: INVALID: ..." with one line per failure.
std::string verifyResultToText(const VerifyResult &result, const std::string &fileName);

/// The intent a command works on, from a *.intent.json or a reviewed file
/// (docs/intent-format.md, "Review and signatures"): a reviewed file is
/// verified against `keyring` first and only its verified content is used;
/// without a keyring, or when it does not verify, it is refused with the
/// reasons ("NOT VERIFIED: …"), so a tampered file never passes for the
/// reviewed one. A plain intent reads as readIntentFile reads it.
IntentReadResult readIntentForUse(const QString &path, const Keyring *keyring);

} // namespace Railyard
