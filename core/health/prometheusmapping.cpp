#include "core/health/prometheusmapping.h"

#include "core/common/jsonbounds.h"
#include "core/common/messagetext.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex>

namespace Railyard {
namespace {

const char *const fieldNames[]
    = {"tx_bytes",   "rx_bytes",   "symbol_errors", "receive_errors",        "discards", "link_downed",
       "pfc_pauses", "ecn_marked", "retransmits",   "rate_bytes_per_second", "state_id"};
static_assert(sizeof fieldNames / sizeof *fieldNames == size_t(PromLinkField::Count));

bool isGauge(PromLinkField f)
{
    return f == PromLinkField::RateBytesPerSecond || f == PromLinkField::StateId;
}

// ---- a small scanner for the /api/v1/query vector response (no DOM: 1M+ series per poll) ----
struct Scanner
{
    const char *p;
    const char *end;
    std::string error;

    bool fail(const char *what)
    {
        if (error.empty())
            error = std::string("bad Prometheus response: ") + what;
        return false;
    }
    void ws()
    {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
            ++p;
    }
    bool peek(char c)
    {
        ws();
        return p < end && *p == c;
    }
    bool expect(char c)
    {
        ws();
        if (p < end && *p == c) {
            ++p;
            return true;
        }
        return fail("unexpected character");
    }
    bool string(std::string &out)
    {
        out.clear();
        if (!expect('"'))
            return false;
        while (p < end) {
            const char *run = p;
            while (p < end && *p != '"' && *p != '\\')
                ++p;
            out.append(run, size_t(p - run));
            if (p >= end)
                break;
            if (*p == '"') {
                ++p;
                return true;
            }
            if (++p >= end)
                break;
            switch (*p++) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': {
                if (end - p < 4)
                    return fail("bad \\u escape");
                unsigned cp = unsigned(std::strtoul(std::string(p, 4).c_str(), nullptr, 16));
                p += 4;
                if (cp < 0x80)
                    out += char(cp);
                else if (cp < 0x800) {
                    out += char(0xC0 | (cp >> 6));
                    out += char(0x80 | (cp & 0x3F));
                } else {
                    out += char(0xE0 | (cp >> 12));
                    out += char(0x80 | ((cp >> 6) & 0x3F));
                    out += char(0x80 | (cp & 0x3F));
                }
                break;
            }
            default: out += p[-1]; break;
            }
        }
        return fail("unterminated string");
    }
    bool number(double &v)
    {
        ws();
        char *e = nullptr;
        v = std::strtod(p, &e);
        if (e == p || e > end)
            return fail("bad number");
        p = e;
        return true;
    }
    bool skipValue()
    {
        ws();
        if (p >= end)
            return fail("truncated");
        if (*p == '"') {
            std::string s;
            return string(s);
        }
        if (*p == '{' || *p == '[') {
            const char close = *p == '{' ? '}' : ']';
            const bool object = *p == '{';
            ++p;
            if (peek(close)) {
                ++p;
                return true;
            }
            for (;;) {
                if (object) {
                    std::string k;
                    if (!string(k) || !expect(':'))
                        return false;
                }
                if (!skipValue())
                    return false;
                if (peek(',')) {
                    ++p;
                    continue;
                }
                return expect(close);
            }
        }
        while (p < end && *p != ',' && *p != '}' && *p != ']')
            ++p;
        return true;
    }
    template<class F>
    bool object(F &&onKey)
    {
        if (!expect('{'))
            return false;
        if (peek('}')) {
            ++p;
            return true;
        }
        std::string key;
        for (;;) {
            if (!string(key) || !expect(':') || !onKey(key))
                return false;
            if (peek(',')) {
                ++p;
                continue;
            }
            return expect('}');
        }
    }
};

} // namespace

const char *promLinkFieldName(PromLinkField f)
{
    return fieldNames[int(f)];
}

const std::string *PromSample::label(const std::string &name) const
{
    for (const auto &kv : labels)
        if (kv.first == name)
            return &kv.second;
    return nullptr;
}

