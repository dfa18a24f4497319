/* Source lines (lines.h): libdwfl's answer, with a way round its gaps. */
#include "lines.h"

#include <elfutils/libdw.h>
#include <stdio.h>
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
    copy(s->function, sizeof s->function, dwfl_module_addrname(m, at));
    Dwfl_Line *line = dwfl_module_getsrc(m, at);
    copy(s->file, sizeof s->file,
         line ? dwfl_lineinfo(line, NULL, &s->line, NULL, NULL, NULL) : line_by_units(m, at, &s->line));
}
