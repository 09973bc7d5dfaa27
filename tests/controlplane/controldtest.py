"""Shared helpers of the control-plane service's end-to-end tests: start
railyard-controld on loopback, make keys, tokens and reviewed intents with
railyard-cli, and call the API with Python's own HTTP client (urllib), not
Railyard's."""

import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

SKIP = 77


def skip(message):
    print("SKIP: " + message)
    sys.exit(SKIP)


def need_env(name):
    value = os.environ.get(name)
    if not value:
        skip(f"{name} is not set (run through ctest)")
    return value


CONTROLD = need_env("RAILYARD_CONTROLD")
CLI = need_env("RAILYARD_CLI")
SAMPLES = need_env("RAILYARD_SAMPLES")


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result.stdout


class Workspace:
    """A scratch folder with keys, a keyring, tokens and reviewed intents."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="railyard-controld-")
        self.db = os.path.join(self.dir, "controld.db")
        self.keyring = os.path.join(self.dir, "keyring")
        os.makedirs(self.keyring)
        self.keys = os.path.join(self.dir, "keys")
        for name in ("alice", "bob"):
            run([CLI, "keys", "generate", "--name", name, "--out", self.keys])
            shutil.copy(os.path.join(self.keys, name + ".pub"), self.keyring)
        self.tokens = {}
        for role in ("viewer", "operator", "reviewer", "admin"):
            self.tokens[role] = run([CONTROLD, "token", "add", "--db", self.db, "--role", role,
                                     "--name", role + "-1"]).strip()

    def path(self, name):
        return os.path.join(self.dir, name)

    def reviewed(self, version):
        """cluster-3k's vN intent, signed by alice and approved by bob."""
        draft = os.path.join(SAMPLES, f"cluster-3k.v{version}.intent.json")
        submitted = self.path(f"v{version}.submitted.json")
        reviewed = self.path(f"v{version}.reviewed.json")
        if not os.path.exists(reviewed):
            run([CLI, "intent", "sign", draft, "--key", os.path.join(self.keys, "alice.key"), "-o", submitted])
            run([CLI, "intent", "approve", submitted, "--key", os.path.join(self.keys, "bob.key"),
                 "--comment", "reviewed in the test", "-o", reviewed])
        return reviewed

    def cleanup(self):
        shutil.rmtree(self.dir, ignore_errors=True)


class Service:
    """railyard-controld serve on 127.0.0.1, an ephemeral port."""

    def __init__(self, ws, extra=(), tls=None, preexec_fn=None):
        self.ws = ws
        self.tls = tls
        args = [CONTROLD, "serve", "--listen", "127.0.0.1:0", "--db", ws.db, "--keyring", ws.keyring,
                "--cluster", "cluster-3k=" + os.path.join(SAMPLES, "cluster-3k.fabric.json"),
                "--cluster", "lab-2rack=" + os.path.join(SAMPLES, "lab-2rack.fabric.json"),
                "--job", "lab-2rack=" + os.path.join(SAMPLES, "lab-2rack.job.json"),
                "--telemetry-interval", "0.2"]
        if tls:
            args += ["--tls-cert", tls[0], "--tls-key", tls[1]]
        args += list(extra)
        self.log = open(ws.path("controld.log"), "a")
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self.log, text=True, preexec_fn=preexec_fn)
        line = self.process.stdout.readline()
        match = re.search(r"listening on (https?)://([0-9.]+):([0-9]+)", line)
        if not match:
            self.process.kill()
            raise AssertionError("railyard-controld did not start: " + line + open(ws.path("controld.log")).read())
        self.url = f"{match.group(1)}://{match.group(2)}:{match.group(3)}"
        self.port = int(match.group(3))

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def rss_kib(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def call(service, method, path, token=None, body=None, headers=None, raw=None, content_type="application/json",
         ssl_context=None):
    """(status, headers, parsed JSON or None, raw bytes)."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(service.url + path, data=data, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    if data is not None and content_type:
        request.add_header("Content-Type", content_type)
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=30, context=ssl_context) as response:
            payload = response.read()
            status, response_headers = response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        payload = error.read()
        status, response_headers = error.code, dict(error.headers)
    try:
        parsed = json.loads(payload) if payload else None
    except ValueError:
        parsed = None
    return status, response_headers, parsed, payload


class Check:
    """Counts checks; prints each failure and exits 1 at the end if any."""

    def __init__(self):
        self.count = 0
        self.failures = []

    def __call__(self, condition, message):
        self.count += 1
        if not condition:
            self.failures.append(message)
            print("FAIL: " + message)

    def finish(self, name):
        if self.failures:
            print(f"{name}: {len(self.failures)} of {self.count} checks failed")
            sys.exit(1)
        print(f"{name}: all {self.count} checks passed")
