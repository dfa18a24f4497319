#!/usr/bin/env python3
"""The units of a code base, for bench/scale.sh.

  units.py db OUT FILES... -- FLAGS
      writes OUT/compile_commands.json: one entry a file, each with FLAGS
      (a .cu file's compiler is nvcc, so that devcheck reads it as CUDA).
  units.py split DB_DIR OUT CUDA_FLAGS...
      for each entry N of DB_DIR/compile_commands.json: OUT/N/ holding a
      database of that entry alone, OUT/N/file (its source) and
      OUT/N/clang.args (what clang -fsyntax-only gets to parse it as the
      build does: its -I, -D, -std and the like, one a line, then
      CUDA_FLAGS for a CUDA unit, then the file).

nvcc's command lines are reduced as devcheck reduces them
(docs/devcheck.md): response files (--options-file F, @F) read in place,
-Xcompiler's flags handed on, what only nvcc knows dropped.
"""
import json
import os
import shlex
import sys

CUDA_SUFFIXES = (".cu", ".cuh")
# Flags that take their value as the next argument, and are kept.
KEPT_WITH_VALUE = {"-I", "-isystem", "-iquote", "-idirafter", "-include",
                   "-D", "-U", "-imacros"}
KEPT_PREFIXES = ("-I", "-isystem", "-iquote", "-idirafter", "-D", "-U",
                 "-std=", "-include", "-imacros")


def arguments(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def response(path, directory):
    with open(os.path.join(directory, path)) as f:
        return shlex.split(f.read())


def expanded(args, directory):
    """args with response files read in place and -Xcompiler's flags split."""
    out = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--options-file", "-optf") and i + 1 < len(args):
            out += expanded(response(args[i + 1], directory), directory)
            i += 2
            continue
        if a.startswith("@"):
            out += expanded(response(a[1:], directory), directory)
        elif a in ("-Xcompiler", "--compiler-options") and i + 1 < len(args):
            out += args[i + 1].split(",")
            i += 1
        elif a.startswith(("-Xcompiler=", "--compiler-options=")):
            out += a.split("=", 1)[1].split(",")
        else:
            out.append(a)
        i += 1
    return out


def clang_flags(args, directory):
    """What of a compile command decides how the file parses."""
    kept = []
    args = expanded(args[1:], directory)
    i = 0
    while i < len(args):
        a = args[i].replace("--std=", "-std=", 1)
        if a in KEPT_WITH_VALUE and i + 1 < len(args):
            kept += [a, args[i + 1]]
            i += 1
        elif a.startswith(KEPT_PREFIXES):
            kept.append(a)
        i += 1
    return kept


def split(db_dir, out, cuda_flags):
    with open(os.path.join(db_dir, "compile_commands.json")) as f:
        db = json.load(f)
    for n, entry in enumerate(db):
        directory = entry["directory"]
        source = os.path.join(directory, entry["file"])
        unit = os.path.join(out, str(n))
        os.makedirs(unit)
        with open(os.path.join(unit, "compile_commands.json"), "w") as f:
            json.dump([entry], f)
        with open(os.path.join(unit, "file"), "w") as f:
            f.write(source + "\n")
        args = arguments(entry)
        flags = clang_flags(args, directory)
        if source.endswith(CUDA_SUFFIXES) or is_cuda_language(args):
            flags += cuda_flags
        # clang resolves relative -I against its working folder: the entry's.
        flags = [absolute(f, directory) for f in flags]
        with open(os.path.join(unit, "clang.args"), "w") as f:
            f.write("\n".join(flags + [source]) + "\n")


def is_cuda_language(args):
    return any(a == "-x" and b in ("cu", "cuda") for a, b in zip(args, args[1:]))


def absolute(flag, directory):
    if flag.startswith("-I") and len(flag) > 2 and not flag[2:].startswith("/"):
        return "-I" + os.path.join(directory, flag[2:])
    return flag


def make_db(out, files, flags):
    cwd = os.getcwd()
    db = []
    for path in files:
        source = os.path.abspath(path)
        cc = "nvcc" if source.endswith(CUDA_SUFFIXES) else "cc"
        db.append({"directory": cwd, "file": source,
                   "arguments": [cc] + flags + ["-c", source]})
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)


def main(argv):
    if len(argv) >= 3 and argv[1] == "db" and "--" in argv:
        cut = argv.index("--")
        make_db(argv[2], argv[3:cut], argv[cut + 1:])
    elif len(argv) >= 4 and argv[1] == "split":
        split(argv[2], argv[3], argv[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
