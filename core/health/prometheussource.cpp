#include "core/health/prometheussource.h"

#include <QDateTime>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>
#include <QUrlQuery>

#include <thread>

namespace Railyard {
namespace {

std::vector<std::pair<std::string, std::int64_t>> jobRanks(const std::vector<RunningJob> &jobs)
{
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (const RunningJob &j : jobs)
        out.emplace_back(j.spec.name, std::int64_t(j.evaluation.placement.ranks.size()));
    return out;
}

} // namespace

PrometheusSource::PrometheusSource(const Fabric &fabric, const std::vector<RunningJob> &jobs, PrometheusMapping mapping,
                                   PrometheusSourceOptions options)
    : m_mapper(fabric, std::move(mapping), jobRanks(jobs))
    , m_options(std::move(options))
{
    while (!m_options.url.empty() && m_options.url.back() == '/')
        m_options.url.pop_back();
}

PrometheusSource::~PrometheusSource() = default;

void PrometheusSource::resolveWindow()
{
    using namespace std::chrono;
    const steady_clock::time_point now = steady_clock::now();
    if (now < m_windowAskAt)
        return;
    if (askScrapeInterval()) {
        m_windowKnown = true;
        m_scrapeProblem.clear();
        return;
    }
    m_windowAskAt = now + duration_cast<steady_clock::duration>(duration<double>(m_windowRetrySeconds));
    m_windowRetrySeconds = std::min(60.0, 2 * m_windowRetrySeconds);
}

bool PrometheusSource::askScrapeInterval()
{
    QUrl url(QString::fromStdString(m_options.url + "/api/v1/targets"));
    url.setQuery(QStringLiteral("state=active"));
    QNetworkRequest request(url);
    request.setTransferTimeout(int(m_options.timeoutSeconds * 1000));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    QNetworkReply *reply = m_network->get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    constexpr qint64 maxBody = 32 << 20; // a targets page of some 100,000 targets
    const QByteArray body = reply->read(maxBody);
    const bool complete = reply->atEnd();
    reply->deleteLater();
    if (reply->error() != QNetworkReply::NoError) {
        m_scrapeProblem = "Prometheus did not give its targets: " + reply->errorString().toStdString();
        return false;
    }
    if (!complete) {
        m_scrapeProblem = "the targets answer is larger than 32 MiB";
        return false;
    }
    std::string error;
    const std::optional<double> scrape = longestScrapeInterval(std::string_view(body.constData(), size_t(body.size())), &error);
    if (!scrape) {
        m_scrapeProblem = error;
        return false;
    }
    m_scrapeSeconds = *scrape;
    m_mapper.setWindowSeconds(std::max(m_mapper.windowSeconds(), 4.0 * *scrape));
    return true;
}

TelemetryFrame PrometheusSource::poll()
{
    using namespace std::chrono;
    if (m_started && m_options.pace)
        std::this_thread::sleep_until(
            m_lastPoll + duration_cast<steady_clock::duration>(duration<double>(m_options.intervalSeconds)));
    m_started = true;
    m_lastPoll = steady_clock::now();
    if (!m_network)
        m_network = std::make_unique<QNetworkAccessManager>();
    if (m_options.windowFromScrapeInterval && !m_windowKnown)
        resolveWindow();

    TelemetryFrame frame;
    frame.interval = m_interval++;
    frame.intervalSeconds = m_options.intervalSeconds;

    // Every query is sent at once; each reply is parsed and mapped as soon as
    // it has arrived, while the others are still on the wire (mapping does
    // not depend on the order: mapper.apply). Any failed query makes the
    // whole frame stale.
    const std::vector<PromQuery> queries = m_mapper.queries();
    m_mapper.begin(frame);
    std::string error;
    std::int64_t mapped = 0;
    QEventLoop loop;
    int pending = 0;
    for (const PromQuery &q : queries) {
        QUrl url(QString::fromStdString(m_options.url + "/api/v1/query"));
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("query"), QString::fromStdString(q.promql));
        url.setQuery(query);
        QNetworkRequest request(url);
        request.setTransferTimeout(int(m_options.timeoutSeconds * 1000));
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
        QNetworkReply *reply = m_network->get(request);
        ++pending;
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&, reply, q] {
            if (error.empty()) {
                const QByteArray body = reply->readAll();
                const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                if (reply->error() != QNetworkReply::NoError && body.isEmpty())
                    error = "Prometheus at " + m_options.url + " did not answer: " + reply->errorString().toStdString();
                else if (!parsePromVector(body.constData(), size_t(body.size()), m_series, &error))
                    error = "query " + q.promql + " (HTTP " + std::to_string(status) + "): " + error;
                else
                    mapped += m_mapper.apply(q, m_series, frame);
            }
            reply->deleteLater();
            if (--pending == 0)
                loop.quit();
        });
    }
    if (pending > 0)
        loop.exec();
    frame.timeSeconds = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    if (!error.empty()) {
        TelemetryFrame stale;
        stale.interval = frame.interval;
        stale.timeSeconds = frame.timeSeconds;
        stale.intervalSeconds = frame.intervalSeconds;
        stale.stale = true;
        stale.staleReason = error;
        return stale;
    }
    m_mapper.finish(frame);
    m_mapped = mapped;
    return frame;
}

} // namespace Railyard
