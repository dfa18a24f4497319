#!/usr/bin/env python3
"""Checks a GitLab Code Quality report, devcheck's or devtrace's, against
GitLab's documented fields, and against the same tool's SARIF of the same
input: the same findings, with SARIF's fingerprints.

    check_codequality.py [--files-here] COMMAND...

COMMAND has the word FORMAT where `--format`'s value goes: it is run with
codequality there, then with sarif.  --files-here: every path is a file
relative to the current folder (devcheck's, run in the project).

GitLab reads a JSON array of issues, each with description (string),
check_name (string), fingerprint (unique string), severity (info, minor,
major, critical or blocker) and location.path (relative to the project)
with location.lines.begin (a line, from 1).
"""
import json
import os
import subprocess
import sys
from urllib.parse import unquote, urlparse

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def run(command, fmt):
    command = [fmt if word == "FORMAT" else word for word in command]
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} exited {out.returncode}: {out.stderr}")
    return json.loads(out.stdout)


def path_of(uri):
    """A SARIF artifact's URI as the path it names: file:// ones absolute."""
    return unquote(urlparse(uri).path if uri.startswith("file://") else uri)


def main():
    files_here = sys.argv[1] == "--files-here"
    command = sys.argv[2:] if files_here else sys.argv[1:]
    problems = []
    issues = run(command, "codequality")
    if not isinstance(issues, list) or not issues:
        sys.exit("not a non-empty JSON array of issues")
    for n, issue in enumerate(issues):
        where = f"issue {n}"
        for key in ("description", "check_name", "fingerprint", "severity"):
            if not isinstance(issue.get(key), str) or not issue[key]:
                problems.append(f"{where}: no {key}")
        if issue.get("severity") not in SEVERITIES:
            problems.append(f"{where}: severity {issue.get('severity')!r}")
        loc = issue.get("location", {})
        path, begin = loc.get("path"), loc.get("lines", {}).get("begin")
        if not isinstance(path, str) or not path:
            problems.append(f"{where}: no path")
        elif files_here and (os.path.isabs(path) or not os.path.exists(path)):
            problems.append(f"{where}: path {path!r} is not a file relative to the project")
        if not isinstance(begin, int) or begin < 1:
            problems.append(f"{where}: lines.begin {begin!r}")
    prints = [i.get("fingerprint") for i in issues]
    if len(set(prints)) != len(prints):
        problems.append("fingerprints are not unique")
    sarif = run(command, "sarif")["runs"][0]["results"]
    said = sorted((r["ruleId"], path_of(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]),
                   r["locations"][0]["physicalLocation"]["region"]["startLine"],
                   r["partialFingerprints"]["primaryLocationLineHash"]) for r in sarif)
    ours = sorted((i["check_name"], i["location"]["path"], i["location"]["lines"]["begin"],
                   i["fingerprint"]) for i in issues)
    if said != ours:
        problems.append(f"not SARIF's findings:\n  SARIF {said}\n  ours  {ours}")
    print("\n".join(problems) or f"{len(issues)} issues, as GitLab reads them and as SARIF says them")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
