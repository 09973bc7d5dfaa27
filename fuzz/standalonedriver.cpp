// A small fuzzing driver for the fuzz targets in the regular (GCC) build, so
// that the default test run exercises every target for a short, fixed budget
// without clang or libFuzzer (tests/fuzz/tests.cmake). It is no substitute
// for libFuzzer's coverage-guided runs under ASan + UBSan
// (`packaging/bootstrap.sh fuzz`, docs/reliability.md): it replays the seed
// corpus and the regression fixtures, then applies random structural
// mutations (deterministic by --seed) until the time budget is spent.
//
//   fuzzshort_NAME [--seconds S] [--seed N] [--max-len BYTES] PATH...
//
// PATHs are files or directories of inputs. An input that crashes the target
// (a signal) or runs longer than 10 s is written to fuzz-crash-NAME.bin in
// the working directory before the process dies, so it can become a fixture
// in tests/data/bad/.

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

#ifndef RAILYARD_FUZZ_TARGET
#define RAILYARD_FUZZ_TARGET "target"
#endif

namespace {

// The input under test, for the signal handler (async-signal-safe: only write(2)).
const std::uint8_t *g_data = nullptr;
std::size_t g_size = 0;
char g_crashPath[256] = "fuzz-crash-" RAILYARD_FUZZ_TARGET ".bin";

void writeAll(int fd, const void *data, std::size_t size)
{
    const char *p = static_cast<const char *>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n <= 0)
            return;
        p += n;
        size -= std::size_t(n);
    }
}

extern "C" void onFatalSignal(int signal)
{
    const int fd = ::open(g_crashPath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (g_data)
            writeAll(fd, g_data, g_size);
        ::close(fd);
    }
    const char *what = signal == SIGALRM ? "input ran longer than 10 s; written to " : "crash; input written to ";
    writeAll(2, "fuzzshort: ", 11);
    writeAll(2, what, std::strlen(what));
    writeAll(2, g_crashPath, std::strlen(g_crashPath));
    writeAll(2, "\n", 1);
    std::signal(signal == SIGALRM ? SIGABRT : signal, SIG_DFL);
    std::raise(signal == SIGALRM ? SIGABRT : signal);
}

void run(const std::vector<std::uint8_t> &input)
{
    g_data = input.data();
    g_size = input.size();
    ::alarm(10);
    LLVMFuzzerTestOneInput(input.data(), input.size());
    ::alarm(0);
    g_data = nullptr;
}

std::vector<std::uint8_t> readFile(const std::filesystem::path &path, std::size_t maxLen)
{
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() > maxLen)
        bytes.resize(maxLen);
    return bytes;
}

// Tokens that matter to the readers: structure, numbers at the edges of
// their types, XML constructs.
const char *const dictionary[] = {"{",           "}",
                                  "[",           "]",
                                  "\"",          ":",
                                  ",",           "<",
                                  ">",           "</",
                                  "/>",          "&",
                                  ";",           "\\u0000",
                                  "\\",          "0",
                                  "-1",          "1e308",
                                  "-1e308",      "4.9e-324",
                                  "2147483647",  "2147483648",
                                  "4294967296",  "9223372036854775807",
                                  "nan",         "Infinity",
                                  "null",        "true",
                                  "\"\"",        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>",
                                  "&a;",         "<![CDATA[",
                                  "]]>",         "<data key=\"",
                                  "\"gbps\":",   "\"radix\":",
                                  "\"gpus\":",   "\"ports\":",
                                  "\"hosts\":[", "\"links\":[",
                                  "--",          "\xff\xfe",
                                  "%1"};

class Mutator
{
public:
    explicit Mutator(std::uint64_t seed)
        : m_rng(seed)
    { }

