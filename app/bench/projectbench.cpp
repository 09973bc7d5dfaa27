// railyard-bench --project: save and open of a .railyard project (core/project)
// against the .fabric.json of the same fabric, in a temporary folder.

#include "app/bench/projectbench.h"

#include "app/bench/benchutil.h"
#include "core/registry/formatregistry.h"
#include "core/project/projectfile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <malloc.h>
#include <map>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace Railyard {

using Bench::median;
using Bench::peakRssMiB;

namespace {

/// A line of /proc/self/status ("VmRSS", "VmHWM") in MiB; 0 when unknown.
double statusMiB(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly | QIODevice::Text))
        return 0.0;
    const QByteArray prefix = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return 0.0;
}

/// Resets the peak resident size (VmHWM) to the current one (Linux >= 4.0).
void resetPeakRss()
{
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    if (clear.open(QIODevice::WriteOnly))
        clear.write("5");
}

/// Runs fn in a forked child and returns how far its resident size rose above
/// the size at the fork (VmHWM − VmRSS, MiB): the memory the stage itself
/// needs, unaffected by heap the parent keeps from earlier stages. -1 when
/// it cannot be measured.
double extraRssMiB(const std::function<void()> &fn)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1.0;
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        // Hand the heap the parent freed but kept back to the system, so the
        // stage's allocations show up as new resident pages.
        malloc_trim(0);
        resetPeakRss();
        const double before = statusMiB("VmRSS");
        fn();
        const double extra = statusMiB("VmHWM") - before;
        const ssize_t written = write(fds[1], &extra, sizeof extra);
        _exit(written == sizeof extra ? 0 : 1);
    }
    close(fds[1]);
    double extra = -1.0;
    if (pid < 0 || read(fds[0], &extra, sizeof extra) != sizeof extra)
        extra = -1.0;
    close(fds[0]);
    if (pid > 0)
        waitpid(pid, nullptr, 0);
    return extra;
}

constexpr const char *stages[] = {"write .fabric.json", "read .fabric.json", "save, new project", "save over project",
                                  "open project",       "add version",       "read version"};

} // namespace

