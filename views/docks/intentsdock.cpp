#include "views/docks/intentsdock.h"

#include "core/controlplane/intentjobcheck.h"
#include "core/document/fabricdocument.h"
#include "core/intents/intentdiff.h"
#include "core/intents/intenthosts.h"
#include "core/intents/intentlint.h"
#include "core/intents/intentreader.h"
#include "core/intents/intentreview.h"
#include "core/intents/intentstore.h"
#include "core/intents/keyring.h"
#include "core/intents/selector.h"
#include "views/canvas/colours.h"
#include "views/docks/intentreviewpanel.h"
#include "views/docks/intentrulesview.h"
#include "views/docks/intentversionspanel.h"
#include "views/docks/loadedintent.h"
#include "views/lastdirectory.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace Railyard {

namespace {

/// Item data role of a lint finding's pointer and of a change block's index.
constexpr int DataRole = Qt::UserRole;

QString severityText(LintSeverity severity)
{
    switch (severity) {
    case LintSeverity::Error: return IntentsDock::tr("error");
    case LintSeverity::Warning: return IntentsDock::tr("warning");
    case LintSeverity::Info: return IntentsDock::tr("info");
    }
    return {};
}

QString number(long long n)
{
    return QLocale().toString(n);
}

} // namespace

IntentsDock::IntentsDock(QWidget *parent)
    : QDockWidget(tr("Intents"), parent)
{
    setObjectName(QStringLiteral("IntentsDock"));
    m_recomputeTimer = new QTimer(this);
    m_recomputeTimer->setSingleShot(true);
    m_recomputeTimer->setInterval(0); // one recompute per burst of structure edits
    connect(m_recomputeTimer, &QTimer::timeout, this, &IntentsDock::recompute);
    build();
    recompute();
}

IntentsDock::~IntentsDock() = default;

