#!/usr/bin/env python3
"""devtrace's HTML report, read as a browser would.

    check_html.py DEVTRACE REPORTS_DIR OUT_DIR [--browser]

The page of two_runs.db is parsed with Python's HTML parser: one block per
finding (as many as the JSON findings view has), a timeline per run with
rectangles for its kernels and copies and a mark for each slice with
findings, the note that run 2 dropped events, the transfer volume, and
nothing that a browser would fetch; and the callers under each of
chains.db's findings.  With --browser the page is opened in headless
Chromium: it must load without a console message (its
Content-Security-Policy turns anything fetched from elsewhere into one),
its DOM must hold the same elements, and a screenshot is written to
OUT_DIR/two_runs.png.  Without a chromium on PATH that test is skipped
(exit 77).

A report of many runs (two_runs.db merged twenty times: 40 runs) with
devcheck's findings joined (--static two_runs.sarif) opens on its summary:
the runs, errors and warnings counted, a table by kind, one of the joined
states, and a link to each finding with its state, before the findings and
the runs' table; each finding's block has its state too.  With --browser
the same DOM, and a screenshot of the first screen (1280x800) to
OUT_DIR/many_runs.png.
"""
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys

DEVTRACE, REPORTS, OUT = sys.argv[1], sys.argv[2], sys.argv[3]
BROWSER = "--browser" in sys.argv[4:]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


class Elements(html.parser.HTMLParser):
    """Counts elements by tag and class, and collects what would be fetched."""

    def __init__(self):
        super().__init__()
        self.count = {}
        self.fetched = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for cls in (attrs.get("class") or "").split() + [""]:
            key = tag + ("." + cls if cls else "")
            self.count[key] = self.count.get(key, 0) + 1
        for name in ("src", "href", "srcset", "action"):
            if name in attrs and not (name == "href" and attrs[name].startswith("#")):
                self.fetched.append(attrs[name])     # a link within the page fetches nothing
        if tag in ("script", "link", "iframe", "object", "embed"):
            self.fetched.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def parse(page):
    p = Elements()
    p.feed(page)
    p.close()
    return p


def check_elements(page, where, findings):
    p = parse(page)
    text = "".join(p.text)
    check(p.count.get("div.finding") == findings,
          f"{where}: {p.count.get('div.finding')} findings shown, expected {findings}")
    check(p.count.get("div.warning", 0) == 4, f"{where}: {p.count.get('div.warning')} warnings")
    check(p.count.get("svg.timeline") == 2, f"{where}: {p.count.get('svg.timeline')} timelines")
    # run 1: two copies close together, three launches; run 2: a copy, a launch
    check(p.count.get("rect.kernel", 0) >= 2, f"{where}: kernel rectangles {p.count.get('rect.kernel')}")
    check(p.count.get("rect.copy", 0) >= 2, f"{where}: copy rectangles {p.count.get('rect.copy')}")
    check(p.count.get("path.mark") == 3, f"{where}: {p.count.get('path.mark')} finding marks, expected 3")
    check(p.count.get("b.dropped") == 1, f"{where}: the dropped events' note")
    check("2 more were past the cap" in text, f"{where}: the dropped count")
    check("device 1 kernels" in text and "device 0 copies" in text, f"{where}: lane labels")
    check("cudaFree(scratch);" in text, f"{where}: the source line of a finding")
    check(re.search(r"allocated at \S*app/train\.c:27", text), f"{where}: an allocation site")
    check("77.0 KiB" in text, f"{where}: the HtoD volume")
    check(p.fetched == [], f"{where}: fetches {p.fetched}")


def devtrace(*args):
    return subprocess.run([DEVTRACE, "report", *args], capture_output=True, text=True)


class Summary(html.parser.HTMLParser):
    """The ids in order, each finding's link and each block's state."""

    def __init__(self):
        super().__init__()
        self.ids, self.links, self.states, self.blocks = [], [], [], []
        self.in_state = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and (attrs.get("href") or "").startswith("#finding-"):
            self.links.append(attrs["href"][1:])
        self.in_state = tag == "span" and attrs.get("class") == "state"

    def handle_data(self, data):
        if self.in_state:
            self.states.append((self.ids[-1], data))
            self.in_state = False


def check_summary(page, where):
    p = Summary()
    p.feed(page)
    p.close()
    text = "".join(parse(page).text)
    check(p.ids[:3] == ["summary", "kinds", "states"], f"{where}: the page opens with {p.ids[:3]}")
    order = [p.ids.index(i) if i in p.ids else -1 for i in ("summary", "findings", "runs")]
    check(order == sorted(order) and -1 not in order, f"{where}: summary, findings, runs: {order}")
    check(re.search(r"40 runs: \d+ errors? and \d+ warnings?", text), f"{where}: the totals")
    blocks = [i for i in p.ids if i.startswith("finding-")]
    check(blocks and p.links == blocks, f"{where}: {len(p.links)} links for {len(blocks)} findings")
    listed = [s for at, s in p.states if at == "finding_links"]
    shown = [s for at, s in p.states if at.startswith("finding-")]
    check(len(listed) == len(blocks) and listed == shown, f"{where}: states {listed} / {shown}")
    check({"also-static", "runtime-only"} <= set(listed), f"{where}: states {set(listed)}")


