#include "views/docks/problemsdock.h"

#include "core/analysis/analysisfindings.h"
#include "core/document/fabricdocument.h"
#include "core/floor/cableruns.h"
#include "core/intents/intentreader.h"
#include "views/analysisrunner.h"
#include "views/docks/analysischarts.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

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

    auto *content = new QWidget(this);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *filters = new QHBoxLayout;
    filters->setContentsMargins(4, 4, 4, 0);
    m_severity = new QComboBox(content);
    m_severity->setObjectName(QStringLiteral("ProblemsSeverity"));
    m_severity->addItem(tr("All"));
    m_severity->addItem(tr("Errors and warnings"));
    m_severity->addItem(tr("Errors"));
    filters->addWidget(m_severity);
    m_text = new QLineEdit(content);
    m_text->setObjectName(QStringLiteral("ProblemsFilter"));
    m_text->setPlaceholderText(tr("Filter"));
    m_text->setClearButtonEnabled(true);
    filters->addWidget(m_text, 1);
    layout->addLayout(filters);

    m_stack = new QStackedWidget(content);
    m_model = new ProblemsModel(this);
    m_filter = new ProblemsFilterModel(this);
    m_filter->setSourceModel(m_model);
    m_list = new QTreeView(m_stack);
    m_list->setObjectName(QStringLiteral("ProblemsList"));
    m_list->setModel(m_filter);
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setWordWrap(false);
    m_list->setTextElideMode(Qt::ElideRight);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(ProblemsModel::MessageColumn, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(ProblemsModel::ElementColumn, QHeaderView::ResizeToContents);
    m_stack->addWidget(m_list);

    auto *empty = new QLabel(tr("No problems found."), m_stack);
    empty->setObjectName(QStringLiteral("ProblemsEmpty"));
    empty->setAlignment(Qt::AlignCenter);
    empty->setForegroundRole(QPalette::PlaceholderText);
    m_stack->addWidget(empty);
    layout->addWidget(m_stack, 1);
    setWidget(content);

    connect(m_severity, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_filter->setMinimumSeverity(index == 2   ? ProblemRow::Severity::Error
                                     : index == 1 ? ProblemRow::Severity::Warning
                                                  : ProblemRow::Severity::Information);
        m_stack->setCurrentIndex(m_filter->rowCount() == 0 ? 1 : 0);
    });
    connect(m_text, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setText(text);
        m_stack->setCurrentIndex(m_filter->rowCount() == 0 ? 1 : 0);
    });

    m_revalidateTimer = new QTimer(this);
    m_revalidateTimer->setSingleShot(true);
    m_revalidateTimer->setInterval(0); // coalesce bursts of edits into one validate()
    connect(m_revalidateTimer, &QTimer::timeout, this, [this] {
        revalidate();
        rebuildList();
    });

    m_overrideAction = new QAction(tr("&Override Inference…"), m_list);
    m_overrideAction->setEnabled(false);
    connect(m_overrideAction, &QAction::triggered, this, [this] { askOverride(inferenceAt(m_list->currentIndex())); });
    m_list->addAction(m_overrideAction);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { m_overrideAction->setEnabled(inferenceAt(current) >= 0); });
    auto *clearRefused = new QAction(tr("Clear Refused Edits"), m_list);
    connect(clearRefused, &QAction::triggered, this, &ProblemsDock::clearRefusedEdits);
    m_list->addAction(clearRefused);
    m_list->setContextMenuPolicy(Qt::ActionsContextMenu);

    connect(m_list, &QTreeView::clicked, this, &ProblemsDock::onActivated);
    connect(m_list, &QTreeView::activated, this, &ProblemsDock::onActivated);
    connect(m_list, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        if (inferenceAt(index) >= 0)
            askOverride(inferenceAt(index));
    });
    rebuildList();
}

int ProblemsDock::inferenceAt(const QModelIndex &index) const
{
    return index.isValid() ? m_filter->data(index.siblingAtColumn(0), ProblemsModel::InferenceRole).toInt() : -1;
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
        connect(m_document, &FabricDocument::jobsChanged, this, [this] {
            rejob();
            rebuildList();
        });
        // The floor's problems (runs no part reaches, racks off the floor) follow the floor.
        connect(m_document, &FabricDocument::floorChanged, this, [this] { m_revalidateTimer->start(); });
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
            rejob();
            rebuildList();
        });
    }
    revalidate(true);
    reanalyse();
    rejob();
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

