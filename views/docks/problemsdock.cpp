#include "views/docks/problemsdock.h"

#include "core/document/fabricdocument.h"
#include "core/intents/intentreader.h"
#include "views/analysisrunner.h"
#include "views/docks/analysischarts.h"

#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QTreeWidget>

#include <algorithm>
#include <array>
#include <cmath>

namespace Railyard {

namespace {

/// Per source: beyond this many messages a summary row stands for the rest,
/// so a badly broken 100K-link file cannot flood the list.
constexpr int MessageLimit = 500;
/// Switches without uplinks and failed elements listed one by one.
constexpr int ElementLimit = 100;

QString tierSwitches(Tier tier)
{
    switch (tier) {
    case Tier::Leaf: return ProblemsDock::tr("leaf switches");
    case Tier::Spine: return ProblemsDock::tr("spine switches");
    case Tier::Core: return ProblemsDock::tr("core switches");
    case Tier::Unlayered: break;
    }
    return ProblemsDock::tr("switches");
}

} // namespace

ProblemsDock::ProblemsDock(QWidget *parent)
    : QDockWidget(tr("Problems"), parent)
{
    setObjectName(QStringLiteral("ProblemsDock"));

    m_stack = new QStackedWidget(this);
    m_list = new QTreeWidget(m_stack);
    m_list->setObjectName(QStringLiteral("ProblemsList"));
    m_list->setColumnCount(2);
    m_list->setHeaderLabels({tr("Message"), tr("Element")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setWordWrap(false);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_stack->addWidget(m_list);

    auto *empty = new QLabel(tr("No problems found."), m_stack);
    empty->setObjectName(QStringLiteral("ProblemsEmpty"));
    empty->setAlignment(Qt::AlignCenter);
    empty->setForegroundRole(QPalette::PlaceholderText);
    m_stack->addWidget(empty);
    setWidget(m_stack);

    m_revalidateTimer = new QTimer(this);
    m_revalidateTimer->setSingleShot(true);
    m_revalidateTimer->setInterval(0); // coalesce bursts of edits into one validate()
    connect(m_revalidateTimer, &QTimer::timeout, this, [this] {
        revalidate();
        rebuildList();
    });

    m_overrideAction = new QAction(tr("&Override Inference…"), m_list);
    m_overrideAction->setEnabled(false);
    connect(m_overrideAction, &QAction::triggered, this, [this] {
        if (QTreeWidgetItem *item = m_list->currentItem())
            askOverride(item->data(0, Qt::UserRole + 1).toInt());
    });
    m_list->addAction(m_overrideAction);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_overrideAction->setEnabled(item && item->data(0, Qt::UserRole + 1).toInt() >= 0);
    });
    auto *clearRefused = new QAction(tr("Clear Refused Edits"), m_list);
    connect(clearRefused, &QAction::triggered, this, &ProblemsDock::clearRefusedEdits);
    m_list->addAction(clearRefused);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(m_list, &QTreeWidget::itemClicked, this, &ProblemsDock::onItemClicked);
    connect(m_list, &QTreeWidget::itemActivated, this, &ProblemsDock::onItemClicked);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &ProblemsDock::onItemDoubleClicked);
    rebuildList();
}

void ProblemsDock::setDocument(FabricDocument *document)
{
    if (document == m_document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_loadMessages.clear();
    m_refusedEdits.clear();
    m_inferences.clear();
    if (m_document) {
        connect(m_document, &FabricDocument::editRefused, this, &ProblemsDock::onEditRefused);
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            const bool hadRefusals = !m_refusedEdits.empty();
            m_refusedEdits.clear(); // an edit went through: the refusals are history
            if (change == FabricDocument::Change::Positions) {
                if (hadRefusals) // positions never make a fabric (in)valid: no revalidation per drag step
                    rebuildList();
            } else if (change == FabricDocument::Change::Failures) {
                reanalyse(); // failed elements show at once; the runner's verdicts follow
                rebuildList();
            } else {
                m_revalidateTimer->start();
            }
        });
        connect(m_document, &QObject::destroyed, this, [this] {
            m_document = nullptr; // QPointer may already be null: setDocument(nullptr) would do nothing
            m_loadMessages.clear();
            m_inferences.clear();
            revalidate();
            reanalyse();
            rebuildList();
        });
    }
    revalidate(true);
    reanalyse();
    rebuildList();
}

void ProblemsDock::setAnalysisRunner(AnalysisRunner *runner)
{
    if (runner == m_runner)
        return;
    if (m_runner)
        disconnect(m_runner, nullptr, this, nullptr);
    m_runner = runner;
    if (m_runner)
        connect(m_runner, &AnalysisRunner::finished, this, [this] {
            reanalyse();
            rebuildList();
        });
    reanalyse();
    rebuildList();
}

