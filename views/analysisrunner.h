#pragma once

// Runs the fabric analysis off the UI thread. Every document change
// reschedules it; a running analysis is cancelled (the bisection polls a
// cancel flag) and its result dropped. Keeps two reports: the baseline
// (nothing failed) and the current what-if, so docks can show before → after.

#include "core/analysis/report.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

namespace Railyard {

class FabricDocument;

class AnalysisRunner : public QObject
{
    Q_OBJECT
public:
    explicit AnalysisRunner(QObject *parent = nullptr);
    ~AnalysisRunner() override;

    /// Follows a document (nullptr to stop). Starts an analysis at once.
    void setDocument(FabricDocument *document);
    FabricDocument *document() const { return m_document; }

    /// Analysis with nothing failed; nullptr until the first run finishes.
    const AnalysisReport *baseline() const { return m_baseline ? &*m_baseline : nullptr; }
    /// Analysis under the document's current what-if (same as baseline when nothing is failed).
    const AnalysisReport *current() const { return m_current ? &*m_current : nullptr; }
    bool isRunning() const { return m_running; }

    /// Blocks until the running analysis (if any) has finished and been
    /// delivered. For tests and headless capture.
    void waitForFinished();

public slots:
    void schedule();
    void cancel();

signals:
    void started();
    /// Progress of the running analysis: 0..100 and what it is doing.
    void progress(int percent, const QString &stage);
    void finished();
    void cancelled();

private:
    struct Result;
    void onFinished();

    FabricDocument *m_document = nullptr;
    std::optional<AnalysisReport> m_baseline;
    std::optional<AnalysisReport> m_current;
    QFutureWatcher<std::shared_ptr<Result>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
    bool m_pending = false;
    bool m_baselineValid = false;
    /// The baseline's flow network, while the fabric is unchanged: what-ifs reuse it.
    std::shared_ptr<const WhatIfBase> m_whatIfBase;
};

} // namespace Railyard
