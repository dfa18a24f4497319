/*
 * Source lines: a code address in an object, as libdwfl sees it, to its
 * function, file and line.  Shared by the shim (the objects of its own
 * process, shim/symbols.c) and devtrace (object files a report names, for
 * the sites recorded without debug information, report/source.c).
 */
#ifndef DEVTRACE_LINES_H
#define DEVTRACE_LINES_H

#include <elfutils/libdwfl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char object[256], function[256], file[512];
    int line;
    uint64_t offset;                    /* the address in the object's file */
} dv_symbol;

/* Dwfl_Callbacks.find_debuginfo for a process that must not reach the
   network: libdwfl's standard one less its last resort, debuginfod, which
   loads libcurl and OpenSSL into the traced program.  A module's separate
   debug file by its build ID (/usr/lib/debug/.build-id), else by its
   .gnu_debuglink beside it, in its .debug folder, or under /usr/lib/debug,
   with the module's build ID if it has one. */
int dv_find_local_debuginfo(Dwfl_Module *m, void **userdata, const char *modname,
                            Dwarf_Addr base, const char *file_name, const char *debuglink_file,
                            GElf_Word debuglink_crc, char **debuginfo_file_name);

/* Fills s (zeroed first) for address at of module m (at NULL m, nothing).
   A C++ function's name is demangled: memcpy_direction(), not
   _ZL16memcpy_directionv. */
void dv_module_symbol(Dwfl_Module *m, Dwarf_Addr at, dv_symbol *s);

/* A C++ name as people write it (_ZL16memcpy_directionv is
   memcpy_direction()) into dst, n bytes; any other name as it is. */
void dv_demangle(char *dst, size_t n, const char *name);
/* The function's own name in a symbol, n bytes long: a mangled C++
   function's (_Z, or _ZL for internal linkage, then its length: scale in
   _Z5scalePfi), else the whole symbol. */
const char *dv_own_name(const char *symbol, size_t *n);
/* Whether a function is CUDA's code, not the user's, by its symbol: the
   runtime's (cuda*, __cuda*, its C++ namespace cudart, mangled or not; a
   static cudart's libcudart_static_*) and the stubs nvcc writes for each kernel (__device_stub_*, and
   __wrapper__device_stub_* for a function template's). */
bool dv_cuda_code_name(const char *symbol);
/* The kernel's host function that a stub's symbol is for, n bytes long
   (_Z5scalePfif: a C++ name, as mangled), or NULL when it is no stub. */
const char *dv_stub_target(const char *symbol, size_t *n);

#endif /* DEVTRACE_LINES_H */
