#include "views/dialogs/templatedialog.h"

#include "views/appsettings.h"

#include "core/analysis/bisection.h"
#include "core/analysis/capacity.h"
#include "core/analysis/counts.h"
#include "core/analysis/oversubscription.h"
#include "core/generators/presets.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QSignalBlocker>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>

namespace Railyard {

namespace {

/// Above this many GPUs the preview stops at counts and oversubscription
/// (both linear); the bisection's max-flows would keep the dialog busy for
/// seconds, so it is left to the analysis after creation.
constexpr long long kFullPreviewGpuLimit = 40000;
constexpr int kDebounceMs = 250;

QSpinBox *spinBox(const QString &objectName, int minimum, int maximum, int value, const QString &toolTip)
{
    auto *box = new QSpinBox;
    box->setObjectName(objectName);
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setToolTip(toolTip);
    box->setGroupSeparatorShown(true);
    return box;
}

QDoubleSpinBox *doubleSpinBox(const QString &objectName, double minimum, double maximum, double value, int decimals,
                              const QString &toolTip)
{
    auto *box = new QDoubleSpinBox;
    box->setObjectName(objectName);
    box->setDecimals(decimals);
    box->setRange(minimum, maximum);
    box->setValue(value);
    box->setToolTip(toolTip);
    return box;
}

QComboBox *gpuComboBox(const QString &objectName, const QString &toolTip)
{
    auto *box = new QComboBox;
    box->setObjectName(objectName);
    for (const std::string &name : gpuModelNames())
        box->addItem(QString::fromStdString(name).toUpper(), QString::fromStdString(name));
    box->setToolTip(toolTip);
    return box;
}

QString gpuToolTip()
{
    return QObject::tr("GPU model: sets the NVLink bandwidth per GPU (A100: 300 GB/s, H800: 200 GB/s, H100/H200: "
                       "450 GB/s, B200/GB200: 900 GB/s per direction) used by the traffic analysis.");
}

/// A hardware refusal names the field, not the CLI option: "switch: …" → "Leaf switch: …".
QString hardwareMessage(const QString &message)
{
    const std::pair<const char *, const char *> fields[] = {
        {"switch: ", QT_TRANSLATE_NOOP("Railyard::TemplateDialog", "Leaf switch: ")},
        {"spine-switch: ", QT_TRANSLATE_NOOP("Railyard::TemplateDialog", "Spine switch: ")},
        {"nic: ", QT_TRANSLATE_NOOP("Railyard::TemplateDialog", "NIC: ")},
        {"adaptive-routing: ", QT_TRANSLATE_NOOP("Railyard::TemplateDialog", "Adaptive routing: ")},
        {"link-gbps: ", QT_TRANSLATE_NOOP("Railyard::TemplateDialog", "Link speed: ")},
    };
    for (const auto &[option, field] : fields)
        if (message.startsWith(QLatin1String(option)))
            return QCoreApplication::translate("Railyard::TemplateDialog", field)
                + message.mid(qsizetype(qstrlen(option)));
    return message;
}

QString ratioText(double ratio)
{
    if (std::isnan(ratio))
        return QStringLiteral("–");
    if (std::isinf(ratio))
        return QStringLiteral("∞");
    return QStringLiteral("%1:1").arg(QString::number(ratio, 'g', 3));
}

} // namespace

struct TemplateDialog::Preset
{
    QString title;
    QString description;
    std::function<ClosParams()> build; ///< throws GeneratorError
    bool takesModels = true;           ///< uniform tiers: switch and NIC models apply
};

/// Result of one background computation, tagged with the parameter
/// generation it was computed for.
struct TemplateDialog::Preview
{
    quint64 generation = 0;
    QString error; ///< non-empty: the parameters are impossible
    FabricCounts counts;
    int tiers = 0;
    std::vector<TierOversubscription> oversubscription;
    bool hasBisection = false; ///< false above kFullPreviewGpuLimit or when cancelled
    BisectionResult bisection;
    bool cancelled = false;
};

TemplateDialog::TemplateDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("TemplateDialog"));
    setWindowTitle(tr("New from Template"));

    m_presetList = new QListWidget;
    m_presetList->setObjectName(QStringLiteral("presetList"));
    m_presetList->setToolTip(tr("Design to start from"));
    m_presetList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    m_description = new QLabel;
    m_description->setObjectName(QStringLiteral("presetDescription"));
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);

    m_forms = new QStackedWidget;
    m_forms->setObjectName(QStringLiteral("presetForms"));

    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("fabricName"));
    m_name->setToolTip(tr("Name of the new fabric; follows the parameters until you edit it"));
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString &text) { m_nameEdited = !text.isEmpty(); });

    auto *nameForm = new QFormLayout;
    nameForm->addRow(tr("&Name:"), m_name);

    // Hardware from the catalogue, for every design with uniform tiers.
    m_catalog = AppSettings::catalog();
    m_hardware = new QGroupBox(tr("Hardware"));
    m_hardware->setObjectName(QStringLiteral("hardware"));
    m_transport = new QComboBox;
    m_transport->setObjectName(QStringLiteral("transport"));
    m_transport->addItem(tr("As the design says"), QString());
    m_transport->addItem(tr("InfiniBand"), QStringLiteral("infiniband"));
    m_transport->addItem(tr("Ethernet"), QStringLiteral("ethernet"));
    m_transport->setToolTip(tr("The link layer; it decides the routing: static tables on InfiniBand, ECMP hashing "
                               "on Ethernet"));
    m_leafSwitch = new QComboBox;
    m_leafSwitch->setObjectName(QStringLiteral("leafSwitch"));
    m_leafSwitch->setToolTip(tr("Switch model of every tier; its breakout at the NICs' speed sets the radix"));
    m_spineSwitch = new QComboBox;
    m_spineSwitch->setObjectName(QStringLiteral("spineSwitch"));
    m_spineSwitch->setToolTip(tr("Switch model of the tiers above the leaf, at the leaves' uplink speed"));
    m_nic = new QComboBox;
    m_nic->setObjectName(QStringLiteral("nicModel"));
    m_nic->setToolTip(tr("NIC model: its port speed is the hosts' link speed"));
    m_adaptive = new QCheckBox(tr("Adaptive routing (where every switch model has it)"));
    m_adaptive->setObjectName(QStringLiteral("adaptiveRouting"));
    m_hardwareNote = new QLabel;
    m_hardwareNote->setWordWrap(true);
    m_hardwareNote->setForegroundRole(QPalette::PlaceholderText);
    auto *hardwareForm = new QFormLayout(m_hardware);
    hardwareForm->addRow(tr("&Transport:"), m_transport);
    hardwareForm->addRow(tr("Lea&f switch:"), m_leafSwitch);
    hardwareForm->addRow(tr("S&pine switch:"), m_spineSwitch);
    hardwareForm->addRow(tr("N&IC:"), m_nic);
    hardwareForm->addRow(QString(), m_adaptive);
    hardwareForm->addRow(m_hardwareNote);
    fillModelLists();
    connect(m_transport, &QComboBox::currentIndexChanged, this, [this] {
        fillModelLists();
        parametersChanged();
    });
    for (QComboBox *box : {m_leafSwitch, m_spineSwitch, m_nic})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { parametersChanged(); });
    connect(m_adaptive, &QCheckBox::toggled, this, [this] { parametersChanged(); });

    auto *parameters = new QGroupBox(tr("Parameters"));
    auto *parametersLayout = new QVBoxLayout(parameters);
    parametersLayout->addWidget(m_description);
    parametersLayout->addWidget(m_forms, 1);
    parametersLayout->addWidget(m_hardware);
    parametersLayout->addLayout(nameForm);

    // Preview panel.
    auto valueLabel = [](const char *objectName) {
        auto *label = new QLabel(QStringLiteral("–"));
        label->setObjectName(QLatin1String(objectName));
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setWordWrap(true);
        return label;
    };
    m_status = valueLabel("previewStatus");
    m_status->setText(QString());
    m_status->hide();
    m_gpus = valueLabel("previewGpus");
    m_hosts = valueLabel("previewHosts");
    m_switches = valueLabel("previewSwitches");
    m_links = valueLabel("previewLinks");
    m_tiers = valueLabel("previewTiers");
    m_unused = valueLabel("previewUnusedPorts");
    m_oversubscription = valueLabel("previewOversubscription");
    m_bisection = valueLabel("previewBisection");

    auto *preview = new QGroupBox(tr("Preview"));
    preview->setObjectName(QStringLiteral("previewPanel"));
    preview->setMinimumWidth(300);
    auto *previewForm = new QFormLayout(preview);
    previewForm->addRow(m_status);
    previewForm->addRow(tr("GPUs:"), m_gpus);
    previewForm->addRow(tr("Hosts:"), m_hosts);
    previewForm->addRow(tr("Switches:"), m_switches);
    previewForm->addRow(tr("Links:"), m_links);
    previewForm->addRow(tr("Tiers:"), m_tiers);
    previewForm->addRow(tr("Unused ports:"), m_unused);
    previewForm->addRow(tr("Oversubscription:"), m_oversubscription);
    previewForm->addRow(tr("Bisection:"), m_bisection);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Create"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *columns = new QHBoxLayout;
    columns->addWidget(m_presetList);
    columns->addWidget(parameters, 1);
    columns->addWidget(preview);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_buttons);

    addFatTreePreset();
    addDgxSuperpodPreset();
    addGb200Nvl72Preset();
    addMetaAiZonePreset();
    addAlibabaHpnPreset();
    addRailOptimizedPreset();

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &TemplateDialog::startPreview);
    connect(&m_watcher, &QFutureWatcher<PreviewPtr>::finished, this, &TemplateDialog::previewFinished);
    connect(m_presetList, &QListWidget::currentRowChanged, this, &TemplateDialog::presetChanged);

    m_presetList->setFixedWidth(m_presetList->sizeHintForColumn(0) + 2 * m_presetList->frameWidth() + 16);
    m_presetList->setCurrentRow(1); // DGX SuperPOD: the most common starting point
    resize(880, 600);
}

