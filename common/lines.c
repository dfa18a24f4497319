/* Source lines (lines.h): libdwfl's answer, with a way round its gaps. */
#define _GNU_SOURCE     /* RTLD_DEFAULT */
#include "lines.h"

#include <dlfcn.h>
#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line of pc by walking the module's compile units: libdw 0.188 cannot
   look an address up through the DWARF 5 ranges clang 14 writes
   ("address out of range"), but each unit still says what it covers. */
static const char *line_by_units(Dwfl_Module *m, Dwarf_Addr pc, int *line)
{
    Dwarf_Addr bias;
    for (Dwarf_Die *cu = NULL; (cu = dwfl_module_nextcu(m, cu, &bias));) {
        if (dwarf_haspc(cu, pc - bias) <= 0)
            continue;
        Dwarf_Line *l = dwarf_getsrc_die(cu, pc - bias);
        if (l && dwarf_lineno(l, line) == 0)
            return dwarf_linesrc(l, NULL, NULL);
    }
    return NULL;
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

/* libstdc++'s __cxa_demangle (its C ABI): the program's own when it is
   C++, else loaded the first time a name needs it; NULL where there is
   none.  Looked up, not linked, so that a C program under the shim gets no
   C++ runtime it did not ask for. */
typedef char *demangler(const char *name, char *buffer, size_t *size, int *status);

static demangler *find_demangler(void)
{
    static bool looked;
    static demangler *demangle;
    if (!looked) {
        looked = true;
        void *f = dlsym(RTLD_DEFAULT, "__cxa_demangle");
        void *lib = f ? NULL : dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
        if (lib)
            f = dlsym(lib, "__cxa_demangle");
        memcpy(&demangle, &f, sizeof f);    /* a function pointer from dlsym's void * */
    }
    return demangle;
}

/* A C++ name as people write it (_ZL16memcpy_directionv is
   memcpy_direction()); any other name as it is. */
static void copy_function(char *dst, size_t n, const char *name)
{
    demangler *demangle = name && !strncmp(name, "_Z", 2) ? find_demangler() : NULL;
    int status = -1;
    char *plain = demangle ? demangle(name, NULL, NULL, &status) : NULL;
    copy(dst, n, status == 0 && plain ? plain : name);
    free(plain);
}

void dv_module_symbol(Dwfl_Module *m, Dwarf_Addr at, dv_symbol *s)
{
    Dwarf_Addr start = 0;
    memset(s, 0, sizeof *s);
    if (!m)
        return;
    copy(s->object, sizeof s->object,
         dwfl_module_info(m, NULL, &start, NULL, NULL, NULL, NULL, NULL));
    GElf_Addr bias = 0;
    s->offset = dwfl_module_getelf(m, &bias) ? at - bias : at - start;
    copy_function(s->function, sizeof s->function, dwfl_module_addrname(m, at));
    Dwfl_Line *line = dwfl_module_getsrc(m, at);
    copy(s->file, sizeof s->file,
         line ? dwfl_lineinfo(line, NULL, &s->line, NULL, NULL, NULL) : line_by_units(m, at, &s->line));
}