void ProblemsDock::setIntentErrors(const std::vector<FormatError> &errors)
{
    m_intentMessages.clear();
    for (const FormatError &e : errors)
        m_intentMessages.push_back({Message::Severity::Error, tr("Intent: %1").arg(intentErrorText(e)), {}});
    rebuildList();
}

int ProblemsDock::messageCount() const
{
    return m_filter->rowCount();
}

QStringList ProblemsDock::messageTexts() const
{
    QStringList texts;
    for (int i = 0; i < m_filter->rowCount(); ++i)
        texts << m_filter->index(i, ProblemsModel::MessageColumn).data().toString();
    return texts;
}

void ProblemsDock::rejob()
{
    m_jobMessages.clear();
    if (!m_document)
        return;
    for (const JobEntry &job : m_document->jobs())
        if (!job.ok())
            m_jobMessages.push_back({Message::Severity::Error,
                                     tr("Job %1 cannot be read (kept as it was, saved back unchanged): %2")
                                         .arg(job.displayName(), job.error),
                                     {}});
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
        std::vector<Problem> problems = m_document->fabric().validate();
        for (Problem &p : m_document->fabric().reachabilityProblems()) // hosts cut off from the others
            problems.push_back(std::move(p));
        for (Problem &p : floorProblems(m_document->fabric(), CablePartCatalog::defaults()))
            problems.push_back(std::move(p)); // the floor's: runs no cable part reaches
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
    const AnalysisReport *report = m_runner && m_runner->document() == m_document ? m_runner->current() : nullptr;
    // The facts come from core (railyard-cli analyze prints the same); the
    // words are the dock's, in the user's language.
    for (const AnalysisFinding &f : analysisFindings(report, fabric, m_document->failures(), ElementLimit)) {
        const QString id = QString::fromStdString(f.elementId);
        Message m;
        m.severity = f.severity == AnalysisFinding::Severity::Error     ? Message::Severity::Error
            : f.severity == AnalysisFinding::Severity::Warning          ? Message::Severity::Warning
                                                                        : Message::Severity::Information;
        m.elementId = id;
        switch (f.kind) {
        case AnalysisFinding::Kind::BisectionUpperBound:
            m.text = tr("Bisection is an upper bound (%1); the true minimum cut may be lower")
                         .arg(AnalysisCharts::methodText(f.method));
            break;
        case AnalysisFinding::Kind::NoUplink:
            m.text = f.whatIf ? tr("%1 has no uplink capacity left (what-if): oversubscription ∞").arg(id)
                              : tr("%1 has no uplink capacity: oversubscription ∞").arg(id);
            break;
        case AnalysisFinding::Kind::MoreNoUplink:
            m.text = tr("… and %1 more %2 without uplink capacity").arg(QLocale().toString(f.count), tierSwitches(f.tier));
            break;
        case AnalysisFinding::Kind::Failed: m.text = tr("%1 failed (what-if)").arg(id); break;
        case AnalysisFinding::Kind::MoreFailed:
            m.text = tr("… and %1 more failed elements (what-if)").arg(QLocale().toString(f.count));
            break;
        }
        m_analysisMessages.push_back(std::move(m));
    }
}

void ProblemsDock::rebuildList()
{
    // Errors first, then warnings, then information; sources keep their order.
    std::vector<Message> messages;
    const std::vector<Message> inferred = inferenceMessages();
    const std::array<const std::vector<Message> *, 7> sources{&m_refusedEdits,       &m_loadMessages,
                                                              &m_jobMessages,        &m_intentMessages,
                                                              &m_validationMessages, &m_analysisMessages,
                                                              &inferred};
    for (const std::vector<Message> *source : sources)
        messages.insert(messages.end(), source->begin(), source->end());
    std::stable_sort(messages.begin(), messages.end(),
                     [](const Message &a, const Message &b) { return a.severity < b.severity; });
    m_model->setProblems(std::move(messages));
    m_stack->setCurrentIndex(m_filter->rowCount() == 0 ? 1 : 0);
}

void ProblemsDock::onActivated(const QModelIndex &index)
{
    if (!index.isValid() || !m_document)
        return;
    const std::string id = m_filter->data(index.siblingAtColumn(0), ProblemsModel::ElementRole).toString().toStdString();
    if (!id.empty() && m_document->fabric().containsId(id))
        m_document->setSelection({id});
}

} // namespace Railyard