TemplateDialog::~TemplateDialog()
{
    cancelRunning();
    m_watcher.waitForFinished();
}

void TemplateDialog::fillModelLists()
{
    const std::optional<Transport> transport
        = transportFromName(m_transport->currentData().toString().toStdString());
    auto fill = [&](QComboBox *box, const QString &none, const std::map<std::string, BomCatalog::Item> &items) {
        const QString current = box->currentData().toString();
        const QSignalBlocker blocker(box);
        box->clear();
        box->addItem(none, QString());
        for (const auto &[slug, item] : items) {
            if (item.breakouts.empty() || (transport && !item.speaks(*transport)))
                continue;
            QStringList speeds;
            for (const Breakout &b : item.breakouts)
                speeds << QStringLiteral("%1 × %2G").arg(b.ports).arg(b.gbps);
            box->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(item.model), speeds.join(QStringLiteral(", "))),
                         QString::fromStdString(slug));
            box->setItemData(box->count() - 1, QString::fromStdString(item.description), Qt::ToolTipRole);
        }
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    fill(m_leafSwitch, tr("The design's own"), m_catalog.switches);
    fill(m_spineSwitch, tr("Same as the leaf"), m_catalog.switches);
    fill(m_nic, tr("The design's own"), m_catalog.nics);
}