void IntentsDock::build()
{
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *buttons = new QHBoxLayout;
    auto *open = new QPushButton(tr("Open…"), body);
    open->setObjectName(QStringLiteral("openIntentButton"));
    open->setToolTip(tr("Open an intent (*.intent.json) or a submitted or reviewed intent file"));
    m_compareButton = new QPushButton(tr("Compare with…"), body);
    m_compareButton->setObjectName(QStringLiteral("compareIntentButton"));
    m_compareButton->setToolTip(tr("Open another version of the intent and show what changes"));
    m_clearButton = new QPushButton(tr("Clear"), body);
    m_clearButton->setToolTip(tr("Close the intents and clear the canvas"));
    buttons->addWidget(open);
    buttons->addWidget(m_compareButton);
    buttons->addWidget(m_clearButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    m_oldLabel = new QLabel(body);
    m_newLabel = new QLabel(body);
    for (QLabel *label : {m_oldLabel, m_newLabel}) {
        label->setTextFormat(Qt::RichText);
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        layout->addWidget(label);
    }
    m_errorLabel = new QLabel(body);
    m_errorLabel->setObjectName(QStringLiteral("intentErrors"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_errorLabel->hide();
    layout->addWidget(m_errorLabel);

    m_tabs = new QTabWidget(body);
    m_versions = new IntentVersionsPanel(m_tabs);
    m_rules = new IntentRulesView(m_tabs);

    auto *lintPage = new QWidget(m_tabs);
    auto *lintLayout = new QVBoxLayout(lintPage);
    m_lintSummary = new QLabel(lintPage);
    m_lintSummary->setWordWrap(true);
    m_lintSummary->setTextFormat(Qt::RichText);
    m_lintList = new QTreeWidget(lintPage);
    m_lintList->setObjectName(QStringLiteral("IntentLint"));
    m_lintList->setRootIsDecorated(false);
    m_lintList->setUniformRowHeights(true);
    m_lintList->setHeaderLabels({tr("Severity"), tr("Pointer"), tr("Message")});
    m_lintList->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_lintList->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_lintList->setToolTip(tr("Double-click a finding to select its rule and the racks it names"));
    lintLayout->addWidget(m_lintSummary);
    lintLayout->addWidget(m_lintList, 1);

    auto *changesPage = new QWidget(m_tabs);
    auto *changesLayout = new QVBoxLayout(changesPage);
    m_changesSummary = new QLabel(changesPage);
    m_changesSummary->setObjectName(QStringLiteral("intentChangesSummary"));
    m_changesSummary->setWordWrap(true);
    m_changesSummary->setTextFormat(Qt::RichText);
    m_changesSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_changes = new QTreeWidget(changesPage);
    m_changes->setObjectName(QStringLiteral("IntentChanges"));
    m_changes->setRootIsDecorated(false);
    m_changes->setUniformRowHeights(true);
    m_changes->setHeaderLabels({QString(), tr("Protocol"), tr("From"), tr("To"), tr("Pairs"), tr("Decided by")});
    m_changes->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_changes->setToolTip(tr("Double-click a change to select its racks on the canvas"));
    changesLayout->addWidget(m_changesSummary);
    changesLayout->addWidget(m_changes, 1);

    // The review's texts wrap; in a short dock they scroll rather than clip.
    auto *reviewPage = new QScrollArea(m_tabs);
    reviewPage->setWidgetResizable(true);
    reviewPage->setFrameShape(QFrame::NoFrame);
    m_review = new IntentReviewPanel(reviewPage);
    reviewPage->setWidget(m_review);
    m_tabs->addTab(m_versions, tr("Versions"));
    m_tabs->addTab(m_rules, tr("Rules"));
    m_tabs->addTab(lintPage, tr("Lint"));
    m_tabs->addTab(changesPage, tr("Changes"));
    m_tabs->addTab(reviewPage, tr("Review"));
    layout->addWidget(m_tabs, 1);
    setWidget(body);

    connect(open, &QPushButton::clicked, this, [this] { chooseAndOpen(false); });
    connect(m_compareButton, &QPushButton::clicked, this, [this] { chooseAndOpen(true); });
    connect(m_clearButton, &QPushButton::clicked, this, &IntentsDock::clearIntents);
    connect(m_lintList, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem *item) { activateLintItem(item); });
    connect(m_changes, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem *item) { activateChangeItem(item); });
    connect(m_versions, &IntentVersionsPanel::showRequested, this,
            [this](const std::vector<std::int64_t> &ids) { showStoredVersions(ids); });
    connect(m_versions, &IntentVersionsPanel::addRequested, this, [this] { addToProject(); });
    connect(m_review, &IntentReviewPanel::keyringChanged, this, &IntentsDock::recompute);
    connect(m_review, &IntentReviewPanel::reviewed, this, [this](const std::string &file, std::int64_t id) {
        if (m_new) {
            m_new->reviewedFile = file;
            if (id)
                m_new->storedId = id;
        }
        m_versions->refresh();
        updateHeader();
    });
}

void IntentsDock::setDocument(FabricDocument *document)
{
    if (document == m_document)
        return;
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document)
        connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            if (change == FabricDocument::Change::Structure)
                m_recomputeTimer->start(); // group and link indices moved: the diff is stale
        });
    recompute();
}

void IntentsDock::setProjectPath(const QString &path)
{
    m_versions->setProjectPath(path);
    m_review->setSubject(m_new.get(), m_versions->projectPath());
}

const LoadedIntent *IntentsDock::oldIntent() const
{
    return m_old.get();
}

const LoadedIntent *IntentsDock::newIntent() const
{
    return m_new.get();
}

QString IntentsDock::errorText() const
{
    QStringList lines;
    for (const FormatError &e : m_errors)
        lines << intentErrorText(e);
    return lines.join(QLatin1Char('\n'));
}

void IntentsDock::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(static_cast<int>(tab));
}

void IntentsDock::setErrors(std::vector<FormatError> errors)
{
    m_errors = std::move(errors);
    m_errorLabel->setText(errorText());
    m_errorLabel->setVisible(!m_errors.empty());
    emit intentErrors(m_errors);
}

void IntentsDock::chooseAndOpen(bool compare)
{
    QString dir = m_lastDirectory;
    if (dir.isEmpty())
        dir = lastDirectory();
    const QString path = QFileDialog::getOpenFileName(this, compare ? tr("Compare with Intent") : tr("Open Intent"),
                                                      dir, tr("Intents (*.intent.json *.json);;All files (*)"));
    if (path.isEmpty())
        return;
    m_lastDirectory = QFileInfo(path).absolutePath();
    if (compare)
        compareWith(path);
    else
        openIntent(path);
}