void ProblemsDock::setLoadMessages(const std::vector<FormatError> &errors, const std::vector<FormatError> &warnings)
{
    m_loadMessages.clear();
    for (const FormatError &e : errors)
        m_loadMessages.push_back({Message::Severity::Error, e.toString(), {}});
    for (const FormatError &w : warnings)
        m_loadMessages.push_back({Message::Severity::Warning, w.toString(), {}});
    rebuildList();
}

void ProblemsDock::setInferences(std::vector<Inference> inferences)
{
    // The structural guesses first (what is a host, which tier), then what a link trained
    // at, SHARP, racks, and the rails of every host last: there are the most of them.
    auto rank = [](Inference::Kind kind) {
        switch (kind) {
        case Inference::Kind::Role: return 0;
        case Inference::Kind::Tier: return 1;
        case Inference::Kind::Speed: return 2;
        case Inference::Kind::Sharp: return 3;
        case Inference::Kind::Rack: return 4;
        case Inference::Kind::Rail: return 5;
        }
        return 6;
    };
    std::stable_sort(inferences.begin(), inferences.end(),
                     [&](const Inference &a, const Inference &b) { return rank(a.kind) < rank(b.kind); });
    m_inferences = std::move(inferences);
    rebuildList();
}

std::vector<ProblemsDock::Message> ProblemsDock::inferenceMessages() const
{
    std::vector<Message> out;
    if (!m_document)
        return out;
    int perKind[6] = {0, 0, 0, 0, 0, 0};
    for (size_t i = 0; i < m_inferences.size(); ++i) {
        const Inference &inf = m_inferences[i];
        int &listed = perKind[static_cast<int>(inf.kind)];
        if (listed++ >= MessageLimit)
            continue;
        const QString id = QString::fromStdString(inf.elementId);
        const QString value = QString::fromStdString(inf.value);
        QString what;
        switch (inf.kind) {
        case Inference::Kind::Role:
            what = inf.value == "host" ? tr("%1 is a host").arg(id) : tr("%1 is a switch").arg(id);
            break;
        case Inference::Kind::Tier: what = tr("%1 is a %2 switch").arg(id, value); break;
        case Inference::Kind::Rail: what = tr("%1 has %2 rails").arg(id, value); break;
        case Inference::Kind::Rack: what = tr("%1 is in rack %2").arg(id, value); break;
        case Inference::Kind::Sharp: what = tr("%1 is SHARP-capable").arg(id); break;
        case Inference::Kind::Speed: what = tr("%1 is degraded to %2 Gbit/s").arg(id, value); break;
        }
        const std::string now = m_document->inferredProperty(inf);
        const QString text = now == inf.value ? tr("Inferred: %1 (%2)").arg(what, inf.reason)
            : now.empty()                     ? tr("Inferred, element gone: %1").arg(what)
                                              : tr("Overridden: %1 → now %2").arg(what, QString::fromStdString(now));
        out.push_back({Message::Severity::Information, text, id, static_cast<int>(i)});
    }
    for (int k = 0; k < 6; ++k)
        if (perKind[k] > MessageLimit)
            out.push_back({Message::Severity::Information,
                           tr("… and %1 more inferences of this kind (select the elements and edit them in the "
                              "Properties dock)")
                               .arg(QLocale().toString(perKind[k] - MessageLimit)),
                           {}});
    return out;
}

bool ProblemsDock::overrideInference(int index, const std::string &value, QString *error)
{
    if (!m_document || index < 0 || index >= static_cast<int>(m_inferences.size()))
        return false;
    return m_document->overrideInference(m_inferences[static_cast<size_t>(index)], value, error);
}

