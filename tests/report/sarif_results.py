#!/usr/bin/env python3
"""What devtrace's SARIF says of two_runs.db and chains.db (its form is
check_sarif.py's).

    sarif_results.py DEVTRACE REPORTS_DIR

Each finding with a source line is a result under devcheck's rule id where
the mistake is the same (device-mismatch, memspace-mismatch, host-deref,
memcpy-direction) and devtrace's own otherwise; its level is its severity;
its line is relative to %SRCROOT%, the folder the program ran in; the sites
of the memory involved are related locations; the two runs' findings at one
line share a hash and are told apart by N.  The finding without a line is
left out, and stderr says so.  --kinds holds here as in every view.  A
finding's call chain is a code flow, main's call first, of the frames with a
source line; a finding without one (two_runs.db's) has none.
"""
import json
import subprocess
import sys

DEVTRACE, REPORTS = sys.argv[1], sys.argv[2]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def sarif(*args, report="two_runs"):
    r = subprocess.run([DEVTRACE, "report", f"{REPORTS}/{report}.db", "--format", "sarif", *args],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"exit {r.returncode}: {r.stderr}")
    return json.loads(r.stdout)["runs"][0], r.stderr


run, stderr = sarif()
results = run["results"]
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
by_rule = {}
for res in results:
    by_rule.setdefault(res["ruleId"], []).append(res)
check(len(results) == 8, f"{len(results)} results: two_runs.sql has 9 findings, 8 with a line")
check("1 finding without a source line left out" in stderr, f"stderr: {stderr!r}")
check(sorted(by_rule) == ["device-mismatch", "double-free", "host-deref", "leak",
                          "memcpy-direction", "memspace-mismatch", "pageable-transfer"],
      f"rules used: {sorted(by_rule)}")
check(rules.count("memspace-mismatch") == 1, "memspace-mismatch listed once")
check(all(rules[r["ruleIndex"]] == r["ruleId"] for r in results), "ruleIndex")
check([r["level"] for r in by_rule["memspace-mismatch"]] == ["error"], "an error's level")
check([r["level"] for r in by_rule["leak"]] == ["warning"], "a warning's level")
loc = by_rule["host-deref"][0]["locations"][0]["physicalLocation"]
check(loc["artifactLocation"] == {"uri": "app/train.c", "uriBaseId": "%SRCROOT%"}
      and loc["region"] == {"startLine": 31}, f"host-deref at app/train.c:31: {loc}")
vendor = by_rule["memspace-mismatch"][0]
check(vendor["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
      == "file:///~vendor/src/blas.c", "a file outside the folder: an absolute URI")
check("(2 times)" in vendor["message"]["text"], "a repeated finding's count")
related = by_rule["double-free"][0].get("relatedLocations", [])
check([(r["physicalLocation"]["region"]["startLine"], r["message"]["text"]) for r in related]
      == [(27, "The memory was allocated here."), (28, "The memory was freed here.")],
      f"double-free's related locations: {related}")
pageable = [r["partialFingerprints"]["primaryLocationLineHash"] for r in by_rule["pageable-transfer"]]
check(len(pageable) == 2 and pageable[0][:16] == pageable[1][:16]
      and sorted(p[17:] for p in pageable) == ["1", "2"], f"pageable fingerprints {pageable}")
check(run["originalUriBaseIds"]["%SRCROOT%"]["uri"].startswith("file:///"), "SRCROOT")

only, _ = sarif("--kinds", "leak")
check([r["ruleId"] for r in only["results"]] == ["leak"], "--kinds leak")
check(not any("codeFlows" in r for r in results), "two_runs: no chains, no code flows")


def steps(result):
    flow = result["codeFlows"][0]["threadFlows"][0]["locations"]
    return [(s["location"]["physicalLocation"]["region"]["startLine"], s["location"]["message"]["text"])
            for s in flow]


chains, _ = sarif(report="chains")
flows = {}
for res in chains["results"]:
    flows.setdefault(res["ruleId"], []).append(steps(res))
check(flows["memcpy-direction"] == [[(34, "In main."), (10, "In download.")],
                                    [(36, "In main."), (10, "In download.")],
                                    [(37, "In main."), (15, "In checkpoint."), (10, "In download.")]],
      f"chains: a flow per chain, main's call first: {flows['memcpy-direction']}")
check(flows["memcpy-out-of-bounds"] == [[(38, "In main."), (27, "In on_batch.")]],
      f"chains: the frame without a line left out: {flows['memcpy-out-of-bounds']}")
uri = chains["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"][0]["location"][
    "physicalLocation"]["artifactLocation"]
check(uri == {"uri": "app/chains.c", "uriBaseId": "%SRCROOT%"}, f"chains: a step's file {uri}")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