bool parsePromVector(const char *data, size_t size, std::vector<PromSample> &out, std::string *error)
{
    // Reuses out's samples and their strings: a warm vector parses without allocating.
    size_t count = 0;
    Scanner s{data, data + size, {}};
    std::string status, message, resultType;
    std::string value;
    const bool ok = s.object([&](const std::string &key) {
        if (key == "status")
            return s.string(status);
        if (key == "error")
            return s.string(message);
        if (key != "data")
            return s.skipValue();
        return s.object([&](const std::string &dk) {
            if (dk == "resultType")
                return s.string(resultType);
            if (dk != "result")
                return s.skipValue();
            if (!s.expect('['))
                return false;
            if (s.peek(']')) {
                ++s.p;
                return true;
            }
            for (;;) {
                if (count == out.size())
                    out.emplace_back();
                PromSample &sample = out[count];
                size_t labels = 0;
                bool haveValue = false;
                const bool okSeries = s.object([&](const std::string &sk) {
                    if (sk == "metric")
                        return s.object([&](const std::string &name) {
                            if (labels == sample.labels.size())
                                sample.labels.emplace_back();
                            auto &kv = sample.labels[labels++];
                            kv.first = name;
                            return s.string(kv.second);
                        });
                    if (sk == "value") {
                        double ts = 0;
                        if (!s.expect('[') || !s.number(ts) || !s.expect(',') || !s.string(value) || !s.expect(']'))
                            return false;
                        sample.value = std::strtod(value.c_str(), nullptr);
                        haveValue = true;
                        return true;
                    }
                    return s.skipValue();
                });
                if (!okSeries)
                    return false;
                sample.labels.resize(labels);
                if (haveValue)
                    ++count;
                if (s.peek(',')) {
                    ++s.p;
                    continue;
                }
                return s.expect(']');
            }
        });
    });
    out.resize(count);
    if (!ok) {
        if (error)
            *error = s.error;
        out.clear();
        return false;
    }
    if (status != "success") {
        if (error)
            *error = "Prometheus answered " + (status.empty() ? std::string("no status") : status)
                + (message.empty() ? std::string() : ": " + message);
        return false;
    }
    if (!resultType.empty() && resultType != "vector") {
        if (error)
            *error = "Prometheus answered a " + resultType + ", not an instant vector";
        return false;
    }
    return true;
}

// ---- the mapping file ----

const char *PrometheusMapping::defaultJson()
{
    return R"({
  "format": "railyard-prometheus-mapping",
  "version": 1,
  "window_seconds": 5,
  "filter_nominal": true,
  "nic": {
    "host": {"label": "device", "regex": "^mlx5_(\\d+)_\\d+$", "by": "index"},
    "rail": {"label": "device", "regex": "^mlx5_\\d+_(\\d+)$"},
    "port_label": "port",
    "metrics": {
      "tx_bytes": "node_infiniband_port_data_transmitted_bytes_total",
      "rx_bytes": "node_infiniband_port_data_received_bytes_total",
      "symbol_errors": "node_infiniband_symbol_error_total",
      "receive_errors": "node_infiniband_port_errors_received_total",
      "discards": "node_infiniband_port_discards_received_total",
      "link_downed": "node_infiniband_link_downed_total",
      "pfc_pauses": "node_infiniband_port_transmit_wait_total",
      "ecn_marked": "node_infiniband_np_ecn_marked_roce_packets_received_total",
      "retransmits": "node_infiniband_roce_adp_retransmits_total",
      "rate_bytes_per_second": "node_infiniband_rate_bytes_per_second",
      "state_id": "node_infiniband_state_id"
    }
  },
  "switch_port": {
    "switch": {"label": "switch", "regex": "", "by": "id"},
    "port_label": "port",
    "metrics": {
      "tx_bytes": "railyard_switch_port_transmit_bytes_total",
      "rx_bytes": "railyard_switch_port_receive_bytes_total",
      "symbol_errors": "railyard_switch_port_symbol_errors_total",
      "receive_errors": "railyard_switch_port_receive_errors_total",
      "discards": "railyard_switch_port_discards_total",
      "link_downed": "railyard_switch_port_link_downed_total",
      "pfc_pauses": "railyard_switch_port_pfc_pause_frames_total",
      "ecn_marked": "railyard_switch_port_ecn_marked_packets_total",
      "retransmits": "railyard_switch_port_retransmits_total",
      "rate_bytes_per_second": "railyard_switch_port_rate_bytes_per_second",
      "state_id": "railyard_switch_port_state_id"
    }
  },
  "rank": {
    "job_label": "train_job",
    "rank_label": "rank",
    "step": "railyard_rank_step",
    "heartbeat": "railyard_rank_heartbeat_timestamp_seconds",
    "busy": "railyard_rank_step_busy_seconds"
  }
}
)";
}

