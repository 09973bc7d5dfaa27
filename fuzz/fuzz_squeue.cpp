// libFuzzer target: Slurm's `squeue --json` output (health --squeue) on
// arbitrary bytes: bounded, and every running job has its nodes expanded.
#include "core/export/slurmqueue.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace Railyard;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const SlurmQueueRead read = readSlurmQueue(text, QStringLiteral("fuzz.squeue.json"));
    size_t nodes = 0;
    for (const SlurmQueueJob &job : read.running) {
        if (job.nodes.empty() || job.id.empty())
            std::abort(); // a running job without its nodes or id was accepted
        nodes += job.nodes.size();
    }
    if (nodes > maxSlurmQueueNodes)
        std::abort();
    return 0;
}