bool IntentsDock::openIntent(const QString &path)
{
    std::vector<FormatError> errors;
    auto loaded = LoadedIntent::readFile(path, &errors);
    if (!loaded) {
        setErrors(std::move(errors));
        return false;
    }
    setErrors({});
    // The version being compared, again (its submitted or reviewed file, as
    // the review goes on): the comparison stays. Anything else starts afresh.
    const bool sameVersion = m_old && m_new && loaded->intent.cluster == m_new->intent.cluster
        && loaded->intent.metadata.version == m_new->intent.metadata.version;
    if (!sameVersion)
        m_old.reset();
    m_new = std::make_unique<LoadedIntent>(std::move(*loaded));
    recompute();
    showTab(Tab::Rules);
    return true;
}

bool IntentsDock::compareWith(const QString &path)
{
    if (!m_new)
        return openIntent(path);
    std::vector<FormatError> errors;
    auto loaded = LoadedIntent::readFile(path, &errors);
    if (!loaded) {
        setErrors(std::move(errors));
        return false;
    }
    setErrors({});
    auto other = std::make_unique<LoadedIntent>(std::move(*loaded));
    if (other->intent.metadata.version < m_new->intent.metadata.version) {
        m_old = std::move(other);
    } else {
        m_old = std::move(m_new);
        m_new = std::move(other);
    }
    recompute();
    showTab(Tab::Rules); // what the reviewer reads first; the canvas shows the effect
    return true;
}

std::optional<LoadedIntent> IntentsDock::loadStored(std::int64_t id, std::vector<FormatError> *errors) const
{
    const IntentStore store(m_versions->projectPath());
    ProjectError error;
    const auto version = store.version(id, &error);
    if (!version) {
        errors->push_back({error.file, 0, 0, {}, error.message});
        return std::nullopt;
    }
    std::string reviewed;
    if (const auto reviews = store.reviews(id, &error); reviews && !reviews->empty())
        reviewed = reviews->back().file;
    return LoadedIntent::fromStored(*version, std::move(reviewed), errors);
}

bool IntentsDock::showStoredVersions(const std::vector<std::int64_t> &ids)
{
    if (ids.empty() || ids.size() > 2 || m_versions->projectPath().isEmpty())
        return false;
    std::vector<FormatError> errors;
    std::vector<LoadedIntent> loaded;
    for (const std::int64_t id : ids)
        if (auto one = loadStored(id, &errors))
            loaded.push_back(std::move(*one));
    if (loaded.size() != ids.size()) {
        setErrors(std::move(errors));
        return false;
    }
    if (loaded.size() == 1) {
        // Its parent, when the project holds it, is the old side.
        // Copies: inserting the parent moves the loaded intents.
        const std::optional<int> parentVersion = loaded.front().intent.metadata.parent;
        const std::string cluster = loaded.front().intent.cluster;
        if (parentVersion)
            if (const auto id = IntentStore(m_versions->projectPath()).findVersion(cluster, *parentVersion))
                if (auto parent = loadStored(*id, &errors))
                    loaded.insert(loaded.begin(), std::move(*parent));
    }
    std::sort(loaded.begin(), loaded.end(), [](const LoadedIntent &a, const LoadedIntent &b) {
        return a.intent.metadata.version < b.intent.metadata.version;
    });
    setErrors({});
    m_new = std::make_unique<LoadedIntent>(std::move(loaded.back()));
    m_old = loaded.size() == 2 ? std::make_unique<LoadedIntent>(std::move(loaded.front())) : nullptr;
    recompute();
    showTab(Tab::Rules);
    return true;
}

bool IntentsDock::addToProject()
{
    const QString project = m_versions->projectPath();
    if (!m_new || project.isEmpty())
        return false;
    ProjectError error;
    const IntentStore store(project);
    std::optional<std::int64_t> id;
    const QString name = m_new->path.isEmpty() ? m_new->displayName : m_new->path;
    // A submitted or reviewed file keeps its signatures with the version.
    ReviewedReadResult read;
    if (!m_new->reviewedFile.empty())
        read = IntentReview::read(m_new->reviewedFile, name);
    if (!read.ok() || store.addReview(*read.reviewed, &error))
        id = store.addVersion(m_new->text, name, &error);
    if (!id) {
        std::vector<FormatError> errors{{error.file, 0, 0, {}, error.message}};
        setErrors(std::move(errors));
        return false;
    }
    setErrors({});
    m_new->storedId = *id;
    m_versions->refresh();
    updateHeader();
    return true;
}

