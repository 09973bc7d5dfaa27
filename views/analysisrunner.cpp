#include "views/analysisrunner.h"

#include "core/document/fabricdocument.h"

#include <QtConcurrent/QtConcurrentRun>

namespace Railyard {

struct AnalysisRunner::Result
{
    std::shared_ptr<const WhatIfBase> base; ///< built with the baseline, kept for later what-ifs
    std::optional<AnalysisReport> baseline;
    AnalysisReport current;
    bool cancelled = false;
};

AnalysisRunner::AnalysisRunner(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<Result>>::finished, this, &AnalysisRunner::onFinished);
}

AnalysisRunner::~AnalysisRunner()
{
    cancel();
    m_watcher.waitForFinished();
}

void AnalysisRunner::setDocument(FabricDocument *document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    cancel();
    m_watcher.waitForFinished();
    m_document = document;
    m_baseline.reset();
    m_current.reset();
    m_whatIfBase.reset();
    m_baselineValid = false;
    if (!m_document)
        return;
    connect(m_document, &FabricDocument::changed, this, [this](FabricDocument::Change change) {
        if (change == FabricDocument::Change::Positions)
            return; // where nodes are drawn changes no number: a drag re-runs nothing
        if (change != FabricDocument::Change::Failures) {
            m_baselineValid = false;
            m_whatIfBase.reset(); // built on the fabric as it was
        }
        schedule();
    });
    // The worker reads the document's fabric: stop it before the structure changes.
    connect(m_document, &FabricDocument::aboutToChange, this, [this] {
        if (!m_running)
            return;
        m_pending = false;
        cancel();
        waitForFinished();
    });
    connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    schedule();
}

void AnalysisRunner::schedule()
{
    if (!m_document)
        return;
    if (m_running) {
        m_pending = true;
        cancel();
        return;
    }
    m_running = true;
    m_pending = false;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const Fabric *fabric = &m_document->fabric();
    const Failures failures = m_document->failures();
    const bool needBaseline = !m_baselineValid;
    auto cancelFlag = m_cancel;
    emit started();
    emit progress(0, needBaseline ? tr("Analysing the fabric") : tr("Analysing the what-if"));
    // The fabric is only read by the worker; edits arrive through the undo
    // stack on the UI thread, and any edit cancels and waits for this run
    // before its result is used (see onFinished).
    auto *self = this;
    // What-ifs of an unchanged fabric run on the baseline's flow network.
    const std::shared_ptr<const WhatIfBase> base = needBaseline ? nullptr : m_whatIfBase;
    m_watcher.setFuture(QtConcurrent::run([fabric, failures, needBaseline, base, cancelFlag, self] {
        auto result = std::make_shared<Result>();
        BisectionOptions options;
        options.cancel = cancelFlag.get();
        if (needBaseline) {
            result->base = std::make_shared<const WhatIfBase>(*fabric);
            result->baseline = result->base->baseline(options);
            if (!failures.empty() && !cancelFlag->load()) {
                QMetaObject::invokeMethod(self, [self, cancelFlag] {
                    // Dropped when the run was delivered (or cancelled) meanwhile.
                    if (self->m_running && self->m_cancel == cancelFlag)
                        emit self->progress(50, tr("Analysing the what-if"));
                });
                result->current = result->base->whatIf(failures, options);
            } else {
                result->current = *result->baseline;
            }
        } else if (!failures.empty() && !cancelFlag->load()) {
            // With no failures the baseline is the answer (onFinished).
            result->current = base ? base->whatIf(failures, options) : analyzeFabric(*fabric, failures, options);
        }
        result->cancelled = cancelFlag->load() || result->current.bisection.cancelled
            || (result->baseline && result->baseline->bisection.cancelled);
        return result;
    }));
}

void AnalysisRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void AnalysisRunner::waitForFinished()
{
    while (m_running) {
        m_watcher.waitForFinished();
        onFinished();
    }
}

void AnalysisRunner::onFinished()
{
    if (!m_running || !m_watcher.isFinished())
        return; // a stale signal of a run already delivered by waitForFinished()
    m_running = false;
    const std::shared_ptr<Result> result = m_watcher.future().result();
    if (result->cancelled) {
        if (!m_pending) // superseded by a newer run, not cancelled by the user: say nothing
            emit cancelled();
    } else {
        if (result->baseline) {
            m_baseline = std::move(result->baseline);
            m_whatIfBase = std::move(result->base);
            m_baselineValid = true;
        }
        if (!m_document || m_document->failures().empty())
            m_current = m_baseline;
        else
            m_current = std::move(result->current);
        emit progress(100, tr("Done"));
        emit finished();
    }
    if (m_pending)
        schedule();
}

} // namespace Railyard
