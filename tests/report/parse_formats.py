#!/usr/bin/env python3
"""devtrace's CSV and JSON, read by Python's own parsers.

    parse_formats.py DEVTRACE REPORTS_DIR

For every view of the fixture reports: the JSON parses (strictly: valid
UTF-8, no NaN), the CSV parses, and both hold the same rows (a column of
JSON, the findings' chains, as its text in CSV).  Then what the rows say is
checked against sums worked out by hand from two_runs.sql, one_run.sql,
chains.sql and strings.sql, so that an aggregate that is wrong in the same
way in every format is still caught.
"""
import csv
import io
import json
import re
import subprocess
import sys

DEVTRACE, REPORTS = sys.argv[1], sys.argv[2]
VIEWS = ["summary", "findings", "transfers", "kernels", "allocations"]
FINDING_COLUMNS = {"run", "kind", "severity", "message", "file", "line", "function",
                   "count", "bytes"}
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def devtrace(report, view, fmt):
    return subprocess.run([DEVTRACE, "report", f"{REPORTS}/{report}.db", view, "--format", fmt],
                          capture_output=True, check=True).stdout


def reject_constant(name):
    raise ValueError(f"not JSON: {name}")


def parse_json(data):
    """{part: rows}: the summary's object of arrays, or a view's one array."""
    doc = json.loads(data.decode("utf-8"), parse_constant=reject_constant)
    return doc if isinstance(doc, dict) else {"": doc}


def parse_csv(data):
    """[(header, rows)]: the blocks, an empty line between them."""
    check(data.endswith(b"\r\n"), "CSV ends in CRLF")
    text = data.decode("utf-8", errors="surrogateescape")
    blocks, block = [], []
    for row in csv.reader(io.StringIO(text, newline=""), strict=True):
        if row:
            block.append(row)
        else:
            blocks.append(block)
            block = []
    blocks.append(block)
    return [(b[0], b[1:]) for b in blocks]


def as_csv(value):
    return "" if value is None else str(value)


SHORT_ESCAPES = {"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r"}


def escaped(text):
    """CSV's spelling of a control character (a tab aside): as a C escape."""
    def one(c):
        if c in SHORT_ESCAPES:
            return SHORT_ESCAPES[c]
        if c == "\t" or not (ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0):
            return c
        return f"\\x{ord(c):02x}" if ord(c) <= 0x7f else f"\\u{ord(c):04x}"
    return "".join(one(c) for c in text)


def as_spreadsheet_text(text):
    """CSV's text that a spreadsheet would run as a formula begins with '."""
    return "'" + text if text[:1] and text[0] in "=+-@\t\r" else text


def same_text(csv_cell, json_value):
    # JSON carries a byte that is not UTF-8 as U+FFFD; CSV spells the byte
    # as \xNN, as it does a control character (which JSON escapes its way).
    check(not any(ord(c) < 0x20 and c != "\t" or ord(c) == 0x7f for c in csv_cell),
          f"a control character in CSV: {csv_cell!r}")
    bytes_as_fffd = re.sub(r"\\x[89a-f][0-9a-f]", "\ufffd", csv_cell)
    if isinstance(json_value, list):
        return json.loads(bytes_as_fffd) == json_value
    if isinstance(json_value, str):
        return bytes_as_fffd == as_spreadsheet_text(escaped(json_value))
    return bytes_as_fffd == as_csv(json_value)


def both_formats(report, view):
    parts = parse_json(devtrace(report, view, "json"))
    blocks = parse_csv(devtrace(report, view, "csv"))
    check(len(parts) == len(blocks), f"{report} {view}: {len(parts)} JSON parts, {len(blocks)} CSV blocks")
    for (name, rows), (header, cells) in zip(parts.items(), blocks):
        where = f"{report} {view} {name}"
        check(len(rows) == len(cells), f"{where}: {len(rows)} JSON rows, {len(cells)} CSV rows")
        for obj, line in zip(rows, cells):
            check(list(obj) == header, f"{where}: columns {list(obj)} vs {header}")
            check(all(same_text(c, v) for c, v in zip(line, obj.values())),
                  f"{where}: {line} vs {obj}")
    return parts


def rows(report, view, part=""):
    return both_formats(report, view)[part]