void IntentsDock::clearIntents()
{
    m_old.reset();
    m_new.reset();
    setErrors({});
    recompute();
}

QString IntentsDock::headerText() const
{
    return m_newLabel->text();
}

QString IntentsDock::verificationProblem(const LoadedIntent &intent) const
{
    if (intent.reviewedFile.empty())
        return {}; // a draft claims no review
    const QString folder = m_review->keyringFolder();
    if (folder.isEmpty())
        return tr("no keyring chosen to check its signatures (Review ▸ Choose Keyring…)");
    QString error;
    const std::optional<Keyring> keyring = Keyring::load(folder, &error);
    if (!keyring)
        return error;
    const VerifyResult v = IntentReview::verify(intent.reviewedFile, *keyring);
    if (v.valid)
        return {};
    return v.failures.empty() ? tr("invalid") : QString::fromStdString(v.failures.front()).left(300);
}

void IntentsDock::updateHeader()
{
    // Above every tab: a reviewed file that does not verify says so there,
    // and its hash is only what the file claims.
    auto describe = [this](const LoadedIntent &intent) {
        const QString problem = verificationProblem(intent);
        QString text = intent.label().toHtmlEscaped();
        text += QStringLiteral(" <span style=\"color: gray\">%1 %2…</span>")
                    .arg(problem.isEmpty() ? QStringLiteral("sha256") : tr("claims sha256"),
                         QString::fromStdString(intent.sha256.substr(0, 12)));
        if (!intent.intent.metadata.author.empty())
            text += tr(" · by %1").arg(QString::fromStdString(intent.intent.metadata.author).toHtmlEscaped());
        if (!problem.isEmpty())
            text += tr("<br><b><span style=\"color: #c0392b\">NOT VERIFIED</span></b>: %1").arg(problem.toHtmlEscaped());
        return text;
    };
    m_oldLabel->setVisible(m_old != nullptr);
    if (m_old)
        m_oldLabel->setText(tr("<b>Old:</b> %1").arg(describe(*m_old)));
    if (!m_new)
        m_newLabel->setText(tr("Open an intent file (*.intent.json) to lint it against this fabric; Compare with… "
                               "a second version to see the rules and the racks and links that change."));
    else if (m_old)
        m_newLabel->setText(tr("<b>New:</b> %1").arg(describe(*m_new)));
    else
        m_newLabel->setText(tr("<b>Intent:</b> %1").arg(describe(*m_new)));
    // Wrapped rich text in the dock's column is not given its height for
    // the width by the layout: the NOT VERIFIED line would be cut off.
    for (QLabel *label : {m_oldLabel, m_newLabel})
        label->setMinimumHeight(std::max(0, label->heightForWidth(std::max(label->width(), 240))));
    m_compareButton->setEnabled(m_new != nullptr);
    m_clearButton->setEnabled(m_new != nullptr);
    m_versions->setCanAdd(m_new && m_new->storedId == 0);
}

void IntentsDock::recompute()
{
    m_recomputeTimer->stop();
    m_diff.reset();
    m_lint.reset();
    emit diffChanged(nullptr, QString()); // the old diff's grouping goes with it
    const Fabric *fabric = m_document ? &m_document->fabric() : nullptr;
    if (m_new && fabric) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        m_lint = std::make_unique<LintReport>(lintIntent(m_new->intent, *fabric));
        m_lint->sha256 = m_new->sha256;
        // The document's jobs are running on the fabric: traffic of theirs the
        // intent would deny is an error, as `intent lint --job` says.
        const std::vector<LintFinding> jobs
            = jobLintFindings(checkIntentAgainstJobs(m_new->intent, *fabric, m_document->readableJobs()));
        m_lint->findings.insert(m_lint->findings.begin(), jobs.begin(), jobs.end());
        std::stable_sort(m_lint->findings.begin(), m_lint->findings.end(),
                         [](const LintFinding &a, const LintFinding &b) { return a.severity < b.severity; });
        if (m_old) {
            m_diff = std::make_unique<IntentDiff>(diffIntents(m_old->intent, m_new->intent, *fabric));
            m_diff->beforeSha256 = m_old->sha256;
            m_diff->afterSha256 = m_new->sha256;
        }
        QApplication::restoreOverrideCursor();
    }
    updateHeader();
    if (m_new) {
        m_rules->showRules(m_old ? &m_old->intent : nullptr, m_new->intent, m_diff ? &m_diff->rules : nullptr,
                           m_old ? tr("Old (v%1)").arg(m_old->intent.metadata.version) : tr("Old"),
                           m_old ? tr("New (v%1)").arg(m_new->intent.metadata.version)
                                 : tr("v%1").arg(m_new->intent.metadata.version));
    } else {
        m_rules->clearRules();
    }
    fillLint();
    fillChanges();
    m_review->setSubject(m_new.get(), m_versions->projectPath());
    m_review->setEnforcementSubject(fabric, m_new.get());
    if (m_diff) {
        const bool unverified = !verificationProblem(*m_old).isEmpty() || !verificationProblem(*m_new).isEmpty();
        emit diffChanged(&m_diff->semantics,
                         tr("Intent diff v%1 → v%2%3")
                             .arg(m_old->intent.metadata.version)
                             .arg(m_new->intent.metadata.version)
                             .arg(unverified ? tr(" (NOT VERIFIED)") : QString()));
    }
}

