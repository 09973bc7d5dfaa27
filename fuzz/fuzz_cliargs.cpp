// libFuzzer target: railyard-cli's option parser (CommandLine) on arbitrary
// argument lists; the input is split into arguments at NUL bytes.
#include "app/cli/clicommon.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using Railyard::Cli::CommandLine;
    QStringList args;
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const QByteArray &part : bytes.split('\0'))
        args << QString::fromUtf8(part);
    if (args.size() > 64)
        return 0;

    CommandLine cl(QStringLiteral("fuzz"), QStringLiteral("Fuzzed command."));
    cl.addOption({QStringLiteral("k")}, QStringLiteral("An integer."), QStringLiteral("n"));
    cl.addOption({QStringLiteral("gbps")}, QStringLiteral("A number."), QStringLiteral("x"));
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("A file."), QStringLiteral("file"));
    cl.addOption({QStringLiteral("fail")}, QStringLiteral("Repeatable."), QStringLiteral("ids"));
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("A flag."));
    cl.addPositional(QStringLiteral("FILE"), QStringLiteral("A file."));
    std::FILE *quiet = std::freopen("/dev/null", "w", stdout); // --help prints
    (void)quiet;
    try {
        if (cl.parse(args)) {
            (void)cl.intValue(QStringLiteral("k"), 4, 1);
            (void)cl.doubleValue(QStringLiteral("gbps"), 400.0);
            (void)cl.values(QStringLiteral("fail"));
            (void)cl.positional(0);
            if (cl.isSet(QStringLiteral("output")))
                (void)cl.requiredString(QStringLiteral("output"));
        }
    } catch (const Railyard::Cli::UsageError &) {
        // a refused command line is a correct answer
    }
    return 0;
}
