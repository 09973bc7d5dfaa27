#include "app/cli/collectivecommand.h"

#include "app/cli/clicommon.h"
#include "core/analysis/capacity.h"
#include "core/export/hostlist.h"
#include "core/traffic/collectivemodel.h"
#include "core/traffic/collectivereport.h"

#include <QRegularExpression>

#include <cmath>
#include <exception>
#include <unordered_map>

namespace Railyard::Cli {

std::optional<double> parseByteSize(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)\\s*([A-Za-z]*)\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double number = m.captured(1).toDouble(&ok);
    if (!ok)
        return std::nullopt;
    static const std::pair<const char *, double> units[] = {
        {"", 1.0},   {"b", 1.0},  {"kib", 1024.0}, {"mib", 1048576.0}, {"gib", 1073741824.0}, {"tib", 1099511627776.0},
        {"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9},     {"tb", 1e12},
    };
    const QString unit = m.captured(2).toLower();
    for (const auto &[name, factor] : units) {
        if (unit == QLatin1String(name)) {
            const double bytes = number * factor;
            if (!std::isfinite(bytes) || !(bytes > 0.0))
                return std::nullopt;
            return bytes;
        }
    }
    return std::nullopt;
}

int runCollective(const QStringList &args)
{
    CommandLine cl(QStringLiteral("collective"),
                   QStringLiteral("Estimates one NCCL-style collective on a fabric: time, algbw and busbw (nccl-tests "
                                  "definitions) and the bottleneck (a link id, or nvlink). The network part routes the "
                                  "algorithm's host-to-host flows over the fabric, so oversubscription, failed and "
                                  "degraded links count. Model and constants: docs/traffic-model.md."));
    cl.addPositional(QStringLiteral("FABRIC"), QStringLiteral("Fabric file."));
    cl.addOption({QStringLiteral("op")},
                 QStringLiteral("all-reduce, all-gather, reduce-scatter, all-to-all or broadcast (required)."),
                 QStringLiteral("op"));
    cl.addOption({QStringLiteral("size")},
                 QStringLiteral("Buffer size S as nccl-tests counts it: bytes, or with B, KiB, MiB, GiB, TiB "
                                "(1024-based) or KB, MB, GB, TB (1000-based), e.g. 8GiB (required)."),
                 QStringLiteral("size"));
    cl.addOption({QStringLiteral("gpus")},
                 QStringLiteral("Use the first N GPUs in host order, whole hosts first (of --hosts when given). "
                                "Default: every GPU of the hosts."),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("hosts")},
                 QStringLiteral("Hosts taking part, in ring order: ids, comma-separated, with Slurm ranges "
                                "(gpu[0001-0016]). Default: all hosts."),
                 QStringLiteral("list"));
    cl.addOption({QStringLiteral("algorithm")},
                 QStringLiteral("ring, tree (all-reduce), pat (all-gather / reduce-scatter, one GPU per host), "
                                "hierarchical, pxn or direct (all-to-all), nvls, nvls-tree, collnet-direct or collnet-chain "
                                "(all-reduce with in-switch reduction: hosts with \"nvls\", switches with \"sharp\"; "
                                "collnet: NCCL's pick of the two), like NCCL_ALGO; or auto: what NCCL's tuning model "
                                "would pick. Default auto."),
                 QStringLiteral("name"), QStringLiteral("auto"));
    cl.addOption({QStringLiteral("routing")},
                 QStringLiteral("fluid (even split over all shortest paths), ecmp (seeded hashing of the bytes, "
                                "Monte-Carlo), hashed (each NCCL connection pinned to one hashed path, the slowest "
                                "one sets the time), static (InfiniBand's ftree tables) or adaptive (fluid x 0.95). "
                                "Default fluid."),
                 QStringLiteral("mode"), QStringLiteral("fluid"));
    cl.addOption({QStringLiteral("seeds")}, QStringLiteral("ECMP: number of Monte-Carlo runs (default 100)."),
                 QStringLiteral("N"));
    cl.addOption({QStringLiteral("seed")}, QStringLiteral("ECMP: base seed (default 1)."), QStringLiteral("N"));
    cl.addOption({QStringLiteral("fail")},
                 QStringLiteral("Fail a switch or link by id for a what-if; repeat for several."),
                 QStringLiteral("id"));
    cl.addOption({QStringLiteral("constants")},
                 QStringLiteral("JSON file overriding the alpha-beta constants (collective-constants.json; keys in "
                                "docs/traffic-model.md)."),
                 QStringLiteral("file"));
    addNcclOptions(cl);
    cl.addFlag({QStringLiteral("json")}, QStringLiteral("Print the estimate as JSON (schema in docs/cli.md)."));
    cl.addOption({QStringLiteral("from")}, QStringLiteral("Input format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.setEpilog(
        QStringLiteral("Examples:\n"
                       "  railyard-cli collective samples/superpod-4su.fabric.json --op all-reduce --size 8GiB "
                       "--gpus 16\n"
                       "  railyard-cli collective samples/meta-24k.fabric.json --op all-to-all --size 1GiB "
                       "--hosts 'gpu[0001-0128]' --routing ecmp --json\n"
                       "Exit codes: 0 estimated, 1 bad input file, unknown host or --fail id, hosts that "
                       "cannot reach each other, bad constants file; 2 usage error."));
    if (!cl.parse(args))
        return ExitOk;

    CollectiveOp op;
    const QString opText = cl.requiredString(QStringLiteral("op")).trimmed().toLower();
    if (!collectiveOpFromName(opText.toStdString(), &op))
        cl.fail(QStringLiteral("--op: unknown collective '%1' (all-reduce, all-gather, reduce-scatter, all-to-all, "
                               "broadcast)")
                    .arg(opText.left(40)));
    const QString sizeText = cl.requiredString(QStringLiteral("size"));
    const std::optional<double> bytes = parseByteSize(sizeText);
    if (!bytes)
        cl.fail(QStringLiteral("--size: '%1' is not a size (e.g. 4096, 64MiB, 8GiB, 1GB)").arg(sizeText.left(40)));
    CollectiveAlgorithm algorithm;
    const QString algText = cl.value(QStringLiteral("algorithm")).trimmed().toLower();
    if (!collectiveAlgorithmFromName(algText.toStdString(), &algorithm))
        cl.fail(QStringLiteral("--algorithm: unknown algorithm '%1' (ring, tree, pat, hierarchical, pxn, direct, "
                               "nvls, nvls-tree, collnet, collnet-direct, collnet-chain, auto)")
                    .arg(algText.left(40)));
    RoutingMode routing;
    const QString routingText = cl.value(QStringLiteral("routing")).trimmed().toLower();
    if (!routingModeFromName(routingText.toStdString(), &routing))
        cl.fail(QStringLiteral("--routing: unknown mode '%1' (fluid, ecmp, hashed, static, adaptive)").arg(routingText.left(40)));
    const int gpus = cl.intValue(QStringLiteral("gpus"), 0, 2);
    const int seeds = cl.intValue(QStringLiteral("seeds"), 0, 1);
    const int seed = cl.intValue(QStringLiteral("seed"), 1, 0);

    const QString file = cl.positional(0);
    const FileFormat &format = readFormatFor(cl, file, cl.value(QStringLiteral("from")), QStringLiteral("from"));

    CollectiveConstants constants;
    if (cl.isSet(QStringLiteral("constants"))) {
        try {
            constants = loadCollectiveConstants(cl.value(QStringLiteral("constants")).toStdString());
        } catch (const CollectiveConstantsError &e) {
            printErr(QString::fromStdString(e.what()));
            return ExitBadInput;
        }
    }
    if (seeds > 0)
        constants.ecmpSeeds = seeds;

    std::optional<Fabric> fabric = loadFabric(file, format);
    if (!fabric)
        return ExitBadInput;
    applyNcclOptions(cl, *fabric);

    // Hosts: the list given, else all, in order; then the first N GPUs of them.
    std::vector<HostRanks> hosts;
    if (cl.isSet(QStringLiteral("hosts"))) {
        std::vector<std::string> names;
        try {
            names = expandHostlist(cl.value(QStringLiteral("hosts")).trimmed().toStdString());
        } catch (const HostlistError &e) {
            cl.fail(QStringLiteral("--hosts: %1").arg(QString::fromStdString(e.what()).left(200)));
        }
        for (const std::string &name : names) {
            const NodeIndex n = fabric->findNode(name);
            if (!fabric->isHost(n)) {
                printErr(QStringLiteral("%1: unknown host '%2' in --hosts").arg(file, QString::fromStdString(name)));
                return ExitBadInput;
            }
            hosts.push_back({n, fabric->host(n).gpus});
        }
    } else {
        for (std::int32_t h = 0; h < fabric->hostCount(); ++h)
            hosts.push_back({h, fabric->host(h).gpus});
    }
    if (gpus > 0) {
        std::vector<HostRanks> taken;
        long long left = gpus;
        for (const HostRanks &h : hosts) {
            if (left <= 0)
                break;
            taken.push_back({h.host, static_cast<int>(std::min<long long>(left, h.gpus))});
            left -= taken.back().gpus;
        }
        if (left > 0) {
            printErr(QStringLiteral("%1: --gpus %2: the selected hosts have only %3 GPUs")
                         .arg(file)
                         .arg(gpus)
                         .arg(gpus - left));
            return ExitBadInput;
        }
        hosts = std::move(taken);
    }

    const std::optional<Failures> failures = failuresFromOption(cl, *fabric, file);
    if (!failures)
        return ExitBadInput;

    CollectiveRequest request;
    request.op = op;
    request.bytes = *bytes;
    request.hosts = std::move(hosts);
    request.algorithm = algorithm;
    request.routing = routing;
    request.seed = static_cast<std::uint64_t>(seed);
    CollectiveEstimate e;
    try {
        e = estimateCollective(*fabric, CapacityView::of(*fabric, *failures), request, constants);
    } catch (const std::invalid_argument &ex) {
        cl.fail(QString::fromStdString(ex.what()));
    } catch (const std::exception &ex) {
        printErr(QStringLiteral("%1: %2").arg(file, QString::fromStdString(ex.what())));
        return ExitBadInput;
    }

    printOutRaw(cl.isSet(QStringLiteral("json")) ? collectiveToJson(*fabric, e, *failures) : collectiveToText(e));
    return ExitOk;
}

} // namespace Railyard::Cli
