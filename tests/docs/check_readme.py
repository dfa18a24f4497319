#!/usr/bin/env python3
"""The README's first runs are what the tools say.

Every block of devcheck output in README.md (a fenced block whose first line
is FILE:LINE:COL: error|warning) must be devcheck's whole output on FILE,
run from the repository root; a FILE that is not in the repository is one of
tests/docs/readme/.  And every numbered source listing (lines "NN    code")
just before such a block must be those lines of that file.

    check_readme.py DEVCHECK ROOT
"""
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


def main():
    devcheck, root = sys.argv[1], sys.argv[2]
    problems, checked = [], 0
    found = blocks(open(os.path.join(root, 'README.md')).read())
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
            problems.append('README block %d: devcheck %s says:\n%s\nnot:\n%s'
                            % (i + 1, rel, '\n'.join(said), '\n'.join(lines)))
        checked += 1
        listing = [LISTED.match(l) for l in found[i - 1]] if i else []
        source = open(path).read().split('\n')
        for l in filter(None, listing):
            n, code = int(l.group(1)), l.group(2)
            if source[n - 1].strip() != code.strip():
                problems.append('README: line %d of %s is "%s", not "%s"'
                                % (n, rel, source[n - 1].strip(), code.strip()))
    if checked < 2:
        problems.append('README: %d blocks of devcheck output found, 2 expected' % checked)
    print('\n'.join(problems) or 'README: %d blocks of devcheck output as devcheck says them'
          % checked)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
