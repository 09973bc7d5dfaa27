#pragma once

// Publishes simulated telemetry the way real clusters publish it, so the
// Prometheus source can be tested end to end (docs/health.md, "Publishing"):
//
// * host links as the InfiniBand sysfs files node_exporter's infiniband
//   collector reads with --path.sysfs=ROOT: one device per host NIC, named
//   mlx5_<host index>_<rail> (one node_exporter serves the whole simulated
//   fabric), ports 1..N as the NIC's ports, under
//   ROOT/class/infiniband/<device>/{board_id,fw_ver,hca_type,node_guid} and
//   ROOT/class/infiniband/<device>/ports/<port>/{link_layer,state,phys_state,
//   rate,counters/...}. Counters are cumulative like the kernel's:
//   port_xmit_data and port_rcv_data in 4-byte words, the others in events.
//   Transmit is the host's direction. A link's errors are counted at the NIC.
//   Files are replaced atomically (write, rename) and only when they change.
// * switch-to-switch links and ranks as Prometheus text exposition
//   (metricsText()): railyard_switch_port_* per switch and port (both ends of
//   each link; a link's errors at its end a), railyard_rank_* per training job
//   (label train_job: Prometheus keeps `job` for the scrape job) and rank.
//
// Not thread-safe; metricsText() returns a copy made at the last publish().
// A large cluster's sysfs tree (12,288 counter files an interval at 3K GPUs)
// can be written off the simulator's clock: publish(…, false) only counts,
// and a SysfsWriter on another thread writes sysfsSnapshot() copies, the
// newest one whenever it is free (counters are cumulative, so a skipped
// write loses nothing).

#include "core/health/telemetry.h"

#include <cstdint>
#include <string>
#include <vector>

namespace Railyard {

class TelemetryPublisher
{
public:
    /// `fabric` must outlive the publisher.
    explicit TelemetryPublisher(const Fabric &fabric);

    /// The sysfs device name of host `hostIndex`'s NIC of rail `rail`.
    static std::string deviceName(std::int32_t hostIndex, int rail);

    /// Creates ROOT/class/infiniband with every host NIC's static files and
    /// zero counters. False with `error` when a directory or file cannot be written.
    bool setSysfsRoot(const std::string &root, std::string *error);

    /// Adds a frame's per-interval counts to the cumulative counters, writes
    /// the changed sysfs files (when a root is set and `writeSysfs`) and
    /// renders the exposition. `unixSeconds` is the wall time of the end of
    /// the interval (heartbeats are published as wall times: unixSeconds -
    /// frame.timeSeconds + heartbeat).
    bool publish(const TelemetryFrame &frame, double unixSeconds, std::string *error, bool writeSysfs = true);

    /// The Prometheus text exposition (format 0.0.4) of the last publish().
    const std::string &metricsText() const { return m_text; }

    /// Host links published through sysfs, switch ports through the exposition.
    std::int64_t sysfsPorts() const { return std::int64_t(m_hostPorts.size()); }
    std::int64_t switchPorts() const { return std::int64_t(m_switchEnds.size()); }

    struct Counters
    {
        std::uint64_t xmitBytes = 0, rcvBytes = 0, xmitPackets = 0, rcvPackets = 0;
        std::uint64_t symbolErrors = 0, rcvErrors = 0, rcvDiscards = 0, linkDowned = 0, xmitWait = 0;
        std::uint64_t ecnMarked = 0, retransmits = 0;
        double rateGbps = 0;
        int stateId = 4;
    };
    /// The host ports' counters as of the last publish(), in sysfs order.
    struct SysfsSnapshot
    {
        std::int64_t published = 0; ///< publish() calls it follows
        std::vector<Counters> ports;
    };
    SysfsSnapshot sysfsSnapshot() const;

    /// Writes snapshots into the tree setSysfsRoot made, only the files that
    /// changed since its last write. One writer per tree; any thread, apart
    /// from the publisher.
    class SysfsWriter
    {
    public:
        explicit SysfsWriter(const TelemetryPublisher &publisher);
        bool write(const SysfsSnapshot &snapshot, std::string *error);

    private:
        std::vector<std::string> m_dirs;
        std::vector<Counters> m_written;
    };

private:
    struct HostPort
    {
        std::int32_t link;
        bool hostIsA;
        std::string dir; ///< ROOT/class/infiniband/<device>/ports/<port>, set with the root
        std::string device;
        int port;
        Counters now, written;
    };
    struct SwitchEnd
    {
        std::int32_t link;
        bool isA;
        std::string labels; ///< switch="...",port="..."
        Counters now;
    };
    static bool writePortFiles(const std::string &dir, const Counters &now, Counters &written, bool force,
                               std::string *error);
    std::int64_t m_published = 0;

    const Fabric &m_fabric;
    std::string m_root;
    std::vector<HostPort> m_hostPorts;
    std::vector<SwitchEnd> m_switchEnds;
    std::string m_text;
};

} // namespace Railyard
