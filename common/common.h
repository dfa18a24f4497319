/*
 * devcheck-common: the vocabulary that the analyzer, the shim, devtrace and
 * the emulated device share, in one static library so that each part says
 * it the same way.
 *
 *   json.c    JSON strings, indented documents and URIs (json.h): devtrace's
 *             json, trace and SARIF formats, devcheck's SARIF and baselines
 *   jsonread.c JSON read strictly (jsonread.h), with where and why it is
 *             not: devcheck's compile_commands.json, devtrace's --static SARIF
 *   schema.c  the report database's schema (schema.h): the shim writes it,
 *             devtrace reads and merges it
 *   memkind.c cudaMemcpyKind as a table (memkind.h): each kind's name and the
 *             sides it says, the kind that fits a copy's pointers, and what
 *             devcheck and the shim both say of a wrong kind or memory space;
 *             and where memory lives (host, pinned, device) as a table of
 *             the words for messages and the report's column values
 *   gpu.c     whether the machine has a GPU (gpu.h): the shim's choice of
 *             device, which devtrace run and the tests must foresee
 *   mistakes.c the mistakes both tools find as a table (mistakes.h): each
 *             one's devcheck rule id, devtrace kinds and severity, a name
 *             in either tool's spelling looked up, the nearest one to a typo
 *   mangled.c a kernel's parameters read from its mangled C++ name
 *             (mangled.h): the emulated device's kernels that nvcc built,
 *             and the shim's that no runtime it can reach describes
 *   hash.h    FNV-1a, the one hash of names and keys every part uses
 *   grow.h    GROW, the one grow of an array that gains an element at a
 *             time: its room doubled as it fills
 *   files.c   a file the user named, checked before it is read (files.h):
 *             a regular file, not too large: devtrace's --static SARIF,
 *             devcheck's --runtime report
 *
 * and, in a library of its own (devtrace-lines), since it needs elfutils'
 * libdw, which only the shim and devtrace link:
 *
 *   lines.c   a code address in an object to its function (demangled), file
 *             and line (lines.h), the user's where CUDA's code was inlined,
 *             and which functions are CUDA's by name: the shim's sites, and
 *             devtrace's lookups of the sites recorded without debug
 *             information
 *
 * and, in devcheck-join, since it needs SQLite, which only devtrace, devcheck
 * and the shim link:
 *
 *   join.c    devcheck's findings joined with a report's, each given a
 *             state (join.h): devtrace report --static, devcheck --runtime
 */
#ifndef DEVCHECK_COMMON_H
#define DEVCHECK_COMMON_H

#include "gpu.h"
#include "json.h"
#include "mangled.h"
#include "memkind.h"
#include "mistakes.h"
#include "schema.h"

#endif
