"""railyard-controld end to end: every endpoint through Python's urllib (not
Railyard's client), every response validated against docs/openapi.yaml;
roles, authentication, signed intents, idempotency, pagination, telemetry,
incidents, the audit log, revocation, a SIGKILL and restart, TLS, and
railyard-cli's `remote` client against the real service."""

import json
import os
import shutil
import sqlite3
import ssl
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from controldtest import (CLI, CONTROLD, SAMPLES, Check, Service, Workspace, call, need_env, run, skip)  # noqa: E402

try:
    import jsonschema
    import yaml
except ImportError as error:
    skip(f"python3-jsonschema and python3-yaml are needed ({error})")

OPENAPI = yaml.safe_load(open(need_env("RAILYARD_OPENAPI")))
RESOLVER = jsonschema.RefResolver.from_schema(OPENAPI)
FORGE = need_env("RAILYARD_FORGE_INTENT")
check = Check()


def schema_for(method, template, status):
    responses = OPENAPI["paths"][template][method.lower()]["responses"]
    response = responses.get(str(status), responses.get("default"))
    if "$ref" in response:
        response = OPENAPI["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    return response["content"]["application/json"]["schema"]


def api(service, method, path, template, token=None, expect=None, **kwargs):
    """Calls, checks the status, validates the body against the OpenAPI document."""
    status, headers, body, raw = call(service, method, path, token=token, **kwargs)
    if expect is not None:
        check(status == expect, f"{method} {path}: status {status}, expected {expect}: {raw[:300]!r}")
    try:
        jsonschema.Draft202012Validator(schema_for(method, template, status), resolver=RESOLVER).validate(body)
        check(True, "")
    except jsonschema.ValidationError as error:
        check(False, f"{method} {path} {status}: response does not match docs/openapi.yaml: {error.message}")
    return status, headers, body, raw


def wait_for(predicate, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    check(False, "timed out waiting for " + what)
    return None


NET = "/v1/training-networks"
NET_ID = "/v1/training-networks/{id}"
INTENTS = "/v1/training-networks/{id}/intents"
TELEMETRY = "/v1/training-networks/{id}/telemetry"
INCIDENTS = "/v1/incidents/network"


def test_api(ws):
    t = ws.tokens
    svc = Service(ws, extra=["--inject", "lab-2rack=hang:rank:3@5", "--rate-limit", "0"])
    try:
        # Authentication.
        status, headers, body, _ = api(svc, "GET", NET, NET, expect=401)
        check(headers.get("WWW-Authenticate", "").startswith("Bearer"), "401 carries WWW-Authenticate: Bearer")
        api(svc, "GET", NET, NET, token="ryd_not-a-token", expect=401)
        api(svc, "GET", "/v1/healthz", "/v1/healthz", token=t["viewer"], expect=200)

        # Create, provision.
        status, headers, body, _ = api(svc, "POST", NET, NET, token=t["operator"], expect=201,
                                       body={"cluster": "cluster-3k", "backend": "roce", "rails": 8,
                                             "topology": "rail_optimized"})
        net = body["network_id"]
        check(body["status"] == "provisioning", "a new network is provisioning")
        check(headers.get("Location") == f"{NET}/{net}", "Location names the new network")
        ready = wait_for(lambda: call(svc, "GET", f"{NET}/{net}", token=t["viewer"])[2]["status"] == "ready", 15,
                         "the network to be ready")
        status, _, body, _ = api(svc, "GET", f"{NET}/{net}", NET_ID, token=t["viewer"], expect=200)
        check(body["bandwidth_gbps_per_host"] == 8 * 400, f"8 rails x 400G per host: {body['bandwidth_gbps_per_host']}")
        check(body["intent_version"] == 0, "no intent yet")

        status, _, body, _ = api(svc, "POST", NET, NET, token=t["admin"], expect=201,
                                 body={"cluster": "cluster-3k", "backend": "roce", "rails": 4, "topology": "clos"})
        bad = body["network_id"]
        wait_for(lambda: call(svc, "GET", f"{NET}/{bad}", token=t["viewer"])[2]["status"] != "provisioning", 15,
                 "the 4-rail network to be decided")
        _, _, body, _ = api(svc, "GET", f"{NET}/{bad}", NET_ID, token=t["viewer"], expect=200)
        check(body["status"] == "failed" and "8 rails" in body.get("status_reason", ""),
              f"4 rails on an 8-rail cluster fails with the reason: {body}")

        # Roles.
        for role in ("viewer", "reviewer"):
            api(svc, "POST", NET, NET, token=t[role], expect=403,
                body={"cluster": "cluster-3k", "backend": "roce", "rails": 8, "topology": "clos"})
        for role in ("viewer", "operator"):
            api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t[role], expect=403, raw=open(ws.reviewed(4), "rb").read())
        for role in ("viewer", "reviewer"):
            api(svc, "POST", INCIDENTS, INCIDENTS, token=t[role], expect=403,
                body={"cluster": "lab-2rack", "symptom": "rank_hang"})
        for role in ("viewer", "operator", "reviewer"):
            api(svc, "GET", "/v1/audit", "/v1/audit", token=t[role], expect=403)

        # Validation.
        api(svc, "POST", NET, NET, token=t["operator"], expect=400, raw=b"{not json")
        api(svc, "POST", NET, NET, token=t["operator"], expect=415, raw=b"{}", content_type="text/plain")
        api(svc, "POST", NET, NET, token=t["operator"], expect=422,
            body={"cluster": "cluster-3k", "backend": "roce", "rails": 8, "topology": "clos", "extra": 1})
        api(svc, "POST", NET, NET, token=t["operator"], expect=422,
            body={"cluster": "nowhere", "backend": "roce", "rails": 8, "topology": "clos"})
        api(svc, "POST", NET, NET, token=t["operator"], expect=422,
            body={"cluster": "cluster-3k", "backend": "roce", "rails": 0, "topology": "clos"})
        api(svc, "GET", f"{NET}/net_0000000000000000", NET_ID, token=t["viewer"], expect=404)
        status, headers, _, _ = call(svc, "DELETE", f"{NET}/{net}", token=t["admin"])
        check(status == 405, f"DELETE is 405: {status}")
        check(call(svc, "GET", "/v2/anything", token=t["viewer"])[0] == 404, "an unknown path is 404")

        # Intents: applied, unchanged, stale, and refusals with the reason.
        v4 = open(ws.reviewed(4), "rb").read()
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["reviewer"], expect=200, raw=v4)
        check(body == {**body, "intent_version": 4, "status": "applied", "author": "alice", "reviewer": "bob"},
              f"v4 applied: {body}")
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["reviewer"], expect=200, raw=v4)
        check(body["status"] == "unchanged", "the same version again is unchanged")
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["admin"], expect=409,
                            raw=open(ws.reviewed(3), "rb").read())
        check(body["error"]["code"] == "stale_intent_version", "an older version is refused")
        _, _, body, _ = api(svc, "GET", f"{NET}/{net}/intents", INTENTS, token=t["viewer"], expect=200)
        check([i["intent_version"] for i in body["items"]] == [4], "one applied version")
        status, _, _, raw = call(svc, "GET", f"{NET}/{net}/intents/4", token=t["viewer"])
        check(status == 200 and raw == v4, "the applied file comes back byte for byte")

        tampered = v4.replace(b'"deny_public_egress": true', b'"deny_public_egress": false')
        check(tampered != v4, "the tampering changed the file")
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["reviewer"], expect=422, raw=tampered)
        check("content_sha256 does not match" in body["error"]["message"], f"tampered: {body['error']['message']}")
        draft = open(os.path.join(SAMPLES, "cluster-3k.v4.intent.json"), "rb").read()
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["reviewer"], expect=422, raw=draft)
        check(body["error"]["code"] == "intent_refused", f"unsigned: {body['error']['message']}")
        submitted = open(ws.path("v4.submitted.json"), "rb").read()
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["reviewer"], expect=422,
                            raw=submitted)
        check("no reviewer signature" in body["error"]["message"], f"in review: {body['error']['message']}")
        shutil.copy(os.path.join(ws.keys, "alice.pub"), os.path.join(ws.keyring, "mallory.pub"))
        run([FORGE, ws.path("v4.submitted.json"), os.path.join(ws.keys, "alice.key"), "mallory", ws.path("self.json")])
        _, _, body, _ = api(svc, "POST", f"{NET}/{net}/intents", INTENTS, token=t["reviewer"], expect=422,
                            raw=open(ws.path("self.json"), "rb").read())
        check("same key" in body["error"]["message"], f"self-approved: {body['error']['message']}")
        os.remove(os.path.join(ws.keyring, "mallory.pub"))

        # Idempotency.
        key = {"Idempotency-Key": "create-net-1"}
        request = {"cluster": "lab-2rack", "backend": "roce", "rails": 2, "topology": "rail_optimized"}
        _, _, first, _ = api(svc, "POST", NET, NET, token=t["operator"], expect=201, body=request, headers=key)
        _, headers, again, _ = api(svc, "POST", NET, NET, token=t["operator"], expect=201, body=request, headers=key)
        check(again == first and headers.get("Idempotent-Replayed") == "true", "a replay returns the first response")
        _, _, body, _ = api(svc, "POST", NET, NET, token=t["operator"], expect=422, body={**request, "rails": 3},
                            headers=key)
        check(body["error"]["code"] == "idempotency_key_reused", "the key with another body is refused")
        lab = first["network_id"]

        # Pagination.
        _, _, page, _ = api(svc, "GET", NET + "?limit=2", NET, token=t["viewer"], expect=200)
        check(len(page["items"]) == 2 and "next_page_token" in page, "limit=2 gives two and a next page")
        _, _, rest, _ = api(svc, "GET", NET + "?limit=2&page_token=" + page["next_page_token"], NET, token=t["viewer"],
                            expect=200)
        ids = [n["network_id"] for n in page["items"] + rest["items"]]
        check(ids == [net, bad, lab], f"the pages hold every network once, in order: {ids}")
        api(svc, "GET", NET + "?page_token=bogus", NET, token=t["viewer"], expect=400)
        api(svc, "GET", NET + "?limit=0", NET, token=t["viewer"], expect=400)

        # Telemetry, with the simulated hang.
        wait_for(lambda: call(svc, "GET", f"{NET}/{lab}", token=t["viewer"])[2]["status"] == "ready", 15, "lab ready")
        hung = wait_for(lambda: (lambda b: b if b and b.get("collective_hang_suspects", 0) >= 1 else None)(
            call(svc, "GET", f"{NET}/{lab}/telemetry?window=5m", token=t["viewer"])[2]), 60, "a hang suspect")
        _, _, body, _ = api(svc, "GET", f"{NET}/{lab}/telemetry?window=5m", TELEMETRY, token=t["viewer"], expect=200)
        check(body["samples"] > 0 and body["source"] == "sim" and body["window_seconds"] == 300, f"telemetry: {body}")
        check(body["p99_rtt_us"] > 2, f"an RTT across the fabric is microseconds: {body['p99_rtt_us']}")
        api(svc, "GET", f"{NET}/{lab}/telemetry", TELEMETRY, token=t["viewer"], expect=200)
        api(svc, "GET", f"{NET}/{lab}/telemetry?window=2d", TELEMETRY, token=t["viewer"], expect=400)
        api(svc, "GET", f"{NET}/{lab}/telemetry?window=0s", TELEMETRY, token=t["viewer"], expect=400)

        # Incidents.
        _, headers, inc, _ = api(svc, "POST", INCIDENTS, INCIDENTS, token=t["operator"], expect=201,
                                 body={"cluster": "lab-2rack", "symptom": "rank_hang", "network_id": lab},
                                 headers={"Idempotency-Key": "incident-1"})
        check(len(inc["detections"]) >= 1 and inc["detections"][0]["kind"] == "rank_hang",
              f"the incident links the hang detection: {inc['detections']}")
        check("lab-2rack" in inc["runbook"], "the runbook names the cluster")
        api(svc, "POST", INCIDENTS, INCIDENTS, token=t["operator"], expect=422,
            body={"cluster": "lab-2rack", "symptom": "coffee_spill"})
        _, _, listed, _ = api(svc, "GET", INCIDENTS, INCIDENTS, token=t["viewer"], expect=200)
        check([i["incident_id"] for i in listed["items"]] == [inc["incident_id"]], "one incident listed")
        api(svc, "GET", f"{INCIDENTS}/{inc['incident_id']}", "/v1/incidents/network/{id}", token=t["viewer"],
            expect=200)
        # An incident for one detected element links that detection only; an
        # element nothing was detected on is refused, named in the error.
        _, _, body, _ = api(svc, "GET", f"{NET}/{lab}/telemetry?window=5m", TELEMETRY, token=t["viewer"], expect=200)
        check(body["detections_total"] >= 1 and len(body["detections"]) == min(50, body["detections_total"]),
              f"the telemetry answer lists the detections: {body.get('detections_total')}")
        element = body["detections"][-1]["element"]
        _, _, one, _ = api(svc, "POST", INCIDENTS, INCIDENTS, token=t["operator"], expect=201,
                           body={"cluster": "lab-2rack", "symptom": "rank_hang", "element": element},
                           headers={"Idempotency-Key": "incident-element"})
        check(one["detections"] and all(d["element"] == element for d in one["detections"]),
              f"the incident links the detection on {element}: {one['detections']}")
        _, _, refused, _ = api(svc, "POST", INCIDENTS, INCIDENTS, token=t["operator"], expect=422,
                               body={"cluster": "lab-2rack", "symptom": "rank_hang", "element": "no-such-port"})
        check("no-such-port" in json.dumps(refused), f"the refusal names the element: {refused}")

        # Revocation takes effect at once.
        run([CONTROLD, "token", "revoke", "--db", ws.db, "--name", "viewer-1"])
        api(svc, "GET", NET, NET, token=t["viewer"], expect=401)

        # The audit log: every call, no token in it, append-only.
        entries, token = [], None
        while True:
            _, _, page, _ = api(svc, "GET", "/v1/audit?limit=500" + (f"&page_token={token}" if token else ""),
                                "/v1/audit", token=t["admin"], expect=200)
            entries += page["items"]
            token = page.get("next_page_token")
            if not token:
                break
        # Refused anonymous calls are counted in memory and rolled up (once a
        # minute, or when the service stops), never written one by one.
        check(not any(e["status"] == 401 and e["method"] != "*" for e in entries),
              "unauthenticated calls are not written one by one")
        check(any(e["status"] == 403 and e["principal"] == "viewer-1" for e in entries), "denied calls are audited")
        check(any(e["method"] == "POST" and e["path"].endswith("/intents") and e["status"] == 200
                  and len(e["request_sha256"]) == 64 for e in entries), "applied intents are audited with their hash")

        # Crash: SIGKILL loses nothing acknowledged.
        before = call(svc, "GET", f"{NET}/{net}", token=t["admin"])[2]
        svc.kill()
        svc = Service(ws, extra=["--rate-limit", "0"])
        after = call(svc, "GET", f"{NET}/{net}", token=t["admin"])[2]
        check(after["intent_version"] == 4 and after["status"] == "ready" and after["network_id"] == net,
              f"the network and its intent survive SIGKILL: {after}")
        _, headers, replay, _ = api(svc, "POST", INCIDENTS, INCIDENTS, token=t["operator"], expect=201,
                                    body={"cluster": "lab-2rack", "symptom": "rank_hang", "network_id": lab},
                                    headers={"Idempotency-Key": "incident-1"})
        check(replay == inc and headers.get("Idempotent-Replayed") == "true",
              "an idempotent replay after the restart returns the first response")
        check(before["created_utc"] == after["created_utc"], "the record is the same one")

        for _ in range(3):
            api(svc, "GET", NET, NET, expect=401)

        # railyard-cli remote, Railyard's own client, against the service.
        token_file = ws.path("reviewer.token")
        with open(token_file, "w") as f:
            f.write(t["reviewer"])
        common = ["--url", svc.url, "--token-file", token_file]
        out = run([CLI, "remote", "networks"] + common)
        check(net in out and lab in out, f"remote networks lists them: {out}")
        out = run([CLI, "remote", "push-intent", net, ws.reviewed(4)] + common)
        check("intent version 4 unchanged" in out, f"remote push-intent: {out}")
        out = run([CLI, "remote", "telemetry", lab, "--window", "1m", "--json"] + common)
        check(json.loads(out)["network_id"] == lab, "remote telemetry --json")
        denied = subprocess.run([CLI, "remote", "create", "--cluster", "lab-2rack", "--rails", "2"] + common,
                                capture_output=True, text=True)
        check(denied.returncode == 1 and "403 forbidden" in denied.stderr, f"remote create as reviewer: {denied.stderr}")
        # The audit log from the command line: admins only, one line per row.
        admin_file = ws.path("admin.token")
        with open(admin_file, "w") as f:
            f.write(t["admin"])
        out = run([CLI, "remote", "audit", "--limit", "500", "--url", svc.url, "--token-file", admin_file])
        pushes = [line for line in out.splitlines() if "/intents" in line and "POST" in line]
        check(any("→ 200" in line and line.endswith("[intent v4]") and f"/v1/training-networks/{net}/intents" in line
                  for line in pushes),
              f"remote audit lists the intent push: {pushes[:5]} of {len(out.splitlines())} rows")
        refused = subprocess.run([CLI, "remote", "audit"] + common, capture_output=True, text=True)
        check(refused.returncode == 1 and "403 forbidden" in refused.stderr, f"remote audit as reviewer: {refused.stderr}")
    finally:
        svc.stop()

    out = subprocess.run([CONTROLD, "check", "--db", ws.db], capture_output=True, text=True)
    check(out.returncode == 0 and "integrity: ok" in out.stdout and "audit chain: ok" in out.stdout,
          f"check after the run: {out.stdout}{out.stderr}")
    db = sqlite3.connect(ws.db)
    rolled = db.execute("SELECT COUNT(*), COALESCE(SUM(count), 0) FROM audit WHERE method = '*' AND status = 401 "
                        "AND principal = '-'").fetchone()
    check(rolled[0] >= 1 and rolled[1] >= 3, f"the anonymous calls after the restart were rolled up at the stop: {rolled}")
    try:
        db.execute("UPDATE audit SET status = 200 WHERE seq = (SELECT MAX(seq) FROM audit)")
        check(False, "the audit log refuses an UPDATE")
    except sqlite3.DatabaseError as error:
        check("append-only" in str(error), f"the audit log refuses an UPDATE: {error}")
    stored = open(ws.db, "rb").read() + open(ws.path("controld.log"), "rb").read()
    check(not any(token.encode() in stored for token in t.values()), "no token is stored or logged")