HardwareChoice TemplateDialog::hardwareChoice() const
{
    HardwareChoice choice;
    choice.leafSwitch = m_leafSwitch->currentData().toString().toStdString();
    choice.spineSwitch = m_spineSwitch->currentData().toString().toStdString();
    choice.nic = m_nic->currentData().toString().toStdString();
    if (const std::optional<Transport> transport
        = transportFromName(m_transport->currentData().toString().toStdString()))
        choice.transport = *transport;
    choice.adaptiveRouting = m_adaptive->isChecked();
    return choice;
}

namespace {

/// A fixed preset's parameters with NVLS as `generate` sets it for its GPUs.
ClosParams withDefaultNvls(ClosParams p)
{
    p.nvls = nvlsByDefault(p.gpuModel, p.gpusPerHost);
    return p;
}

} // namespace

void TemplateDialog::addPreset(const QString &title, const QString &description, QWidget *form,
                               std::function<ClosParams()> build, bool takesModels)
{
    m_presets.push_back(Preset{title, description, std::move(build), takesModels});
    m_forms->addWidget(form);
    auto *item = new QListWidgetItem(title, m_presetList);
    item->setToolTip(description);
    watchInputs(form);
}

void TemplateDialog::addFatTreePreset()
{
    auto *k = spinBox(QStringLiteral("fatTreeK"), 4, 64, 8,
                      tr("Switch radix k (even): k³/4 hosts, k pods, 5k²/4 switches of k ports each"));
    k->setSingleStep(2);
    auto *link = doubleSpinBox(QStringLiteral("fatTreeLinkGbps"), 1.0, 1600.0, 100.0, 0,
                               tr("Speed of every link (host NICs included), Gbit/s per direction"));
    link->setSuffix(tr(" Gbit/s"));
    auto *form = new QWidget;
    auto *layout = new QFormLayout(form);
    layout->addRow(tr("&k (radix):"), k);
    layout->addRow(tr("&Link speed:"), link);
    addPreset(tr("Fat-tree"),
              tr("k-ary fat-tree (Al-Fares et al. 2008): k³/4 single-NIC hosts in k pods of k/2 edge and k/2 "
                 "aggregation switches, (k/2)² core switches, all of radix k; non-blocking."),
              form, [this, k, link] {
                  // A switch model sets k: its port count at the link speed.
                  const std::string slug = m_leafSwitch->currentData().toString().toStdString();
                  if (slug.empty())
                      return fatTreeParams(k->value(), link->value());
                  return fatTreeParamsForModel(m_catalog, slug, link->value(), 64);
              });
}

