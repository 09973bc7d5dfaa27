#include "views/docks/propertiesdock.h"

#include "core/document/fabricdocument.h"
#include "views/analysisrunner.h"
#include "views/canvas/fabriccanvas.h"
#include "views/canvas/healthoverlay.h"
#include "views/docks/dockcontent.h"
#include "views/docks/selectioneditor.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace Railyard {

namespace {

QString number(double value)
{
    const QLocale locale;
    if (std::isfinite(value) && std::floor(value) == value && std::abs(value) < 1e15)
        return locale.toString(static_cast<qlonglong>(value));
    return locale.toString(value, 'f', 1);
}

QString gbps(double value)
{
    return PropertiesDock::tr("%1 Gbit/s").arg(number(value));
}

QString orDash(const std::string &text)
{
    return text.empty() ? QStringLiteral("—") : QString::fromStdString(text);
}

QString ports(int count)
{
    return count == 1 ? PropertiesDock::tr("1 port") : PropertiesDock::tr("%1 ports").arg(count);
}

QString tierTitle(Tier tier)
{
    switch (tier) {
    case Tier::Leaf: return PropertiesDock::tr("Leaf switch");
    case Tier::Spine: return PropertiesDock::tr("Spine switch");
    case Tier::Core: return PropertiesDock::tr("Core switch");
    case Tier::Unlayered: break;
    }
    return PropertiesDock::tr("Switch (no tier)");
}

QString linkStateText(LinkState state)
{
    switch (state) {
    case LinkState::Up: return PropertiesDock::tr("up");
    case LinkState::Down: return PropertiesDock::tr("down");
    case LinkState::Degraded: return PropertiesDock::tr("degraded");
    }
    return {};
}

} // namespace

