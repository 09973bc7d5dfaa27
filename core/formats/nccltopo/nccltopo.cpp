#include "core/formats/nccltopo/nccltopo.h"

#include "core/common/limits.h"

#include <QFileInfo>
#include <QXmlStreamReader>

#include <algorithm>
#include <map>
#include <optional>

namespace Railyard::NcclTopo {
namespace {

/// NCCL's class of NVSwitch PCI devices (src/graph/xml.h, PCI_NVSWITCH_CLASS).
constexpr QLatin1String kNvswitchClass("0x068000");

struct Gpu
{
    int dev = -1, sm = 0, order = 0, line = 0;
    int group = 0;         ///< the host (a distinct <cpu host_hash>)
    std::vector<int> path; ///< the CPU and the <pci> elements above it, top down
    int nvlinks = 0;       ///< NVLink count over its <nvlink> elements
    bool nvswitch = false;
};

struct Net
{
    std::string name, busId;
    int dev = -1, order = 0, line = 0, group = 0;
    long long mbps = 0;
    std::vector<int> path;
};

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/// "GPUs 6, 7" / "GPU 3".
QString gpuList(const std::vector<int> &gpus)
{
    QStringList items;
    for (const int g : gpus)
        items << QString::number(g);
    return QStringLiteral("%1 %2").arg(gpus.size() == 1 ? QStringLiteral("GPU") : QStringLiteral("GPUs"),
                                       items.join(QStringLiteral(", ")));
}

/// How many of the top elements two paths share: 0 = different CPUs,
/// 1 = the same CPU only (NCCL's PHB), more = a PCIe switch (PIX, PXB).
int shared(const std::vector<int> &a, const std::vector<int> &b)
{
    size_t k = 0;
    while (k < a.size() && k < b.size() && a[k] == b[k])
        ++k;
    return int(k);
}

/// The GPU model the fabric model names for a CUDA compute capability.
std::string modelOf(int sm)
{
    switch (sm) {
    case 70: return "v100";
    case 80: return "a100";
    case 90: return "h100";
    case 100: return "b200";
    default: return "sm" + std::to_string(sm);
    }
}

class Reader
{
public:
    Reader(std::string_view xml, const QString &fileName)
        : m_xml(QByteArray(xml.data(), qsizetype(xml.size())))
        , m_file(fileName)
    { }
    ShapeResult run();

private:
    void error(const QString &message)
    {
        m_out.errors.push_back({m_file, int(m_xml.lineNumber()), int(m_xml.columnNumber()), {}, message});
    }
    void warn(int line, const QString &message) { m_out.warnings.push_back({m_file, line, 0, {}, message}); }
    /// An integer attribute; std::nullopt when absent, an error when it is no integer.
    std::optional<long long> number(const QXmlStreamAttributes &attrs, QLatin1String name, bool *ok);
    void parse();
    void shape(int group, const std::string &host);

