#include "views/docks/jobsdock.h"

#include "core/export/hostlist.h"
#include "views/docks/dockcontent.h"
#include "views/docks/jobsdock_p.h"

namespace Railyard {

using namespace JobsDockDetail;

void JobsDock::Private::build()
{
    auto *layout = scrollingDockContent(q, QMargins(8, 6, 8, 8), 8);
    QWidget *content = layout->parentWidget();
    QFont bold = q->font();
    bold.setBold(true);

    // The project's jobs: the current one is what Place evaluates.
    auto *listRow = new QHBoxLayout;
    jobCombo = new QComboBox(content);
    jobCombo->setObjectName(QStringLiteral("jobCombo"));
    jobCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    jobCombo->setMinimumContentsLength(12);
    listRow->addWidget(jobCombo, 1);
    removeButton = new QPushButton(tr("Remove"), content);
    removeButton->setObjectName(QStringLiteral("removeJobButton"));
    removeButton->setToolTip(tr("Remove the job from the project (undoable)"));
    listRow->addWidget(removeButton);
    layout->addLayout(listRow);

    // Job file.
    auto *jobRow = new QHBoxLayout;
    openButton = new QPushButton(tr("Open Job…"), content);
    openButton->setObjectName(QStringLiteral("openJobButton"));
    jobRow->addWidget(openButton);
    auto *editButton = new QPushButton(tr("Edit…"), content);
    editButton->setObjectName(QStringLiteral("editJobButton"));
    editButton->setToolTip(tr("Edit the job's model, parallelism and batch (a new job when none is open)"));
    jobRow->addWidget(editButton);
    saveButton = new QPushButton(tr("Save As…"), content);
    saveButton->setObjectName(QStringLiteral("saveJobButton"));
    jobRow->addWidget(saveButton);
    jobRow->addStretch(1);
    layout->addLayout(jobRow);
    jobSummary = new QLabel(content);
    jobSummary->setObjectName(QStringLiteral("jobSummary"));
    jobSummary->setWordWrap(true);
    jobSummary->setTextFormat(Qt::RichText);
    jobSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(jobSummary);
    errorLabel = new QLabel(content);
    errorLabel->setObjectName(QStringLiteral("jobError"));
    errorLabel->setWordWrap(true);
    errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    errorLabel->setStyleSheet(QStringLiteral("color: #d04040;"));
    errorLabel->hide();
    layout->addWidget(errorLabel);

    // Options.
    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    strategyCombo = new QComboBox(content);
    strategyCombo->setObjectName(QStringLiteral("strategyCombo"));
    for (PlacementStrategy s : kStrategies)
        strategyCombo->addItem(JobLabels::strategy(s), int(s));
    routingCombo = new QComboBox(content);
    routingCombo->setObjectName(QStringLiteral("routingCombo"));
    for (RoutingMode m : kModes)
        routingCombo->addItem(modeLabel(m), int(m));
    seedSpin = new QSpinBox(content);
    seedSpin->setObjectName(QStringLiteral("seedSpin"));
    seedSpin->setRange(0, 1000000);
    seedSpin->setValue(1);
    seedSpin->setToolTip(tr("Seed of the random strategy and of ECMP hashing"));
    form->addRow(tr("Strategy:"), strategyCombo);
    form->addRow(tr("Routing:"), routingCombo);
    form->addRow(tr("Seed:"), seedSpin);
    excludeEdit = new QLineEdit(content);
    excludeEdit->setObjectName(QStringLiteral("excludeEdit"));
    excludeEdit->setPlaceholderText(tr("e.g. gpu[0001-0004],gpu0100"));
    excludeEdit->setToolTip(tr("Hosts the placement must not use (drained, under repair), as a hostlist; hosts "
                               "cut off by the what-if are left out as well"));
    excludeEdit->setClearButtonEnabled(true);
    form->addRow(tr("Exclude:"), excludeEdit);
    layout->addLayout(form);

    auto *buttons = new QHBoxLayout;
    placeButton = new QPushButton(tr("Place"), content);
    placeButton->setObjectName(QStringLiteral("placeButton"));
    compareButton = new QPushButton(tr("Compare"), content);
    compareButton->setObjectName(QStringLiteral("compareButton"));
    compareButton->setToolTip(tr("Step time of every strategy under every routing mode"));
    clearHeatButton = new QPushButton(tr("Clear heatmap"), content);
    clearHeatButton->setObjectName(QStringLiteral("clearHeatButton"));
    buttons->addWidget(placeButton);
    buttons->addWidget(compareButton);
    buttons->addWidget(clearHeatButton);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    // Progress.
    statusRow = new QWidget(content);
    auto *statusLayout = new QHBoxLayout(statusRow);
    statusLayout->setContentsMargins(0, 0, 0, 0);
    progressBar = new QProgressBar(statusRow);
    progressBar->setTextVisible(false);
    progressBar->setMaximumWidth(90);
    progressBar->setMaximumHeight(12);
    statusLabel = new QLabel(statusRow);
    statusLayout->addWidget(progressBar);
    statusLayout->addWidget(statusLabel, 1);
    statusRow->hide();
    layout->addWidget(statusRow);

    staleLabel = new QLabel(content);
    staleLabel->setObjectName(QStringLiteral("staleLabel"));
    staleLabel->setWordWrap(true);
    staleLabel->setStyleSheet(QStringLiteral("color: #d08020;"));
    staleLabel->hide();
    layout->addWidget(staleLabel);

    // Results.
    resultsBox = new QGroupBox(tr("Step"), content);
    auto *resultsLayout = new QVBoxLayout(resultsBox);
    stepTime = new QLabel(resultsBox);
    stepTime->setObjectName(QStringLiteral("stepTime"));
    QFont big = bold;
    big.setPointSizeF(big.pointSizeF() * 1.6);
    stepTime->setFont(big);
    stepTime->setTextInteractionFlags(Qt::TextSelectableByMouse);
    resultsText = new QLabel(resultsBox);
    resultsText->setObjectName(QStringLiteral("resultsText"));
    resultsText->setTextFormat(Qt::RichText);
    resultsText->setWordWrap(true);
    resultsText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    resultsLayout->addWidget(stepTime);
    resultsLayout->addWidget(resultsText);
    resultsBox->hide();
    layout->addWidget(resultsBox);

    // Rank.
    rankBox = new QGroupBox(tr("Rank"), content);
    auto *rankLayout = new QVBoxLayout(rankBox);
    auto *rankRow = new QHBoxLayout;
    rankSpin = new QSpinBox(rankBox);
    rankSpin->setObjectName(QStringLiteral("rankSpin"));
    rankSpin->setRange(0, 0);
    rankRow->addWidget(new QLabel(tr("Rank:"), rankBox));
    rankRow->addWidget(rankSpin);
    rankRow->addStretch(1);
    rankLayout->addLayout(rankRow);
    rankText = new QLabel(rankBox);
    rankText->setObjectName(QStringLiteral("rankText"));
    rankText->setWordWrap(true);
    rankText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rankLayout->addWidget(rankText);
    rankBox->hide();
    layout->addWidget(rankBox);

    // Comparison chart.
    compareBox = new QGroupBox(tr("Strategies × routing"), content);
    auto *compareLayout = new QVBoxLayout(compareBox);
    chartView = new ComparisonChart(compareBox);
    compareLayout->addWidget(chartView);
    compareTable = new QLabel(compareBox);
    compareTable->setObjectName(QStringLiteral("compareTable"));
    compareTable->setTextFormat(Qt::RichText);
    compareTable->setTextInteractionFlags(Qt::TextSelectableByMouse);
    compareLayout->addWidget(compareTable);
    compareBox->hide();
    layout->addWidget(compareBox);

    layout->addStretch(1);

    connect(openButton, &QPushButton::clicked, q, [this] {
        const QString path
            = QFileDialog::getOpenFileName(q, tr("Open Job"), QFileInfo(jobPath).absolutePath(),
                                           tr("Job files (*.job.json);;JSON files (*.json);;All files (*)"));
        if (!path.isEmpty())
            q->openJob(path);
    });
    connect(editButton, &QPushButton::clicked, q, [this] { q->editJob(); });
    connect(saveButton, &QPushButton::clicked, q, [this] {
        const QString path = QFileDialog::getSaveFileName(q, tr("Save Job"), jobPath, tr("Job files (*.job.json)"));
        if (!path.isEmpty())
            q->saveJob(path);
    });
    connect(jobCombo, &QComboBox::activated, q, [this](int index) {
        if (document)
            document->setCurrentJob(index);
    });
    connect(removeButton, &QPushButton::clicked, q, [this] {
        if (document && document->currentJob() >= 0)
            document->removeJob(document->currentJob());
    });
    connect(placeButton, &QPushButton::clicked, q, [this] { q->place(); });
    connect(compareButton, &QPushButton::clicked, q, [this] { q->compare(); });
    connect(clearHeatButton, &QPushButton::clicked, q, [this] {
        emit q->linkHeatChanged({}, QString());
        emit q->hostsHighlighted({});
    });
    connect(rankSpin, &QSpinBox::valueChanged, q, [this] { updateRank(); });
}

void JobsDock::Private::setError(const QString &text)
{
    errorLabel->setText(text);
    errorLabel->setVisible(!text.isEmpty());
}

void JobsDock::Private::setBusy(const QString &text, int maximum)
{
    ++running;
    progressBar->setRange(0, maximum);
    progressBar->setValue(0);
    statusLabel->setText(text);
    statusRow->show();
}

void JobsDock::Private::setIdle()
{
    running = std::max(0, running - 1);
    if (running == 0)
        statusRow->hide();
}

const JobEntry *JobsDock::Private::entry() const
{
    if (!document || document->currentJob() < 0)
        return nullptr;
    return &document->jobs()[size_t(document->currentJob())];
}

void JobsDock::Private::refreshJobList()
{
    jobCombo->blockSignals(true);
    jobCombo->clear();
    if (document) {
        for (const JobEntry &e : document->jobs())
            jobCombo->addItem(e.ok() ? e.displayName() : tr("%1 (cannot be read)").arg(e.displayName()));
        jobCombo->setCurrentIndex(document->currentJob());
    }
    jobCombo->setEnabled(jobCombo->count() > 0);
    removeButton->setEnabled(jobCombo->count() > 0);
    jobCombo->blockSignals(false);
}

void JobsDock::Private::jobChanged()
{
    ++placeGeneration;
    ++compareGeneration; // a comparison still running is for the old job
    if (compareWatcher)
        compareWatcher->cancel();
    evaluation.reset();
    collectives.clear();
    comparison.clear();
    compareBox->hide();
    setStale(false);
    showResults();
    refreshJobList();
    refreshSummary();
    emit q->linkHeatChanged({}, QString());
}

void JobsDock::Private::refreshSummary()
{
    const JobSpec *job = this->job();
    const bool haveJob = job != nullptr;
    placeButton->setEnabled(haveJob && document);
    saveButton->setEnabled(haveJob);
    compareButton->setEnabled(haveJob && document);
    if (!haveJob) {
        const JobEntry *broken = entry();
        jobSummary->setText(broken ? tr("<b>%1</b> cannot be read:<br>%2")
                                         .arg(broken->displayName().toHtmlEscaped(), broken->error.toHtmlEscaped())
                                   : tr("<i>No job: open a *.job.json file.</i>"));
        return;
    }
    const Parallelism &p = job->parallel;
    QString text = tr("<b>%1</b> — %2 GPUs<br>TP %3 × CP %4 × PP %5 × DP %6 (EP %7)<br>%8 parameters, %9 layers, "
                      "%10 micro-batches per step")
                       .arg(QString::fromStdString(job->name).toHtmlEscaped())
                       .arg(job->gpus)
                       .arg(p.tp)
                       .arg(p.cp)
                       .arg(p.pp)
                       .arg(p.dp)
                       .arg(p.ep)
                       .arg(formatParameters(job->model.parameters))
                       .arg(job->model.layers)
                       .arg(job->microBatchesPerStep());
    if (job->model.isMoe())
        text += tr("<br>MoE: %1 experts, top-%2").arg(job->model.experts).arg(job->model.topK);
    if (jobEdited)
        text += tr("<br><i>Edited, not saved.</i>");
    if (document && job->gpus > document->fabric().gpuCount())
        text += tr("<br>The fabric has only %1 GPUs.").arg(document->fabric().gpuCount());
    jobSummary->setText(text);
}

QString JobsDock::Private::routingLabel(const RoutingOptions &routing)
{
    return routing.tablePath ? tr("subnet manager (LFTs)") : modeLabel(routing.mode);
}

void JobsDock::Private::refreshRoutingModes()
{
    const bool tables = document && document->forwardingTables();
    const int index = routingCombo->findData(kTablesMode);
    if (tables && index < 0) {
        routingCombo->addItem(tr("subnet manager (LFTs)"), kTablesMode);
        routingCombo->setItemData(routingCombo->count() - 1,
                                  tr("Every connection follows the forwarding tables hop by hop: %1")
                                      .arg(document->forwardingTables()->source),
                                  Qt::ToolTipRole);
    } else if (!tables && index >= 0) {
        routingCombo->removeItem(index);
    }
}

void JobsDock::Private::emitHeat()
{
    if (evaluation && evaluation->routed())
        emit q->linkHeatChanged(evaluation->linkUtilization, evaluationTitle);
}

std::optional<RunInput> JobsDock::Private::input()
{
    if (!document) {
        setError(tr("No fabric is open."));
        return std::nullopt;
    }
    const JobSpec *job = this->job();
    if (!job) {
        setError(tr("Open a job file first."));
        return std::nullopt;
    }
    RunInput in{document->fabric(), document->capacityView(), *job, {}, std::uint64_t(seedSpin->value()), {}};
    if (const FabricDocument::ForwardingTables *tables = document->forwardingTables())
        in.tables = tables->dump;
    in.excluded = hostsWithoutCapacity(in.fabric, in.view);
    if (const QString list = excludeEdit->text().simplified().remove(QLatin1Char(' ')); !list.isEmpty()) {
        try {
            for (std::string &name : expandHostlist(list.toStdString())) {
                if (!in.fabric.isHost(in.fabric.findNode(name))) {
                    setError(tr("Exclude: no host '%1' in this fabric.").arg(QString::fromStdString(name)));
                    return std::nullopt;
                }
                in.excluded.push_back(std::move(name));
            }
        } catch (const std::exception &e) {
            setError(tr("Exclude: %1").arg(QString::fromStdString(e.what())));
            return std::nullopt;
        }
    }
    setError({});
    return in;
}

QString JobsDock::Private::pathText(std::int32_t rank, std::vector<std::string> *links) const
{
    const Fabric &fabric = document->fabric();
    const Placement &pl = evaluation->placement;
    const RankCoords c = RankLayout(job()->parallel).coords(rank);
    const RankSlot &slot = pl.ranks[size_t(rank)];
    QString text = tr("Rank %1: host %2, GPU %3, rail %4 (TP %5, CP %6, DP %7, PP stage %8)")
                       .arg(rank)
                       .arg(QString::fromStdString(fabric.host(slot.host).id))
                       .arg(slot.gpu)
                       .arg(gpuRail(fabric, slot.host, slot.gpu))
                       .arg(c.tp)
                       .arg(c.cp)
                       .arg(c.dp)
                       .arg(c.pp);
    const std::optional<RankPath> path = pipelinePeerPath(fabric, document->capacityView(), job()->parallel, pl, rank);
    if (!path)
        return text + QLatin1Char('\n') + tr("No pipeline peer (PP 1).");
    const RankSlot &peerSlot = pl.ranks[size_t(path->peer)];
    text += QLatin1Char('\n')
        + (path->toPrevious ? tr("Path to its previous pipeline peer, rank %1:").arg(path->peer)
                            : tr("Path to its next pipeline peer, rank %1:").arg(path->peer))
        + QLatin1Char('\n');
    QStringList hops;
    hops << tr("rank %1").arg(rank) << tr("GPU %1").arg(slot.gpu);
    if (path->sameHost) {
        hops << tr("NVLink") << tr("GPU %1").arg(peerSlot.gpu) << tr("rank %1").arg(path->peer);
        return text + hops.join(QStringLiteral(" → "));
    }
    if (path->srcNic < 0 || path->dstNic < 0)
        return text + hops.join(QStringLiteral(" → ")) + QStringLiteral(" → ") + tr("(no live NIC link)");
    hops << tr("NIC %1 (rail %2)")
                .arg(QString::fromStdString(fabric.link(path->srcNic).id))
                .arg(hostLinkRail(fabric, slot.host, path->srcNic));
    if (!path->reachable()) {
        hops << QString::fromStdString(fabric.nodeId(fabric.otherEnd(path->srcNic, fabric.hostNode(slot.host))))
             << tr("(no path)");
        return text + hops.join(QStringLiteral(" → "));
    }
    for (const NodeIndex n : path->switches)
        hops << QString::fromStdString(fabric.nodeId(n));
    hops << tr("NIC %1 (rail %2)")
                .arg(QString::fromStdString(fabric.link(path->dstNic).id))
                .arg(hostLinkRail(fabric, peerSlot.host, path->dstNic))
         << tr("GPU %1 on %2").arg(peerSlot.gpu).arg(QString::fromStdString(fabric.host(peerSlot.host).id))
         << tr("rank %1").arg(path->peer);
    if (links)
        for (const std::int32_t l : path->links)
            links->push_back(fabric.link(l).id);
    return text + hops.join(QStringLiteral(" → "));
}

void JobsDock::Private::updateRank()
{
    const JobSpec *job = this->job();
    if (!evaluation || !job || !document || evaluation->placement.ranks.empty())
        return;
    const Fabric &fabric = document->fabric();
    const Placement &pl = evaluation->placement;
    const std::int32_t rank = std::clamp<std::int32_t>(rankSpin->value(), 0, std::int32_t(pl.ranks.size()) - 1);
    const RankLayout layout(job->parallel);
    const RankCoords c = layout.coords(rank);
    const Parallelism &p = job->parallel;
    std::vector<std::string> hosts;
    std::set<std::int32_t> seen;
    auto add = [&](const RankCoords &rc) {
        const std::int32_t h = pl.ranks[size_t(layout.rank(rc))].host;
        if (h >= 0 && h < fabric.hostCount() && seen.insert(h).second)
            hosts.push_back(fabric.host(h).id);
    };
    add(c); // the rank's own host first
    for (int i = 0; i < p.tp; ++i)
        add({i, c.cp, c.dp, c.pp});
    for (int i = 0; i < p.pp; ++i)
        add({c.tp, c.cp, c.dp, i});
    for (int i = 0; i < p.dp; ++i)
        add({c.tp, c.cp, i, c.pp});
    std::vector<std::string> pathLinks;
    rankText->setText(pathText(rank, &pathLinks) + QLatin1Char('\n')
                      + tr("Its TP, PP and DP groups use %n host(s).", nullptr, int(hosts.size())));
    emit q->hostsHighlighted(hosts);
    emit q->pathChanged(pathLinks);
}

JobsDock::JobsDock(QWidget *parent)
    : QDockWidget(tr("Jobs"), parent)
    , d(std::make_unique<Private>(this))
{
    setObjectName(QStringLiteral("JobsDock"));
    d->build();
    d->refreshSummary();
}

JobsDock::~JobsDock()
{
    if (d->compareWatcher)
        d->compareWatcher->cancel();
}

void JobsDock::setDocument(FabricDocument *document)
{
    if (d->document == document)
        return;
    for (const QMetaObject::Connection &c : d->documentConnections)
        QObject::disconnect(c);
    d->documentConnections.clear();
    d->document = document;
    // Results of the old document mean nothing here; runs still going for it
    // are cancelled and their results dropped.
    ++d->revision;
    d->jobEdited = false;
    d->jobChanged();
    d->refreshRoutingModes();
    if (!document)
        return;
    d->documentConnections.push_back(
        connect(document, &FabricDocument::forwardingTablesChanged, this, [this] { d->refreshRoutingModes(); }));
    d->documentConnections.push_back(
        connect(document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
            ++d->revision;
            if (change == FabricDocument::Change::Structure && d->evaluation) {
                // Link and host indices changed: the evaluation no longer maps onto the fabric.
                d->evaluation.reset();
                d->collectives.clear();
                d->showResults();
                emit linkHeatChanged({}, QString());
            }
            if (d->evaluation.has_value() || !d->comparison.empty())
                d->setStale(true);
            d->refreshSummary();
        }));
    // The floor sets each collective's propagation delay: results priced on
    // another floor are stale.
    d->documentConnections.push_back(connect(document, &FabricDocument::floorChanged, this, [this] {
        if (d->evaluation.has_value() || !d->comparison.empty())
            d->setStale(true);
        d->refreshSummary();
    }));
    // The jobs are the project's: added, removed, edited or switched in the
    // document (by this dock, undo, or a project being opened).
    d->documentConnections.push_back(connect(document, &FabricDocument::currentJobChanged, this, [this] {
        d->jobEdited = false;
        d->jobChanged();
    }));
    d->documentConnections.push_back(
        connect(document, &FabricDocument::jobsChanged, this, [this] { d->refreshJobList(); }));
}

