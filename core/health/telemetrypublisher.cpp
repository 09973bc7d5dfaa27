#include "core/health/telemetrypublisher.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace Railyard {
namespace {

constexpr double packetBytes = 4096.0; // IB MTU: packets counted as bytes / 4 KiB

std::string fmtRate(double gbps)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g Gb/sec (4X)", std::max(0.0, gbps));
    return buf;
}

bool writeFile(const std::string &path, const std::string &text, std::string *error)
{
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) {
            if (error)
                *error = "cannot write " + tmp + ": " + std::strerror(errno);
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        if (error)
            *error = "cannot rename " + tmp + ": " + ec.message();
        return false;
    }
    return true;
}

std::string escapeLabel(const std::string &v)
{
    std::string out;
    for (char c : v) {
        if (c == '\\' || c == '"')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

void accumulate(const LinkSample &s, bool isA, bool errorsHere, std::uint64_t &xmitBytes, std::uint64_t &rcvBytes,
                std::uint64_t &xmitPackets, std::uint64_t &rcvPackets)
{
    (void)errorsHere;
    const double tx = std::max(0.0, isA ? s.bytesAtoB : s.bytesBtoA);
    const double rx = std::max(0.0, isA ? s.bytesBtoA : s.bytesAtoB);
    xmitBytes += std::uint64_t(std::llround(tx));
    rcvBytes += std::uint64_t(std::llround(rx));
    xmitPackets += std::uint64_t(std::llround(tx / packetBytes));
    rcvPackets += std::uint64_t(std::llround(rx / packetBytes));
}

} // namespace

TelemetryPublisher::TelemetryPublisher(const Fabric &fabric)
    : m_fabric(fabric)
{
    for (std::int32_t l = 0; l < fabric.linkCount(); ++l) {
        const Link &k = fabric.links()[size_t(l)];
        const bool aHost = fabric.isHost(k.a), bHost = fabric.isHost(k.b);
        if (aHost != bHost) {
            const NodeIndex h = aHost ? k.a : k.b;
            const int port = aHost ? k.portA : k.portB;
            const Host &host = fabric.hosts()[size_t(h)];
            int offset = 0;
            for (const Nic &nic : host.nics) {
                if (port >= offset && port < offset + nic.ports) {
                    HostPort p;
                    p.link = l;
                    p.hostIsA = aHost;
                    p.device = deviceName(h, nic.rail);
                    p.port = port - offset + 1;
                    p.now.rateGbps = k.capacityGbps;
                    m_hostPorts.push_back(std::move(p));
                    break;
                }
                offset += nic.ports;
            }
        } else if (!aHost && !bHost) {
            for (const bool isA : {true, false}) {
                SwitchEnd e;
                e.link = l;
                e.isA = isA;
                e.labels = "switch=\"" + escapeLabel(fabric.nodeId(isA ? k.a : k.b)) + "\",port=\""
                    + std::to_string(isA ? k.portA : k.portB) + "\"";
                e.now.rateGbps = k.capacityGbps;
                m_switchEnds.push_back(std::move(e));
            }
        }
    }
}

std::string TelemetryPublisher::deviceName(std::int32_t hostIndex, int rail)
{
    return "mlx5_" + std::to_string(hostIndex) + "_" + std::to_string(rail);
}

bool TelemetryPublisher::setSysfsRoot(const std::string &root, std::string *error)
{
    namespace fs = std::filesystem;
    m_root = root;
    const fs::path base = fs::path(root) / "class" / "infiniband";
    std::error_code ec;
    fs::create_directories(base, ec);
    if (ec) {
        if (error)
            *error = "cannot create " + base.string() + ": " + ec.message();
        return false;
    }
    std::string lastDevice;
    for (HostPort &p : m_hostPorts) {
        const fs::path dev = base / p.device;
        if (p.device != lastDevice) {
            fs::create_directories(dev, ec);
            if (ec) {
                if (error)
                    *error = "cannot create " + dev.string() + ": " + ec.message();
                return false;
            }
            if (!writeFile((dev / "board_id").string(), "RAILYARD_SIM\n", error)
                || !writeFile((dev / "fw_ver").string(), "28.39.1002\n", error)
                || !writeFile((dev / "hca_type").string(), "MT4129\n", error)
                || !writeFile((dev / "node_guid").string(), "0000:0000:0000:0000\n", error))
                return false;
            lastDevice = p.device;
        }
        const fs::path dir = dev / "ports" / std::to_string(p.port);
        fs::create_directories(dir / "counters", ec);
        if (ec) {
            if (error)
                *error = "cannot create " + dir.string() + ": " + ec.message();
            return false;
        }
        p.dir = dir.string();
        if (!writeFile(p.dir + "/link_layer", "InfiniBand\n", error) || !writePortFiles(p.dir, p.now, p.written, true, error))
            return false;
    }
    return true;
}

bool TelemetryPublisher::writePortFiles(const std::string &dir, const Counters &n, Counters &w, bool force,
                                        std::string *error)
{
    const std::string c = dir + "/counters/";
    auto counter = [&](const char *name, std::uint64_t value, std::uint64_t &old) {
        if (!force && value == old)
            return true;
        old = value;
        return writeFile(c + name, std::to_string(value) + "\n", error);
    };
    // port_xmit_data / port_rcv_data count 4-byte words (node_exporter multiplies by 4).
    if (!counter("port_xmit_data", n.xmitBytes / 4, w.xmitBytes)
        || !counter("port_rcv_data", n.rcvBytes / 4, w.rcvBytes)
        || !counter("port_xmit_packets", n.xmitPackets, w.xmitPackets)
        || !counter("port_rcv_packets", n.rcvPackets, w.rcvPackets)
        || !counter("symbol_error", n.symbolErrors, w.symbolErrors)
        || !counter("port_rcv_errors", n.rcvErrors, w.rcvErrors)
        || !counter("port_rcv_discards", n.rcvDiscards, w.rcvDiscards)
        || !counter("link_downed", n.linkDowned, w.linkDowned) || !counter("port_xmit_wait", n.xmitWait, w.xmitWait))
        return false;
    if (force || n.rateGbps != w.rateGbps) {
        w.rateGbps = n.rateGbps;
        if (!writeFile(dir + "/rate", fmtRate(n.rateGbps) + "\n", error))
            return false;
    }
    if (force || n.stateId != w.stateId) {
        w.stateId = n.stateId;
        const bool up = n.stateId == 4;
        if (!writeFile(dir + "/state", up ? "4: ACTIVE\n" : "1: DOWN\n", error)
            || !writeFile(dir + "/phys_state", up ? "5: LinkUp\n" : "3: Disabled\n", error))
            return false;
    }
    return true;
}

TelemetryPublisher::SysfsSnapshot TelemetryPublisher::sysfsSnapshot() const
{
    SysfsSnapshot s;
    s.published = m_published;
    s.ports.reserve(m_hostPorts.size());
    for (const HostPort &p : m_hostPorts)
        s.ports.push_back(p.now);
    return s;
}

TelemetryPublisher::SysfsWriter::SysfsWriter(const TelemetryPublisher &publisher)
{
    // setSysfsRoot wrote every port's files from the zero counters.
    for (const HostPort &p : publisher.m_hostPorts) {
        m_dirs.push_back(p.dir);
        m_written.push_back(p.written);
    }
}

bool TelemetryPublisher::SysfsWriter::write(const SysfsSnapshot &snapshot, std::string *error)
{
    for (size_t i = 0; i < snapshot.ports.size() && i < m_dirs.size(); ++i)
        if (!m_dirs[i].empty() && !writePortFiles(m_dirs[i], snapshot.ports[i], m_written[i], false, error))
            return false;
    return true;
}

bool TelemetryPublisher::publish(const TelemetryFrame &frame, double unixSeconds, std::string *error, bool writeSysfs)
{
    ++m_published;
    auto update = [&](Counters &c, const LinkSample &s, bool isA, bool errorsHere) {
        accumulate(s, isA, errorsHere, c.xmitBytes, c.rcvBytes, c.xmitPackets, c.rcvPackets);
        if (errorsHere) {
            c.symbolErrors += s.symbolErrors;
            c.rcvErrors += s.receiveErrors;
            c.rcvDiscards += s.discards;
            c.linkDowned += s.linkDowned;
            c.xmitWait += s.pfcPauses;
            c.ecnMarked += s.ecnMarked;
            c.retransmits += s.retransmits;
        }
        c.rateGbps = s.state == LinkState::Down ? 0.0 : s.rateGbps;
        c.stateId = s.state == LinkState::Down ? 1 : 4;
    };
    if (!frame.stale) {
        for (HostPort &p : m_hostPorts) {
            if (size_t(p.link) >= frame.links.size() || !frame.links[size_t(p.link)].present)
                continue;
            update(p.now, frame.links[size_t(p.link)], p.hostIsA, true);
            if (writeSysfs && !m_root.empty() && !writePortFiles(p.dir, p.now, p.written, false, error))
                return false;
        }
        for (SwitchEnd &e : m_switchEnds) {
            if (size_t(e.link) >= frame.links.size() || !frame.links[size_t(e.link)].present)
                continue;
            update(e.now, frame.links[size_t(e.link)], e.isA, e.isA);
        }
    }

    std::string t;
    t.reserve(m_switchEnds.size() * 900 + 256);
    auto family = [&](const char *name, const char *type, const char *help, auto value) {
        t += "# HELP ";
        t += name;
        t += ' ';
        t += help;
        t += "\n# TYPE ";
        t += name;
        t += ' ';
        t += type;
        t += '\n';
        for (const SwitchEnd &e : m_switchEnds) {
            t += name;
            t += '{';
            t += e.labels;
            t += "} ";
            t += value(e.now);
            t += '\n';
        }
    };
    auto u = [](std::uint64_t v) { return std::to_string(v); };
    family("railyard_switch_port_transmit_bytes_total", "counter", "Data bytes transmitted on the switch port.",
           [&](const Counters &c) { return u(c.xmitBytes); });
    family("railyard_switch_port_receive_bytes_total", "counter", "Data bytes received on the switch port.",
           [&](const Counters &c) { return u(c.rcvBytes); });
    family("railyard_switch_port_symbol_errors_total", "counter", "PHY symbol errors on the link (end a).",
           [&](const Counters &c) { return u(c.symbolErrors); });
    family("railyard_switch_port_receive_errors_total", "counter", "Packets received with errors.",
           [&](const Counters &c) { return u(c.rcvErrors); });
    family("railyard_switch_port_discards_total", "counter", "Packets discarded.",
           [&](const Counters &c) { return u(c.rcvDiscards); });
    family("railyard_switch_port_link_downed_total", "counter", "Times the link went down.",
           [&](const Counters &c) { return u(c.linkDowned); });
    family("railyard_switch_port_pfc_pause_frames_total", "counter", "PFC pause frames sent or received.",
           [&](const Counters &c) { return u(c.xmitWait); });
    family("railyard_switch_port_ecn_marked_packets_total", "counter", "Packets marked ECN-CE.",
           [&](const Counters &c) { return u(c.ecnMarked); });
    family("railyard_switch_port_retransmits_total", "counter", "Link-level replays.",
           [&](const Counters &c) { return u(c.retransmits); });
    family("railyard_switch_port_rate_bytes_per_second", "gauge", "Running rate of the port.",
           [&](const Counters &c) { return u(std::uint64_t(std::llround(c.rateGbps * 125000000.0))); });
    family("railyard_switch_port_state_id", "gauge", "Port state (1 down, 4 active).",
           [&](const Counters &c) { return std::to_string(c.stateId); });

    if (!frame.stale) {
        const double offset = unixSeconds - frame.timeSeconds;
        char buf[64];
        auto ranks = [&](const char *name, const char *type, const char *help, auto value) {
            t += "# HELP ";
            t += name;
            t += ' ';
            t += help;
            t += "\n# TYPE ";
            t += name;
            t += ' ';
            t += type;
            t += '\n';
            for (const JobRankSamples &job : frame.jobs) {
                const std::string prefix
                    = std::string(name) + "{train_job=\"" + escapeLabel(job.jobName) + "\",rank=\"";
                for (size_t r = 0; r < job.ranks.size(); ++r) {
                    if (!job.ranks[r].present)
                        continue;
                    t += prefix;
                    t += std::to_string(r);
                    t += "\"} ";
                    t += value(job.ranks[r]);
                    t += '\n';
                }
            }
        };
        ranks("railyard_rank_step", "gauge", "Last step whose collectives the rank entered.",
              [&](const RankSample &s) { return std::to_string(s.step); });
        ranks("railyard_rank_heartbeat_timestamp_seconds", "gauge", "Unix time of the rank's last heartbeat.",
              [&](const RankSample &s) {
                  std::snprintf(buf, sizeof buf, "%.3f", s.heartbeatSeconds + offset);
                  return std::string(buf);
              });
        ranks("railyard_rank_step_busy_seconds", "gauge", "Busy time of the rank's last step.",
              [&](const RankSample &s) {
                  std::snprintf(buf, sizeof buf, "%.9g", s.stepSeconds);
                  return std::string(buf);
              });
    }
    m_text = std::move(t);
    return true;
}

} // namespace Railyard