void TemplateDialog::addDgxSuperpodPreset()
{
    auto *sus = spinBox(QStringLiteral("dgxScalableUnits"), 1, 64, 4,
                        tr("Scalable units (SUs) of 32 DGX hosts × 8 GPUs = 256 GPUs each"));
    auto *gpu = gpuComboBox(QStringLiteral("dgxGpuModel"), gpuToolTip());
    auto *form = new QWidget;
    auto *layout = new QFormLayout(form);
    layout->addRow(tr("&Scalable units:"), sus);
    layout->addRow(tr("&GPU model:"), gpu);
    addPreset(tr("DGX SuperPOD"),
              tr("NVIDIA DGX SuperPOD: scalable units of 32 hosts × 8 GPUs, one leaf per rail per SU, "
                 "non-blocking; radix-64 400G switches (QM9700) unless you choose others below; a core tier "
                 "once the leaves outnumber a spine's ports."),
              form,
              [sus, gpu] {
                  return withDefaultNvls(dgxSuperpodParams(sus->value(), gpu->currentData().toString().toStdString()));
              });
}

void TemplateDialog::addGb200Nvl72Preset()
{
    auto *racks = spinBox(QStringLiteral("gb200Racks"), 1, 512, 8,
                          tr("NVL72 racks: 18 compute trays × 4 GB200 GPUs = 72 GPUs, one NVLink domain each"));
    auto *form = new QWidget;
    auto *layout = new QFormLayout(form);
    layout->addRow(tr("&Racks:"), racks);
    addPreset(tr("GB200 NVL72"),
              tr("NVIDIA GB200 NVL72: each rack is one NVLink domain of 72 GPUs (18 compute trays × 4 GB200, 900 "
                 "GB/s NVLink, NVLink SHARP); one 400G ConnectX-7 per GPU into a rail-optimized, non-blocking "
                 "InfiniBand fabric of radix-64 400G switches, one scalable unit per rack."),
              form, [racks] { return gb200NvlParams(racks->value()); });
}

void TemplateDialog::addMetaAiZonePreset()
{
    auto *zones
        = spinBox(QStringLiteral("metaZones"), 1, 64, 1, tr("AI zones of 3,072 GPUs (384 hosts × 8 GPUs) each"));
    auto *form = new QWidget;
    auto *layout = new QFormLayout(form);
    layout->addRow(tr("&Zones:"), zones);
    addPreset(tr("Meta AI zone"),
              tr("Meta-style RoCE AI zones: zones of 3,072 GPUs (384 hosts, 2 per rack, one rack switch per rack), "
                 "non-blocking inside a zone; an aggregation tier joins the zones at 1:7."),
              form,
              [zones] { return withDefaultNvls(metaAiZoneParams(zones->value())); },
              false);
}