PropertiesDock::PropertiesDock(QWidget *parent)
    : QDockWidget(tr("Properties"), parent)
{
    setObjectName(QStringLiteral("PropertiesDock"));

    auto *layout = scrollingDockContent(this, QMargins(8, 6, 8, 6));
    QWidget *content = layout->parentWidget();

    m_title = new QLabel(content);
    m_title->setObjectName(QStringLiteral("PropertiesTitle"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);

    m_subtitle = new QLabel(content);
    m_subtitle->setObjectName(QStringLiteral("PropertiesSubtitle"));
    m_subtitle->setWordWrap(true);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_subtitle);

    m_selectionEditor = new SelectionEditor(content);
    m_selectionEditor->setVisible(false);
    layout->addWidget(m_selectionEditor);

    m_formWidget = new QWidget(content);
    m_form = new QFormLayout(m_formWidget);
    m_form->setContentsMargins(0, 4, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    layout->addWidget(m_formWidget);
    layout->addStretch(1);

    // Document edits and analysis results arrive in bursts (and an edit can
    // come from the capacity editor's own signal): coalesce them.
    m_capacity.apply = &FabricDocument::setLinkCapacity;
    m_rate.apply = &FabricDocument::setLinkRate;

    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setSingleShot(true);
    m_refreshTimer->setInterval(0);
    connect(m_refreshTimer, &QTimer::timeout, this, &PropertiesDock::refresh);

    refresh();
}

PropertiesDock::~PropertiesDock()
{
    // QWidget's destructor moves the focus away from an editor, which emits
    // editingFinished: no edit may be applied by a half-destroyed dock.
    for (QObject *child : findChildren<QObject *>())
        disconnect(child, nullptr, this, nullptr);
}

void PropertiesDock::setDocument(FabricDocument *document)
{
    if (document == m_document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_selectionEditor->setDocument(m_editing ? document : nullptr);
    if (m_document) {
        connect(m_document, &FabricDocument::selectionChanged, this, &PropertiesDock::refresh);
        connect(m_document, &FabricDocument::changed, this, &PropertiesDock::scheduleRefresh);
        connect(m_document, &QObject::destroyed, this, [this] {
            m_document = nullptr; // QPointer may already be null: setDocument(nullptr) would do nothing
            refresh();
        });
    }
    refresh();
}

void PropertiesDock::setAnalysisRunner(AnalysisRunner *runner)
{
    if (runner == m_runner)
        return;
    if (m_runner)
        disconnect(m_runner, nullptr, this, nullptr);
    m_runner = runner;
    if (m_runner)
        connect(m_runner, &AnalysisRunner::finished, this, &PropertiesDock::scheduleRefresh);
    scheduleRefresh();
}

void PropertiesDock::setCanvas(FabricCanvas *canvas)
{
    if (canvas == m_canvas)
        return;
    if (m_canvas)
        disconnect(m_canvas, nullptr, this, nullptr);
    m_canvas = canvas;
    if (m_canvas)
        connect(m_canvas, &FabricCanvas::healthOverlayChanged, this, &PropertiesDock::scheduleRefresh);
    scheduleRefresh();
}

void PropertiesDock::setEditing(bool editing)
{
    m_editing = editing;
    // Without a document the editor hides itself.
    m_selectionEditor->setDocument(editing ? m_document.data() : nullptr);
}

void PropertiesDock::scheduleRefresh()
{
    m_refreshTimer->start();
}

void PropertiesDock::refresh()
{
    m_refreshTimer->stop();
    if (!m_document) {
        m_shownId.clear();
        showMessage(tr("No fabric"), tr("Open or create a fabric to see the properties of its elements."));
        return;
    }
    const Fabric &fabric = m_document->fabric();
    const std::vector<std::string> &selection = m_document->selection();
    if (selection.empty()) {
        m_shownId.clear();
        showMessage(tr("Nothing selected"),
                    tr("Select a host, switch or link on the canvas or in the outline to see its properties."));
        return;
    }

    const std::string &id = selection.front();
    if (id != m_shownId)
        m_capacity.dirty = m_rate.dirty = false; // an uncommitted edit belonged to the previous link
    m_shownId = id;

    QString title = QString::fromStdString(id);
    QString subtitle;
    std::vector<Row> rows;
    if (const std::int32_t l = fabric.findLink(id); l >= 0) {
        subtitle = tr("Link");
        rows = linkRows(l);
    } else if (const NodeIndex n = fabric.findNode(id); fabric.isHost(n)) {
        subtitle = tr("Host");
        rows = hostRows(n);
    } else if (fabric.isSwitch(n)) {
        subtitle = tierTitle(fabric.switchAt(fabric.switchIndexOf(n)).tier);
        rows = switchRows(fabric.switchIndexOf(n));
    } else {
        subtitle = tr("Not in this fabric");
    }
    if (const HealthOverlay *live = m_canvas ? m_canvas->healthOverlay() : nullptr; live && !rows.empty()) {
        const std::int32_t l = fabric.findLink(id);
        const std::vector<HealthOverlay::LiveFact> facts =
            l >= 0 ? live->liveLinkFacts(fabric, l) : live->liveNodeFacts(fabric, fabric.findNode(id));
        if (!facts.empty())
            rows.push_back({Row::Kind::Header, tr("Live"), {}, 0.0});
        for (const HealthOverlay::LiveFact &fact : facts)
            rows.push_back({Row::Kind::Fact, fact.label, fact.value, 0.0});
    }

    if (selection.size() > 1) {
        long long hosts = 0, switches = 0, links = 0;
        for (const std::string &s : selection) {
            const NodeIndex n = fabric.findNode(s);
            hosts += fabric.isHost(n);
            switches += fabric.isSwitch(n);
            links += n < 0 && fabric.findLink(s) >= 0;
        }
        QStringList parts;
        const QLocale locale;
        if (hosts)
            parts << (hosts == 1 ? tr("1 host") : tr("%1 hosts").arg(locale.toString(hosts)));
        if (switches)
            parts << (switches == 1 ? tr("1 switch") : tr("%1 switches").arg(locale.toString(switches)));
        if (links)
            parts << (links == 1 ? tr("1 link") : tr("%1 links").arg(locale.toString(links)));
        subtitle = tr("%1. Showing the first: %2 (%3).").arg(parts.join(tr(", ")), title, subtitle);
        title = tr("%1 elements selected").arg(QLocale().toString(static_cast<qlonglong>(selection.size())));
    }
    showRows(title, subtitle, rows);
}

void PropertiesDock::showMessage(const QString &title, const QString &subtitle)
{
    showRows(title, subtitle, {});
}

void PropertiesDock::showRows(const QString &title, const QString &subtitle, const std::vector<Row> &rows)
{
    m_title->setText(title);
    m_subtitle->setText(subtitle);

    bool sameShape = rows.size() == m_rows.size();
    for (size_t i = 0; sameShape && i < rows.size(); ++i)
        sameShape = rows[i].kind == m_rows[i].kind && rows[i].label == m_rows[i].label;
    if (!sameShape) {
        // Rebuild only when the rows differ: a refresh of the same element
        // keeps the capacity editor (and its focus) alive.
        while (m_form->rowCount() > 0)
            m_form->removeRow(0);
        m_valueLabels.assign(rows.size(), nullptr);
        m_capacity.box = m_rate.box = nullptr;
        for (size_t i = 0; i < rows.size(); ++i) {
            const Row &row = rows[i];
            switch (row.kind) {
            case Row::Kind::Header: {
                auto *header = new QLabel(row.label, m_formWidget);
                QFont font = header->font();
                font.setBold(true);
                header->setFont(font);
                header->setContentsMargins(0, i == 0 ? 0 : 6, 0, 0);
                m_form->addRow(header);
                break;
            }
            case Row::Kind::Fact: {
                auto *value = new QLabel(m_formWidget);
                value->setTextInteractionFlags(Qt::TextSelectableByMouse);
                value->setWordWrap(true);
                m_valueLabels[i] = value;
                m_form->addRow(row.label, value);
                break;
            }
            case Row::Kind::CapacityEditor:
                addGbpsEditor(m_capacity, row.label, QStringLiteral("LinkCapacity"), 1, 1.0,
                              tr("Nominal capacity per direction; Enter applies (undoable)"));
                break;
            case Row::Kind::RateEditor:
                // 3 decimals: the capacity itself must be reachable, e.g. 53.125.
                addGbpsEditor(m_rate, row.label, QStringLiteral("LinkRate"), 3, 0.0,
                              tr("The rate the link actually runs at: below its capacity it is degraded (a "
                                 "flapping optic, a link trained down), 0 takes it down. Saved with the "
                                 "fabric; Enter applies (undoable)"));
                break;
            }
        }
    }
    for (size_t i = 0; i < rows.size(); ++i) {
        if (m_valueLabels[i] && m_valueLabels[i]->text() != rows[i].value)
            m_valueLabels[i]->setText(rows[i].value);
        GbpsEditor *editor = rows[i].kind == Row::Kind::CapacityEditor ? &m_capacity
            : rows[i].kind == Row::Kind::RateEditor                    ? &m_rate
                                                                       : nullptr;
        if (editor && editor->box && !editor->dirty) {
            const QSignalBlocker blocker(editor->box);
            if (editor == &m_rate)
                editor->box->setRange(0.0, rows[i].maximum);
            editor->box->setValue(rows[i].number);
        }
    }
    m_rows = rows;
    m_formWidget->setVisible(!rows.empty());
}

std::vector<PropertiesDock::Row> PropertiesDock::hostRows(std::int32_t hostIndex) const
{
    const Fabric &fabric = m_document->fabric();
    const Host &host = fabric.host(hostIndex);
    const NodeIndex node = fabric.hostNode(hostIndex);
    std::vector<Row> rows;
    auto header = [&](const QString &text) { rows.push_back({Row::Kind::Header, text, {}, 0.0}); };
    auto fact = [&](const QString &label, const QString &value) {
        rows.push_back({Row::Kind::Fact, label, value, 0.0});
    };

    header(tr("GPUs"));
    fact(tr("Model"), orDash(host.gpuModel));
    fact(tr("GPUs"), QString::number(host.gpus));
    fact(tr("NVLink"), tr("%1 GB/s per GPU").arg(number(host.nvlinkGBps)));
    fact(tr("NVLink SHARP"), host.nvls ? tr("yes") : tr("no"));
    if (host.nvlinkDomain.empty()) {
        fact(tr("NVLink domain"), tr("none (this host's GPUs only)"));
    } else {
        int members = 0;
        long long gpus = 0;
        for (const Host &h : fabric.hosts())
            if (h.nvlinkDomain == host.nvlinkDomain) {
                ++members;
                gpus += h.gpus;
            }
        const QString name = QString::fromStdString(host.nvlinkDomain);
        const QLocale locale;
        fact(tr("NVLink domain"),
             members == 1 ? tr("%1 · 1 host · %2 GPUs").arg(name, locale.toString(gpus))
                          : tr("%1 · %2 hosts · %3 GPUs").arg(name, locale.toString(members), locale.toString(gpus)));
    }

    header(tr("NICs"));
    double injection = 0.0;
    for (size_t i = 0; i < host.nics.size(); ++i) {
        const Nic &nic = host.nics[i];
        injection += nic.speedGbps;
        fact(tr("NIC %1").arg(i), tr("rail %1 · %2 · %3").arg(nic.rail).arg(gbps(nic.speedGbps), ports(nic.ports)));
    }
    if (host.nics.empty())
        fact(tr("NICs"), tr("none"));

    header(tr("Location"));
    fact(tr("Zone"), orDash(host.location.zone));
    fact(tr("Pod"), orDash(host.location.pod));
    fact(tr("Scalable unit"), orDash(host.location.su));
    fact(tr("Rack"), orDash(host.location.rack));

    header(tr("Connectivity"));
    const auto links = fabric.incidentLinks(node);
    double attached = 0.0;
    for (const std::int32_t l : links) {
        attached += m_document->capacityView().gbps[size_t(l)];
    }
    fact(tr("Links"), QString::number(links.size()));
    fact(tr("Injection"), gbps(injection));
    fact(m_document->hasFailures() ? tr("Attached (what-if)") : tr("Attached"), gbps(attached));
    return rows;
}

std::vector<PropertiesDock::Row> PropertiesDock::switchRows(std::int32_t switchIndex) const
{
    const Fabric &fabric = m_document->fabric();
    const Switch &sw = fabric.switchAt(switchIndex);
    std::vector<Row> rows;
    auto header = [&](const QString &text) { rows.push_back({Row::Kind::Header, text, {}, 0.0}); };
    auto fact = [&](const QString &label, const QString &value) {
        rows.push_back({Row::Kind::Fact, label, value, 0.0});
    };

    header(tr("Switch"));
    fact(tr("Tier"), QString::fromLatin1(tierName(sw.tier)));
    fact(tr("Model"), orDash(sw.model));
    fact(tr("Radix"), ports(sw.radix));
    const auto used = static_cast<int>(fabric.incidentLinks(fabric.switchNode(switchIndex)).size());
    fact(tr("Ports used"), tr("%1 of %2").arg(used).arg(sw.radix));
    fact(tr("Plane"), QString::number(sw.plane));
    fact(tr("Rail"), sw.rail >= 0 ? QString::number(sw.rail) : QStringLiteral("—"));
    fact(tr("SHARP"), sw.sharp ? tr("yes") : tr("no"));
    fact(tr("State"), m_document->isSwitchFailed(switchIndex) ? tr("failed (what-if)") : tr("up"));

    header(tr("Location"));
    fact(tr("Zone"), orDash(sw.location.zone));
    fact(tr("Pod"), orDash(sw.location.pod));
    fact(tr("Scalable unit"), orDash(sw.location.su));
    fact(tr("Rack"), orDash(sw.location.rack));

    header(m_document->hasFailures() ? tr("Capacity (what-if)") : tr("Capacity"));
    const AnalysisReport *report = m_runner && m_runner->document() == m_document ? m_runner->current() : nullptr;
    const auto &perSwitch = report ? report->oversubscription.perSwitch : std::vector<SwitchOversubscription>{};
    if (static_cast<std::int32_t>(perSwitch.size()) == fabric.switchCount()) {
        const SwitchOversubscription &o = perSwitch[static_cast<size_t>(switchIndex)];
        bool isTop = false;
        for (const TierOversubscription &t : report->oversubscription.tiers)
            if (t.tier == sw.tier)
                isTop = t.isTop;
        fact(tr("Down"), gbps(o.downGbps));
        fact(tr("Up"), gbps(o.upGbps));
        QString ratio;
        if (std::isinf(o.ratio))
            ratio = tr("∞ (no uplink capacity)");
        else if (std::isnan(o.ratio))
            ratio = isTop ? tr("— (top tier)") : tr("— (no links)");
        else
            ratio = tr("%1 : 1").arg(QLocale().toString(o.ratio, 'f', 2));
        fact(tr("Oversubscription"), ratio);
    } else {
        const QString pending = m_runner ? tr("analysing…") : tr("no analysis");
        fact(tr("Down"), pending);
        fact(tr("Up"), pending);
        fact(tr("Oversubscription"), pending);
    }
    return rows;
}

std::vector<PropertiesDock::Row> PropertiesDock::linkRows(std::int32_t linkIndex) const
{
    const Fabric &fabric = m_document->fabric();
    const Link &link = fabric.link(linkIndex);
    std::vector<Row> rows;
    auto header = [&](const QString &text) { rows.push_back({Row::Kind::Header, text, {}, 0.0}); };
    auto fact = [&](const QString &label, const QString &value) {
        rows.push_back({Row::Kind::Fact, label, value, 0.0});
    };
    auto end = [&](NodeIndex n, int port) {
        const QString id
            = n >= 0 && n < fabric.nodeCount() ? QString::fromStdString(fabric.nodeId(n)) : tr("(missing)");
        return port >= 0 ? tr("%1 · port %2").arg(id).arg(port) : tr("%1 · port unassigned").arg(id);
    };
    auto switchFailed
        = [&](NodeIndex n) { return fabric.isSwitch(n) && m_document->isSwitchFailed(fabric.switchIndexOf(n)); };

    header(tr("Link"));
    fact(tr("End A"), end(link.a, link.portA));
    fact(tr("End B"), end(link.b, link.portB));
    rows.push_back({Row::Kind::CapacityEditor, tr("Capacity"), {}, link.capacityGbps, 0.0});
    fact(tr("State"), linkStateText(link.state));
    rows.push_back({Row::Kind::RateEditor, tr("Runs at"), {}, link.effectiveGbps(), link.capacityGbps});
    fact(tr("Plane"), QString::number(link.plane));

    header(tr("What-if"));
    // Why it carries what it carries; how much is the document's capacity view.
    QString whatIf = tr("up");
    if (m_document->isLinkFailed(linkIndex))
        whatIf = tr("failed (what-if)");
    else if (switchFailed(link.a))
        whatIf = tr("down: %1 failed (what-if)").arg(QString::fromStdString(fabric.nodeId(link.a)));
    else if (switchFailed(link.b))
        whatIf = tr("down: %1 failed (what-if)").arg(QString::fromStdString(fabric.nodeId(link.b)));
    fact(tr("Status"), whatIf);
    fact(tr("Carries"), tr("%1 per direction").arg(gbps(m_document->capacityView().gbps[size_t(linkIndex)])));
    return rows;
}

void PropertiesDock::addGbpsEditor(GbpsEditor &editor, const QString &label, const QString &objectName, int decimals,
                                   double minimum, const QString &toolTip)
{
    editor.box = new QDoubleSpinBox(m_formWidget);
    editor.box->setObjectName(objectName);
    editor.box->setDecimals(decimals);
    editor.box->setRange(minimum, 102400.0); // the rate editor narrows this to the link's capacity
    editor.box->setSuffix(tr(" Gbit/s"));
    editor.box->setKeyboardTracking(false);
    editor.box->setToolTip(toolTip);
    connect(editor.box, &QDoubleSpinBox::valueChanged, this, [&editor] { editor.dirty = true; });
    connect(editor.box, &QDoubleSpinBox::editingFinished, this, [this, &editor] { applyEdit(editor); });
    m_form->addRow(label, editor.box);
}

void PropertiesDock::applyEdit(GbpsEditor &editor)
{
    if (!m_document || !editor.box || !editor.dirty)
        return; // focus left without an edit: never clamp a value the box cannot show
    editor.dirty = false;
    const std::int32_t link = m_document->fabric().findLink(m_shownId);
    if (link >= 0)
        (m_document->*editor.apply)(link, editor.box->value());
}

} // namespace Railyard
