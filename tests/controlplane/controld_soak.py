"""railyard-controld under hostile traffic: 10,000 malformed, truncated,
oversized and wrongly authenticated requests from 16 threads, plus slowloris
connections that trickle their headers. Afterwards the service must still
answer, its memory must stay bounded and its database must pass
integrity_check with an intact audit chain. Prints the figures
docs/reliability.md quotes. RAILYARD_SOAK_REQUESTS overrides the count."""

import json
import os
import random
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from controldtest import CONTROLD, Check, Service, Workspace, call  # noqa: E402

REQUESTS = int(os.environ.get("RAILYARD_SOAK_REQUESTS", "10000"))
THREADS = 16
SLOWLORIS = 64
check = Check()


def exchange(port, payload, read=True, timeout=5.0):
    """Sends raw bytes, returns the status line's code (0 when none came back)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=("127.0.0.2", 0)) as s:
            try:
                s.sendall(payload)
            except OSError:
                pass
            if not read:
                return 0
            s.shutdown(socket.SHUT_WR)
            data = b""
            while len(data) < 65536:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
            if data.startswith(b"HTTP/1.1 "):
                return int(data[9:12])
            return 0
    except OSError:
        return 0


def hostile(rng, tokens):
    """One hostile request (bytes) and a label."""
    token = rng.choice(list(tokens.values()))
    kind = rng.randrange(14)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))), "garbage"
    if kind == 1:
        full = (f"POST /v1/training-networks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                "Content-Type: application/json\r\nContent-Length: 80\r\n\r\n{\"cluster\":").encode()
        return full[:rng.randrange(1, len(full))], "truncated"
    if kind == 2:
        return (b"GET /v1/healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 40000 + b"\r\n\r\n"), "header too large"
    if kind == 3:
        body = b"{" * 3000000
        return (f"POST /v1/incidents/network HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body, "body too large"
    if kind == 4:
        body = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 300)))
        path = rng.choice(["/v1/training-networks", "/v1/incidents/network", "/v1/training-networks/net_x/intents"])
        return (f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                ).encode() + body, "bad json"
    if kind == 5:
        body = json.dumps({"cluster": rng.choice(["lab-2rack", "x" * 300, 7, None]),
                           "symptom": rng.choice(["rank_hang", "", [1], "\u0000"]),
                           "network_id": rng.choice(["net_0", "%00", "../../etc"])}).encode()
        return (f"POST /v1/incidents/network HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                ).encode() + body, "wrong types"
    if kind == 6:
        path = "/" + "".join(rng.choice("abc%/?&=.0123456789") for _ in range(rng.randrange(1, 3000)))
        return f"GET {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n".encode(), "path"
    if kind == 7:
        return (f"GET /v1/training-networks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ryd_{rng.random()}\r\n"
                "Connection: close\r\n\r\n").encode(), "bad token"
    if kind == 8:
        return (b"POST /v1/training-networks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                b"Content-Type: application/json\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n"), "bad chunk"
    if kind == 9:
        method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "G\x00T", "CONNECT"])
        return (f"{method} /v1/training-networks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                "Connection: close\r\n\r\n").encode("latin-1"), "method"
    if kind == 10:
        return b"GET /v1/healthz\r\n\r\n", "http/0.9"
    if kind == 11:
        return (f"GET /v1/training-networks/x/telemetry?window={rng.choice(['-1', '99999999999h', 'm', '%zz'])} "
                f"HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nConnection: close\r\n\r\n").encode(), "window"
    if kind == 12:
        return (f"POST /v1/training-networks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
                "Content-Type: application/json\r\nContent-Length: 99999999999999999999\r\n\r\n").encode(), "length"
    key = "".join(rng.choice("ab\x7f ") for _ in range(rng.randrange(0, 300)))
    return (f"POST /v1/incidents/network HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n"
            f"Idempotency-Key: {key}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
            "Connection: close\r\n\r\n{}").encode("latin-1"), "idempotency key"


def slowloris(port, results, index):
    """Trickles a request's headers one byte every 0.3 s; records how long the server waited."""
    start = time.time()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30, source_address=("127.0.0.3", 0)) as s:
            for byte in b"GET /v1/healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"z" * 200:
                s.sendall(bytes([byte]))
                time.sleep(0.3)
                if time.time() - start > 20:
                    break
    except OSError:
        pass
    results[index] = time.time() - start


def main():
    ws = Workspace()
    # The attackers connect from 127.0.0.2 and .3 (all of 127/8 is loopback),
    # the legitimate client from 127.0.0.1: the per-address cap is theirs.
    svc = Service(ws, extra=["--request-timeout", "2", "--max-body", "65536", "--max-connections", "256",
                             "--max-connections-per-address", "128", "--rate-limit", "0"])
    try:
        rss_start = svc.rss_kib()
        statuses = {}
        lock = threading.Lock()
        counter = iter(range(REQUESTS))

        def worker(seed):
            rng = random.Random(seed)
            while True:
                with lock:
                    if next(counter, None) is None:
                        return
                payload, _label = hostile(rng, ws.tokens)
                status = exchange(svc.port, payload)
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1

        lorises = [None] * SLOWLORIS
        loris_threads = [threading.Thread(target=slowloris, args=(svc.port, lorises, i)) for i in range(SLOWLORIS)]
        for t in loris_threads:
            t.start()
        began = time.time()
        workers = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
        for t in workers:
            t.start()
        # Legitimate calls keep working during the attack.
        served = 0
        while any(t.is_alive() for t in workers):
            if call(svc, "GET", "/v1/healthz", token=ws.tokens["viewer"])[0] == 200:
                served += 1
            time.sleep(0.05)
        for t in workers:
            t.join()
        elapsed = time.time() - began
        for t in loris_threads:
            t.join()
        rss_end = svc.rss_kib()

        check(svc.process.poll() is None, "the service is still running")
        status, _, body, _ = call(svc, "GET", "/v1/healthz", token=ws.tokens["viewer"])
        check(status == 200 and body["status"] == "ok", "the service still answers")
        check(served > 0, "legitimate calls were served during the attack")
        check(statuses.get(500, 0) == 0, f"no 500: {statuses}")
        check(max(lorises) < 10, f"slowloris connections are cut off at the request deadline: longest {max(lorises):.1f} s")
        check(rss_end < 512 * 1024, f"memory bounded: {rss_end} KiB")
        print(f"soak: {REQUESTS} hostile requests in {elapsed:.1f} s ({REQUESTS / elapsed:.0f}/s) from {THREADS} "
              f"threads, {SLOWLORIS} slowloris connections (cut after {min(lorises):.1f}-{max(lorises):.1f} s), "
              f"{served} legitimate calls served meanwhile")
        print(f"soak: statuses {dict(sorted(statuses.items()))} (0: connection closed without a response)")
        print(f"soak: RSS {rss_start} KiB before, {rss_end} KiB after")
    finally:
        svc.stop()
        out = subprocess.run([CONTROLD, "check", "--db", ws.db], capture_output=True, text=True)
        check(out.returncode == 0 and "integrity: ok" in out.stdout and "audit chain: ok" in out.stdout,
              f"integrity_check and the audit chain after the soak: {out.stdout}{out.stderr}")
        print("soak: " + out.stdout.strip().replace("\n", "; "))
        ws.cleanup()
    check.finish("controld_soak")


if __name__ == "__main__":
    main()
