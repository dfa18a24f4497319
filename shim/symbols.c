/*
 * Symbols: pc -> object, function, file and line, with elfutils' libdw over
 * this process's own mappings (common/lines.c reads each module).  Only the
 * writer thread calls it, once per call site, so it keeps one session and
 * no lock.
 */
#include "devtrace.h"

#include <unistd.h>

static const Dwfl_Callbacks callbacks = {
    .find_elf = dwfl_linux_proc_find_elf,
    .find_debuginfo = dv_find_local_debuginfo,
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

void dv_symbolize(uintptr_t pc, bool exact, dv_symbol *s)
{
    Dwarf_Addr at = exact ? pc : pc - 1;        /* inside the call instruction */
    dv_module_symbol(module_of(at), at, s);
}