void JobsDock::place()
{
    std::optional<RunInput> in = d->input();
    if (!in)
        return;
    const int generation = ++d->placeGeneration;
    const int revision = d->revision;
    const auto strategy = PlacementStrategy(d->strategyCombo->currentData().toInt());
    const bool underTables = d->routingCombo->currentData().toInt() == kTablesMode;
    const auto mode = underTables ? RoutingMode::Static : RoutingMode(d->routingCombo->currentData().toInt());
    if (underTables && !in->tables) {
        d->setError(tr("The subnet manager's tables were dropped: run OpenSM or load them again (Subnet Manager dock)."));
        return;
    }
    const QString title = tr("%1: %2 placement, %3 — link utilization")
                              .arg(QString::fromStdString(in->job.name), JobLabels::strategy(strategy),
                                   underTables ? tr("subnet manager (LFTs)") : d->modeLabel(mode));
    d->setBusy(tr("Placing %1…").arg(QString::fromStdString(in->job.name)), 0);
    auto *watcher = new QFutureWatcher<PlaceOutcome>(this);
    connect(watcher, &QFutureWatcher<PlaceOutcome>::finished, this, [this, watcher, generation, revision, title] {
        watcher->deleteLater();
        d->setIdle();
        if (generation != d->placeGeneration || watcher->isCanceled())
            return; // a newer run, job or document replaced this one
        if (revision != d->revision) { // the fabric changed while it ran
            d->setStale(true, tr("The fabric changed while the placement ran: its result was dropped. Press Place again."));
            return;
        }
        PlaceOutcome out = watcher->result();
        if (!out.evaluation) {
            d->setError(out.error);
            return;
        }
        d->evaluation = std::move(out.evaluation);
        d->impact = std::move(out.impact);
        d->collectives = std::move(out.collectives);
        d->step = std::move(out.step);
        d->evaluationTitle = title;
        d->setStale(false);
        d->showResults();
        d->emitHeat();
        d->updateRank();
    });
    watcher->setFuture(QtConcurrent::run([in = std::move(*in), strategy, mode, underTables]() {
        PlaceOutcome out;
        try {
            if (underTables)
                out.evaluation = evaluateJob(in.fabric, in.view, in.job, PlacementOptions{strategy, in.seed, in.excluded, RankOrder::Strategy, {}},
                                             tableRoutingOptions(in.fabric, *in.tables));
            else
                out.evaluation
                    = evaluateJob(in.fabric, in.view, in.job, strategy, mode, in.seed, in.excluded, kEcmpSeeds);
            out.impact = degradationImpact(in.fabric, in.view, *out.evaluation, kImpactLinks);
        } catch (const std::exception &e) {
            out.error = QString::fromStdString(e.what());
        }
        if (out.evaluation && out.evaluation->routed()) {
            // The collective model's figures; a failure here leaves the step's results standing.
            try {
                out.collectives = placementCollectiveRows(in.fabric, in.view, *out.evaluation, false);
            } catch (const std::exception &) {
                out.collectives.clear();
            }
            try {
                out.step = stepTimeOf(in.fabric, in.job, *out.evaluation,
                                      stepCollectives(in.fabric, in.view, *out.evaluation, true));
            } catch (const std::exception &e) {
                out.step.problem = e.what();
            }
        }
        return out;
    }));
}

