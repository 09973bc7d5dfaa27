#include "app/cli/generatecommand.h"

#include "app/cli/clicommon.h"
#include "core/registry/formatregistry.h"
#include "core/generators/closgenerator.h"
#include "core/generators/hardwarechoice.h"
#include "core/generators/presets.h"

#include <functional>
#include <limits>

namespace Railyard::Cli {

namespace {

/// One design `generate` can build: its options and how they become ClosParams.
struct Design
{
    const char *name;
    const char *brief;   ///< one line for the design list
    const char *summary; ///< the paragraph of the design's --help
    std::function<void(CommandLine &)> addOptions;
    std::function<ClosParams(const CommandLine &, const BomCatalog &)> params;
    const char *example;
    /// The design takes switch and NIC models (--switch, --spine-switch, --nic):
    /// its tiers are uniform, so the models' breakouts decide radix and speed.
    bool takesModels = true;
};

QString gpuNames()
{
    QStringList names;
    for (const std::string &name : gpuModelNames())
        names << QString::fromStdString(name);
    return names.join(QStringLiteral(", "));
}

void addGpuOption(CommandLine &cl)
{
    cl.addOption({QStringLiteral("gpu")}, QStringLiteral("GPU model: %1. Default h100.").arg(gpuNames()),
                 QStringLiteral("model"), QStringLiteral("h100"));
}

/// The --gpu value, checked against the known models.
std::string gpuValue(const CommandLine &cl)
{
    const QString gpu = cl.value(QStringLiteral("gpu")).trimmed().toLower();
    if (!findGpuModel(gpu.toStdString()))
        cl.fail(QStringLiteral("--gpu: unknown GPU model '%1' (known: %2)")
                    .arg(cl.value(QStringLiteral("gpu")), gpuNames()));
    return gpu.toStdString();
}

void addFatTreeOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("k")},
                 QStringLiteral("Switch radix k: even, at least 4. Accepted as -k or --k. With --switch, the "
                                "model's port count at --link-gbps."),
                 QStringLiteral("k"));
    cl.addOption({QStringLiteral("link-gbps")},
                 QStringLiteral("Speed of every link, Gbit/s per direction. Default 100, or with --switch the "
                                "model's fastest breakout."),
                 QStringLiteral("gbps"));
}

ClosParams fatTree(const CommandLine &cl, const BomCatalog &catalog)
{
    if (cl.isSet(QStringLiteral("switch"))) {
        // The model's breakout at the link speed is k.
        if (cl.isSet(QStringLiteral("k")))
            cl.fail(QStringLiteral("--k: the switch model sets k (its port count at --link-gbps); give one of "
                                   "--k and --switch"));
        return fatTreeParamsForModel(catalog, cl.value(QStringLiteral("switch")).trimmed().toStdString(),
                                     cl.isSet(QStringLiteral("link-gbps")) ? cl.doubleValue(QStringLiteral("link-gbps"), 0)
                                                                           : 0.0,
                                     256);
    }
    const int k = cl.requiredInt(QStringLiteral("k"), std::numeric_limits<int>::min());
    if (k < 4 || k % 2 != 0)
        cl.fail(QStringLiteral("--k must be even and at least 4 (got %1)").arg(k));
    // k³/4 hosts: k = 256 already means 4 million hosts.
    if (k > 256)
        cl.fail(QStringLiteral("--k must be at most 256 (got %1)").arg(k));
    return fatTreeParams(k, cl.doubleValue(QStringLiteral("link-gbps"), 100.0));
}

void addDgxOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("sus")}, QStringLiteral("Number of scalable units (32 hosts, 256 GPUs each)."),
                 QStringLiteral("n"));
    addGpuOption(cl);
}

ClosParams dgxSuperpod(const CommandLine &cl, const BomCatalog &)
{
    const int sus = cl.requiredInt(QStringLiteral("sus"), 1);
    return dgxSuperpodParams(sus, gpuValue(cl));
}

void addMetaOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("zones")}, QStringLiteral("Number of AI zones (3,072 GPUs each)."),
                 QStringLiteral("n"));
}

ClosParams metaAiZone(const CommandLine &cl, const BomCatalog &)
{
    return metaAiZoneParams(cl.requiredInt(QStringLiteral("zones"), 1));
}

void addAlibabaOptions(CommandLine &cl)
{
    cl.addOption({QStringLiteral("segments")}, QStringLiteral("Number of segments (128 hosts, 1,024 GPUs each)."),
                 QStringLiteral("n"));
}