PrometheusMapping PrometheusMapping::defaults()
{
    PrometheusMapping m;
    std::string error;
    fromJson(defaultJson(), m, &error);
    return m;
}

bool PrometheusMapping::fromJson(const std::string &text, PrometheusMapping &out, std::string *error)
{
    using nlohmann::json;
    auto fail = [&](const std::string &what) {
        if (error)
            *error = what;
        return false;
    };
    if (const std::optional<JsonBoundsError> bounds = checkJsonBounds(text))
        return fail("mapping: line " + std::to_string(bounds->line) + ": " + bounds->message);
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception &e) {
        return fail(std::string("mapping: ") + jsonExceptionMessage(e.what()));
    }
    if (!j.is_object())
        return fail("mapping: not a JSON object");
    try {
        auto checkKeys = [&](const json &o, std::initializer_list<const char *> keys, const std::string &where) {
            for (auto it = o.begin(); it != o.end(); ++it)
                if (std::none_of(keys.begin(), keys.end(), [&](const char *k) { return it.key() == k; }))
                    throw std::runtime_error("mapping: unknown key " + where + "/" + it.key());
        };
        auto rule = [&](const json &o, PromLabelRule &r, const std::string &where) {
            checkKeys(o, {"label", "regex", "by"}, where);
            r.label = o.value("label", r.label);
            r.regex = o.value("regex", r.regex);
            if (o.contains("by")) {
                const std::string by = o.at("by").get<std::string>();
                if (by != "id" && by != "index")
                    throw std::runtime_error("mapping: " + where + "/by must be \"id\" or \"index\"");
                r.byIndex = by == "index";
            }
            try {
                std::regex re(r.regex);
                if (!r.regex.empty() && re.mark_count() < 1)
                    throw std::runtime_error("mapping: " + where + "/regex needs a capture group");
            } catch (const std::regex_error &e) {
                throw std::runtime_error("mapping: " + where + "/regex does not compile: " + e.what());
            }
        };
        auto port = [&](const json &o, PromPortMapping &m, const std::string &where, const char *nodeKey) {
            checkKeys(o, {nodeKey, "rail", "port_label", "metrics"}, where);
            if (o.contains(nodeKey))
                rule(o.at(nodeKey), m.node, where + "/" + nodeKey);
            if (o.contains("rail"))
                rule(o.at("rail"), m.rail, where + "/rail");
            m.portLabel = o.value("port_label", m.portLabel);
            if (o.contains("metrics")) {
                const json &mj = o.at("metrics");
                for (auto it = mj.begin(); it != mj.end(); ++it) {
                    int f = 0;
                    while (f < int(PromLinkField::Count) && it.key() != fieldNames[f])
                        ++f;
                    if (f == int(PromLinkField::Count))
                        throw std::runtime_error("mapping: unknown metric field " + where + "/metrics/" + it.key());
                    m.metrics[f] = it.value().get<std::string>();
                }
            }
        };
        checkKeys(j, {"format", "version", "window_seconds", "filter_nominal", "nic", "switch_port", "rank"}, "");
        if (j.contains("format") && j.at("format") != "railyard-prometheus-mapping")
            return fail("mapping: format is not railyard-prometheus-mapping");
        if (j.contains("version") && j.at("version") != 1)
            return fail("mapping: version must be 1");
        out.windowSeconds = j.value("window_seconds", out.windowSeconds);
        if (j.contains("filter_nominal") && !j.at("filter_nominal").is_boolean())
            return fail("mapping: filter_nominal must be true or false");
        out.filterNominal = j.value("filter_nominal", out.filterNominal);
        if (!(out.windowSeconds >= 1))
            return fail("mapping: window_seconds must be at least 1");
        if (j.contains("nic"))
            port(j.at("nic"), out.nic, "/nic", "host");
        if (j.contains("switch_port"))
            port(j.at("switch_port"), out.switchPort, "/switch_port", "switch");
        if (j.contains("rank")) {
            const json &r = j.at("rank");
            checkKeys(r, {"job_label", "rank_label", "step", "heartbeat", "busy"}, "/rank");
            out.jobLabel = r.value("job_label", out.jobLabel);
            out.rankLabel = r.value("rank_label", out.rankLabel);
            out.rankStepMetric = r.value("step", out.rankStepMetric);
            out.rankHeartbeatMetric = r.value("heartbeat", out.rankHeartbeatMetric);
            out.rankBusyMetric = r.value("busy", out.rankBusyMetric);
        }
    } catch (const std::exception &e) {
        return fail(e.what());
    }
    return true;
}

