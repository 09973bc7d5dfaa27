#pragma once

// The real OpenSM routing a design in simulation (docs/fabric-manager.md,
// "Comparing engines"): the design's ibnetdiscover export served by ibsim,
// OpenSM run once (-o) with a configuration from subnetManagerConfig through
// ibsim's preload library until SUBNET UP, and dump_fts printing the tables
// it computed. Used by `railyard-cli routing --engines` and the tests.
//
// Debian's ibsim holds at most 2,048 nodes and 13,312 ports; one ibsim serves
// one machine at a time (the tests lock it).

#include "core/fabricmanager/enforcement.h"
#include "core/fabricmanager/smconfig.h"
#include "core/fabricmanager/subnetrouting.h"
#include "core/model/fabric.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <optional>

namespace Railyard {

struct OpenSmTools
{
    QString ibsim, opensm, dumpFts, preload;
    QString smpquery, saquery; ///< for reading the partitions back (checkIntent)
    /// The tools found on this machine (PATH, /usr/sbin, /sbin).
    static OpenSmTools find();
    /// "ibsim is not installed (Debian package ibsim-utils)", or empty when all are.
    QString missing() const;
};

struct OpenSmRun
{
    bool ok = false;
    QString error;   ///< why not: OpenSM never reached SUBNET UP, dump_fts failed…
    QByteArray lfts; ///< dump_fts output
    QString log;     ///< OpenSM's log
    double seconds = 0; ///< OpenSM's run to SUBNET UP
};

/// An intent's enforcement checked on the simulated fabric.
struct IntentEnforcementRun
{
    bool ok = false;
    bool cancelled = false;  ///< stopped by the caller's progress callback
    QString error;           ///< why no check: a configuration that cannot be written, cancelled
    EnforcementCheck check;
    std::optional<PartitionPlan> plan;
    double seconds = 0;      ///< the whole run: OpenSM up, tables and P_Keys read
};

/// What Debian's ibsim holds (the sizes of its node and port tables): a
/// subnet of more nodes (switches and HCAs) or ports never comes up.
constexpr int kIbsimMaxNodes = 2048;
constexpr int kIbsimMaxPorts = 13312;

/// Why `design` cannot be simulated under ibsim ("cluster-3k has 3,312 nodes
/// (240 switches, 3,072 HCAs) and …; ibsim holds at most 2,048 nodes and
/// 13,312 ports"), or empty. O(switches + hosts): a check refuses at once.
QString ibsimCapacityProblem(const Fabric &design);

/// The fastest speed Debian's ibsim knows is HDR (50 Gb/s a lane): links of
/// NDR and XDR are simulated at HDR with their width. Routing does not depend
/// on the rate. Returns the note that says so ("" when nothing was mapped)
/// and fills `simulated` with the design at ibsim's rates.
QString mapRatesForIbsim(const Fabric &design, Fabric &simulated);

class SimulatedSubnet
{
public:
    /// Writes the design's ibnetdiscover export into a temporary folder and
    /// starts ibsim on it; error() says why not (at once for a design beyond
    /// ibsim's size, ibsimCapacityProblem). Links faster than ibsim knows are
    /// simulated at HDR (mapRatesForIbsim; note() says so).
    SimulatedSubnet(const Fabric &design, const OpenSmTools &tools);
    ~SimulatedSubnet();
    SimulatedSubnet(const SimulatedSubnet &) = delete;
    SimulatedSubnet &operator=(const SimulatedSubnet &) = delete;

    QString error() const { return m_error; }
    /// How the simulation differs from the design (rates mapped to HDR), or empty.
    QString note() const { return m_note; }
    /// The folder the export, the configurations and the logs are in.
    QString directory() const { return m_dir.path(); }
    /// Runs OpenSM once with a configuration written for `options` (its
    /// directory is set under this one) and dumps its tables.
    OpenSmRun route(SmConfigOptions options, int timeoutMs = 120000);

    /// Runs OpenSM (as a daemon, so its subnet administrator answers) with a
    /// configuration written for `options` (partitions from options.intent,
    /// or Default only without one), reads every HCA port's P_Keys back with
    /// smpquery, one PathRecord per partition with saquery -p, and checks
    /// them against `intent` (enforcement.h).
    ///
    /// Once ibsim runs, every tool failure (OpenSM that never reaches SUBNET
    /// UP within `timeoutMs` or stops, dump_fts, smpquery or saquery failing)
    /// gives the Incomplete verdict with the tool's message, standing on what
    /// was read; ok is false only when the check cannot start.
    ///
    /// `progress` (optional) is called from the calling thread at each stage
    /// with a line to show and the HCA ports read of those to read (0 of 0
    /// before the tables are known); returning false cancels the run: OpenSM
    /// is stopped and the result is `cancelled`.
    using Progress = std::function<bool(const QString &stage, int done, int total)>;
    IntentEnforcementRun checkIntent(SmConfigOptions options, const Intent &intent, int timeoutMs = 120000,
                                     const Progress &progress = {});

private:
    /// Writes the configuration for `options` into a new folder; its path, or
    /// empty with *error set.
    QString writeConfig(SmConfigOptions &options, SmConfig &config, QString *error);

    const Fabric &m_design;
    OpenSmTools m_tools;
    QTemporaryDir m_dir;
    QProcess m_sim;
    QString m_error;
    QString m_note;
    int m_runs = 0;
};

/// The engines `railyard-cli routing --engines` and the Subnet Manager dock
/// compare: ftree, ftree-no-roots (ftree left to find the roots), updn,
/// minhop, dfsssp.
const std::vector<std::string> &comparableEngines();
/// The configuration options of one of comparableEngines() (ftree-no-roots:
/// ftree without the root GUID file).
SmConfigOptions comparableEngineOptions(const std::string &engine);

/// Runs OpenSM on `design` under ibsim once per engine (comparableEngines()
/// names) and measures each: paths, balance, effective bisection over
/// `permutations` random bisections and the shift pattern, and `job`'s step
/// under the tables when given. `progress(done)` is called after each engine;
/// returning false stops (the engines run so far are returned). A failure is
/// the engine's error, never an exception.
std::vector<EngineResult> compareEngines(const Fabric &design, const OpenSmTools &tools,
                                         const std::vector<std::string> &engines, int permutations,
                                         std::uint64_t seed, bool shiftOnly = false, const JobSpec *job = nullptr,
                                         const std::function<bool(int done)> &progress = {});

} // namespace Railyard