ClosParams alibabaHpn(const CommandLine &cl, const BomCatalog &)
{
    return alibabaHpnParams(cl.requiredInt(QStringLiteral("segments"), 1));
}

void addRailOptions(CommandLine &cl)
{
    const auto opt = [&cl](const char *name, const char *help, const char *value) {
        cl.addOption({QLatin1String(name)}, QLatin1String(help), QLatin1String(value));
    };
    opt("hosts", "Number of hosts (servers).", "n");
    opt("gpus-per-host", "GPUs per host. Default 8.", "n");
    opt("nic-gbps",
        "Speed of each GPU's NIC, Gbit/s per direction. Default: the GPU's reference system (200 for A100, "
        "400 for the others).",
        "gbps");
    addGpuOption(cl);
    opt("rails", "NICs per host, one per rail. Default: one per GPU.", "n");
    opt("radix", "Ports per switch, every tier. Default 64.", "ports");
    opt("link-gbps", "Speed of switch-to-switch links, Gbit/s per direction. Default 400.", "gbps");
    opt("oversubscription", "Leaf-tier oversubscription, down:up (e.g. 3 for 3:1). Default 1 (non-blocking).", "ratio");
    opt("tiers", "Switch tiers. Default: the fewest the radix allows.", "n");
    opt("planes", "Independent fabric planes. Default 1.", "n");
    cl.addFlag({QStringLiteral("dual-tor")}, QStringLiteral("Dual-ToR: each NIC's two ports go to two leaves."));
    opt("hosts-per-su", "Hosts per scalable unit. Default: as many as a leaf serves.", "n");
    opt("hosts-per-rack", "Hosts per rack. Default 4.", "n");
    opt("nvlink-domain",
        "GPUs per multi-host NVLink domain (72 for NVL72): consecutive hosts form domains nvl-0001, "
        "nvl-0002, ...; a whole number of hosts. Default: none.",
        "gpus");
}

ClosParams railOptimized(const CommandLine &cl, const BomCatalog &)
{
    ClosParams p = railOptimizedParams(cl.requiredInt(QStringLiteral("hosts"), 1));
    p.gpusPerHost = cl.intValue(QStringLiteral("gpus-per-host"), p.gpusPerHost, 1);
    // One NIC per GPU unless told otherwise.
    p.rails = cl.intValue(QStringLiteral("rails"), p.gpusPerHost, 1);
    if (cl.isSet(QStringLiteral("gpu"))) {
        p.gpuModel = gpuValue(cl);
        p.nvlinkGBps = 0.0; // derive from the model
    }
    p.nicGbps = cl.doubleValue(QStringLiteral("nic-gbps"), referenceNicGbps(p.gpuModel));
    if (p.tierSpecs.empty())
        p.tierSpecs.push_back(TierSpec{});
    // The last spec repeats upward: give the leaf its own entry so the
    // leaf-only oversubscription does not leak into the upper tiers.
    if (p.tierSpecs.size() == 1)
        p.tierSpecs.push_back(p.tierSpecs.front());
    for (const char *option : {"radix", "link-gbps"})
        if (cl.isSet(QLatin1String(option)) && cl.isSet(QStringLiteral("switch")))
            cl.fail(QStringLiteral("--%1: the switch model sets the radix and the link speed; give one of --%1 and "
                                   "--switch")
                        .arg(QLatin1String(option)));
    if (cl.isSet(QStringLiteral("radix")) || cl.isSet(QStringLiteral("link-gbps"))) {
        const int radix = cl.intValue(QStringLiteral("radix"), p.tierSpecs.front().radix, 2);
        const double gbps = cl.doubleValue(QStringLiteral("link-gbps"), p.tierSpecs.front().uplinkGbps);
        for (TierSpec &spec : p.tierSpecs) {
            spec.radix = radix;
            spec.uplinkGbps = gbps;
            spec.model = "radix-" + std::to_string(radix) + " " + QString::number(gbps).toStdString() + "G";
        }
    }
    p.tierSpecs.front().oversubscription
        = cl.doubleValue(QStringLiteral("oversubscription"), p.tierSpecs.front().oversubscription);
    p.tiers = cl.intValue(QStringLiteral("tiers"), p.tiers, 1);
    p.planes = cl.intValue(QStringLiteral("planes"), p.planes, 1);
    if (cl.isSet(QStringLiteral("dual-tor")))
        p.nicPorts = 2;
    p.hostsPerSu = cl.intValue(QStringLiteral("hosts-per-su"), p.hostsPerSu, 1);
    if (cl.isSet(QStringLiteral("hosts-per-su")))
        p.suFollowsLeaf = false; // the unit asked for, not the leaf's
    p.hostsPerRack = cl.intValue(QStringLiteral("hosts-per-rack"), p.hostsPerRack, 1);
    p.nvlinkDomainGpus = cl.intValue(QStringLiteral("nvlink-domain"), p.nvlinkDomainGpus, 1);
    return p;
}

