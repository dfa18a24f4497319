#!/usr/bin/env python3
"""A limit of the device is no finding (mistakes.h's MISTAKE_LIMIT_SQL):
limits.db's run 1, on the emulated device, has a kernel_not_run beside a
leak; run 2, on a GPU, a kernel_not_run, an error there.  Run 1's is said
once, as a limit (a line on stderr, an HTML note, a SARIF notification),
and is in no count, --fail-on or the join's runtime-only list; run 2's is
a finding like any other.

    limits.py DEVTRACE REPORTS_DIR WORK_DIR
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

DEVTRACE, REPORTS, WORK = sys.argv[1:4]
LIMIT = ("devtrace: run 1 (./kernels): 1 kernel that nvcc compiled for the GPU was checked, "
         "not run: the emulated device has no body for device code, so what the program "
         "computed after it is not its own. A limit of the emulated device, not a finding: "
         "run it on a GPU to run it\n")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def report(db, *args):
    return subprocess.run([DEVTRACE, "report", db, *args], capture_output=True, text=True)


# The same runs, and run 1 alone: a report of the emulated device only.
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
both = os.path.join(REPORTS, "limits.db")
sim = os.path.join(WORK, "sim.db")
shutil.copy(both, sim)
with sqlite3.connect(sim) as c:
    for table in ("findings", "api_calls", "call_sites", "allocations", "runs"):
        c.execute(f"DELETE FROM {table} WHERE {'id' if table == 'runs' else 'run'} = 2")

r = report(both, "findings")
check(r.stdout.count("error[kernel_not_run]") == 1 and "(pid 6200)" in r.stdout,
      f"findings: run 2's kernel_not_run alone:\n{r.stdout}")
check(r.stdout.endswith("\n1 error, 1 warning\n"), f"findings' count:\n{r.stdout}")
check(r.stderr == LIMIT, f"findings: the limit, once, on stderr: {r.stderr!r}")

for db, status in ((sim, 0), (both, 1)):
    r = report(db, "findings", "--fail-on", "error")
    check(r.returncode == status, f"{db} --fail-on error: exit {r.returncode}, not {status}")

r = report(sim, "--format", "json")
counts = {row["kind"]: row["findings"] for row in json.loads(r.stdout)["findings"]}
check(counts == {"leak": 1}, f"the summary's findings: {counts}")

r = report(both, "--format", "sarif")
run = json.loads(r.stdout)["runs"][0]
check(sorted(res["ruleId"] for res in run["results"]) == ["kernel-not-run", "leak"],
      f"SARIF results: {[res['ruleId'] for res in run['results']]}")
notes = [n["message"]["text"] + "\n" for inv in run.get("invocations", [])
         for n in inv["toolExecutionNotifications"]]
check(notes == [LIMIT[len("devtrace: "):]], f"SARIF notifications: {notes}")

r = report(both, "--format", "html")
check(r.stdout.count('<p class="note limit">run 1 (./kernels): 1 kernel') == 1,
      "HTML: the limit's note")

r = report(sim, "--static", "two_runs.sarif", "--format", "json")
joined = [row["mistake"] for row in json.loads(r.stdout) if row["state"] == "runtime-only"]
check(joined == ["leak"], f"the join's runtime-only: {joined}")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
