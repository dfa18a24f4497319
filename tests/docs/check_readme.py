#!/usr/bin/env python3
"""The README's and the docs' runs of devcheck are what devcheck says.

Every block of devcheck output in README.md and docs/*.md (a fenced block
whose first line is FILE:LINE:COL: error|warning) must be devcheck's whole
output on FILE, run from the repository root; a FILE that is not in the
repository is one of tests/docs/readme/.  And every numbered source listing
(lines "NN    code") just before such a block must be those lines of that
file.  (The rule pages have their own check, check_rules.py.)

    check_readme.py DEVCHECK ROOT
"""
import glob
import os
import re
import subprocess
import sys

DIAG = re.compile(r'^([\w./-]+\.(?:c|cu|cpp)):\d+:\d+: (?:error|warning): ')
LISTED = re.compile(r'^\s*(\d+)\s{2,}(.*)$')


def blocks(text):
    """The fenced blocks of text, in order: their lines."""
    return [b.split('\n') for b in re.findall(r'```[^\n]*\n(.*?)```', text, re.S)]


def source_of(root, name):
    here = os.path.join(root, name)
    return here if os.path.exists(here) else os.path.join(root, 'tests/docs/readme', name)


def check(devcheck, root, page, problems):
    """The blocks of page checked; returns how many."""
    checked = 0
    found = blocks(open(os.path.join(root, page)).read())
    for i, block in enumerate(found):
        lines = [l for l in block if l]
        m = DIAG.match(lines[0]) if lines else None
        if not m:
            continue
        path = source_of(root, m.group(1))
        rel = os.path.relpath(path, root)
        out = subprocess.run([devcheck, rel], cwd=root, capture_output=True, text=True).stdout
        said = [l.replace(rel, m.group(1)) for l in out.splitlines()]
        if said != lines:
            problems.append('%s block %d: devcheck %s says:\n%s\nnot:\n%s'
                            % (page, i + 1, rel, '\n'.join(said), '\n'.join(lines)))
        checked += 1
        listing = [LISTED.match(l) for l in found[i - 1]] if i else []
        source = open(path).read().split('\n')
        for l in filter(None, listing):
            n, code = int(l.group(1)), l.group(2)
            if source[n - 1].strip() != code.strip():
                problems.append('%s: line %d of %s is "%s", not "%s"'
                                % (page, n, rel, source[n - 1].strip(), code.strip()))
    return checked


def main():
    devcheck, root = sys.argv[1], sys.argv[2]
    problems = []
    pages = ['README.md'] + sorted(os.path.relpath(p, root)
                                   for p in glob.glob(os.path.join(root, 'docs', '*.md')))
    readme = check(devcheck, root, pages[0], problems)
    checked = readme + sum(check(devcheck, root, p, problems) for p in pages[1:])
    if readme < 2:
        problems.append('README: %d blocks of devcheck output found, 2 expected' % readme)
    print('\n'.join(problems) or '%d blocks of devcheck output in %d pages, as devcheck says them'
          % (checked, len(pages)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
