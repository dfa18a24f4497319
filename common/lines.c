/* Source lines (lines.h): libdwfl's answer, with a way round its gaps, and
   the user's line where CUDA's or the system's code was inlined into it. */
#define _GNU_SOURCE     /* RTLD_DEFAULT */
#include "lines.h"

#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The compile unit of pc, and its bias.  libdw 0.188 cannot look an address
   up through the DWARF 5 ranges clang 14 writes ("address out of range"),
   but each unit still says what it covers. */
static Dwarf_Die *unit_of(Dwfl_Module *m, Dwarf_Addr pc, Dwarf_Addr *bias)
{
    Dwarf_Die *cu = dwfl_module_addrdie(m, pc, bias);
    if (cu)
        return cu;
    while ((cu = dwfl_module_nextcu(m, cu, bias)))
        if (dwarf_haspc(cu, pc - *bias) > 0)
            return cu;
    return NULL;
}

/* The line of pc by its unit found so. */
static const char *line_by_units(Dwfl_Module *m, Dwarf_Addr pc, int *line)
{
    Dwarf_Addr bias;
    Dwarf_Die *cu = unit_of(m, pc, &bias);
    Dwarf_Line *l = cu ? dwarf_getsrc_die(cu, pc - bias) : NULL;
    return l && dwarf_lineno(l, line) == 0 ? dwarf_linesrc(l, NULL, NULL) : NULL;
}

/* ---- debug files, on this machine alone ---------------------------------- */

/* Whether the ELF file open on fd is m's: the same build ID, where m has one. */
static bool same_build_id(Dwfl_Module *m, int fd)
{
    const unsigned char *want;
    const void *got = NULL;
    GElf_Addr vaddr;
    int n = dwfl_module_build_id(m, &want, &vaddr);
    if (n <= 0)
        return true;
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
    bool same = elf && dwelf_elf_gnu_build_id(elf, &got) == n && memcmp(got, want, (size_t)n) == 0;
    elf_end(elf);
    return same;
}

/* The debuglink's file where GDB looks for it, open, its path in *found. */
static int open_debuglink(Dwfl_Module *m, const char *file_name, const char *link, char **found)
{
    static const char *const places[] = { "%.*s/%s", "%.*s/.debug/%s", "/usr/lib/debug%.*s/%s" };
    const char *slash = strrchr(file_name, '/'), *dir = slash ? file_name : ".";
    int len = slash ? (int)(slash - file_name) : 1;
    for (size_t i = 0; i < sizeof places / sizeof *places; i++) {
        char path[4096];
        if (snprintf(path, sizeof path, places[i], len, dir, link) >= (int)sizeof path)
            continue;
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (same_build_id(m, fd) && (*found = strdup(path)))
            return fd;
        close(fd);
    }
    return -1;
}

int dv_find_local_debuginfo(Dwfl_Module *m, void **userdata, const char *modname,
                            Dwarf_Addr base, const char *file_name, const char *debuglink_file,
                            GElf_Word debuglink_crc, char **debuginfo_file_name)
{
    int fd = dwfl_build_id_find_debuginfo(m, userdata, modname, base, file_name, debuglink_file,
                                          debuglink_crc, debuginfo_file_name);
    if (fd >= 0 || !file_name || !debuglink_file)
        return fd;
    return open_debuglink(m, file_name, debuglink_file, debuginfo_file_name);
}

/* ---- the code CUDA writes into the user's ------------------------------- */

static bool starts_with(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && memcmp(s, prefix, k) == 0;
}

const char *dv_own_name(const char *symbol, size_t *n)
{
    if (!strncmp(symbol, "_Z", 2)) {
        const char *p = symbol + 2 + (symbol[2] == 'L');
        char *end;
        unsigned long k = strtoul(p, &end, 10);
        if (end != p && *p != '0' && strnlen(end, k) == k) {
            *n = k;
            return end;
        }
    }
    *n = strlen(symbol);
    return symbol;
}

#define STUB "__device_stub_"
#define WRAPPER "__wrapper__device_stub_"   /* a function template's stub's caller */

bool dv_cuda_code_name(const char *symbol)
{
    /* libcudart_static_<hash>: a static cudart's own functions (CUDA 13) */
    static const char *const prefixes[] = { "cuda", "__cuda", "libcudart_static_", STUB, WRAPPER };
    size_t n;
    const char *own = dv_own_name(symbol, &n);
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (starts_with(own, n, prefixes[i]))
            return true;
    return !strncmp(symbol, "_ZN6cudart", 10);
}

const char *dv_stub_target(const char *symbol, size_t *n)
{
    const char *own = dv_own_name(symbol, n);
    if (!starts_with(own, *n, STUB))
        return NULL;
    *n -= strlen(STUB);
    return own + strlen(STUB);
}

/* ---- inlined code ------------------------------------------------------------ */

/* A function's name as its symbol would read (the linkage name of C++). */
static const char *die_symbol(Dwarf_Die *die)
{
    Dwarf_Attribute a;
    const char *name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &a));
    return name ? name : dwarf_diename(die);
}

/* A stub, or a function template's wrapper of one: what a kernel's host
   function calls. */
static bool is_stub(Dwarf_Die *die)
{
    const char *name = die_symbol(die);
    size_t n;
    return name && (dv_stub_target(name, &n) || starts_with(dv_own_name(name, &n), n, WRAPPER));
}

