#!/usr/bin/env python3
"""A merge of runs made in two folders keeps each run's paths: every
location of its SARIF, read against its uriBaseId, names a file there.

    merged_paths.py DEVTRACE MAKE_REPORT SOURCE_DIR WORK_DIR

one_run.sql's run is made in WORK_DIR/a (its train.c there), chains.sql's in
WORK_DIR/b (its chains.c there), each report with its run's folder; they are
merged, and the SARIF is written from WORK_DIR/elsewhere.  chains.c is not
in a/: read against the first run's folder, b's findings would name a file
that does not exist.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from urllib.parse import unquote, urlparse

DEVTRACE, MAKE_REPORT, SOURCE, WORK = sys.argv[1:5]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def run_in(folder, script, source):
    """A report of script's runs, made in folder with source there."""
    os.makedirs(folder, exist_ok=True)
    shutil.copy(os.path.join(SOURCE, "app", source), folder)
    db = folder + ".db"
    subprocess.run([MAKE_REPORT, "build", db, os.path.join(SOURCE, script), folder], check=True)
    with sqlite3.connect(db) as c:
        c.execute("UPDATE runs SET cwd = ?", (os.path.realpath(folder),))
    return db


shutil.rmtree(WORK, ignore_errors=True)
a = run_in(os.path.join(WORK, "a"), "one_run.sql", "train.c")
b = run_in(os.path.join(WORK, "b"), "chains.sql", "chains.c")
merged = os.path.join(WORK, "merged.db")
subprocess.run([DEVTRACE, "merge", merged, a, b], check=True, capture_output=True)
elsewhere = os.path.join(WORK, "elsewhere")
os.makedirs(elsewhere)
r = subprocess.run([DEVTRACE, "report", merged, "--format", "sarif"], cwd=elsewhere,
                   capture_output=True, text=True)
check(r.returncode == 0, f"exit {r.returncode}: {r.stderr}")
run = json.loads(r.stdout)["runs"][0]
bases = {name: urlparse(base["uri"]).path for name, base in run["originalUriBaseIds"].items()}


def artifacts(node):
    """Every artifactLocation under node."""
    if isinstance(node, dict):
        if "artifactLocation" in node:
            yield node["artifactLocation"]
        for value in node.values():
            yield from artifacts(value)
    elif isinstance(node, list):
        for value in node:
            yield from artifacts(value)


def resolved(location):
    uri = unquote(location["uri"])
    if "uriBaseId" in location:
        return os.path.join(bases[location["uriBaseId"]], uri)
    return urlparse(uri).path


paths = [resolved(loc) for loc in artifacts(run["results"])]
named = {os.path.basename(p) for p in paths}
check({"train.c", "chains.c"} <= named, f"both runs' files among the locations: {sorted(named)}")
for path in sorted(set(paths)):
    check(os.path.isfile(path), f"{path}: no such file")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