void TemplateDialog::addAlibabaHpnPreset()
{
    auto *segments = spinBox(QStringLiteral("hpnSegments"), 1, 64, 1,
                             tr("Segments of 128 hosts × 8 GPUs = 1,024 GPUs each; 15 segments form a pod"));
    auto *form = new QWidget;
    auto *layout = new QFormLayout(form);
    layout->addRow(tr("&Segments:"), segments);
    addPreset(tr("Alibaba HPN"),
              tr("Alibaba HPN: segments of 128 hosts × 8 GPUs, dual-ToR 2 × 200G NICs on two planes, 51.2T leaves "
                 "(128 × 200G down, 60 × 400G up), 15 segments per pod, a core tier above at 15:1."),
              form,
              [segments] { return withDefaultNvls(alibabaHpnParams(segments->value())); },
              false);
}

void TemplateDialog::addRailOptimizedPreset()
{
    auto *hosts = spinBox(QStringLiteral("railHosts"), 1, 32768, 64, tr("Number of GPU servers"));
    auto *gpusPerHost = spinBox(QStringLiteral("railGpusPerHost"), 1, 16, 8, tr("GPUs in each server"));
    auto *rails = spinBox(QStringLiteral("railRails"), 1, 16, 8,
                          tr("Scale-out NICs per server; NIC r of every server is on rail r"));
    auto *nic = doubleSpinBox(QStringLiteral("railNicGbps"), 1.0, 1600.0, 400.0, 0,
                              tr("Speed of one NIC, Gbit/s per direction (a dual-ToR NIC splits it over its two "
                                 "ports)"));
    nic->setSuffix(tr(" Gbit/s"));
    auto *gpu = gpuComboBox(QStringLiteral("railGpuModel"), gpuToolTip());
    auto *radix = spinBox(QStringLiteral("railRadix"), 4, 1024, 64, tr("Ports per switch, on every tier"));
    auto *link = doubleSpinBox(QStringLiteral("railLinkGbps"), 1.0, 1600.0, 400.0, 0,
                               tr("Speed of the switch-to-switch links, Gbit/s per direction"));
    link->setSuffix(tr(" Gbit/s"));
    auto *oversubscription = doubleSpinBox(
        QStringLiteral("railLeafOversubscription"), 0.25, 16.0, 1.0, 2,
        tr("Leaf oversubscription: capacity toward the hosts ÷ capacity toward the spines (1 = non-blocking); "
           "upper tiers are non-blocking"));
    oversubscription->setSuffix(QStringLiteral(":1"));
    auto *planes = spinBox(QStringLiteral("railPlanes"), 1, 8, 1,
                           tr("Independent copies of the switch fabric; NIC port p goes to plane p mod planes"));
    auto *dualTor = new QCheckBox(tr("Dual-ToR NICs (2 ports, each to a different leaf)"));
    dualTor->setObjectName(QStringLiteral("railDualTor"));
    dualTor->setToolTip(tr("Each NIC has two ports of half its speed, wired to two different leaves"));
    auto *nvls = new QCheckBox(tr("NVLink SHARP (NVLS) in the hosts' NVSwitch"));
    nvls->setObjectName(QStringLiteral("railNvls"));
    nvls->setToolTip(tr("The NVSwitch of every host reduces in the switch: enables the collective model's nvls "
                        "algorithms. On by default for 8-GPU H100, H200 and B200 hosts and for GB200, where NCCL "
                        "enables it"));
    // Follows the system chosen, as NCCL does, until the user sets it.
    auto followNvls = [nvls, gpu, gpusPerHost] {
        if (!nvls->property("userSet").toBool())
            nvls->setChecked(nvlsByDefault(gpu->currentData().toString().toStdString(), gpusPerHost->value()));
    };
    followNvls();
    connect(nvls, &QCheckBox::clicked, nvls, [nvls] { nvls->setProperty("userSet", true); });
    connect(gpu, &QComboBox::currentIndexChanged, nvls, followNvls);
    // The NIC speed follows the GPU's reference system (200G for A100) until the user sets it.
    connect(nic, &QDoubleSpinBox::editingFinished, nic, [nic] { nic->setProperty("userSet", true); });
    connect(gpu, &QComboBox::currentIndexChanged, nic, [nic, gpu] {
        if (!nic->property("userSet").toBool())
            nic->setValue(referenceNicGbps(gpu->currentData().toString().toStdString()));
    });
    connect(gpusPerHost, &QSpinBox::valueChanged, nvls, followNvls);
    auto *sharp = new QCheckBox(tr("SHARP in-network reduction in the switches"));
    sharp->setObjectName(QStringLiteral("railSharp"));
    sharp->setToolTip(tr("Every switch reduces in the network (InfiniBand SHARP v3, Quantum-2): enables the "
                         "collective model's collnet algorithm"));
    auto *hostsPerSu = spinBox(QStringLiteral("railHostsPerSu"), 0, 4096, 0,
                               tr("Hosts per scalable unit; a rail leaf serves one port of every host of its SU. "
                                  "Auto = as many as a leaf's down ports"));
    hostsPerSu->setSpecialValueText(tr("auto"));
    auto *hostsPerRack = spinBox(QStringLiteral("railHostsPerRack"), 1, 64, 4,
                                 tr("Hosts per rack (physical grouping, used by layout and placement)"));
    auto *tiers = spinBox(QStringLiteral("railTiers"), 0, 3, 0,
                          tr("Switch tiers: 1 = leaf only, 2 = leaf-spine, 3 = leaf-spine-core; auto = the fewest "
                             "that fit the radix"));
    tiers->setSpecialValueText(tr("auto"));
    auto *nvlinkDomain = spinBox(QStringLiteral("railNvlinkDomain"), 0, 1024, 0,
                                 tr("GPUs per multi-host NVLink domain (72 for NVL72): consecutive hosts form "
                                    "domains; a whole number of hosts. None = each host alone"));
    nvlinkDomain->setSpecialValueText(tr("none"));

    auto *form = new QWidget;
    auto *layout = new QFormLayout(form);
    layout->addRow(tr("&Hosts:"), hosts);
    layout->addRow(tr("GP&Us per host:"), gpusPerHost);
    layout->addRow(tr("&Rails (NICs per host):"), rails);
    layout->addRow(tr("NIC s&peed:"), nic);
    layout->addRow(tr("&GPU model:"), gpu);
    layout->addRow(tr("Switch ra&dix:"), radix);
    layout->addRow(tr("&Link speed:"), link);
    layout->addRow(tr("Leaf &oversubscription:"), oversubscription);
    layout->addRow(tr("Pla&nes:"), planes);
    layout->addRow(QString(), dualTor);
    layout->addRow(QString(), nvls);
    layout->addRow(QString(), sharp);
    layout->addRow(tr("Hosts per &SU:"), hostsPerSu);
    layout->addRow(tr("Hosts per rac&k:"), hostsPerRack);
    layout->addRow(tr("&Tiers:"), tiers);
    layout->addRow(tr("N&VLink domain (GPUs):"), nvlinkDomain);

    auto build = [=] {
        ClosParams p = railOptimizedParams(hosts->value());
        p.gpusPerHost = gpusPerHost->value();
        p.rails = rails->value();
        p.nicGbps = nic->value();
        p.gpuModel = gpu->currentData().toString().toStdString();
        p.planes = planes->value();
        p.nicPorts = dualTor->isChecked() ? 2 : 1;
        p.nvls = nvls->isChecked();
        p.sharp = sharp->isChecked();
        p.hostsPerSu = hostsPerSu->value();
        p.hostsPerRack = hostsPerRack->value();
        p.tiers = tiers->value();
        p.nvlinkDomainGpus = nvlinkDomain->value();
        TierSpec leaf = p.tierSpecs.front();
        leaf.radix = radix->value();
        leaf.uplinkGbps = link->value();
        leaf.oversubscription = oversubscription->value();
        leaf.model = "radix-" + std::to_string(leaf.radix) + " " + QString::number(leaf.uplinkGbps).toStdString() + "G";
        TierSpec upper = leaf;
        upper.oversubscription = 1.0;
        p.tierSpecs = {leaf, upper};
        return p;
    };
    addPreset(tr("Rail-optimized"),
              tr("Generic rail-optimized design: NIC r of every host of a scalable unit goes to the same leaf (one "
                 "leaf per rail per SU). Choose hosts, NICs, switch radix, oversubscription and planes."),
              form, build);
}