void addGb200Options(CommandLine &cl)
{
    cl.addOption({QStringLiteral("racks")},
                 QStringLiteral("Number of NVL72 racks (18 compute trays × 4 GB200 GPUs = 72 GPUs, one NVLink "
                                "domain each)."),
                 QStringLiteral("n"));
    cl.addOption({QStringLiteral("trays-per-rack")},
                 QStringLiteral("Compute trays in service per rack, 1 to 18 (default 18). Deployments that keep two "
                                "spare trays run 16: 64-GPU NVLink domains."),
                 QStringLiteral("n"));
}

ClosParams gb200Nvl72(const CommandLine &cl, const BomCatalog &)
{
    return gb200NvlParams(cl.requiredInt(QStringLiteral("racks"), 1), cl.intValue(QStringLiteral("trays-per-rack"), 18, 1));
}

const std::vector<Design> &designs()
{
    static const std::vector<Design> list{
        {"fat-tree", "k-ary fat-tree, k³/4 hosts (--k, --link-gbps)",
         "k-ary fat-tree (Al-Fares et al. 2008): k³/4 hosts, 5k²/4 switches of radix k.", addFatTreeOptions, fatTree,
         "railyard-cli generate fat-tree --k 8 --link-gbps 100 -o ft8.fabric.json"},
        {"dgx-superpod", "NVIDIA DGX SuperPOD, 256-GPU scalable units (--sus, --gpu)",
         "NVIDIA DGX SuperPOD style: rail-optimized scalable units of 32 hosts × 8 GPUs, radix-64 400G "
         "switches, non-blocking; a core tier beyond 8 SUs.",
         addDgxOptions, dgxSuperpod, "railyard-cli generate dgx-superpod --sus 4 --gpu h200 -o spod.fabric.json"},
        {"meta-ai-zone", "Meta-style RoCE AI zones of 3,072 GPUs (--zones)",
         "Meta-style RoCE AI zones of 3,072 GPUs, non-blocking inside a zone, joined by an aggregation tier "
         "at 1:7.",
         addMetaOptions, metaAiZone, "railyard-cli generate meta-ai-zone --zones 8 -o meta24k.fabric.json", false},
        {"alibaba-hpn", "Alibaba HPN, dual-ToR dual-plane segments (--segments)",
         "Alibaba HPN style: segments of 128 hosts × 8 GPUs, dual-ToR 2 × 200G NICs, dual-plane, 51.2T leaves.",
         addAlibabaOptions, alibabaHpn, "railyard-cli generate alibaba-hpn --segments 15 -o hpn.graphml", false},
        {"gb200-nvl72", "NVIDIA GB200 NVL72 racks, one 72-GPU NVLink domain each (--racks)",
         "NVIDIA GB200 NVL72: racks of 18 compute trays × 4 GB200 GPUs, each rack one NVLink domain (900 GB/s "
         "per GPU, NVLink SHARP); one 400G ConnectX-7 per GPU into a rail-optimized, non-blocking InfiniBand "
         "fabric of radix-64 400G switches.",
         addGb200Options, gb200Nvl72, "railyard-cli generate gb200-nvl72 --racks 8 -o gb200.fabric.json"},
        {"rail-optimized", "generic rail-optimized Clos (--hosts and more)",
         "Generic rail-optimized folded Clos; every parameter adjustable.", addRailOptions, railOptimized,
         "railyard-cli generate rail-optimized --hosts 384 --oversubscription 2 --tiers 2 -o c3k.fabric.json"},
    };
    return list;
}

/// A GeneratorError names the parameter as "name: ..."; when that is one of
/// the command's options, spell it as the option ("--name: ...").
QString generatorMessage(const CommandLine &cl, const GeneratorError &error)
{
    const QString message = QString::fromStdString(error.what());
    const qsizetype colon = message.indexOf(QLatin1Char(':'));
    if (colon > 0 && cl.hasOption(message.left(colon)))
        return optionLabel(message.left(colon)) + message.mid(colon);
    return message;
}

QStringList designNames()
{
    QStringList names;
    for (const Design &design : designs())
        names << QLatin1String(design.name);
    return names;
}

} // namespace