def main():
    for report in ["two_runs", "one_run", "chains", "strings", "empty", "merged", "formulas"]:
        for view in VIEWS:
            both_formats(report, view)

    found = rows("two_runs", "findings")
    check(len(found) == 9, f"two_runs: {len(found)} findings, not 9")
    check(all(FINDING_COLUMNS <= set(f) for f in found), "findings lack columns")
    check({f["run"] for f in found} == {1, 2}, "two_runs: runs 1 and 2")
    ranks = [0 if f["severity"] == "error" else 1 for f in found]
    check(ranks == sorted(ranks), "errors before warnings")
    mismatch = [f for f in found if f["kind"] == "device_mismatch"][0]
    check((mismatch["file"], mismatch["line"], mismatch["function"]) ==
          ("app/train.c", 18, "train_step"), f"device_mismatch at {mismatch}")
    check(sum(f["count"] for f in found) == 11, "two_runs: 11 occurrences")

    summary = both_formats("two_runs", "summary")
    check([r["pid"] for r in summary["runs"]] == [4242, 4243], "two_runs: the pids")
    check(summary["runs"][1]["signal"] == 11 and summary["runs"][1]["exit"] is None,
          "two_runs: run 2 was killed by signal 11")
    check(summary["runs"][0]["seconds"] == 1.5, "two_runs: run 1 took 1.5 s")
    directions = {r["direction"]: r for r in summary["transfers"]}
    check(directions["HtoD"]["bytes"] == 8192 + 4096 + 65536 + 1024, "HtoD bytes")
    check(directions["HtoD"]["pageable_bytes"] == 8192 + 4096 + 1024, "pageable bytes")
    check(directions["HtoD"]["pinned_bytes"] == 65536, "pinned bytes")
    check(summary["kernels"] == [{"launches": 5, "kernels": 2, "failed": 1}], "kernel counts")

    check(sum(t["bytes"] for t in rows("two_runs", "transfers")) == 84992, "bytes copied")
    kernels = {k["kernel"]: k for k in rows("two_runs", "kernels")}
    check(kernels["relu_kernel"]["launches"] == 3 and kernels["relu_kernel"]["failed"] == 1,
          "relu_kernel: 3 launches, 1 failed")
    memory = rows("two_runs", "allocations")
    check(sum(a["live_bytes"] for a in memory) == 4096 + 1024, "live at exit")
    check(sum(a["count"] for a in memory) == 5, "5 allocations")

    merged = rows("merged", "findings")
    check(len(merged) == 9 + 2, f"merged: {len(merged)} findings, not 11")
    check({f["run"] for f in merged} == {1, 2, 3}, "merged: runs 1, 2 and 3")
    check([f["pid"] for f in merged if f["run"] == 3] == [5150, 5150], "merged: run 3 is pid 5150")

    check(all(f["chain"] is None for f in found), "two_runs: no chains (a report from before them)")
    chains = rows("chains", "findings")
    check(all(c["chain"][0] == {"file": c["file"], "line": c["line"], "function": c["function"],
                                "object": None, "offset": None} for c in chains),
          "chains: each begins at its finding's own line")
    check(all(c["chain"][-1]["function"] == "main" for c in chains), "chains: each ends at main")
    callers = [[(f["file"], f["line"], f["function"]) for f in c["chain"][1:]]
               for c in chains if c["kind"] == "memcpy_direction"]
    check(callers == [[("app/chains.c", 34, "main")], [("app/chains.c", 36, "main")],
                      [("app/chains.c", 15, "checkpoint"), ("app/chains.c", 37, "main")]],
          f"chains: one finding at download's line per chain of callers: {callers}")
    check([c["count"] for c in chains if c["kind"] == "memcpy_direction"] == [1, 2, 1],
          "chains: the chain taken twice is counted twice")
    vendor = [c for c in chains if c["kind"] == "memcpy_out_of_bounds"][0]["chain"][1]
    check(vendor == {"file": None, "line": None, "function": "vendor_each_batch",
                     "object": "/opt/vendor/lib/libvendor.so", "offset": "0x1234"},
          f"chains: a frame without a line has its object and offset: {vendor}")

    message = rows("strings", "findings")[0]["message"]
    check(message == 'quote " comma , backslash \\ newline\ncr\r tab\tbell\x07 esc\x1b[31m'
                     ' café ✓ 😀 bad\ufffd end', f"strings: {message!r}")
    caller = rows("strings", "findings")[0]["chain"][1]
    check((caller["file"], caller["function"]) == ("app/bad\ufffd.c", 'g "quote", \\ newline\nesc\x1b[31m ✓'),
          f"strings: a chain's frame {caller!r}")
    check(rows("empty", "findings") == [], "empty: no findings")

    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