void TemplateDialog::watchInputs(QWidget *form)
{
    const auto changed = [this] { parametersChanged(); };
    for (auto *box : form->findChildren<QSpinBox *>())
        connect(box, &QSpinBox::valueChanged, this, changed);
    for (auto *box : form->findChildren<QDoubleSpinBox *>())
        connect(box, &QDoubleSpinBox::valueChanged, this, changed);
    for (auto *box : form->findChildren<QComboBox *>())
        connect(box, &QComboBox::currentIndexChanged, this, changed);
    for (auto *box : form->findChildren<QCheckBox *>())
        connect(box, &QCheckBox::toggled, this, changed);
}

ClosParams TemplateDialog::buildParams() const
{
    const int row = m_presetList->currentRow();
    if (row < 0 || row >= static_cast<int>(m_presets.size()))
        throw GeneratorError("preset: no template selected");
    const Preset &preset = m_presets[static_cast<size_t>(row)];
    ClosParams p = preset.build();
    const HardwareChoice choice = hardwareChoice();
    if (preset.takesModels && !choice.empty())
        applyHardware(p, choice, m_catalog);
    const QString name = m_name->text().trimmed();
    if (m_nameEdited && !name.isEmpty())
        p.name = name.toStdString();
    return p;
}

ClosParams TemplateDialog::params() const
{
    try {
        return buildParams();
    } catch (const GeneratorError &) {
        // Only reachable while OK is disabled: an impossible preset value.
        ClosParams p;
        p.name = m_name->text().trimmed().toStdString();
        return p;
    }
}