// ---- the mapper ----

struct PrometheusMapper::Impl
{
    const Fabric &fabric;
    PrometheusMapping mapping;
    std::vector<std::pair<std::string, std::int64_t>> jobs;
    std::regex nicHost, nicRail, switchNode;
    std::unordered_map<std::uint64_t, std::pair<std::int32_t, bool>> nicPorts; ///< (host, rail, port) → link, host is a
    std::unordered_map<std::uint64_t, std::pair<std::int32_t, bool>> switchPorts; ///< (switch node, port) → link, is a
    std::unordered_map<std::string, std::int32_t> hostMemo, railMemo, switchMemo;
    std::unordered_map<std::string, int> jobIndex;
    // per-frame scratch
    std::vector<float> rateGbps;     ///< min over ends, -1 none
    std::vector<std::uint8_t> flags; ///< bit 0/1: tx set a→b / b→a; bit 2: down
    std::vector<double> lastHeartbeat;
    double maxNicGbps = 0, maxSwitchGbps = 0; ///< fastest designed link of each kind of port

    Impl(const Fabric &f, PrometheusMapping m, std::vector<std::pair<std::string, std::int64_t>> j)
        : fabric(f)
        , mapping(std::move(m))
        , jobs(std::move(j))
    {
        auto compile = [](const std::string &re) { return std::regex(re.empty() ? std::string("^(.*)$") : re); };
        nicHost = compile(mapping.nic.node.regex);
        nicRail = compile(mapping.nic.rail.regex);
        switchNode = compile(mapping.switchPort.node.regex);
        for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
            const Link &k = fabric.links()[size_t(l)];
            const bool aHost = fabric.isHost(k.a), bHost = fabric.isHost(k.b);
            if (aHost != bHost) {
                maxNicGbps = std::max(maxNicGbps, k.capacityGbps);
                const NodeIndex h = aHost ? k.a : k.b;
                const int port = aHost ? k.portA : k.portB;
                int offset = 0;
                for (const Nic &nic : fabric.hosts()[size_t(h)].nics) {
                    if (port >= offset && port < offset + nic.ports) {
                        nicPorts[nicKey(h, nic.rail, port - offset + 1)] = {l, aHost};
                        break;
                    }
                    offset += nic.ports;
                }
            } else if (!aHost && !bHost) {
                maxSwitchGbps = std::max(maxSwitchGbps, k.capacityGbps);
                switchPorts[switchKey(k.a, k.portA)] = {l, true};
                switchPorts[switchKey(k.b, k.portB)] = {l, false};
            }
        }
        for (size_t i = 0; i < jobs.size(); ++i)
            jobIndex[jobs[i].first] = int(i);
        lastHeartbeat.assign(jobs.size(), -1e300);
    }
    static std::uint64_t nicKey(std::int64_t host, std::int64_t rail, std::int64_t port)
    {
        return (std::uint64_t(host) << 32) | (std::uint64_t(rail & 0xFFFF) << 16) | std::uint64_t(port & 0xFFFF);
    }
    static std::uint64_t switchKey(std::int64_t node, std::int64_t port)
    {
        return (std::uint64_t(node) << 32) | std::uint64_t(std::uint32_t(port));
    }
    static std::int64_t toInt(const std::string &s)
    {
        if (s.empty())
            return -1;
        char *e = nullptr;
        const long long v = std::strtoll(s.c_str(), &e, 10);
        return *e ? -1 : v;
    }
    /// The capture of `re` in `value`, "" on no match.
    static bool capture(const std::regex &re, const std::string &value, std::string &out)
    {
        std::smatch m;
        if (!std::regex_search(value, m, re) || m.size() < 2)
            return false;
        out = m[1].str();
        return true;
    }
    std::int32_t node(const PromLabelRule &rule, const std::regex &re,
                      std::unordered_map<std::string, std::int32_t> &memo, const std::string &value, bool host)
    {
        auto it = memo.find(value);
        if (it != memo.end())
            return it->second;
        std::int32_t result = -1;
        std::string c;
        if (capture(re, value, c)) {
            if (rule.byIndex) {
                const std::int64_t i = toInt(c);
                if (host && i >= 0 && i < fabric.hostCount())
                    result = std::int32_t(i);
                else if (!host && i >= 0 && i < fabric.switchCount())
                    result = fabric.switchNode(std::int32_t(i));
            } else {
                const NodeIndex n = fabric.findNode(c);
                if (n >= 0 && fabric.isHost(n) == host)
                    result = n;
            }
        }
        memo.emplace(value, result);
        return result;
    }
    std::int32_t rail(const std::string &value)
    {
        auto it = railMemo.find(value);
        if (it != railMemo.end())
            return it->second;
        std::string c;
        const std::int32_t r = capture(nicRail, value, c) ? std::int32_t(toInt(c)) : -1;
        railMemo.emplace(value, r);
        return r;
    }
};