void JobsDock::compare()
{
    std::optional<RunInput> in = d->input();
    if (!in)
        return;
    if (d->compareWatcher) // cancel a running comparison; its result is dropped
        d->compareWatcher->cancel();
    const int generation = ++d->compareGeneration;
    const int revision = d->revision;
    const bool withTables = in->tables != nullptr;
    const int columns = int(std::size(kModes)) + (withTables ? 1 : 0);
    const int total = int(std::size(kStrategies)) * columns;
    d->setBusy(tr("Comparing strategies and routing modes…"), total);
    auto *watcher = new QFutureWatcher<CompareOutcome>(this);
    d->compareWatcher = watcher;
    connect(watcher, &QFutureWatcher<CompareOutcome>::progressValueChanged, this, [this, watcher, total](int value) {
        if (watcher == d->compareWatcher) {
            d->progressBar->setValue(value);
            d->statusLabel->setText(tr("Comparing strategies and routing modes… %1 of %2").arg(value).arg(total));
        }
    });
    connect(watcher, &QFutureWatcher<CompareOutcome>::finished, this, [this, watcher, generation, revision, withTables] {
        watcher->deleteLater();
        d->setIdle();
        if (watcher == d->compareWatcher)
            d->compareWatcher = nullptr;
        if (generation != d->compareGeneration || watcher->isCanceled() || watcher->future().resultCount() == 0)
            return;
        if (revision != d->revision) { // the fabric changed while it ran
            d->setStale(true, tr("The fabric changed while the comparison ran: its result was dropped. Press Compare again."));
            return;
        }
        const CompareOutcome out = watcher->result();
        if (!out.error.isEmpty())
            d->setError(out.error);
        d->comparison = out.ms;
        d->comparisonColumns.clear();
        for (RoutingMode m : kModes)
            d->comparisonColumns << d->modeLabel(m);
        if (withTables)
            d->comparisonColumns << tr("subnet manager (LFTs)");
        d->setStale(false);
        d->showComparison();
    });
    watcher->setFuture(QtConcurrent::run([in = std::move(*in), total](QPromise<CompareOutcome> &promise) {
        CompareOutcome out;
        promise.setProgressRange(0, total);
        std::vector<std::string> errors;
        const std::vector<double> models
            = compareStrategies(in.fabric, in.view, in.job, {std::begin(kStrategies), std::end(kStrategies)},
                                {std::begin(kModes), std::end(kModes)}, in.seed, in.excluded, kEcmpSeeds, &errors,
                                [&promise](int done) {
                                    promise.setProgressValue(done);
                                    return !promise.isCanceled();
                                });
        if (promise.isCanceled())
            return;
        if (!in.tables) {
            out.ms = models;
        } else {
            // One more column: every strategy under the subnet manager's tables.
            const RoutingOptions tables = tableRoutingOptions(in.fabric, *in.tables);
            const size_t modes = std::size(kModes);
            for (size_t st = 0; st < std::size(kStrategies); ++st) {
                for (size_t m = 0; m < modes; ++m)
                    out.ms.push_back(st * modes + m < models.size() ? models[st * modes + m] : std::nan(""));
                double ms = std::nan("");
                try {
                    const JobEvaluation e = evaluateJob(in.fabric, in.view, in.job,
                                                        PlacementOptions{kStrategies[st], in.seed, in.excluded, RankOrder::Strategy, {}}, tables);
                    if (e.routed())
                        ms = e.stepCommTimeMs();
                    else
                        errors.push_back(e.routingError);
                } catch (const std::exception &e) {
                    errors.push_back(e.what());
                }
                out.ms.push_back(ms);
                promise.setProgressValue(int(modes * std::size(kStrategies) + st + 1));
                if (promise.isCanceled())
                    return;
            }
        }
        QStringList messages;
        for (const std::string &e : errors)
            messages << QString::fromStdString(e);
        out.error = messages.join(QLatin1Char('\n'));
        promise.addResult(std::move(out));
    }));
}

void JobsDock::selectRank(int rank)
{
    if (!d->evaluation)
        return;
    if (d->rankSpin->value() == rank)
        d->updateRank();
    else
        d->rankSpin->setValue(rank); // emits through valueChanged
}

const JobEvaluation *JobsDock::evaluation() const
{
    return d->evaluation ? &*d->evaluation : nullptr;
}

bool JobsDock::isBusy() const
{
    return d->running > 0;
}

std::vector<double> JobsDock::comparisonTimesMs() const
{
    return d->comparison;
}

QString JobsDock::errorText() const
{
    return d->errorLabel->isHidden() ? QString() : d->errorLabel->text();
}

QString JobsDock::rankPathText() const
{
    return d->rankText->text();
}

void JobsDock::changeEvent(QEvent *event)
{
    QDockWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        d->refreshChartTheme();
}

} // namespace Railyard
