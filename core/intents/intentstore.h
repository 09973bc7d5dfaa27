#pragma once

// Intent versions and their reviews in a `.railyard` project (tables
// intent_versions and intent_reviews, schema 3; docs/project-format.md).
// Same conventions as ProjectFile: each call opens the database, does its
// work in one transaction and closes it; reading never writes; failures
// return std::nullopt and fill *error naming the file.
//
// A version is identified by (cluster, metadata.version) and keeps its
// canonical content and SHA-256 for good: adding other content under the
// same number is refused (an edit makes a new version). A review row holds
// one submission or decision as the reviewed file's bytes
// (IntentReview::write), so it can be exported and verified on its own.

#include "core/intents/intentreview.h"
#include "core/project/projecterror.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace Railyard {

/// One stored intent version.
struct StoredIntentVersion
{
    std::int64_t id = 0;
    std::string cluster;
    int version = 0;
    std::optional<int> parent;
    std::string author;
    std::string createdUtc;
    std::string message;
    std::string sha256;                     ///< of `canonical`
    std::string canonical;                  ///< canonical JSON of the intent (readable by parseIntent)
    std::string addedUtc;                   ///< when it was stored
    ReviewState state = ReviewState::Draft; ///< of its latest review row; Draft without one
};

/// One stored submission or decision.
struct StoredIntentReview
{
    std::int64_t id = 0;
    std::int64_t intent = 0; ///< StoredIntentVersion::id
    ReviewState state = ReviewState::InReview;
    std::string author;
    std::string authorFingerprint;
    std::string authorSignedUtc;
    std::string reviewer; ///< empty while in review
    std::string reviewerFingerprint;
    std::string decidedUtc;
    std::string comment;
    std::string file; ///< the reviewed-intent file, byte for byte
};

class IntentStore
{
public:
    /// The project at `projectPath` (created by ProjectFile::save).
    explicit IntentStore(QString projectPath);
    const QString &path() const { return m_path; }

    /// Stores an intent version from its text (checked by the intent reader:
    /// its errors are returned as InvalidData naming fileName and the JSON
    /// pointer). Storing the same content again returns the existing id;
    /// other content under a stored (cluster, version) is refused.
    std::optional<std::int64_t> addVersion(std::string_view intentText, const QString &fileName,
                                           ProjectError *error = nullptr) const;
    /// All versions, by cluster, then version number.
    std::optional<std::vector<StoredIntentVersion>> versions(ProjectError *error = nullptr) const;
    /// One version by id; NoSuchVersion when absent.
    std::optional<StoredIntentVersion> version(std::int64_t id, ProjectError *error = nullptr) const;
    /// The stored id of `cluster`'s version `version` (such as a version's
    /// parent), std::nullopt when the project does not hold it.
    std::optional<std::int64_t> findVersion(const std::string &cluster, int version, ProjectError *error = nullptr) const;

    /// Records a submission or a decision (the version is stored first if it
    /// is not yet). Refuses (InvalidData) a file whose content hash does not
    /// match its intent or whose version number holds other content, and a
    /// decision on a version already approved or rejected.
    std::optional<std::int64_t> addReview(const ReviewedIntent &reviewed, ProjectError *error = nullptr) const;
    /// The review rows of a version, oldest first.
    std::optional<std::vector<StoredIntentReview>> reviews(std::int64_t intent, ProjectError *error = nullptr) const;

private:
    QString m_path;
};

} // namespace Railyard
