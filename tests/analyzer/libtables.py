#!/usr/bin/env python3
"""Whole library tables: every function of a modelled library's installed
header that takes a pointer has each pointer parameter in devcheck's
built-in model (device, host or either memory), by an entry of its own or
a rule for its family (a pattern).

usage: libtables.py DEVCHECK [CUDA_INCLUDE]

Reads the headers with clang's JSON AST (one parse of them all) and the
model with `devcheck --model-dump`; prints, for each library, how many
of its functions with pointers the model covers, and the ones it lacks.
Fails when a library said complete (COMPLETE) lacks one; skips (77)
without the toolkit or clang.  docs/annotations.md gives the counts."""

import fnmatch
import json
import os
import shutil
import subprocess
import sys

# Each library: its headers (the functions declared in them).
LIBRARIES = [
    ("CUDA runtime", ["cuda_runtime_api.h"]),
    ("CUDA driver API", ["cuda.h"]),
    ("cuBLAS", ["cublas_api.h"]),
    ("cuBLASLt", ["cublasLt.h"]),
    ("cuSOLVER dense", ["cusolverDn.h"]),
    ("cuSOLVER sparse", ["cusolverSp.h"]),
    ("cuSPARSE", ["cusparse.h"]),
    ("cuSPARSELt", ["cusparseLt.h"]),
    ("cuFFT", ["cufft.h"]),
    ("cuRAND", ["curand.h"]),
    ("cuDNN", ["cudnn_graph.h", "cudnn_ops.h", "cudnn_cnn.h", "cudnn_adv.h"]),
    ("NCCL", ["nccl.h"]),
]

# The libraries whose tables are whole: any function they lack fails.
COMPLETE = {"CUDA runtime", "CUDA driver API", "cuFFT", "cuRAND", "cuBLAS", "cuBLASLt", "cuSOLVER dense",
            "cuSOLVER sparse", "cuSPARSE", "cuDNN", "NCCL"}

# The effects whose arguments are parameter positions, each saying where
# the memory of its parameters is.
POSITIONAL = {"device-memory", "host-memory", "either-memory", "allocates-device",
              "allocates-pinned", "allocates-host", "memcpy", "same-space", "reads",
              "frees", "pointer-attributes", "launch", "reads-host", "copies"}


def is_pointer(qual_type):
    return "*" in qual_type or "[" in qual_type


def header_functions(headers, include):
    """The functions declared in the headers (one parse of them all: their
    common headers are read once) with a pointer parameter: header ->
    name -> [(parameter name, pointer?)]."""
    source = "".join("#include <%s>\n" % h for h in headers)
    out = subprocess.run(["clang", "-x", "c", "-I", include, "-Xclang", "-ast-dump=json",
                          "-fsyntax-only", "-"], input=source,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit("libtables: clang cannot read %s:\n%s" % (" ".join(headers), out.stderr[-2000:]))
    current = [None]

    def follow(node):
        # clang writes a location's file only where it changes, in order.
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "file":
                    current[0] = value
                elif key != "includedFrom":
                    follow(value)
        elif isinstance(node, list):
            for value in node:
                follow(value)

    found = {h: {} for h in headers}
    for decl in json.loads(out.stdout).get("inner", []):
        follow(decl.get("loc", {}))
        where = current[0] and os.path.basename(current[0])
        follow({k: v for k, v in decl.items() if k != "loc"})
        if decl.get("kind") != "FunctionDecl" or where not in found:
            continue
        params = [(p.get("name", ""),
                   is_pointer(p["type"].get("desugaredQualType", p["type"]["qualType"])))
                  for p in decl.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        if any(pointer for _, pointer in params):
            found[where][decl["name"]] = params
    return found


def read_model(devcheck):
    """The model's entries (name -> positions named) and rules."""
    text = subprocess.run([devcheck, "--model-dump"], capture_output=True, text=True,
                          check=True).stdout
    entries, rules = {}, []
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if len(words) < 3 or words[1] not in POSITIONAL:
            continue
        if "*" in words[0]:
            rules.extend((words[0], param) for param in words[2:])
        else:
            entries.setdefault(words[0], set()).update(int(w) for w in words[2:] if w.isdigit())
    return entries, rules


def lacks(name, params, entries, rules):
    """Whether a pointer parameter of the function is in no table."""
    named = entries.get(name, set())
    for i, (pname, pointer) in enumerate(params):
        if not pointer or i in named:
            continue
        if not any(fnmatch.fnmatchcase(name, f) and fnmatch.fnmatchcase(pname, p)
                   for f, p in rules):
            return True
    return False


def main():
    devcheck = sys.argv[1]
    include = sys.argv[2] if len(sys.argv) > 2 else "/usr/local/cuda/include"
    if not os.path.isdir(include) or not shutil.which("clang"):
        print("libtables: no toolkit at %s (or no clang): skipped" % include)
        return 77
    entries, rules = read_model(devcheck)
    installed = [h for _, headers in LIBRARIES for h in headers
                 if os.path.exists(os.path.join(include, h))]
    declared = header_functions(installed, include)
    failed = False
    for library, headers in LIBRARIES:
        present = [h for h in headers if h in declared]
        if not present:
            print("%-16s not installed" % library)
            continue
        functions = {}
        for header in present:
            functions.update(declared[header])
        lacking = sorted(f for f, params in functions.items()
                         if lacks(f, params, entries, rules))
        complete = library in COMPLETE
        print("%-16s %4d / %4d%s" % (library, len(functions) - len(lacking), len(functions),
                                    " (complete)" if complete else ""))
        if complete and lacking:
            failed = True
            print("  lacks: " + " ".join(lacking))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