int runProjectBench(Fabric fabric, const char *label, int repeats, bool json)
{
    QTemporaryDir dir;
    if (!dir.isValid()) {
        std::fprintf(stderr, "railyard-bench: cannot create a temporary folder\n");
        return 1;
    }
    const QString jsonPath = dir.filePath(QStringLiteral("bench.fabric.json"));
    const QString projectPath = dir.filePath(QStringLiteral("bench.railyard"));
    const FormatRegistry &registry = FormatRegistry::instance();

    ProjectData data;
    data.fabric = std::move(fabric);
    const Fabric &f = data.fabric;
    // A realistic state: a few pins and failures, as a designer leaves them.
    for (std::int32_t h = 0; h < std::min(f.hostCount(), 64); ++h)
        data.pins[f.host(h).id] = PinnedPosition{h * 10.5, -3.25};
    if (f.linkCount() > 0)
        data.failedIds.push_back(f.link(f.linkCount() / 2).id);
    const double baseRss = statusMiB("VmRSS");
    std::map<std::string, double> extra; // MiB above the process's size when the stage starts

    std::map<std::string, std::vector<double>> ms;
    // Times one stage; the last run measures its memory in a forked child
    // first (untimed), then times it in this process as the other runs do.
    const auto stage = [&](const char *name, const std::function<void()> &fn) {
        if (ms[name].size() + 1 == size_t(repeats))
            extra[name] = extraRssMiB(fn);
        const auto start = std::chrono::steady_clock::now();
        fn();
        ms[name].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    };
    qint64 jsonBytes = 0, projectBytes = 0, versionedBytes = 0;
    bool ok = true;
    auto check = [&](bool success, const QString &what) {
        if (!success && ok) {
            std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(what));
            ok = false;
        }
    };
    for (int r = 0; r < repeats && ok; ++r) {
        std::fprintf(stderr, "[%s project] run %d/%d...\n", label, r + 1, repeats);
        QFile::remove(jsonPath);
        QFile::remove(projectPath);
        QString error;
        ProjectError projectError;
        stage("write .fabric.json", [&] { check(registry.writeFile(f, jsonPath, &error), error); });
        stage("read .fabric.json", [&] { check(registry.readFile(jsonPath).ok(), jsonPath); });
        stage("save, new project",
              [&] { check(ProjectFile(projectPath).save(data, &projectError), projectError.toString()); });
        if (r == 0)
            projectBytes = QFileInfo(projectPath).size();
        stage("save over project",
              [&] { check(ProjectFile(projectPath).save(data, &projectError), projectError.toString()); });
        stage("open project", [&] {
            const std::optional<ProjectData> back = ProjectFile(projectPath).read(&projectError);
            check(back && back->fabric.linkCount() == f.linkCount(), projectError.toString());
        });
        std::optional<std::int64_t> version;
        stage("add version", [&] {
            version = ProjectFile(projectPath)
                          .addVersion(data, QStringLiteral("bench"), QStringLiteral("run"), &projectError);
            check(version.has_value(), projectError.toString());
        });
        if (r == 0)
            versionedBytes = QFileInfo(projectPath).size();
        stage("read version", [&] {
            check(version && ProjectFile(projectPath).readVersion(*version, &projectError), projectError.toString());
        });
        jsonBytes = QFileInfo(jsonPath).size();
    }
    if (!ok)
        return 1;

    const double ratio = jsonBytes ? double(projectBytes) / double(jsonBytes) : 0.0;
    const double mib = 1024.0 * 1024.0;
    if (json) {
        QJsonObject stageMs, stageExtra;
        for (const char *name : stages) {
            stageMs[QLatin1String(name)] = median(ms[name]);
            stageExtra[QLatin1String(name)] = extra[name];
        }
        const QJsonObject o{{QStringLiteral("scale"), QLatin1String(label)},
                            {QStringLiteral("gpus"), double(f.gpuCount())},
                            {QStringLiteral("links"), f.linkCount()},
                            {QStringLiteral("repeats"), repeats},
                            {QStringLiteral("median_ms"), stageMs},
                            {QStringLiteral("rss_with_fabric_mib"), baseRss},
                            {QStringLiteral("extra_rss_mib"), stageExtra},
                            {QStringLiteral("peak_rss_mib"), peakRssMiB()},
                            {QStringLiteral("fabric_json_bytes"), double(jsonBytes)},
                            {QStringLiteral("project_bytes"), double(projectBytes)},
                            {QStringLiteral("project_with_version_bytes"), double(versionedBytes)},
                            {QStringLiteral("project_to_json_ratio"), ratio}};
        std::printf("%s", QJsonDocument(o).toJson(QJsonDocument::Indented).constData());
        return 0;
    }
    std::printf("%s: %lld GPUs, %d hosts, %d switches, %d links; median of %d runs; RSS with the fabric %.0f MiB\n",
                label, f.gpuCount(), f.hostCount(), f.switchCount(), f.linkCount(), repeats, baseRss);
    std::printf("  %-28s %9s %15s\n", "stage", "ms", "extra RSS MiB");
    for (const char *name : stages)
        std::printf("  %-28s %9.1f %15.0f\n", name, median(ms[name]), extra[name]);
    std::printf("  %-28s %9.1f MiB\n", ".fabric.json", jsonBytes / mib);
    std::printf("  %-28s %9.1f MiB (%.2fx the .fabric.json)\n", ".railyard", projectBytes / mib, ratio);
    std::printf("  %-28s %9.1f MiB\n", ".railyard + 1 version", versionedBytes / mib);
    std::printf("  %-28s %9.1f MiB\n", "process peak RSS", peakRssMiB());
    std::fflush(stdout);
    return 0;
}

} // namespace Railyard
