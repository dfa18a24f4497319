#!/usr/bin/env python3
"""docs/rules/*.md against devcheck: every rule has a page, every page is a
rule; a page's example gives exactly the output the page shows, and its fix
gives none.

    check_rules.py DEVCHECK DOCS_RULES_DIR
"""
import os
import re
import subprocess
import sys
import tempfile


def section(page, title, lang):
    """The first ```lang block after the heading '## title'."""
    m = re.search(r"^## " + re.escape(title) + r"\n(.*?)^```" + lang + r"\n(.*?)^```",
                  page, re.S | re.M)
    if not m:
        raise ValueError(f"no ```{lang} block under '## {title}'")
    return m.group(2)


def devcheck(exe, source, work):
    path = os.path.join(work, "example.c")
    with open(path, "w") as f:
        f.write(source)
    return subprocess.run([exe, "example.c"], cwd=work, capture_output=True, text=True)


def check_page(exe, path, work):
    page = open(path).read()
    rule = os.path.basename(path)[:-3]
    errors = []
    bug = devcheck(exe, section(page, "Example", "c"), work)
    want = section(page, "What devcheck says", "text")
    if bug.returncode != 1 or bug.stdout != want:
        errors.append(f"{rule}: the example gives (exit {bug.returncode}):\n{bug.stdout}{bug.stderr}"
                      f"but the page shows:\n{want}")
    elif f"[devcheck-{rule}]" not in bug.stdout.splitlines()[0]:
        errors.append(f"{rule}: the example's first finding is not of rule {rule}")
    fixed = devcheck(exe, section(page, "The fix", "c"), work)
    if fixed.returncode != 0 or fixed.stdout:
        errors.append(f"{rule}: the fix still gives (exit {fixed.returncode}):\n{fixed.stdout}{fixed.stderr}")
    return errors


def main():
    exe, folder = os.path.abspath(sys.argv[1]), sys.argv[2]
    listed = subprocess.run([exe, "--list-rules"], capture_output=True, text=True, check=True)
    rules = {line.split()[0] for line in listed.stdout.splitlines() if line.strip()}
    pages = {name[:-3] for name in os.listdir(folder) if name.endswith(".md")}
    errors = [f"rule {r} has no page" for r in sorted(rules - pages)]
    errors += [f"page {p}.md is no rule" for p in sorted(pages - rules)]
    with tempfile.TemporaryDirectory() as work:
        for p in sorted(pages & rules):
            errors += check_page(exe, os.path.join(folder, p + ".md"), work)
    for e in errors:
        print(e)
    print(f"{len(pages & rules)} rule pages checked, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