many = os.path.join(OUT, "many_runs.browser.db" if BROWSER else "many_runs.db")  # each test its own
if os.path.exists(many):
    os.remove(many)
merged = subprocess.run([DEVTRACE, "merge", many] + [os.path.join(REPORTS, "two_runs.db")] * 20,
                        capture_output=True, text=True)
check(merged.returncode == 0, f"merge: {merged.stderr}")
sarif = os.path.join(os.path.dirname(os.path.abspath(__file__)), "two_runs.sarif")
many_page = os.path.join(OUT, "many_runs.browser.html" if BROWSER else "many_runs.html")
r = devtrace(many, "--static", sarif, "--format", "html", "-o", many_page)
check(r.returncode == 0, f"many runs' page: {r.returncode} {r.stderr}")


two_runs = os.path.join(REPORTS, "two_runs.db")
page_path = os.path.join(OUT, "two_runs.browser.html" if BROWSER else "two_runs.html")
r = devtrace(two_runs, "--format", "html", "-o", page_path)
check(r.returncode == 0 and r.stdout == "", f"report --format html -o: {r.returncode} {r.stderr}")
findings = len(json.loads(devtrace(two_runs, "findings", "--format", "json").stdout))
with open(page_path, encoding="utf-8") as f:
    page = f.read()

if not BROWSER:
    check(page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>"), "whole page")
    check_elements(page, "page", findings)
    # the filters hold here too
    leak_only = parse(devtrace(two_runs, "--format", "html", "--kinds", "leak").stdout)
    check(leak_only.count.get("div.finding") == 1, "--kinds leak: one finding")
    check(leak_only.count.get("path.mark") is None, "--kinds leak: no marks")
    # text from the report is text, never markup
    strings = devtrace(os.path.join(REPORTS, "strings.db"), "--format", "html").stdout
    check("quote &quot; comma" in strings and "\\x1b[31m" in strings, "strings escaped")
    # each finding's callers, out to main, a line each under it
    chains = parse(devtrace(os.path.join(REPORTS, "chains.db"), "--format", "html").stdout)
    text = "".join(chains.text)
    check(chains.count.get("div.caller") == 7, f"chains: {chains.count.get('div.caller')} callers, not 7")
    check(re.search(r"called from \S*app/chains\.c:15 in checkpoint\s*called from \S*app/chains\.c:37 in main",
                    text), "chains: a chain of two callers, in order")
    check("called from libvendor.so+0x1234 in vendor_each_batch" in text, "chains: a caller without a line")
    check(parse(page).count.get("div.caller") is None, "two_runs: no chains, no callers")
    # a report without events still makes a page
    empty = parse(devtrace(os.path.join(REPORTS, "empty.db"), "--format", "html").stdout)
    check(empty.count.get("svg.timeline") is None and empty.count.get("div.finding") is None,
          "empty report")
    with open(many_page, encoding="utf-8") as f:
        check_summary(f.read(), "many runs")
else:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("SKIP: no chromium on PATH (Debian's chromium package)")
        sys.exit(77)
    flags = [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--enable-logging=stderr",
             "--v=0", "--user-data-dir=" + os.path.join(OUT, "chromium-profile")]
    url = "file://" + os.path.abspath(page_path)
    dom = subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    console = [line for line in dom.stderr.splitlines() if ":CONSOLE" in line]
    check(console == [], f"console messages: {console}")
    check_elements(dom.stdout, "browser DOM", findings)
    png = os.path.join(OUT, "two_runs.png")
    if os.path.exists(png):
        os.remove(png)
    subprocess.run(flags + ["--screenshot=" + png, "--window-size=1280,1800", url],
                   capture_output=True, timeout=120)
    with open(png, "rb") as f:
        shot = f.read()
    check(shot.startswith(b"\x89PNG") and len(shot) > 20000, f"screenshot: {len(shot)} bytes")
    # the many runs' page: its summary in the DOM, and its first screen
    url = "file://" + os.path.abspath(many_page)
    dom = subprocess.run(flags + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    check([l for l in dom.stderr.splitlines() if ":CONSOLE" in l] == [], "many runs: console")
    check_summary(dom.stdout, "many runs, browser DOM")
    png = os.path.join(OUT, "many_runs.png")
    if os.path.exists(png):
        os.remove(png)
    subprocess.run(flags + ["--screenshot=" + png, "--window-size=1280,800", url],
                   capture_output=True, timeout=120)
    with open(png, "rb") as f:
        shot = f.read()
    check(shot.startswith(b"\x89PNG") and len(shot) > 20000, f"many runs' screenshot: {len(shot)} bytes")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
