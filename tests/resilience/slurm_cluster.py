"""A throw-away single-node Slurm cluster on localhost, for tests.

Usage::

    from slurm_cluster import SlurmCluster, SlurmUnavailable

    with SlurmCluster("/some/dir") as cluster:
        cluster.run(["bash", "job.sh"], cwd=...)
        cluster.wait_all(timeout=120)
        print(cluster.job_states())

Everything lives in a fresh temporary directory (created under ``workdir``,
or the system temp dir when ``workdir`` is None): a private munge key, a
``munged`` on its own socket, ``slurm.conf``, state/spool/pid/log files.
``slurmctld`` and ``slurmd`` run in the foreground (``-D``) as child
processes.  On exit every daemon started here is stopped (SIGTERM, then
SIGKILL after a timeout) and the temporary directory is removed, unless
the environment variable ``RAILYARD_KEEP_SLURM=1`` is set.

Missing binaries raise :class:`SlurmUnavailable` (its ``binary`` attribute
and message name the missing program); a daemon that fails to start raises
:class:`SlurmStartError` with the tail of its log file.

Standard library only.
"""

import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time

__all__ = ["SlurmCluster", "SlurmUnavailable", "SlurmStartError", "SlurmError"]

REQUIRED_BINARIES = ("munged", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo")
# Debian puts the daemons in /usr/sbin, which is not always on a user's PATH.
_EXTRA_PATH = ("/usr/sbin", "/sbin", "/usr/local/sbin")


class SlurmError(Exception):
    """Base class for everything this module raises."""


class SlurmUnavailable(SlurmError):
    """A binary the cluster needs is not installed."""

    def __init__(self, binary):
        super().__init__(f"{binary} not found")
        self.binary = binary


class SlurmStartError(SlurmError):
    """A daemon did not come up; the message carries the tail of its log."""


def find_binary(name):
    """Absolute path of ``name`` on PATH (or an sbin dir), else None."""
    path = os.environ.get("PATH", os.defpath) + os.pathsep + os.pathsep.join(_EXTRA_PATH)
    return shutil.which(name, path=path)


def check_binaries():
    """Returns {name: path} for every required binary; raises SlurmUnavailable."""
    found = {}
    for name in REQUIRED_BINARIES:
        path = find_binary(name)
        if path is None:
            raise SlurmUnavailable(name)
        found[name] = path
    return found


def _ephemeral_range():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            lo, hi = (int(x) for x in f.read().split())
            return lo, hi
    except (OSError, ValueError):
        return 32768, 60999


def _free_port(avoid=()):
    """A port free on every interface, chosen outside the kernel's ephemeral
    range: a port from bind(0) is ephemeral, and another test's outgoing
    connection may take it as its local port before slurmctld binds it."""
    import random
    lo, hi = _ephemeral_range()
    candidates = [(12000, min(lo, 30000) - 1)] if lo > 13000 else [(hi + 1, 65000)]
    rng = random.Random()
    for _ in range(200):
        a, b = candidates[0]
        port = rng.randint(a, max(a, b))
        if port in avoid:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


def _tail(path, lines=40):
    try:
        with open(path, "r", errors="replace") as f:
            text = f.read()
    except OSError as e:
        return f"<cannot read {path}: {e}>"
    return "\n".join(text.splitlines()[-lines:])


def _parse_oneliner(line):
    """Parses one line of ``scontrol -o show job`` into a dict."""
    # Values may contain spaces (Command=..., Comment=...), so split only
    # before a token that looks like "Key=".
    fields = {}
    for token in re.split(r" (?=[A-Za-z][A-Za-z0-9_:/]*=)", line.strip()):
        key, sep, value = token.partition("=")
        if sep:
            fields[key] = value
    return fields


class SlurmCluster:
    """Context manager running munged + slurmctld + slurmd on localhost."""

    def __init__(self, workdir=None, start_timeout=60.0, cluster_name="railyard",
                 partition="debug"):
        self.workdir = workdir
        self.start_timeout = start_timeout
        self.cluster_name = cluster_name
        self.partition = partition
        self.keep = os.environ.get("RAILYARD_KEEP_SLURM") == "1"
        self.root = None           # the temporary directory
        self.conf_path = None      # slurm.conf
        self.munge_socket = None
        self.node_name = None
        self.ctld_port = None
        self.slurmd_port = None
        self.bins = {}
        self._procs = []           # [(name, Popen, log_path)] in start order
        self._stdio_files = []

    # ----------------------------------------------------------- lifecycle
    def __enter__(self):
        self.start()
        return self

    def __exit__(self, exc_type, exc, tb):
        self.stop()
        return False

    def start(self):
        self.bins = check_binaries()
        if self.workdir is not None:
            os.makedirs(self.workdir, exist_ok=True)
        # mkdtemp gives mode 0700, which munged's directory checks accept.
        # Keep the name short: the munge socket path must fit in sun_path (108).
        self.root = tempfile.mkdtemp(prefix="slurm-", dir=self.workdir)
        try:
            self._start_munged()
            # A port found free may still be taken before the daemon binds
            # it; then start again on new ports.
            for attempt in range(5):
                self._write_conf()
                try:
                    self._start_slurm_daemons()
                    break
                except SlurmStartError as e:
                    if "Address already in use" not in str(e) or attempt == 4:
                        raise
                    self._stop_slurm_daemons()
            self._wait_node_idle()
        except BaseException:
            self.stop()
            raise

    def stop(self, timeout=15.0):
        """Cancels leftover jobs, stops the daemons, removes the temp dir."""
        if self._procs and self._alive("slurmctld"):
            try:
                out = self.run([self.bins["squeue"], "-h", "-o", "%i"], check=False,
                               timeout=10).stdout
                if out.strip():
                    self.run([find_binary("scancel") or "scancel", *out.split()],
                             check=False, timeout=10)
                    self.wait_all(timeout=10, raise_on_timeout=False)
            except (OSError, subprocess.SubprocessError):
                pass
        # Stop in reverse start order: slurmd, slurmctld, munged.
        for name, proc, _log in reversed(self._procs):
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=timeout)
        self._procs = []
        for f in self._stdio_files:
            f.close()
        self._stdio_files = []
        if self.root and os.path.isdir(self.root):
            if self.keep:
                print(f"slurm_cluster: keeping {self.root} (RAILYARD_KEEP_SLURM=1)")
            else:
                shutil.rmtree(self.root, ignore_errors=True)

    # ------------------------------------------------------------- helpers
    def path(self, *parts):
        return os.path.join(self.root, *parts)

    def env(self, extra=None):
        """os.environ plus what the Slurm clients need (SLURM_CONF, PATH)."""
        env = dict(os.environ)
        env["SLURM_CONF"] = self.conf_path
        path = env.get("PATH", os.defpath).split(os.pathsep)
        env["PATH"] = os.pathsep.join(path + [p for p in _EXTRA_PATH if p not in path])
        # Slurm's clients find munged through AuthInfo=socket=... in slurm.conf;
        # MUNGE_SOCKET is for plain munge/unmunge.
        env["MUNGE_SOCKET"] = self.munge_socket
        # Do not let a caller's own Slurm job environment leak into submissions.
        for key in list(env):
            if key.startswith(("SLURM_JOB", "SLURM_ARRAY", "SBATCH_")) or key == "RAILYARD_STAGE":
                del env[key]
        if extra:
            env.update(extra)
        return env

    def run(self, cmd, check=True, timeout=60, cwd=None, env=None, input=None):
        """Runs ``cmd`` (list, or str for the shell) with env(); returns CompletedProcess.

        stdout/stderr are captured as text; check=True raises SlurmError with
        both on a non-zero exit.
        """
        result = subprocess.run(cmd, shell=isinstance(cmd, str), cwd=cwd,
                                env=self.env(env), input=input, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=timeout)
        if check and result.returncode != 0:
            raise SlurmError(f"command {cmd!r} exited {result.returncode}\n"
                             f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
        return result

    def squeue(self):
        """Job ids squeue currently lists (pending or running)."""
        out = self.run([self.bins["squeue"], "-h", "-o", "%i %T"], timeout=30).stdout
        return [line.split()[0] for line in out.splitlines() if line.strip()]

    def wait_all(self, timeout=120.0, poll=0.5, raise_on_timeout=True):
        """Waits until squeue lists no jobs. Returns True, or False/raises on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            self._check_daemons()
            if not self.squeue():
                return True
            if time.monotonic() > deadline:
                if raise_on_timeout:
                    raise SlurmError(
                        f"jobs still queued after {timeout:.0f} s:\n"
                        + self.run([self.bins["squeue"], "-l"], check=False).stdout
                        + "\nslurmctld log tail:\n" + _tail(self.path("slurmctld.log"))
                        + "\nslurmd log tail:\n" + _tail(self.path("slurmd.log")))
                return False
            time.sleep(poll)

    def jobs(self):
        """Every job slurmctld remembers (MinJobAge=3600), one dict per record.

        Array tasks are separate records (ArrayJobId/ArrayTaskId set) once
        they have started; a still-pending array shows as one record with
        ArrayTaskId like "0-3".
        """
        out = self.run([self.bins["scontrol"], "-o", "show", "job"], timeout=30).stdout
        records = []
        for line in out.splitlines():
            if line.strip() and "=" in line:
                records.append(_parse_oneliner(line))
        return records

    def job_states(self):
        """{key: JobState} for every job; key is "<ArrayJobId>_<ArrayTaskId>"
        for array tasks and "<JobId>" otherwise."""
        states = {}
        for rec in self.jobs():
            if rec.get("ArrayJobId") and rec.get("ArrayTaskId"):
                key = f"{rec['ArrayJobId']}_{rec['ArrayTaskId']}"
            else:
                key = rec.get("JobId", "?")
            states[key] = rec.get("JobState", "?")
        return states

    def log_tails(self, lines=40):
        """Tails of the munged, slurmctld and slurmd logs, for diagnostics."""
        parts = []
        for name in ("munged", "slurmctld", "slurmd"):
            parts.append(f"--- {name}.log ---\n{_tail(self.path(name + '.log'), lines)}")
        return "\n".join(parts)

    # ------------------------------------------------------------ internals
    def _spawn(self, name, argv, env=None):
        log = self.path(name + ".log")
        out = open(self.path(name + ".stdio"), "w")
        self._stdio_files.append(out)
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT, env=env, cwd=self.root,
                                start_new_session=True)
        self._procs.append((name, proc, log))
        return proc

    def _stop_slurm_daemons(self, timeout=15.0):
        """Stops slurmd and slurmctld (not munged) and clears their logs and
        state, for a fresh start on other ports."""
        keep = []
        for name, proc, log in self._procs:
            if name in ("slurmctld", "slurmd"):
                if proc.poll() is None:
                    proc.terminate()
                    try:
                        proc.wait(timeout=timeout)
                    except subprocess.TimeoutExpired:
                        proc.kill()
                        proc.wait(timeout=timeout)
                for f in (log, self.path(name + ".stdio")):
                    try:
                        os.remove(f)
                    except OSError:
                        pass
            else:
                keep.append((name, proc, log))
        self._procs = keep
        for d in ("state", "spool"):
            shutil.rmtree(self.path(d), ignore_errors=True)

    def _alive(self, name):
        return any(n == name and p.poll() is None for n, p, _ in self._procs)

    def _failure(self, name, what):
        log = self.path(name + ".log")
        stdio = self.path(name + ".stdio")
        return SlurmStartError(
            f"{name} {what}\n--- tail of {log} ---\n{_tail(log)}"
            f"\n--- tail of {stdio} ---\n{_tail(stdio)}")

    def _check_daemons(self):
        for name, proc, _log in self._procs:
            if proc.poll() is not None:
                raise self._failure(name, f"exited with status {proc.returncode}")

    def _start_munged(self):
        key = self.path("munge.key")
        dd = shutil.which("dd")
        if dd:
            subprocess.run([dd, "if=/dev/urandom", f"of={key}", "bs=1024", "count=1"],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        else:
            with open("/dev/urandom", "rb") as src, open(key, "wb") as dst:
                dst.write(src.read(1024))
        os.chmod(key, 0o400)
        self.munge_socket = self.path("munge.sock")
        argv = [self.bins["munged"], "-F", "--force",
                f"--socket={self.munge_socket}", f"--key-file={key}",
                f"--pid-file={self.path('munged.pid')}",
                f"--log-file={self.path('munged.log')}",
                f"--seed-file={self.path('munged.seed')}"]
        self._spawn("munged", argv)
        deadline = time.monotonic() + 20
        while not os.path.exists(self.munge_socket):
            self._check_daemons()
            if time.monotonic() > deadline:
                raise self._failure("munged", "did not create its socket within 20 s")
            time.sleep(0.1)

    def _write_conf(self):
        self.ctld_port = _free_port()
        self.slurmd_port = _free_port(avoid={self.ctld_port})
        user = pwd.getpwuid(os.getuid()).pw_name
        self.node_name = socket.gethostname().split(".")[0] or "localhost"
        try:
            cpus = len(os.sched_getaffinity(0))
        except AttributeError:
            cpus = os.cpu_count() or 1
        for d in ("state", "spool"):
            os.makedirs(self.path(d), mode=0o700, exist_ok=True)
        lines = [
            f"ClusterName={self.cluster_name}",
            "SlurmctldHost=localhost",
            f"SlurmctldPort={self.ctld_port}",
            f"SlurmdPort={self.slurmd_port}",
            f"SlurmUser={user}",
            f"SlurmdUser={user}",
            "AuthType=auth/munge",
            "CredType=cred/munge",
            f"AuthInfo=socket={self.munge_socket}",
            f"StateSaveLocation={self.path('state')}",
            f"SlurmdSpoolDir={self.path('spool')}",
            f"SlurmctldPidFile={self.path('slurmctld.pid')}",
            f"SlurmdPidFile={self.path('slurmd.pid')}",
            f"SlurmctldLogFile={self.path('slurmctld.log')}",
            f"SlurmdLogFile={self.path('slurmd.log')}",
            "SlurmctldDebug=info",
            "SlurmdDebug=info",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "SwitchType=switch/none",
            "MpiDefault=none",
            "SchedulerType=sched/backfill",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_Core",
            "JobCompType=jobcomp/none",
            "MailProg=/bin/true",
            "AccountingStorageType=accounting_storage/none",
            "ReturnToService=2",
            # Keep finished jobs visible to scontrol for the whole test.
            "MinJobAge=3600",
            # A job whose afterok dependency can never be met is cancelled
            # instead of pending forever (so wait_all() terminates).
            "DependencyParameters=kill_invalid_depend",
            "SlurmdTimeout=300",
            "InactiveLimit=0",
            "KillWait=5",
            "Waittime=0",
            f"NodeName={self.node_name} NodeHostname={self.node_name} NodeAddr=127.0.0.1 "
            f"CPUs={cpus} RealMemory=100 State=UNKNOWN",
            f"PartitionName={self.partition} Nodes={self.node_name} Default=YES "
            "MaxTime=INFINITE State=UP",
        ]
        self.conf_path = self.path("slurm.conf")
        with open(self.conf_path, "w") as f:
            f.write("\n".join(lines) + "\n")
        # Plugstack: point at an empty file so /etc/slurm/plugstack.conf.d is ignored.
        with open(self.path("plugstack.conf"), "w"):
            pass
        with open(self.conf_path, "a") as f:
            f.write(f"PlugStackConfig={self.path('plugstack.conf')}\n")

    def _start_slurm_daemons(self):
        env = self.env()
        self._spawn("slurmctld", [self.bins["slurmctld"], "-D", "-i", "-f", self.conf_path],
                    env=env)
        # Wait for slurmctld to answer before starting slurmd, so slurmd's
        # registration is not lost to a retry delay.
        deadline = time.monotonic() + self.start_timeout
        while True:
            self._check_daemons()
            r = self.run([self.bins["scontrol"], "ping"], check=False, timeout=15)
            if r.returncode == 0 and "UP" in r.stdout:
                break
            if time.monotonic() > deadline:
                raise self._failure("slurmctld", f"did not answer scontrol ping within "
                                    f"{self.start_timeout:.0f} s:\n{r.stdout}{r.stderr}")
            time.sleep(0.3)
        self._spawn("slurmd", [self.bins["slurmd"], "-D", "-N", self.node_name,
                               "-f", self.conf_path], env=env)

    def _wait_node_idle(self):
        deadline = time.monotonic() + self.start_timeout
        last = ""
        while True:
            self._check_daemons()
            r = self.run([self.bins["sinfo"], "-h", "-N", "-o", "%N %t"], check=False,
                         timeout=15)
            last = (r.stdout + r.stderr).strip()
            states = dict(line.split(None, 1) for line in r.stdout.splitlines()
                          if len(line.split()) == 2)
            if states.get(self.node_name) == "idle":
                return
            if time.monotonic() > deadline:
                raise self._failure("slurmd", f"node {self.node_name} not idle within "
                                    f"{self.start_timeout:.0f} s (sinfo: {last!r})")
            time.sleep(0.3)
