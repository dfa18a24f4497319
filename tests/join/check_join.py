#!/usr/bin/env python3
"""devtrace report --static: devcheck's findings joined with the runs'.

  check_join.py states DEVTRACE DEVCHECK APP SOURCE PROJECT_ROOT source|elsewhere
      SOURCE's "join-static: RULE STATE" comments made into devcheck's
      SARIF (its %SRCROOT% PROJECT_ROOT, or a build folder that is not
      there: "elsewhere"), APP run under devtrace on the emulated device,
      and each line's state checked, in JSON and in the text; the SARIF out
      carries them too.
  check_join.py pairs DEVTRACE DEVCHECK APP SOURCE
      devcheck's own SARIF of SOURCE and APP's run: each "join-pair: RULE
      KIND" line (a pair of common/mistakes.c's mistake_pairs) is confirmed
      for devcheck's RULE and also-static for the run's KIND, in devtrace
      --static and under devcheck --runtime's warning alike.
  check_join.py examples DEVTRACE DEVCHECK EXAMPLES BUILT
      devcheck's SARIF of every bug form, each run, their reports merged
      (or named one by one, which devtrace merges):
      each devcheck finding whose mistake the example's run finds (its
      "devtrace:" marker) is confirmed, one the run cannot show is unknown,
      and each run's finding at a marker is also-static when devcheck's
      marker names the same mistake, runtime-only otherwise; devcheck
      --runtime says each state under its warning.
"""
import glob
import json
import os
import re
import subprocess
import sys

# A rule and the kinds a run finds it as (common/mistakes.c), for the markers.
KINDS = {"device-mismatch": {"device_mismatch"}, "dtype-mismatch": {"dtype_mismatch"},
         "memcpy-direction": {"memcpy_direction"}, "host-deref": {"host_deref_device"},
         "memspace-mismatch": {"host_pointer_kernel_arg", "host_memory_as_device",
                               "invalid_free", "host_deref_device"},
         "free-mismatch": {"invalid_free"}, "uninitialized-read": {"uninitialized_read"}}


def fail(why, *shown):
    sys.exit("check_join: " + why + "".join("\n" + s for s in shown))


def run(*argv, ok=(0,), cwd=None):
    env = dict(os.environ)
    if argv[1] == "run":        # the program's own leaks are its mistakes, not the test's
        env["ASAN_OPTIONS"] = env.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    p = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env)
    if p.returncode not in ok:
        fail(f"{' '.join(argv)}: exit {p.returncode}", p.stdout, p.stderr)
    return p.stdout


def sarif(results, root):
    """devcheck's SARIF as it writes it, for (file relative to root, line, rule)."""
    return {"version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "devcheck"}},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": "file://" + root.rstrip("/") + "/"}},
        "results": [{"ruleId": rule, "level": "error", "message": {"text": f"{rule} here"},
                     "locations": [{"physicalLocation": {
                         "artifactLocation": {"uri": file, "uriBaseId": "%SRCROOT%"},
                         "region": {"startLine": line, "startColumn": 1}}}]}
                    for file, line, rule in results]}]}


def markers(path, tag):
    """(line, name, state) of each "TAG: NAME STATE" comment of path."""
    with open(path) as f:
        return [(n, m.group(1), m.group(2)) for n, text in enumerate(f, 1)
                for m in re.finditer(tag + r": ([a-z_-]+) ([a-z_-]+)", text)]


def joined(devtrace, db, sarif_path, fmt="json"):
    return run(devtrace, "report", db, "--static", sarif_path, "--format", fmt)