PrometheusMapper::PrometheusMapper(const Fabric &fabric, PrometheusMapping mapping,
                                   std::vector<std::pair<std::string, std::int64_t>> jobs)
    : d(std::make_unique<Impl>(fabric, std::move(mapping), std::move(jobs)))
{ }

PrometheusMapper::~PrometheusMapper() = default;

double PrometheusMapper::windowSeconds() const
{
    return d->mapping.windowSeconds;
}

void PrometheusMapper::setWindowSeconds(double seconds)
{
    d->mapping.windowSeconds = seconds;
}

std::vector<PromQuery> PrometheusMapper::queries() const
{
    std::vector<PromQuery> q;
    const std::string window = "[" + std::to_string(int(std::lround(d->mapping.windowSeconds))) + "s]";
    const bool filter = d->mapping.filterNominal;
    auto ports = [&](const PromPortMapping &m, PromQuery::Target target, double maxGbps) {
        for (int f = 0; f < int(PromLinkField::Count); ++f) {
            if (m.metrics[f].empty())
                continue;
            const PromLinkField field = PromLinkField(f);
            PromQuery query{target, field, isGauge(field) ? m.metrics[f] : "rate(" + m.metrics[f] + window + ")"};
            if (filter) {
                if (field == PromLinkField::StateId) {
                    query.filter = PromQuery::Filter::NotActive;
                    query.promql = "(" + query.promql + ") != 4";
                } else if (field == PromLinkField::RateBytesPerSecond) {
                    // Below the fastest designed rate (with the mapper's 0.1 %
                    // tolerance): ports at full speed read as their design rate.
                    query.filter = PromQuery::Filter::BelowRate;
                    query.threshold = std::floor(maxGbps * 0.999 * 1e9 / 8);
                    char text[40];
                    std::snprintf(text, sizeof text, " < %.0f", query.threshold);
                    query.promql = "(" + query.promql + ")" + text;
                } else if (field != PromLinkField::TxBytes && field != PromLinkField::RxBytes) {
                    query.filter = PromQuery::Filter::Positive;
                    query.promql = "(" + query.promql + ") > 0";
                }
            }
            q.push_back(std::move(query));
        }
    };
    ports(d->mapping.nic, PromQuery::Target::Nic, d->maxNicGbps);
    ports(d->mapping.switchPort, PromQuery::Target::SwitchPort, d->maxSwitchGbps);
    if (!d->jobs.empty()) {
        if (!d->mapping.rankStepMetric.empty())
            q.push_back({PromQuery::Target::RankStep, PromLinkField::Count, d->mapping.rankStepMetric});
        if (!d->mapping.rankHeartbeatMetric.empty())
            q.push_back({PromQuery::Target::RankHeartbeat, PromLinkField::Count, d->mapping.rankHeartbeatMetric});
        if (!d->mapping.rankBusyMetric.empty())
            q.push_back({PromQuery::Target::RankBusy, PromLinkField::Count, d->mapping.rankBusyMetric});
    }
    return q;
}