void TemplateDialog::presetChanged(int row)
{
    if (row < 0 || row >= static_cast<int>(m_presets.size()))
        return;
    m_forms->setCurrentIndex(row);
    m_description->setText(m_presets[static_cast<size_t>(row)].description);
    const bool models = m_presets[static_cast<size_t>(row)].takesModels;
    for (QWidget *input : std::initializer_list<QWidget *>{m_transport, m_leafSwitch, m_spineSwitch, m_nic, m_adaptive})
        input->setEnabled(models);
    m_hardwareNote->setText(models ? tr("Radix and link speed follow from the models' breakouts.")
                                   : tr("A fixed reference design: its switches are part of it. Choose models with "
                                        "Rail-optimized, DGX SuperPOD, GB200 NVL72 or Fat-tree."));
    parametersChanged();
}

void TemplateDialog::parametersChanged()
{
    ++m_generation; // whatever is running now is stale
    cancelRunning();
    try {
        const ClosParams p = buildParams();
        derivedTierCount(p); // the generator's plan: cheap, catches almost every impossible value at once
        if (!m_nameEdited)
            m_name->setText(QString::fromStdString(p.name));
        m_valid = true;
    } catch (const GeneratorError &error) {
        m_valid = false;
        m_debounce.stop();
        showError(hardwareMessage(QString::fromUtf8(error.what())));
        return;
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    setStatus(tr("Computing…"), false);
    m_debounce.start();
}

void TemplateDialog::startPreview()
{
    // A running (cancelled, stale) computation finishes first; previewFinished() restarts.
    if (!m_valid || m_watcher.isRunning())
        return;
    ClosParams p;
    try {
        p = buildParams();
    } catch (const GeneratorError &error) {
        showError(QString::fromUtf8(error.what()));
        return;
    }
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_watcher.setFuture(QtConcurrent::run(&TemplateDialog::computePreview, std::move(p), m_generation, m_cancel));
}

void TemplateDialog::previewFinished()
{
    const PreviewPtr preview = m_watcher.future().resultCount() > 0 ? m_watcher.result() : PreviewPtr{};
    if (!preview || preview->generation != m_generation) {
        // Stale: the parameters changed meanwhile. Start over unless the timer will.
        if (m_valid && !m_debounce.isActive())
            startPreview();
        return;
    }
    if (!preview->error.isEmpty()) {
        m_valid = false;
        showError(preview->error);
        return;
    }
    showPreview(*preview);
}

void TemplateDialog::cancelRunning()
{
    if (m_cancel)
        m_cancel->store(true);
}

void TemplateDialog::showError(const QString &message)
{
    clearPreviewValues();
    setStatus(message, true);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
}

void TemplateDialog::setStatus(const QString &text, bool error)
{
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void TemplateDialog::clearPreviewValues()
{
    for (QLabel *label : {m_gpus, m_hosts, m_switches, m_links, m_tiers, m_unused, m_oversubscription, m_bisection})
        label->setText(QStringLiteral("–"));
}

namespace {

QString bandwidthText(double gbps)
{
    const QLocale locale;
    if (gbps >= 1000.0)
        return QObject::tr("%1 Tbit/s").arg(locale.toString(gbps / 1000.0, 'g', 4));
    return QObject::tr("%1 Gbit/s").arg(locale.toString(gbps, 'g', 4));
}

} // namespace

TemplateDialog::PreviewPtr TemplateDialog::computePreview(ClosParams params, quint64 generation,
                                                          std::shared_ptr<std::atomic<bool>> cancel)
{
    auto preview = std::make_shared<Preview>();
    preview->generation = generation;
    try {
        preview->tiers = derivedTierCount(params);
        const Fabric fabric = generateClos(params);
        if (cancel->load()) {
            preview->cancelled = true;
            return preview;
        }
        preview->counts = countFabric(fabric);
        const CapacityView capacity = CapacityView::of(fabric);
        preview->oversubscription = analyzeOversubscription(fabric, capacity).tiers;
        if (preview->counts.gpus <= kFullPreviewGpuLimit && !cancel->load()) {
            BisectionOptions options;
            options.cancel = cancel.get();
            preview->bisection = analyzeBisection(fabric, capacity, options);
            preview->cancelled = preview->bisection.cancelled;
            preview->hasBisection = !preview->bisection.cancelled;
        }
    } catch (const GeneratorError &error) {
        preview->error = QString::fromUtf8(error.what());
    } catch (const std::exception &error) {
        preview->error = tr("The preview failed: %1").arg(QString::fromUtf8(error.what()));
    }
    return preview;
}

void TemplateDialog::showPreview(const Preview &preview)
{
    const QLocale locale;
    const FabricCounts &c = preview.counts;
    m_gpus->setText(locale.toString(c.gpus));
    m_hosts->setText(locale.toString(c.hosts));

    QStringList byTier;
    for (const char *tier : {"leaf", "spine", "core", "switch"}) {
        const auto it = c.switchesByTier.find(tier);
        if (it != c.switchesByTier.end() && it->second > 0)
            byTier << QStringLiteral("%1 %2").arg(QLatin1String(tier), locale.toString(it->second));
    }
    QString switches = locale.toString(c.switches);
    if (!byTier.isEmpty())
        switches += QStringLiteral(" (%1)").arg(byTier.join(QStringLiteral(" · ")));
    if (c.planes > 1)
        switches += tr(", %1 planes").arg(c.planes);
    m_switches->setText(switches);
    m_links->setText(locale.toString(c.links));
    m_tiers->setText(QString::number(preview.tiers));
    // What the switches leave unused: a template on a wider switch than it was
    // drawn for says so here, before the design is made.
    QStringList unused;
    for (const char *tier : {"leaf", "spine", "core", "switch"}) {
        const auto free = c.unusedPortsByTier.find(tier);
        const auto all = c.portsByTier.find(tier);
        if (free != c.unusedPortsByTier.end() && free->second > 0 && all != c.portsByTier.end() && all->second > 0)
            unused << tr("%1 %2 of %3 (%4 %)")
                          .arg(QLatin1String(tier), locale.toString(free->second), locale.toString(all->second),
                               QString::number(100.0 * double(free->second) / double(all->second), 'f', 0));
    }
    m_unused->setText(unused.isEmpty() ? tr("none") : unused.join(QStringLiteral(" · ")));

    QStringList ratios;
    for (const TierOversubscription &tier : preview.oversubscription) {
        if (!tier.isTop)
            ratios << QStringLiteral("%1 %2").arg(QLatin1String(tierName(tier.tier)), ratioText(tier.ratio));
    }
    m_oversubscription->setText(ratios.isEmpty() ? tr("none (single tier)") : ratios.join(QStringLiteral(" · ")));

    if (preview.hasBisection) {
        const BisectionResult &b = preview.bisection;
        m_bisection->setText(tr("%1 % (%2 of %3 per direction, %4%5)")
                                 .arg(QString::number(b.ratio * 100.0, 'g', 3), bandwidthText(b.gbps),
                                      bandwidthText(b.fullGbps), QLatin1String(bisectionMethodName(b.method)),
                                      b.exact ? QString() : tr(", upper bound")));
        setStatus(QString(), false);
    } else {
        m_bisection->setText(tr("computed after creation"));
        setStatus(tr("Above %1 GPUs the preview shows counts only; the bisection is computed after creation.")
                      .arg(locale.toString(kFullPreviewGpuLimit)),
                  false);
    }
}

} // namespace Railyard
