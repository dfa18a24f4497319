/*
 * Symbols: pc -> object, function, file and line, with elfutils' libdw over
 * this process's own mappings.  Only the writer thread calls it, once per
 * call site, so it keeps one session and no lock.
 */
#include "devtrace.h"

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
};
static Dwfl *session;

/* (Re)reads the process's mappings: objects opened since appear. */
static void report_mappings(void)
{
    if (session)
        dwfl_end(session);
    session = dwfl_begin(&callbacks);
    if (!session)
        return;
    dwfl_report_begin(session);
    dwfl_linux_proc_report(session, getpid());
    dwfl_report_end(session, NULL, NULL);
}

static Dwfl_Module *module_of(Dwarf_Addr pc)
{
    Dwfl_Module *m = session ? dwfl_addrmodule(session, pc) : NULL;
    if (!m) {
        report_mappings();
        m = session ? dwfl_addrmodule(session, pc) : NULL;
    }
    return m;
}

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

void dv_symbolize(uintptr_t pc, bool exact, dv_symbol *s)
{
    Dwarf_Addr at = exact ? pc : pc - 1;        /* inside the call instruction */
    memset(s, 0, sizeof *s);
    Dwfl_Module *m = module_of(at);
    if (!m)
        return;
    copy(s->object, sizeof s->object,
         dwfl_module_info(m, NULL, NULL, NULL, NULL, NULL, NULL, NULL));
    copy(s->function, sizeof s->function, dwfl_module_addrname(m, at));
    Dwfl_Line *line = dwfl_module_getsrc(m, at);
    copy(s->file, sizeof s->file,
         line ? dwfl_lineinfo(line, NULL, &s->line, NULL, NULL, NULL) : line_by_units(m, at, &s->line));
}