    std::vector<std::uint8_t> mutate(std::vector<std::uint8_t> in, std::size_t maxLen)
    {
        const int rounds = 1 + int(pick(4));
        for (int i = 0; i < rounds; ++i) {
            switch (pick(7)) {
            case 0: // flip a bit
                if (!in.empty())
                    in[pick(in.size())] ^= std::uint8_t(1u << pick(8));
                break;
            case 1: // a random byte
                if (!in.empty())
                    in[pick(in.size())] = std::uint8_t(pick(256));
                break;
            case 2: { // insert a dictionary token
                const char *t = dictionary[pick(std::size(dictionary))];
                in.insert(in.begin() + std::ptrdiff_t(pick(in.size() + 1)), t, t + std::strlen(t));
                break;
            }
            case 3: { // erase a range
                if (in.empty())
                    break;
                const std::size_t at = pick(in.size());
                const std::size_t n = 1 + pick(std::min<std::size_t>(64, in.size() - at));
                in.erase(in.begin() + std::ptrdiff_t(at), in.begin() + std::ptrdiff_t(std::min(in.size(), at + n)));
                break;
            }
            case 4: { // duplicate a range (repetition, nesting)
                if (in.empty())
                    break;
                const std::size_t at = pick(in.size());
                const std::size_t n = 1 + pick(std::min<std::size_t>(256, in.size() - at));
                const std::vector<std::uint8_t> chunk(in.begin() + std::ptrdiff_t(at),
                                                      in.begin() + std::ptrdiff_t(std::min(in.size(), at + n)));
                const std::size_t copies = 1 + pick(8);
                for (std::size_t c = 0; c < copies && in.size() + chunk.size() <= maxLen; ++c)
                    in.insert(in.begin() + std::ptrdiff_t(at), chunk.begin(), chunk.end());
                break;
            }
            case 5: { // replace a digit run with an extreme number
                static const char *const numbers[]
                    = {"0", "-1", "2147483647", "4294967297", "1e308", "4.9e-324", "-0", "999999999999999999999"};
                for (std::size_t tries = 0; tries < 8 && !in.empty(); ++tries) {
                    std::size_t at = pick(in.size());
                    if (in[at] < '0' || in[at] > '9')
                        continue;
                    std::size_t end = at;
                    while (end < in.size() && in[end] >= '0' && in[end] <= '9')
                        ++end;
                    const char *n = numbers[pick(std::size(numbers))];
                    in.erase(in.begin() + std::ptrdiff_t(at), in.begin() + std::ptrdiff_t(end));
                    in.insert(in.begin() + std::ptrdiff_t(at), n, n + std::strlen(n));
                    break;
                }
                break;
            }
            case 6: // truncate
                if (!in.empty())
                    in.resize(pick(in.size()));
                break;
            }
        }
        if (in.size() > maxLen)
            in.resize(maxLen);
        return in;
    }

private:
    std::size_t pick(std::size_t n) { return n == 0 ? 0 : std::size_t(m_rng() % n); }
    std::mt19937_64 m_rng;
};

} // namespace

int main(int argc, char **argv)
{
    double seconds = 5;
    std::uint64_t seed = 1;
    std::size_t maxLen = 65536;
    std::vector<std::filesystem::path> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--seconds" && i + 1 < argc)
            seconds = std::atof(argv[++i]);
        else if (a == "--seed" && i + 1 < argc)
            seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--max-len" && i + 1 < argc)
            maxLen = std::strtoull(argv[++i], nullptr, 10);
        else
            paths.emplace_back(a);
    }
    std::vector<std::vector<std::uint8_t>> corpus;
    for (const auto &p : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(p, ec)) {
            std::vector<std::filesystem::path> files;
            for (const auto &e : std::filesystem::recursive_directory_iterator(p, ec))
                if (e.is_regular_file())
                    files.push_back(e.path());
            std::sort(files.begin(), files.end()); // deterministic order
            for (const auto &f : files)
                corpus.push_back(readFile(f, maxLen));
        } else if (std::filesystem::is_regular_file(p, ec)) {
            corpus.push_back(readFile(p, maxLen));
        } else {
            std::fprintf(stderr, "fuzzshort: %s: no such file or directory\n", p.c_str());
            return 2;
        }
    }
    if (corpus.empty())
        corpus.emplace_back();
    for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM})
        std::signal(s, onFatalSignal);

    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    std::uint64_t executions = 0;
    for (const auto &input : corpus) { // the seeds and fixtures as they are
        run(input);
        ++executions;
    }
    Mutator mutator(seed);
    std::mt19937_64 choose(seed ^ 0x9E3779B97F4A7C15ull);
    const auto budget = std::chrono::duration<double>(seconds);
    while (Clock::now() - start < budget) {
        for (int batch = 0; batch < 64; ++batch) {
            const auto &base = corpus[choose() % corpus.size()];
            run(mutator.mutate(base, maxLen));
            ++executions;
        }
    }
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    std::fprintf(stderr, "fuzzshort %s: %zu corpus inputs, %llu executions in %.1f s (%.0f/s), seed %llu, no crash\n",
                 RAILYARD_FUZZ_TARGET, corpus.size(), (unsigned long long)executions, elapsed,
                 double(executions) / std::max(elapsed, 1e-9), (unsigned long long)seed);
    return 0;
}