def test_tls(ws):
    if not shutil.which("openssl"):
        print("SKIP part: TLS needs the openssl binary")
        return
    cert, key = ws.path("cert.pem"), ws.path("key.pem")
    run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
         "subjectAltName=IP:127.0.0.1"])
    svc = Service(ws, tls=(cert, key))
    try:
        check(svc.url.startswith("https://"), "the service says https")
        context = ssl.create_default_context(cafile=cert)
        status, _, body, _ = call(svc, "GET", "/v1/healthz", token=ws.tokens["admin"], ssl_context=context)
        check(status == 200 and body["status"] == "ok", "HTTPS with the service's certificate")
        try:
            call(svc, "GET", "/v1/healthz", token=ws.tokens["admin"], ssl_context=ssl.create_default_context())
            check(False, "an untrusted certificate is refused by the client")
        except Exception:
            check(True, "")
        token_file = ws.path("admin.token")
        with open(token_file, "w") as f:
            f.write(ws.tokens["admin"])
        out = run([CLI, "remote", "networks", "--url", svc.url, "--token-file", token_file, "--ca", cert])
        check("no training networks" in out, f"remote over HTTPS with --ca: {out}")
        refused = subprocess.run([CLI, "remote", "networks", "--url", svc.url, "--token-file", token_file],
                                 capture_output=True, text=True)
        check(refused.returncode == 1, "remote over HTTPS without trusting the certificate fails")
    finally:
        svc.stop()


