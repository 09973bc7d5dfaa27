#pragma once

// What a `.railyard` project holds besides its history: the fabric, the
// positions the user pinned on the canvas, the what-if failures, training
// jobs and free-form metadata. Plain data; ProjectFile reads and writes it
// (docs/project-format.md).

#include "core/model/fabric.h"

#include <QDateTime>
#include <QString>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace Railyard {

/// A host or switch the user pinned on the canvas: its scene position.
struct PinnedPosition
{
    double x = 0.0; ///< scene coordinates, as FabricLayout uses them
    double y = 0.0;

    bool operator==(const PinnedPosition &) const = default;
};

/// A training job kept in the project: the text of a `*.job.json`
/// (core/jobs/jobspec.h), stored verbatim, and the name it is listed under.
struct ProjectJob
{
    std::string name;
    std::string json;

    bool operator==(const ProjectJob &) const = default;
};

/// The state of a project: what File ▸ Save writes and Open reads, and what
/// a named version snapshots.
struct ProjectData
{
    Fabric fabric;
    /// Pinned hosts and switches by id; elements not listed follow the layout.
    std::map<std::string, PinnedPosition> pins;
    /// The what-if: ids of failed links and switches, in the order given.
    std::vector<std::string> failedIds;
    std::vector<ProjectJob> jobs;
    /// Free-form key → value pairs (keys starting with "recovery." are
    /// reserved for RecoveryStore).
    std::map<std::string, std::string> metadata;
};

/// One named version of a project, as listed by ProjectFile::versions().
struct ProjectVersion
{
    std::int64_t id = 0; ///< stable, increasing; never reused
    QString author;
    QDateTime timeUtc; ///< when it was added, UTC, millisecond precision
    QString message;
    int hosts = 0; ///< element counts of the snapshot's fabric
    int switches = 0;
    int links = 0;
};

} // namespace Railyard
