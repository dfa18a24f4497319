#!/usr/bin/env python3
"""devtrace's trace events against Chrome's trace event format.

    check_trace.py DEVTRACE REPORTS_DIR

The JSON Object Format of the Trace Event Format document: an object whose
traceEvents array holds events, each with name, ph (the phase), pid and
tid; complete events (ph X) with ts and dur in microseconds, instant
events (ph i) with ts and a scope s, metadata (ph M) naming processes and
threads.  Then what the events say is held against two_runs.sql's events
table: one complete event per call, one instant event per finding, kernels
by name, times from the first event (a launch's from when it ran on the
device, where the report says), every thread named; and a report of schema
version 1, which has no device times.
"""
import json
import subprocess
import sys

DEVTRACE, REPORTS = sys.argv[1], sys.argv[2]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def trace(report, *args):
    r = subprocess.run([DEVTRACE, "report", f"{REPORTS}/{report}.db", "--format", "trace", *args],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"{report}: exit {r.returncode}: {r.stderr}")
    return json.loads(r.stdout)


def well_formed(doc, where):
    check(isinstance(doc, dict) and isinstance(doc.get("traceEvents"), list),
          f"{where}: no traceEvents array")
    for e in doc.get("traceEvents", []):
        check(isinstance(e.get("name"), str), f"{where}: name in {e}")
        check(e.get("ph") in ("X", "i", "M"), f"{where}: ph in {e}")
        check(isinstance(e.get("pid"), int) and isinstance(e.get("tid"), int),
              f"{where}: pid, tid in {e}")
        if e.get("ph") == "X":
            check(isinstance(e.get("ts"), (int, float)) and e["ts"] >= 0, f"{where}: ts in {e}")
            check(isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0, f"{where}: dur in {e}")
        elif e.get("ph") == "i":
            check(isinstance(e.get("ts"), (int, float)), f"{where}: ts in {e}")
            check(e.get("s") in ("g", "p", "t"), f"{where}: scope in {e}")
        else:
            check(e["name"] in ("process_name", "thread_name")
                  and isinstance(e.get("args", {}).get("name"), str), f"{where}: metadata {e}")


doc = trace("two_runs")
well_formed(doc, "two_runs")
events = doc["traceEvents"]
complete = [e for e in events if e["ph"] == "X"]
instant = [e for e in events if e["ph"] == "i"]
check(len(complete) == 9, f"{len(complete)} complete events, two_runs.sql has 9 calls")
check(len(instant) == 3, f"{len(instant)} instant events, two_runs.sql has 3 findings")
check(min(e["ts"] for e in complete) == 0, "times from the first event")
kernels = sorted(e["name"] for e in complete if e["cat"] == "launch")
check(kernels == ["gemm_kernel", "gemm_kernel", "relu_kernel", "relu_kernel"], f"kernels {kernels}")
launch = next(e for e in complete if e["name"] == "gemm_kernel")
check(launch["ts"] == 11000.0 and launch["dur"] == 4000.0,
      f"a launch that ran at 12 ms on the device, 4 ms long: {launch}")
second = [e for e in complete if e["name"] == "gemm_kernel"][1]
check(second["ts"] == 15000.0 and second["dur"] == 5000.0,
      f"a launch without device times, at its call's 16 ms: {second}")
check(launch["args"].get("stream") == 0, f"a launch's stream: {launch}")
copies = [e for e in complete if e["cat"] == "copy"]
check([e["name"] for e in copies] == ["cudaMemcpy HtoD"] * 3 and
      [e["args"]["bytes"] for e in copies] == [4096, 4096, 1024], f"copies {copies}")
check(sorted(e["name"] for e in instant) == ["device_mismatch", "host_deref_device",
                                             "pageable_transfer"], f"findings {instant}")
named = {(e["pid"], e["tid"]) for e in events if e["name"] == "thread_name"}
used = {(e["pid"], e["tid"]) for e in complete + instant}
check(used <= named, f"threads without a name: {used - named}")
check({e["pid"] for e in events if e["name"] == "process_name"} == {1, 2}, "a process per run")
check(all(e["pid"] == 2 for e in complete if e["tid"] in (9, 10)), "device 1's lanes in run 2")

# --kinds keeps the instant events of the findings it keeps
leak = trace("two_runs", "--kinds", "leak")
check([e for e in leak["traceEvents"] if e["ph"] == "i"] == [], "--kinds leak: no instants")
# schema version 1: the host's times
old = trace("schema1")
well_formed(old, "schema1")
check([(e["cat"], e["ts"], e["dur"]) for e in old["traceEvents"] if e["ph"] == "X"] ==
      [("copy", 0.0, 300.0), ("launch", 1000.0, 1000.0)], f"schema1: {old}")
page = subprocess.run([DEVTRACE, "report", f"{REPORTS}/schema1.db", "--format", "html"],
                      capture_output=True, text=True)
check(page.returncode == 0 and "device 0" in page.stdout, f"schema1 html: {page.stderr}")
# no events, an empty trace that is still well formed
empty = trace("empty")
well_formed(empty, "empty")
check([e for e in empty["traceEvents"] if e["ph"] != "M"] == [], "empty: no events")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