void PrometheusMapper::begin(TelemetryFrame &frame) const
{
    frame.stale = false;
    frame.links.assign(size_t(d->fabric.linkCount()), LinkSample{});
    d->rateGbps.assign(size_t(d->fabric.linkCount()), -1.0f);
    d->flags.assign(size_t(d->fabric.linkCount()), 0);
    frame.jobs.clear();
    for (const auto &[name, ranks] : d->jobs)
        frame.jobs.push_back({name, std::vector<RankSample>(size_t(std::max<std::int64_t>(ranks, 0)))});
}

std::int64_t PrometheusMapper::apply(const PromQuery &query, const std::vector<PromSample> &series,
                                     TelemetryFrame &frame)
{
    Impl &m = *d;
    std::int64_t mapped = 0;
    const double dt = frame.intervalSeconds;
    if (query.target == PromQuery::Target::Nic || query.target == PromQuery::Target::SwitchPort) {
        const bool nic = query.target == PromQuery::Target::Nic;
        const PromPortMapping &pm = nic ? m.mapping.nic : m.mapping.switchPort;
        for (const PromSample &s : series) {
            const std::string *nodeValue = s.label(pm.node.label);
            const std::string *portValue = s.label(pm.portLabel);
            if (!nodeValue || !portValue) {
                ++m_unmatched;
                continue;
            }
            std::pair<std::int32_t, bool> ref{-1, false};
            const std::int64_t port = Impl::toInt(*portValue);
            if (nic) {
                const std::int32_t h = m.node(pm.node, m.nicHost, m.hostMemo, *nodeValue, true);
                const std::string *railValue = s.label(pm.rail.label);
                const std::int32_t r = railValue ? m.rail(*railValue) : -1;
                if (h >= 0 && r >= 0) {
                    auto it = m.nicPorts.find(Impl::nicKey(h, r, port));
                    if (it != m.nicPorts.end())
                        ref = it->second;
                }
            } else {
                const std::int32_t n = m.node(pm.node, m.switchNode, m.switchMemo, *nodeValue, false);
                if (n >= 0) {
                    auto it = m.switchPorts.find(Impl::switchKey(n, port));
                    if (it != m.switchPorts.end())
                        ref = it->second;
                }
            }
            if (ref.first < 0) {
                ++m_unmatched;
                continue;
            }
            ++mapped;
            const size_t l = size_t(ref.first);
            LinkSample &ls = frame.links[l];
            const bool isA = ref.second;
            const double v = std::isfinite(s.value) ? std::max(0.0, s.value) : 0.0;
            const double count = v * dt;
            auto events
                = [&](std::uint32_t &field) { field += std::uint32_t(std::min(4.0e9, std::llround(count) * 1.0)); };
            std::uint8_t &fl = m.flags[l];
            switch (query.field) {
            case PromLinkField::TxBytes:
                ls.present = true;
                (isA ? ls.bytesAtoB : ls.bytesBtoA) = count;
                fl |= isA ? 1 : 2;
                break;
            case PromLinkField::RxBytes:
                ls.present = true;
                if (!(fl & (isA ? 2 : 1)))
                    (isA ? ls.bytesBtoA : ls.bytesAtoB) = count;
                break;
            case PromLinkField::SymbolErrors: events(ls.symbolErrors); break;
            case PromLinkField::ReceiveErrors: events(ls.receiveErrors); break;
            case PromLinkField::Discards: events(ls.discards); break;
            case PromLinkField::LinkDowned: events(ls.linkDowned); break;
            case PromLinkField::PfcPauses: events(ls.pfcPauses); break;
            case PromLinkField::EcnMarked: events(ls.ecnMarked); break;
            case PromLinkField::Retransmits: events(ls.retransmits); break;
            case PromLinkField::RateBytesPerSecond: {
                const float gbps = float(v * 8e-9);
                float &r = m.rateGbps[l];
                r = r < 0 ? gbps : std::min(r, gbps);
                break;
            }
            case PromLinkField::StateId:
                if (std::lround(s.value) != 4)
                    fl |= 4;
                break;
            case PromLinkField::Count: break;
            }
        }
        return mapped;
    }
    for (const PromSample &s : series) {
        const std::string *jobValue = s.label(m.mapping.jobLabel);
        const std::string *rankValue = s.label(m.mapping.rankLabel);
        if (!jobValue || !rankValue) {
            ++m_unmatched;
            continue;
        }
        auto it = m.jobIndex.find(*jobValue);
        const std::int64_t rank = Impl::toInt(*rankValue);
        if (it == m.jobIndex.end() || rank < 0 || size_t(rank) >= frame.jobs[size_t(it->second)].ranks.size()) {
            ++m_unmatched;
            continue;
        }
        ++mapped;
        RankSample &r = frame.jobs[size_t(it->second)].ranks[size_t(rank)];
        switch (query.target) {
        case PromQuery::Target::RankStep:
            r.present = true;
            r.step = std::int64_t(std::llround(s.value));
            break;
        case PromQuery::Target::RankHeartbeat: r.heartbeatSeconds = s.value; break;
        case PromQuery::Target::RankBusy: r.stepSeconds = s.value; break;
        default: break;
        }
    }
    return mapped;
}