def check_states(devtrace, devcheck, app, source, root, where):
    rel = os.path.relpath(source, root)
    statics = markers(source, "join-static")
    base = root if where == "source" else "/nonexistent/build-elsewhere"
    static = f"join_{where}.sarif"     # the tests of each root run side by side
    with open(static, "w") as f:
        json.dump(sarif([(rel, line, rule) for line, rule, _ in statics], base), f)
    db = f"join_{where}.db"
    if os.path.exists(db):
        os.remove(db)
    run(devtrace, "run", "-o", db, "--", app, ok=(0, 1))
    rows = json.loads(joined(devtrace, db, static))
    got = {(r["origin"], r["line"], r["mistake"]): r for r in rows}
    for line, rule, state in statics:
        r = got.get(("static", line, rule))
        if not r or r["state"] != state or r["file"] != rel:
            fail(f"{rel}:{line} {rule}: expected {state}", json.dumps(r))
    for line, kind, state in markers(source, "join-runtime"):
        r = got.get(("runtime", line, kind))
        if not r or r["state"] != state:
            fail(f"{rel}:{line} {kind}: expected {state}", json.dumps(r))
    clean = next(r for r in rows if r["state"] == "ran-clean")
    if (clean["calls"], clean["runs"], clean["devices"]) != (3, 1, "cuda:0"):
        fail("the clean line ran 3 times in 1 run on cuda:0", json.dumps(clean))
    text = joined(devtrace, db, static, "table")
    for state in ("confirmed (1)", "ran-clean (1)", "not-reached (1)", "unknown (1)",
                  "runtime-only (1)", "also-static (1)"):
        if "\n" + state not in "\n" + text:
            fail(f"the text has no heading {state}", text)
    out = json.loads(joined(devtrace, db, static, "sarif"))
    states = sorted(r["properties"]["state"] for run in out["runs"] for r in run["results"])
    if states != sorted([s for _, _, s in statics] + ["runtime-only"]):
        fail("SARIF: devcheck's results with their states, and the run's own", str(states))
    page = joined(devtrace, db, static, "html")
    side = (r"<td>memcpy-direction: confirmed</td>"
            r"<td>memcpy_direction at line \d+, 1 times in 1 run</td>")
    if 'id="side_by_side"' not in page or not re.search(side, page):
        fail("the HTML page has no line with both tools' findings side by side")
    summary = json.loads(run(devtrace, "report", db, "summary", "--static", static, "--format",
                             "json"))
    counts = {(c["origin"], c["state"]): c["findings"] for c in summary["joined"]}
    want = {("static", s): 1 for _, _, s in statics}
    want.update({("runtime", "also-static"): 1, ("runtime", "runtime-only"): 1})
    if counts != want:
        fail("the summary's counts of each state", json.dumps(summary["joined"]))
    said = run(devcheck, "--runtime", db, source, ok=(1,))
    line = next(n for n, rule, state in statics if state == "confirmed")
    note = rf"{re.escape(source)}:{line}:\d+: note: confirmed at run time: 1 run, 1 call, cuda:0\n"
    if not re.search(note, said):
        fail("devcheck --runtime: no note of its finding confirmed", said)
    p = subprocess.run([devcheck, "--runtime", static, source], capture_output=True, text=True)
    if p.returncode != 2 or f"devcheck: {static}: not a devtrace report\n" not in p.stderr:
        fail("devcheck --runtime: a SARIF file taken for a report", p.stderr)
    p = subprocess.run([devcheck, "--runtime", db, "--format", "sarif", source],
                       capture_output=True, text=True)
    if p.returncode != 2 or "devtrace report REPORT --static" not in p.stderr:
        fail("devcheck --runtime --format sarif: not said to be devtrace's", p.stderr)


def check_pairs(devtrace, devcheck, app, source):
    pairs = markers(source, "join-pair")
    with open("pairs.sarif", "w") as f:
        f.write(run(devcheck, "--format", "sarif", source, ok=(1,)))
    if os.path.exists("pairs.db"):
        os.remove("pairs.db")
    run(devtrace, "run", "-o", "pairs.db", "--", app, ok=range(0, 256))
    rows = json.loads(joined(devtrace, "pairs.db", "pairs.sarif"))
    for line, rule, kind in pairs:
        for origin, name, state in (("static", rule, "confirmed"),
                                    ("runtime", kind, "also-static")):
            r = [r for r in rows if (r["origin"], r["line"], r["mistake"]) == (origin, line, name)]
            if len(r) != 1 or r[0]["state"] != state:
                fail(f"{source}:{line} {name}: expected {state}", json.dumps(rows))
    said = run(devcheck, "--runtime", "pairs.db", source, ok=(1,))
    for line, rule, _ in pairs:
        if not re.search(rf":{line}:\d+: note: confirmed at run time", said):
            fail(f"devcheck --runtime: line {line} not confirmed", said)
    if "ran clean" in said or len(pairs) < 3:
        fail("devcheck --runtime: a line of a pair ran clean", said)
    print(f"{len(pairs)} pairs joined")