void IntentsDock::fillLint()
{
    m_lintList->clear();
    if (!m_lint) {
        m_lintSummary->setText(m_new ? tr("Open a fabric to lint the intent against it.") : QString());
        m_tabs->setTabText(static_cast<int>(Tab::Lint), tr("Lint"));
        return;
    }
    const LintReport &r = *m_lint;
    m_lintSummary->setText(tr("v%1 on %2: <b>%3 errors</b>, %4 warnings, %5 notes · %6 hosts in %7 groups · RDMA "
                              "allowed on %8, TCP on %9 of %10 group pairs")
                               .arg(r.version)
                               .arg(QString::fromStdString(r.fabricName).toHtmlEscaped())
                               .arg(r.count(LintSeverity::Error))
                               .arg(r.count(LintSeverity::Warning))
                               .arg(r.count(LintSeverity::Info))
                               .arg(number(r.hosts), number(r.groups), number(r.allowedPairs[0]),
                                    number(r.allowedPairs[1]), number(r.totalPairs)));
    QStyle *style = m_lintList->style();
    for (const LintFinding &f : r.findings) {
        auto *item = new QTreeWidgetItem(m_lintList);
        item->setText(0, severityText(f.severity));
        item->setIcon(0,
                      style->standardIcon(f.severity == LintSeverity::Error ? QStyle::SP_MessageBoxCritical
                                              : f.severity == LintSeverity::Warning
                                              ? QStyle::SP_MessageBoxWarning
                                              : QStyle::SP_MessageBoxInformation));
        item->setText(1, QString::fromStdString(f.pointer));
        item->setText(2, QString::fromStdString(f.message));
        item->setToolTip(2, QString::fromStdString(f.kind + ": " + f.message));
        item->setData(0, DataRole, QString::fromStdString(f.pointer));
    }
    const int problems = r.count(LintSeverity::Error) + r.count(LintSeverity::Warning);
    m_tabs->setTabText(static_cast<int>(Tab::Lint), problems ? tr("Lint (%1)").arg(problems) : tr("Lint"));
}