/* A kernel's host function (what a <<<>>> line calls) makes one call, to
   the kernel's stub (or its wrapper); where it is inlined, its call says so. */
static bool calls_stub(Dwarf_Die *scope)
{
    Dwarf_Die child, callee;
    Dwarf_Attribute a;
    if (dwarf_child(scope, &child) != 0)
        return false;
    do {
        int tag = dwarf_tag(&child);
        if (tag != DW_TAG_call_site && tag != DW_TAG_GNU_call_site)
            continue;
        if (dwarf_formref_die(dwarf_attr(&child, DW_AT_call_origin, &a), &callee) ||
            dwarf_formref_die(dwarf_attr(&child, DW_AT_abstract_origin, &a), &callee))
            if (is_stub(&callee))
                return true;
    } while (dwarf_siblingof(&child, &child) == 0);
    return false;
}

/* The innermost function of scopes[0..n): an inlined one, a subprogram,
   or NULL. */
static Dwarf_Die *innermost_function(Dwarf_Die *scopes, int n)
{
    for (int i = 0; i < n; i++) {
        int tag = dwarf_tag(&scopes[i]);
        if (tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram)
            return &scopes[i];
    }
    return NULL;
}

/* Where inlined function f was inlined: its caller's file and line. */
static bool call_line(Dwarf_Die *cu, Dwarf_Die *f, dv_symbol *s)
{
    Dwarf_Attribute a;
    Dwarf_Word file, line;
    Dwarf_Files *files;
    const char *path;
    if (dwarf_formudata(dwarf_attr(f, DW_AT_call_file, &a), &file) != 0 ||
        dwarf_formudata(dwarf_attr(f, DW_AT_call_line, &a), &line) != 0 ||
        dwarf_getsrcfiles(cu, &files, NULL) != 0 ||
        !(path = dwarf_filesrc(files, file, NULL, NULL)))
        return false;
    snprintf(s->file, sizeof s->file, "%s", path);
    s->line = (int)line;
    return true;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && !strcmp(s + n - k, suffix);
}

/* A line of the system's headers: glibc's fortified memcpy, inlined into
   the user's function at -O2 where the compiler fortifies by default
   (Ubuntu's gcc), has its line in string_fortified.h. */
static bool system_header(const char *file)
{
    static const char *const dirs[] = { "/usr/include/", "/usr/lib/gcc/", "/usr/lib/llvm-" };
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++)
        if (starts_with(file, strlen(file), dirs[i]))
            return true;
    return false;
}

/* Whether CUDA's or the system's code can be inlined at a line of file in
   unit cu: a unit nvcc compiled (cudafe's .cudafe1.cpp), a line of the
   runtime's templates (cuda_runtime.h), of nvcc's helpers (crt/) or of a
   system header.  Elsewhere the scopes are not looked at: they cost some
   60 us a line to find. */
static bool may_inline_theirs(Dwarf_Die *cu, const char *file)
{
    const char *unit = dwarf_diename(cu);
    return (unit && ends_with(unit, ".cudafe1.cpp")) || ends_with(file, "/cuda_runtime.h") ||
           strstr(file, "/crt/") || system_header(file);
}

/* At -O2 the compiler inlines CUDA's code into the user's: the runtime's
   templates (cudaMalloc<T>, whose lines are cuda_runtime.h's), a kernel's
   host function (whose line is the kernel's definition) and its stub; and
   the system's (a fortified memcpy).  The user's line is where the
   outermost of them was inlined.  libdw gives the
   scopes of pc out to the innermost inlined function, then those of its
   definition; its callers are the scopes around its inlined instance. */
static void line_outside_theirs(Dwfl_Module *m, Dwarf_Addr at, dv_symbol *s)
{
    Dwarf_Addr bias;
    Dwarf_Die *cu = unit_of(m, at, &bias), *scopes = NULL, f;
    if (!cu || !may_inline_theirs(cu, s->file))
        return;
    int n = dwarf_getscopes(cu, at - bias, &scopes);
    Dwarf_Die *inner = innermost_function(scopes, n);
    bool after_stub = false;
    if (inner)
        f = *inner;
    free(scopes);
    while (inner && dwarf_tag(&f) == DW_TAG_inlined_subroutine) {
        const char *name = die_symbol(&f);
        if (!after_stub && !system_header(s->file) && !(name && dv_cuda_code_name(name)) &&
            !calls_stub(&f))
            break;
        if (!call_line(cu, &f, s))
            break;
        after_stub = is_stub(&f);
        scopes = NULL;
        n = dwarf_getscopes_die(&f, &scopes);     /* f itself, then its caller's */
        inner = n > 1 ? innermost_function(scopes + 1, n - 1) : NULL;
        if (inner)
            f = *inner;
        free(scopes);
    }
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

void dv_demangle(char *dst, size_t n, const char *name)
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
    dv_demangle(s->function, sizeof s->function, dwfl_module_addrname(m, at));
    Dwfl_Line *line = dwfl_module_getsrc(m, at);
    copy(s->file, sizeof s->file,
         line ? dwfl_lineinfo(line, NULL, &s->line, NULL, NULL, NULL) : line_by_units(m, at, &s->line));
    if (*s->file)
        line_outside_theirs(m, at, s);
}
