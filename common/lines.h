/*
 * Source lines: a code address in an object, as libdwfl sees it, to its
 * function, file and line.  Shared by the shim (the objects of its own
 * process, shim/symbols.c) and devtrace (object files a report names, for
 * the sites recorded without debug information, report/source.c).
 */
#ifndef DEVTRACE_LINES_H
#define DEVTRACE_LINES_H

#include <elfutils/libdwfl.h>
#include <stdint.h>

typedef struct {
    char object[256], function[256], file[512];
    int line;
    uint64_t offset;                    /* the address in the object's file */
} dv_symbol;

/* Fills s (zeroed first) for address at of module m (at NULL m, nothing).
   A C++ function's name is demangled: memcpy_direction(), not
   _ZL16memcpy_directionv. */
void dv_module_symbol(Dwfl_Module *m, Dwarf_Addr at, dv_symbol *s);

#endif /* DEVTRACE_LINES_H */
