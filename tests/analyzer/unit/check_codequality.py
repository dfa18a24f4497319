#!/usr/bin/env python3
"""Checks devcheck's GitLab Code Quality report against GitLab's documented
fields, and against devcheck's SARIF of the same files: the same findings,
with SARIF's fingerprints.

    check_codequality.py DEVCHECK FILE... [-- FLAGS...]

GitLab reads a JSON array of issues, each with description (string),
check_name (string), fingerprint (unique string), severity (info, minor,
major, critical or blocker) and location.path (relative to the project)
with location.lines.begin (a line, from 1).
"""
import json
import os
import subprocess
import sys

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}


def run(devcheck, fmt, args):
    out = subprocess.run([devcheck, "--format", fmt] + args, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"devcheck --format {fmt} exited {out.returncode}: {out.stderr}")
    return json.loads(out.stdout)


def main():
    devcheck, args = sys.argv[1], sys.argv[2:]
    problems = []
    issues = run(devcheck, "codequality", args)
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
        if not isinstance(path, str) or os.path.isabs(path) or not os.path.exists(path):
            problems.append(f"{where}: path {path!r} is not a file relative to the project")
        if not isinstance(begin, int) or begin < 1:
            problems.append(f"{where}: lines.begin {begin!r}")
    prints = [i.get("fingerprint") for i in issues]
    if len(set(prints)) != len(prints):
        problems.append("fingerprints are not unique")
    sarif = run(devcheck, "sarif", args)["runs"][0]["results"]
    said = sorted((r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
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