    QXmlStreamReader m_xml;
    QString m_file;
    ShapeResult m_out;
    std::vector<Gpu> m_gpus;
    std::vector<Net> m_nets;
    std::vector<std::string> m_groups; ///< host_hash of each host, in order of appearance
    std::string m_hostAttribute;
};

std::optional<long long> Reader::number(const QXmlStreamAttributes &attrs, QLatin1String name, bool *ok)
{
    if (!attrs.hasAttribute(name))
        return std::nullopt;
    bool converted = false;
    const long long v = attrs.value(name).trimmed().toLongLong(&converted);
    if (!converted) {
        error(QStringLiteral("<%1 %2=\"%3\">: an integer expected")
                  .arg(m_xml.name().toString(), name, attrs.value(name).left(Limits::maxQuotedChars).toString()));
        *ok = false;
        return std::nullopt;
    }
    return v;
}

void Reader::parse()
{
    std::vector<QString> stack;
    std::vector<int> path; ///< ids of the open <cpu> and <pci> elements
    std::vector<size_t> pathDepth;
    std::vector<std::string> busIds;
    int nextId = 0, group = -1;
    Gpu *gpu = nullptr;
    bool ok = true;
    while (ok && !m_xml.atEnd()) {
        const QXmlStreamReader::TokenType token = m_xml.readNext();
        if (token == QXmlStreamReader::EndElement) {
            stack.pop_back();
            while (!pathDepth.empty() && pathDepth.back() > stack.size()) {
                pathDepth.pop_back();
                path.pop_back();
                busIds.pop_back();
            }
            if (m_xml.name() == QLatin1String("gpu"))
                gpu = nullptr;
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        const QString name = m_xml.name().toString();
        const QXmlStreamAttributes attrs = m_xml.attributes();
        const int line = int(m_xml.lineNumber());
        if (stack.empty() && name != QLatin1String("system")) {
            error(QStringLiteral("the root element is <%1>: an NCCL topology has <system>").arg(name));
            return;
        }
        stack.push_back(name);
        if (int(stack.size()) > Limits::maxNesting) {
            error(QStringLiteral("elements nested deeper than %1 levels").arg(Limits::maxNesting));
            return;
        }
        if (name == QLatin1String("system")) {
            if (const auto version = number(attrs, QLatin1String("version"), &ok); ok && version.value_or(1) != 1)
                warn(line, QStringLiteral("topology version %1; NCCL 2.30 writes and reads version 1").arg(*version));
            m_hostAttribute = attrs.value(QLatin1String("host")).toString().trimmed().toStdString();
        } else if (name == QLatin1String("cpu")) {
            const std::string hash = attrs.value(QLatin1String("host_hash")).toString().toStdString();
            const auto it = std::find(m_groups.begin(), m_groups.end(), hash);
            group = int(it - m_groups.begin());
            if (it == m_groups.end())
                m_groups.push_back(hash);
            path.push_back(nextId++);
            pathDepth.push_back(stack.size());
            busIds.emplace_back();
        } else if (name == QLatin1String("pci")) {
            path.push_back(nextId++);
            pathDepth.push_back(stack.size());
            busIds.push_back(attrs.value(QLatin1String("busid")).toString().toStdString());
        } else if (name == QLatin1String("gpu")) {
            Gpu g;
            g.dev = int(number(attrs, QLatin1String("dev"), &ok).value_or(-1));
            g.sm = int(number(attrs, QLatin1String("sm"), &ok).value_or(0));
            g.order = int(m_gpus.size());
            g.line = line;
            g.group = std::max(group, 0);
            g.path = path;
            m_gpus.push_back(std::move(g));
            gpu = &m_gpus.back();
        } else if (name == QLatin1String("nvlink") && gpu) {
            const long long count = number(attrs, QLatin1String("count"), &ok).value_or(1);
            gpu->nvlinks += int(std::clamp<long long>(count, 0, 1 << 16));
            gpu->nvswitch = gpu->nvswitch || attrs.value(QLatin1String("tclass")) == kNvswitchClass;
        } else if (name == QLatin1String("net")) {
            Net n;
            n.name = attrs.value(QLatin1String("name")).toString().toStdString();
            n.dev = int(number(attrs, QLatin1String("dev"), &ok).value_or(-1));
            n.mbps = number(attrs, QLatin1String("speed"), &ok).value_or(0);
            n.order = int(m_nets.size());
            n.line = line;
            n.group = std::max(group, 0);
            n.path = path;
            for (auto it = busIds.rbegin(); it != busIds.rend() && n.busId.empty(); ++it)
                n.busId = *it;
            if (n.name.empty()) {
                error(QStringLiteral("<net> without a name"));
                ok = false;
            }
            m_nets.push_back(std::move(n));
        }
    }
    if (ok && m_xml.hasError())
        error(QStringLiteral("not well-formed XML: %1").arg(m_xml.errorString()));
}

void Reader::shape(int group, const std::string &hostName)
{
    HostShape h;
    h.host = hostName;
    std::vector<const Gpu *> gpus;
    std::vector<const Net *> nets;
    for (const Gpu &g : m_gpus)
        if (g.group == group)
            gpus.push_back(&g);
    for (const Net &n : m_nets)
        if (n.group == group)
            nets.push_back(&n);
    if (gpus.empty()) {
        m_out.errors.push_back(
            {m_file,
             0,
             0,
             {},
             QStringLiteral("%1: no <gpu> element: the topology names no GPU of this host").arg(q(hostName))});
        return;
    }
    // GPU r is the GPU with CUDA device number r; NICs in NCCL's net order.
    std::stable_sort(gpus.begin(), gpus.end(), [](const Gpu *a, const Gpu *b) {
        return (a->dev < 0 ? 1 << 30 : a->dev) < (b->dev < 0 ? 1 << 30 : b->dev);
    });
    std::stable_sort(nets.begin(), nets.end(), [](const Net *a, const Net *b) {
        return (a->dev < 0 ? 1 << 30 : a->dev) < (b->dev < 0 ? 1 << 30 : b->dev);
    });
    auto gpuNumber = [&](size_t k) { return gpus[k]->dev >= 0 ? gpus[k]->dev : int(k); };
    h.gpus = int(gpus.size());
    h.sm = gpus.front()->sm;
    for (const Gpu *g : gpus)
        if (g->sm != h.sm) {
            warn(g->line,
                 QStringLiteral("%1: GPUs of compute capabilities %2 and %3: the host takes the first")
                     .arg(q(hostName))
                     .arg(h.sm)
                     .arg(g->sm));
            break;
        }
    h.gpuModel = modelOf(h.sm);
    if (h.sm == 90)
        warn(gpus.front()->line,
             QStringLiteral("%1: sm 90 is an H100 or an H200 (NCCL's topology does not tell them "
                            "apart): imported as h100")
                 .arg(q(hostName)));
    else if (h.gpuModel.rfind("sm", 0) == 0)
        warn(gpus.front()->line,
             QStringLiteral("%1: GPUs of compute capability %2, a model Railyard does not name: "
                            "imported as %3")
                 .arg(q(hostName))
                 .arg(h.sm)
                 .arg(q(h.gpuModel)));
    // NVLink: 25 GB/s per link and direction up to Hopper (NVLink 2–4), 50 from Blackwell (NVLink 5).
    int links = 1 << 30;
    for (const Gpu *g : gpus) {
        links = std::min(links, g->nvlinks);
        h.nvswitch = h.nvswitch || g->nvswitch;
    }
    h.nvlinkGBps = links * (h.sm >= 100 ? 50.0 : 25.0);

    // NIC → GPUs sharing its closest PCIe switch, GPU → its closest NICs.
    std::vector<std::vector<size_t>> closestNics(gpus.size());
    for (size_t k = 0; k < nets.size(); ++k) {
        NicShape nic;
        nic.name = nets[k]->name;
        nic.dev = nets[k]->dev >= 0 ? nets[k]->dev : int(k);
        nic.gbps = nets[k]->mbps > 0 ? double(nets[k]->mbps) / 1000.0 : 0; // NCCL gives Mb/s
        nic.busId = nets[k]->busId;
        int best = 0;
        for (const Gpu *g : gpus)
            best = std::max(best, shared(g->path, nets[k]->path));
        if (best >= 2)
            for (size_t g = 0; g < gpus.size(); ++g)
                if (shared(gpus[g]->path, nets[k]->path) == best)
                    nic.gpus.push_back(gpuNumber(g));
        h.nics.push_back(std::move(nic));
    }
    for (size_t g = 0; g < gpus.size(); ++g) {
        int best = 0;
        for (const Net *n : nets)
            best = std::max(best, shared(gpus[g]->path, n->path));
        if (best >= 2)
            for (size_t k = 0; k < nets.size(); ++k)
                if (shared(gpus[g]->path, nets[k]->path) == best)
                    closestNics[g].push_back(k);
    }
    // Rail r: the first NIC (in NIC order) closest to GPU r not already a rail.
    for (size_t g = 0; g < gpus.size(); ++g)
        for (const size_t k : closestNics[g])
            if (h.nics[k].rail < 0) {
                h.nics[k].rail = int(h.railNics.size());
                h.railNics.push_back(int(k));
                break;
            }
    if (h.railNics.empty() && !h.nics.empty()) {
        for (size_t k = 0; k < h.nics.size(); ++k) {
            h.nics[k].rail = int(k);
            h.railNics.push_back(int(k));
        }
        warn(0,
             QStringLiteral("%1: no NIC shares a PCIe switch with a GPU: every NIC is taken as a rail, in NIC "
                            "order")
                 .arg(q(hostName)));
    }
    for (const int k : h.railNics) {
        const NicShape &nic = h.nics[size_t(k)];
        const QString why = nic.gpus.empty()
            ? QStringLiteral("%1 is NIC %2 in NCCL's order").arg(q(nic.name)).arg(nic.dev)
            : QStringLiteral("%1 serves %2 (same PCIe switch)").arg(q(nic.name), gpuList(nic.gpus));
        m_out.inferences.push_back(Inference{Inference::Kind::Rail, hostName, "r" + std::to_string(nic.rail), why});
        warn(nets[size_t(k)]->line, QStringLiteral("inferred: %1 rail %2: %3").arg(q(hostName)).arg(nic.rail).arg(why));
    }
    for (size_t k = 0; k < h.nics.size(); ++k) {
        const NicShape &nic = h.nics[k];
        if (nic.rail >= 0)
            continue;
        warn(nets[k]->line,
             nic.gpus.empty() ? QStringLiteral("%1: %2 shares no PCIe switch with a GPU: not a rail (a storage or "
                                               "management NIC)")
                                    .arg(q(hostName), q(nic.name))
                              : QStringLiteral("%1: %2 shares the PCIe switch of %3, whose rails other NICs serve: "
                                               "not a rail")
                                    .arg(q(hostName), q(nic.name), gpuList(nic.gpus)));
    }
    for (const int k : h.railNics)
        if (h.nics[size_t(k)].gbps <= 0)
            warn(nets[size_t(k)]->line,
                 QStringLiteral("%1: %2 gives no speed").arg(q(hostName), q(h.nics[size_t(k)].name)));
    m_out.hosts.push_back(std::move(h));
}

ShapeResult Reader::run()
{
    parse();
    if (!m_out.errors.empty())
        return std::move(m_out);
    if (m_groups.empty() && m_gpus.empty()) {
        m_out.errors.push_back({m_file, 0, 0, {}, QStringLiteral("no <cpu> and no <gpu>: an empty NCCL topology")});
        return std::move(m_out);
    }
    std::string base = m_hostAttribute;
    if (base.empty()) {
        const QString file = QFileInfo(m_file).fileName();
        base = file.left(file.indexOf(QLatin1Char('.')) < 0 ? file.size() : file.indexOf(QLatin1Char('.')))
                   .toStdString();
    }
    if (base.empty())
        base = "host";
    const int groups = std::max<int>(1, int(m_groups.size()));
    if (groups > 1)
        warn(0,
             QStringLiteral("%1 hosts (distinct <cpu host_hash>, a multi-node NVLink domain): named %2-1 to %2-%1")
                 .arg(groups)
                 .arg(q(base)));
    for (int g = 0; g < groups; ++g)
        shape(g, groups == 1 ? base : base + "-" + std::to_string(g + 1));
    return std::move(m_out);
}

} // namespace

ShapeResult readHostShape(std::string_view xml, const QString &fileName)
{
    return Reader(xml, fileName).run();
}

ReadResult toFabric(ShapeResult shapes, const QString &fabricName)
{
    ReadResult r;
    r.warnings = std::move(shapes.warnings);
    r.inferences = std::move(shapes.inferences);
    if (!shapes.errors.empty()) {
        r.errors = std::move(shapes.errors);
        return r;
    }
    Fabric f;
    f.name = QFileInfo(fabricName).completeBaseName().toStdString();
    for (const HostShape &s : shapes.hosts) {
        Host h;
        h.id = s.host;
        h.gpuModel = s.gpuModel;
        h.gpus = s.gpus;
        h.nvlinkGBps = s.nvlinkGBps;
        // NVLink SHARP needs third-generation NVSwitches: Hopper and later on NVSwitches.
        h.nvls = s.nvswitch && s.sm >= 90;
        double known = 0;
        for (const int k : s.railNics)
            known = std::max(known, s.nics[size_t(k)].gbps);
        for (const int k : s.railNics) {
            const double gbps = s.nics[size_t(k)].gbps > 0 ? s.nics[size_t(k)].gbps : known > 0 ? known : 400;
            h.nics.push_back(Nic{s.nics[size_t(k)].rail, gbps, 1});
        }
        if (known <= 0 && !s.railNics.empty())
            r.warnings.push_back(
                {fabricName,
                 0,
                 0,
                 {},
                 QStringLiteral("%1: no NIC gives a speed: its NICs are imported at 400 Gb/s").arg(q(s.host))});
        f.addHost(std::move(h));
    }
    for (const Problem &p : f.validate())
        if (p.severity == Problem::Severity::Error)
            r.errors.push_back({fabricName, 0, 0, {}, QStringLiteral("%1: %2").arg(q(p.elementId), q(p.message))});
    if (r.errors.empty())
        r.fabric = std::move(f);
    return r;
}

} // namespace Railyard::NcclTopo