QString generateHelpText()
{
    QString text = QStringLiteral("Usage: railyard-cli generate <design> [options] -o FILE\n\n"
                                  "Generates a fabric and writes it to FILE, in the format the file name\n"
                                  "says unless --format is given: %1.\n"
                                  "Prints a one-line summary.\n\nDesigns:\n")
                       .arg(knownFormatsText(true));
    for (const Design &design : designs())
        text += QStringLiteral("  %1%2\n")
                    .arg(QString::fromLatin1(design.name).leftJustified(16), QString::fromUtf8(design.brief));
    text += QStringLiteral("\nRun 'railyard-cli generate <design> --help' for a design's options.\n"
                           "Exit codes: 0 written, 1 could not write FILE, 2 bad or impossible parameters.");
    return text;
}

int runGenerate(const QStringList &args)
{
    if (args.isEmpty())
        throw UsageError(QStringLiteral("generate"),
                         QStringLiteral("missing design (one of: %1)").arg(designNames().join(QStringLiteral(", "))));
    const QString first = args.constFirst();
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("-?")) {
        printOut(generateHelpText());
        return ExitOk;
    }
    if (first.startsWith(QLatin1Char('-'))) {
        // An option before the design ("generate -o x fat-tree"): say where the design goes.
        QString named;
        for (const QString &arg : args)
            for (const Design &candidate : designs())
                if (named.isEmpty() && arg == QLatin1String(candidate.name))
                    named = arg;
        throw UsageError(QStringLiteral("generate"),
                         named.isEmpty()
                             ? QStringLiteral("the design comes first, before its options: generate <design> "
                                              "[options] -o FILE (one of: %1)")
                                   .arg(designNames().join(QStringLiteral(", ")))
                             : QStringLiteral("the design comes first, before its options: generate %1 [options] "
                                              "-o FILE")
                                   .arg(named));
    }
    const Design *design = nullptr;
    for (const Design &candidate : designs()) {
        if (first == QLatin1String(candidate.name))
            design = &candidate;
    }
    if (!design)
        throw UsageError(
            QStringLiteral("generate"),
            QStringLiteral("unknown design '%1' (one of: %2)").arg(first, designNames().join(QStringLiteral(", "))));

    CommandLine cl(QStringLiteral("generate ") + QLatin1String(design->name), QString::fromUtf8(design->summary));
    design->addOptions(cl);
    cl.addOption({QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Output file (required). Format from the name: %1.").arg(knownFormatsText(true)),
                 QStringLiteral("file"));
    cl.addOption({QStringLiteral("format")}, QStringLiteral("Output format slug, overriding the file name."),
                 QStringLiteral("slug"));
    cl.addOption({QStringLiteral("name")}, QStringLiteral("Fabric name stored in the file."), QStringLiteral("name"));
    cl.addFlag({QStringLiteral("nvls")},
               QStringLiteral("Hosts reduce in their NVSwitch (NVLink SHARP): \"nvls\": true. The default for "
                              "8-GPU H100, H200 and B200 hosts and for GB200, where NCCL enables it."));
    cl.addFlag({QStringLiteral("no-nvls")},
               QStringLiteral("Hosts do not reduce in their NVSwitch (NCCL_NVLS_ENABLE=0, or no fabric manager)."));
    cl.addFlag({QStringLiteral("no-floor")},
               QStringLiteral("Write no floor: the design is then priced and cabled on the automatic floor computed "
                              "when needed (docs/floor.md). By default the racks stand on it in the file."));
    cl.addFlag({QStringLiteral("sharp")},
               QStringLiteral("Switches reduce in the network (InfiniBand SHARP, Quantum-2): \"sharp\": true. With "
                              "switch models, only where every model has in-network reduction."));
    cl.addOption({QStringLiteral("switch")},
                 QStringLiteral("Switch model of every tier, from the catalogue (railyard-cli catalog): its breakout "
                                "at the NICs' speed sets the radix. Not for fixed reference designs."),
                 QStringLiteral("model"));
    cl.addOption({QStringLiteral("spine-switch")},
                 QStringLiteral("Switch model of the tiers above the leaf; default: --switch."), QStringLiteral("model"));
    cl.addOption({QStringLiteral("nic")},
                 QStringLiteral("NIC model from the catalogue: its port speed is the hosts' link speed."),
                 QStringLiteral("model"));
    cl.addOption({QStringLiteral("transport")},
                 QStringLiteral("infiniband, ethernet (roce: RDMA over it) or efa (AWS's Elastic Fabric Adapter); "
                                "default: the switch model's. The routing follows it: static tables on InfiniBand, "
                                "ECMP hashing on Ethernet, packet spraying on EFA; the collective model prices "
                                "each transport's efficiency and latency."),
                 QStringLiteral("name"));
    cl.addFlag({QStringLiteral("adaptive-routing")},
               QStringLiteral("Route adaptively (\"routing\": \"adaptive\"); only where every switch model has "
                              "adaptive routing."));
    addCatalogOption(cl);
    cl.setEpilog(QStringLiteral("Capacities are Gbit/s per direction.\nExample:\n  ") + QLatin1String(design->example));
    if (!cl.parse(args.mid(1)))
        return ExitOk;

    const std::optional<BomCatalog> catalog = catalogOption(cl);
    if (!catalog)
        return ExitBadInput;
    HardwareChoice hardware;
    hardware.leafSwitch = cl.value(QStringLiteral("switch")).trimmed().toStdString();
    hardware.spineSwitch = cl.value(QStringLiteral("spine-switch")).trimmed().toStdString();
    hardware.nic = cl.value(QStringLiteral("nic")).trimmed().toStdString();
    if (cl.isSet(QStringLiteral("transport"))) {
        const std::optional<Transport> transport
            = transportFromName(cl.value(QStringLiteral("transport")).trimmed().toLower().toStdString());
        if (!transport)
            cl.fail(QStringLiteral("--transport: must be infiniband, ethernet, roce or efa, not '%1'")
                        .arg(cl.value(QStringLiteral("transport")).left(40)));
        hardware.transport = *transport;
    }
    hardware.adaptiveRouting = cl.isSet(QStringLiteral("adaptive-routing"));
    const bool models = !hardware.leafSwitch.empty() || !hardware.spineSwitch.empty() || !hardware.nic.empty();
    if (models && !design->takesModels)
        cl.fail(QStringLiteral("--%1: %2 is a fixed reference design whose switches are part of it; choose models "
                               "with rail-optimized, dgx-superpod, gb200-nvl72 or fat-tree")
                    .arg(!hardware.leafSwitch.empty()    ? QStringLiteral("switch")
                         : !hardware.spineSwitch.empty() ? QStringLiteral("spine-switch")
                                                         : QStringLiteral("nic"),
                         QLatin1String(design->name)));
    // With models, --sharp is checked against their capabilities.
    hardware.inNetworkReduction = models && cl.isSet(QStringLiteral("sharp"));

    ClosParams params;
    try {
        params = design->params(cl, *catalog);
        if (!hardware.empty())
            applyHardware(params, hardware, *catalog);
    } catch (const GeneratorError &error) {
        cl.fail(generatorMessage(cl, error));
    }
    if (cl.isSet(QStringLiteral("name")))
        params.name = cl.value(QStringLiteral("name")).toStdString();
    if (cl.isSet(QStringLiteral("nvls")) && cl.isSet(QStringLiteral("no-nvls")))
        cl.fail(QStringLiteral("--nvls and --no-nvls contradict each other"));
    if (cl.isSet(QStringLiteral("no-nvls")))
        params.nvls = false;
    else // a design may have NVLS already (GB200); else the system's default
        params.nvls = params.nvls || cl.isSet(QStringLiteral("nvls")) || nvlsByDefault(params.gpuModel, params.gpusPerHost);
    params.sharp = params.sharp || cl.isSet(QStringLiteral("sharp"));
    params.floor = !cl.isSet(QStringLiteral("no-floor"));
    const QString output = cl.requiredString(QStringLiteral("output"));
    const FileFormat &format = writeFormatFor(cl, output, cl.value(QStringLiteral("format")), QStringLiteral("format"));

    Fabric fabric;
    try {
        fabric = generateClos(params);
    } catch (const GeneratorError &error) {
        cl.fail(QStringLiteral("impossible parameters: %1").arg(generatorMessage(cl, error)));
    }

    QString error;
    if (!FormatRegistry::instance().writeFile(fabric, output, &error, format.slug())) {
        printErr(error.contains(output) ? error : QStringLiteral("%1: %2").arg(output, error));
        return ExitBadInput;
    }
    printOut(QStringLiteral("%1 '%2': %3 -> %4 (%5)")
                 .arg(QLatin1String(design->name), QString::fromStdString(fabric.name), describeFabric(fabric), output,
                      format.slug()));
    return ExitOk;
}

} // namespace Railyard::Cli
