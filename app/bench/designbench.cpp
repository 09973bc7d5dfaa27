// railyard-bench --designs: what the architect waits for when weighing
// switch models. For each catalogue switch with a 400G breakout (Quantum-2,
// Spectrum-4, Tomahawk 5, Tomahawk 6), generate a 32,768-GPU DGX SuperPOD
// (128 scalable units) on it; compare the four designs (BOM, analysis);
// compare them again with llama-70b-2k placed on each (ideal and as-routed
// step time); and detect the format of every test file's head by content.

#include "app/bench/designbench.h"

#include "app/bench/benchutil.h"
#include "core/compare/designcomparison.h"
#include "core/generators/hardwarechoice.h"
#include "core/generators/presets.h"
#include "core/registry/formatregistry.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>
#include <functional>

namespace Railyard {

using Bench::median;
using Bench::peakRssMiB;
using Bench::timeMs;

int runDesignBench(int repeats, bool json)
{
    const BomCatalog &catalog = BomCatalog::defaults();
    const std::vector<std::string> models = switchModelsFor(catalog, Transport::Unspecified, 400);
    const JobSpecResult job = readJobSpecFile(QStringLiteral(RAILYARD_SAMPLES "/llama-70b-2k.job.json"));
    if (!job.ok()) {
        std::fprintf(stderr, "railyard-bench: %s\n", qPrintable(job.errorText()));
        return 1;
    }
    // The heads of every sample and test file, for content detection.
    std::vector<std::pair<QString, QByteArray>> heads;
    for (const char *dir : {RAILYARD_SAMPLES, RAILYARD_SAMPLES "/../tests/data"}) {
        QDirIterator it(QString::fromUtf8(dir), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            if (file.open(QIODevice::ReadOnly))
                heads.emplace_back(file.fileName(), file.read(FormatRegistry::sniffBytes));
        }
    }

    std::vector<double> generateMs, compareMs, compareJobMs, detectUs;
    std::vector<Fabric> designs;
    DesignComparison last;
    for (int run = 0; run < repeats; ++run) {
        designs.clear();
        generateMs.push_back(timeMs([&] {
            for (const std::string &slug : models) {
                ClosParams p = dgxSuperpodParams(128);
                HardwareChoice choice;
                choice.leafSwitch = slug;
                applyHardware(p, choice, catalog);
                p.name = slug;
                designs.push_back(generateClos(p));
            }
        }) / double(models.size()));
        std::vector<DesignInput> inputs;
        for (const Fabric &f : designs)
            inputs.push_back({f.name, &f});
        compareMs.push_back(timeMs([&] { last = compareDesigns(inputs, catalog); }));
        compareJobMs.push_back(timeMs([&] { last = compareDesigns(inputs, catalog, &*job.job); }));
        int found = 0;
        const double ms = timeMs([&] {
            for (const auto &[name, head] : heads)
                found += FormatRegistry::instance().detect(QStringLiteral("file.dump"), head).format != nullptr;
        });
        detectUs.push_back(ms * 1000.0 / double(std::max<size_t>(1, heads.size())));
        if (found == 0)
            return 1;
    }
    const double gpus = double(designs.front().gpuCount());
    if (json) {
        QJsonObject o{{"gpus", gpus},
                      {"models", int(models.size())},
                      {"generate_ms_per_design", median(generateMs)},
                      {"compare_ms", median(compareMs)},
                      {"compare_with_job_ms", median(compareJobMs)},
                      {"detect_us_per_file", median(detectUs)},
                      {"files", int(heads.size())},
                      {"peak_rss_mib", peakRssMiB()}};
        std::printf("%s\n", QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
        return 0;
    }
    std::printf("designs: %.0f GPUs on %zu switch models (%d runs, medians)\n", gpus, models.size(), repeats);
    std::printf("  generate one design            %9.1f ms\n", median(generateMs));
    std::printf("  compare %zu designs              %9.1f ms\n", models.size(), median(compareMs));
    std::printf("  compare with llama-70b-2k      %9.1f ms\n", median(compareJobMs));
    std::printf("  detect a format by content     %9.1f us per file (%zu files)\n", median(detectUs), heads.size());
    std::printf("  peak RSS                       %9.0f MiB\n", peakRssMiB());
    for (const std::string &summary : last.summaries)
        std::printf("  %s\n", summary.c_str());
    return 0;
}

} // namespace Railyard