void ProblemsDock::askOverride(int index)
{
    if (!m_document || index < 0 || index >= static_cast<int>(m_inferences.size()))
        return;
    const Inference inf = m_inferences[static_cast<size_t>(index)];
    const QString id = QString::fromStdString(inf.elementId);
    const QString current = QString::fromStdString(m_document->inferredProperty(inf));
    QStringList choices;
    switch (inf.kind) {
    case Inference::Kind::Role: choices = {QStringLiteral("host"), QStringLiteral("switch")}; break;
    case Inference::Kind::Tier:
        choices = {QStringLiteral("leaf"), QStringLiteral("spine"), QStringLiteral("core"), QStringLiteral("switch")};
        break;
    case Inference::Kind::Sharp: choices = {QStringLiteral("sharp"), QStringLiteral("no sharp")}; break;
    case Inference::Kind::Speed:
    case Inference::Kind::Rack:
    case Inference::Kind::Rail: break;
    }
    bool ok = false;
    QString value;
    if (!choices.isEmpty()) {
        value = QInputDialog::getItem(this, tr("Override Inference"),
                                      tr("%1 (inferred: %2):").arg(id, QString::fromStdString(inf.value)), choices,
                                      std::max<qsizetype>(0, choices.indexOf(current)), false, &ok);
    } else if (inf.kind == Inference::Kind::Speed) {
        value = QInputDialog::getText(this, tr("Override Inference"),
                                      tr("Rate %1 runs at, in Gbit/s (or \"up\" for its full capacity):").arg(id),
                                      QLineEdit::Normal, QStringLiteral("up"), &ok);
    } else if (inf.kind == Inference::Kind::Rack) {
        value = QInputDialog::getText(this, tr("Override Inference"), tr("Rack of %1:").arg(id), QLineEdit::Normal,
                                      current, &ok);
    } else {
        QString error;
        overrideInference(index, inf.value, &error); // refused with the reason (rails follow NIC order)
        return;
    }
    if (!ok)
        return;
    QString error;
    overrideInference(index, value.trimmed().toStdString(), &error); // a refusal reaches the list as editRefused
}

void ProblemsDock::onItemDoubleClicked(QTreeWidgetItem *item)
{
    if (item && item->data(0, Qt::UserRole + 1).toInt() >= 0)
        askOverride(item->data(0, Qt::UserRole + 1).toInt());
}

void ProblemsDock::setIntentErrors(const std::vector<FormatError> &errors)
{
    m_intentMessages.clear();
    for (const FormatError &e : errors)
        m_intentMessages.push_back({Message::Severity::Error, tr("Intent: %1").arg(intentErrorText(e)), {}});
    rebuildList();
}

int ProblemsDock::messageCount() const
{
    return m_list->topLevelItemCount();
}

QStringList ProblemsDock::messageTexts() const
{
    QStringList texts;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        texts << m_list->topLevelItem(i)->text(0);
    return texts;
}

void ProblemsDock::onEditRefused(const QString &message)
{
    // Newest first; a long session of refusals keeps the last few.
    m_refusedEdits.insert(m_refusedEdits.begin(), {Message::Severity::Error, tr("Edit refused: %1").arg(message), {}});
    if (m_refusedEdits.size() > 20)
        m_refusedEdits.pop_back();
    rebuildList();
    show();
    raise();
}

void ProblemsDock::clearRefusedEdits()
{
    m_refusedEdits.clear();
    rebuildList();
}

void ProblemsDock::revalidate(bool fullCheck)
{
    m_revalidateTimer->stop();
    m_validationMessages.clear();
    if (fullCheck)
        m_invariantMessages.clear();
    if (!m_document)
        return;
    if (fullCheck) {
        const std::vector<Problem> problems = m_document->fabric().validate();
        for (const Problem &p : problems) {
            if (static_cast<int>(m_invariantMessages.size()) == MessageLimit) {
                m_invariantMessages.push_back(
                    {Message::Severity::Error,
                     tr("… and %1 more validation problems")
                         .arg(QLocale().toString(static_cast<qlonglong>(problems.size()) - MessageLimit)),
                     {}});
                break;
            }
            m_invariantMessages.push_back(
                {p.severity == Problem::Severity::Error ? Message::Severity::Error : Message::Severity::Warning,
                 QString::fromStdString(p.message), QString::fromStdString(p.elementId)});
        }
    }
    m_validationMessages = m_invariantMessages;
    // Links the file (or an edit) marks down or degraded: the ones that quietly slow jobs.
    const Fabric &fabric = m_document->fabric();
    int impaired = 0;
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &link = fabric.link(l);
        if (link.state == LinkState::Up)
            continue;
        if (impaired++ >= ElementLimit)
            continue;
        const QString id = QString::fromStdString(link.id);
        m_validationMessages.push_back(
            {Message::Severity::Warning,
             link.state == LinkState::Down
                 ? tr("%1 is down").arg(id)
                 : tr("%1 is degraded: %2 of %3 Gbit/s").arg(id).arg(link.degradedGbps).arg(link.capacityGbps),
             id});
    }
    if (impaired > ElementLimit)
        m_validationMessages.push_back(
            {Message::Severity::Warning,
             tr("… and %1 more links down or degraded").arg(QLocale().toString(impaired - ElementLimit)),
             {}});
}