def test_prometheus_down(ws):
    """Telemetry from Prometheus that does not answer: stale intervals, not zeros."""
    svc = Service(ws, extra=["--telemetry", "prometheus=http://127.0.0.1:9", "--rate-limit", "0"])
    try:
        t = ws.tokens
        _, _, body, _ = api(svc, "POST", NET, NET, token=t["operator"], expect=201,
                            body={"cluster": "lab-2rack", "backend": "roce", "rails": 2, "topology": "rail_optimized"})
        net = body["network_id"]
        stale = wait_for(lambda: (lambda b: b if b and b.get("stale_samples", 0) >= 2 else None)(
            call(svc, "GET", f"{NET}/{net}/telemetry?window=1m", token=t["viewer"])[2]), 30, "stale intervals")
        _, _, body, _ = api(svc, "GET", f"{NET}/{net}/telemetry?window=1m", TELEMETRY, token=t["viewer"], expect=200)
        check(body["source"] == "prometheus" and body["samples"] == 0 and body["stale_samples"] >= 2
              and body.get("stale_reason"), f"Prometheus down: stale, with the reason: {body}")
    finally:
        svc.stop()


def main():
    ws = Workspace()
    try:
        test_api(ws)
    finally:
        ws.cleanup()
    tls = Workspace()
    try:
        test_tls(tls)
    finally:
        tls.cleanup()
    down = Workspace()
    try:
        test_prometheus_down(down)
    finally:
        down.cleanup()
    check.finish("controld_api")


if __name__ == "__main__":
    main()