void PrometheusMapper::finish(TelemetryFrame &frame)
{
    Impl &m = *d;
    for (size_t l = 0; l < frame.links.size(); ++l) {
        LinkSample &s = frame.links[l];
        if (!s.present)
            continue;
        const double cap = m.fabric.links()[l].capacityGbps;
        s.capacityGbps = float(cap);
        const float rate = m.rateGbps[l] < 0 ? float(cap) : m.rateGbps[l];
        if ((m.flags[l] & 4) || rate <= 0) {
            s.state = LinkState::Down;
            s.rateGbps = 0;
        } else {
            s.rateGbps = rate;
            s.state = rate < cap * 0.999 ? LinkState::Degraded : LinkState::Up;
        }
    }
    // A job whose newest heartbeat did not advance sent nothing new since the
    // last frame (the scrape has not run yet): its ranks are a gap, not a stall.
    for (size_t j = 0; j < frame.jobs.size(); ++j) {
        double newest = -1e300;
        for (const RankSample &r : frame.jobs[j].ranks)
            if (r.present)
                newest = std::max(newest, r.heartbeatSeconds);
        if (newest <= m.lastHeartbeat[j]) {
            for (RankSample &r : frame.jobs[j].ranks)
                r.present = false;
        } else {
            m.lastHeartbeat[j] = newest;
        }
    }
}

} // namespace Railyard