void ProblemsDock::reanalyse()
{
    m_analysisMessages.clear();
    if (!m_document)
        return;
    const Fabric &fabric = m_document->fabric();
    const bool whatIf = m_document->hasFailures();

    const AnalysisReport *report = m_runner && m_runner->document() == m_document ? m_runner->current() : nullptr;
    if (report) {
        const BisectionResult &bisection = report->bisection;
        if (!bisection.cancelled && !bisection.exact && fabric.hostCount() > 1)
            m_analysisMessages.push_back({Message::Severity::Information,
                                          tr("Bisection is an upper bound (%1); the true minimum cut may be lower")
                                              .arg(AnalysisCharts::methodText(bisection.method)),
                                          {}});

        const auto &perSwitch = report->oversubscription.perSwitch;
        if (static_cast<std::int32_t>(perSwitch.size()) == fabric.switchCount()) {
            for (const TierOversubscription &tier : report->oversubscription.tiers) {
                if (tier.isTop || !std::isinf(tier.worstRatio))
                    continue;
                int listed = 0, more = 0;
                for (const SwitchOversubscription &o : perSwitch) {
                    if (!std::isinf(o.ratio) || fabric.switchAt(o.switchIndex).tier != tier.tier)
                        continue;
                    if (listed == ElementLimit) {
                        ++more;
                        continue;
                    }
                    ++listed;
                    const QString id = QString::fromStdString(fabric.switchAt(o.switchIndex).id);
                    m_analysisMessages.push_back(
                        {Message::Severity::Warning,
                         whatIf ? tr("%1 has no uplink capacity left (what-if): oversubscription ∞").arg(id)
                                : tr("%1 has no uplink capacity: oversubscription ∞").arg(id),
                         id});
                }
                if (more > 0)
                    m_analysisMessages.push_back({Message::Severity::Warning,
                                                  tr("… and %1 more %2 without uplink capacity")
                                                      .arg(QLocale().toString(more), tierSwitches(tier.tier)),
                                                  {}});
            }
        }
    }

    // Failed elements come from the document, so they show before the
    // analysis of the new what-if has finished.
    if (whatIf) {
        const Failures failures = m_document->failures();
        int listed = 0;
        auto add = [&](const std::string &id) {
            if (listed++ < ElementLimit)
                m_analysisMessages.push_back({Message::Severity::Information,
                                              tr("%1 failed (what-if)").arg(QString::fromStdString(id)),
                                              QString::fromStdString(id)});
        };
        for (const std::int32_t s : failures.switches)
            add(fabric.switchAt(s).id);
        for (const std::int32_t l : failures.links)
            add(fabric.link(l).id);
        if (listed > ElementLimit)
            m_analysisMessages.push_back(
                {Message::Severity::Information,
                 tr("… and %1 more failed elements (what-if)").arg(QLocale().toString(listed - ElementLimit)),
                 {}});
    }
}

void ProblemsDock::rebuildList()
{
    QStyle *style = m_list->style();
    const QIcon errorIcon = style->standardIcon(QStyle::SP_MessageBoxCritical);
    const QIcon warningIcon = style->standardIcon(QStyle::SP_MessageBoxWarning);
    const QIcon infoIcon = style->standardIcon(QStyle::SP_MessageBoxInformation);

    // Errors first, then warnings, then information; sources keep their order.
    std::vector<const Message *> messages;
    const std::vector<Message> inferred = inferenceMessages();
    const std::array<const std::vector<Message> *, 6> sources{
        &m_refusedEdits, &m_loadMessages, &m_intentMessages, &m_validationMessages, &m_analysisMessages, &inferred};
    for (const std::vector<Message> *source : sources)
        for (const Message &m : *source)
            messages.push_back(&m);
    std::stable_sort(messages.begin(), messages.end(),
                     [](const Message *a, const Message *b) { return a->severity < b->severity; });

    m_list->setUpdatesEnabled(false);
    m_list->clear();
    QList<QTreeWidgetItem *> items;
    items.reserve(static_cast<qsizetype>(messages.size()));
    for (const Message *m : messages) {
        auto *item = new QTreeWidgetItem({m->text, m->elementId});
        switch (m->severity) {
        case Message::Severity::Error: item->setIcon(0, errorIcon); break;
        case Message::Severity::Warning: item->setIcon(0, warningIcon); break;
        case Message::Severity::Information: item->setIcon(0, infoIcon); break;
        }
        item->setToolTip(0, m->text);
        item->setData(0, Qt::UserRole, m->elementId);
        item->setData(0, Qt::UserRole + 1, m->inference);
        items.append(item);
    }
    m_list->addTopLevelItems(items);
    m_list->setUpdatesEnabled(true);
    m_stack->setCurrentIndex(items.isEmpty() ? 1 : 0);
}

void ProblemsDock::onItemClicked(QTreeWidgetItem *item)
{
    if (!item || !m_document)
        return;
    const std::string id = item->data(0, Qt::UserRole).toString().toStdString();
    if (!id.empty() && m_document->fabric().containsId(id))
        m_document->setSelection({id});
}

} // namespace Railyard