def check_examples(devtrace, devcheck, examples, built):
    bugs = sorted(glob.glob(os.path.join(examples, "*_bug.c")))
    root = os.path.dirname(examples)
    with open("examples.sarif", "w") as f:
        f.write(run(devcheck, "--format", "sarif", *bugs, "--", "-I" + examples, ok=(1,),
                    cwd=root))
    dbs = []
    for bug in bugs:
        name = os.path.basename(bug)[:-2]
        db = f"{name}.db"
        if os.path.exists(db):
            os.remove(db)
        run(devtrace, "run", "-o", db, "--", os.path.join(built, name), ok=range(0, 256))
        dbs.append(db)
    if os.path.exists("all.db"):
        os.remove("all.db")
    run(devtrace, "merge", "all.db", *dbs)
    rows = json.loads(joined(devtrace, "all.db", "examples.sarif"))
    several = run(devtrace, "report", *dbs, "--static", "examples.sarif", "--format", "json")
    if json.loads(several) != rows:
        fail("the reports named one by one are not joined as their merge is", several)
    checked = 0
    for bug in bugs:
        rel = os.path.relpath(bug, root)
        with open(bug) as f:
            text = f.read()
        rules = re.findall(r"// devcheck: ([a-z-]+)", text)
        kinds = set(re.findall(r"// devtrace: ([a-z_]+)", text))
        for line, rule in ((n, m) for n, l in enumerate(text.split("\n"), 1)
                           for m in re.findall(r"// devcheck: ([a-z-]+)", l)):
            want = "confirmed" if KINDS.get(rule, set()) & kinds else "unknown"
            r = [r for r in rows if r["origin"] == "static" and r["file"] == rel
                 and r["line"] == line and r["mistake"] == rule]
            if len(r) != 1 or r[0]["state"] != want:
                fail(f"{rel}:{line} {rule}: expected {want}", json.dumps(r))
            checked += 1
        for line, kind in ((n, m) for n, l in enumerate(text.split("\n"), 1)
                           for m in re.findall(r"// devtrace: ([a-z_]+)", l)):
            want = ("also-static" if any(kind in KINDS.get(x, ()) for x in rules)
                    else "runtime-only")
            r = [r for r in rows if r["origin"] == "runtime" and r["file"].endswith(rel)
                 and r["line"] == line and r["mistake"] == kind]
            if len(r) != 1 or r[0]["state"] != want:
                fail(f"{rel}:{line} {kind}: expected {want}", json.dumps(r))
            checked += 1
    if checked < 30:
        fail(f"only {checked} markers checked")
    said = run(devcheck, "--runtime", os.path.abspath("all.db"), *bugs, "--", "-I" + examples,
               ok=(1,), cwd=root)
    for state, note in (("confirmed", "confirmed at run time: 1 run"),
                        ("unknown", "not shown at run time")):
        n = sum(r["origin"] == "static" and r["state"] == state for r in rows)
        if said.count("note: " + note) != n:
            fail(f"devcheck --runtime: {n} findings {state}, not as many notes", said)
    print(f"{checked} markers joined as they say")


if __name__ == "__main__":
    if sys.argv[1] == "states":
        check_states(*sys.argv[2:8])
    elif sys.argv[1] == "pairs":
        check_pairs(*sys.argv[2:6])
    else:
        check_examples(*sys.argv[2:6])