void IntentsDock::fillChanges()
{
    m_changes->clear();
    if (!m_diff) {
        m_changesSummary->setText(m_new ? tr("Compare with… a second version to see what it changes on the fabric.")
                                        : QString());
        return;
    }
    const SemanticDiff &sem = m_diff->semantics;
    QStringList lines;
    lines << tr("<b>v%1 → v%2</b> on %3")
                 .arg(m_old->intent.metadata.version)
                 .arg(m_new->intent.metadata.version)
                 .arg(QString::fromStdString(sem.grouping->fabric().name).toHtmlEscaped());
    for (int p = 0; p < matrixProtocolCount; ++p)
        lines
            << tr("%1: %2 group pairs newly allowed, %3 newly denied; public egress opened on %4, closed on %5 groups")
                   .arg(QString::fromLatin1(intentProtocolName(matrixProtocols[p])).toUpper(),
                        number(sem.newlyAllowed[p]), number(sem.newlyDenied[p]), number(sem.egressOpened[p]),
                        number(sem.egressClosed[p]));
    if (sem.redecided)
        lines << tr("%1 pairs keep their outcome under another rule").arg(number(sem.redecided));
    int racks[3] = {0, 0, 0}, links[3] = {0, 0, 0};
    for (const RackChange &r : sem.racks)
        ++racks[int(r.kind)];
    for (const LinkChange &l : sem.links)
        ++links[int(l.kind)];
    lines << tr("Affected: %1 racks (%2 added, %3 removed, %4 changed), %5 links (%6 added, %7 removed, %8 changed)")
                 .arg(number(static_cast<long long>(sem.racks.size())), number(racks[0]), number(racks[1]),
                      number(racks[2]), number(static_cast<long long>(sem.links.size())), number(links[0]),
                      number(links[1]), number(links[2]));
    if (sem.empty())
        lines << tr("No group pair changes its reachability.");
    m_changesSummary->setText(lines.join(QStringLiteral("<br>")));

    const IntentGrouping &grouping = *sem.grouping;
    const QColor base = m_changes->palette().color(QPalette::Base);
    for (size_t i = 0; i < sem.blocks.size(); ++i) {
        const PairChangeBlock &b = sem.blocks[i];
        auto *item = new QTreeWidgetItem(m_changes);
        item->setText(0, b.allowedNow ? QStringLiteral("+") : QStringLiteral("−"));
        item->setToolTip(0, b.allowedNow ? tr("newly allowed") : tr("newly denied"));
        item->setText(1, QString::fromLatin1(intentProtocolName(b.proto)));
        item->setText(2, QString::fromStdString(grouping.describeGroups(b.from)));
        item->setToolTip(2, QString::fromStdString(grouping.describeGroups(b.from, 200)));
        item->setText(3, QString::fromStdString(grouping.describeGroups(b.to)));
        item->setToolTip(3, QString::fromStdString(grouping.describeGroups(b.to, 200)));
        item->setText(4, number(b.pairs()));
        // Each rule pointer names its version: /allow/4 is another rule in each.
        item->setText(5, tr("v%1 %2 ⇒ v%3 %4")
                             .arg(m_old->intent.metadata.version)
                             .arg(QString::fromStdString(b.before.describe()))
                             .arg(m_new->intent.metadata.version)
                             .arg(QString::fromStdString(b.after.describe())));
        item->setData(0, DataRole, static_cast<int>(i));
        const QColor c = intentDiffColour(b.allowedNow ? 1 : 2);
        const QColor tint = QColor::fromRgbF(base.redF() + (c.redF() - base.redF()) * 0.18,
                                             base.greenF() + (c.greenF() - base.greenF()) * 0.18,
                                             base.blueF() + (c.blueF() - base.blueF()) * 0.18);
        for (int col = 0; col < m_changes->columnCount(); ++col)
            item->setBackground(col, tint);
    }
}

void IntentsDock::selectGroups(const std::vector<int> &groups)
{
    if (!m_document || !m_diff)
        return;
    const IntentGrouping &grouping = *m_diff->semantics.grouping;
    const Fabric &fabric = m_document->fabric();
    std::vector<std::string> ids;
    for (const int g : groups)
        if (g >= 0 && g < grouping.groupCount())
            for (const std::int32_t h : grouping.group(g).hosts)
                if (h < fabric.hostCount())
                    ids.push_back(fabric.host(h).id);
    if (!ids.empty())
        m_document->setSelection(std::move(ids));
}

void IntentsDock::selectRuleHosts(const QString &pointer)
{
    if (!m_document || !m_new)
        return;
    std::vector<std::string> ids = hostsNamedBy(m_new->intent, pointer.toStdString(), m_document->fabric());
    if (!ids.empty())
        m_document->setSelection(std::move(ids));
}

void IntentsDock::activateLintItem(QTreeWidgetItem *item)
{
    if (!item)
        return;
    const QString pointer = item->data(0, DataRole).toString();
    m_rules->selectPointer(pointer);
    selectRuleHosts(pointer);
}

void IntentsDock::activateChangeItem(QTreeWidgetItem *item)
{
    if (!item || !m_diff)
        return;
    const int index = item->data(0, DataRole).toInt();
    const auto &blocks = m_diff->semantics.blocks;
    if (index < 0 || index >= static_cast<int>(blocks.size()))
        return;
    std::vector<int> groups = blocks[static_cast<size_t>(index)].from;
    groups.insert(groups.end(), blocks[static_cast<size_t>(index)].to.begin(),
                  blocks[static_cast<size_t>(index)].to.end());
    selectGroups(groups);
}

} // namespace Railyard
