#define _GNU_SOURCE     /* dl_iterate_phdr, pthread_getattr_np */
/*
 * Call sites.  A finding must point at the user's line, and the call that
 * made it arrives here through the runtime's own frames (devtensor, its cuda
 * plugin) or straight from the program.  The site of a call is the first
 * return address on the stack outside "our" code: the shim, devtensor, the
 * emulated device and the CUDA libraries.
 *
 * Finding it is on every intercepted call, so it must cost nanoseconds, not
 * the microsecond of a DWARF unwind.  Our code is built with frame pointers,
 * so the frames between here and the user are a linked list: walk it until a
 * return address lands outside our objects.  The user's own frames need no
 * frame pointers, since the walk stops where they begin.  When the walk meets
 * anything it cannot vouch for (a system library in between, a frame pointer
 * off the stack), it falls back to the unwinder; CUDA's own frames, which
 * have no frame pointers, it steps over once the unwinder has told their
 * sizes.
 *
 * devtensor knows its caller's line better still: an op called through its
 * macro publishes the user's file and line for the call's duration
 * (dt_current_call).  The walk stops at the first devtensor frame and takes
 * that, which needs no debug information and survives a tail call; such a
 * site is interned by its file and line, and walked in full once, when new,
 * for its stack.
 *
 * A site is interned by its pc: a lock-free open-addressed table maps pc to
 * a small id, and each new site keeps its whole stack, as first seen, for the
 * report.  Ids are handed out in order, which is what lets the writer see new
 * ones by their count.  A finding's own chain, the callers that reached its
 * site that time, is interned apart (the last section).
 */
#include "devtrace.h"

#include <devtensor.h>

#include <dlfcn.h>
#include <execinfo.h>
#include <gelf.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <unwind.h>

#define MAX_SITES 16384
#define TABLE (MAX_SITES * 2)           /* a power of two */
#define MAX_MODULES 512

/* ---- which object a pc is in -------------------------------------------- */

typedef enum { CODE_UNKNOWN, CODE_OURS, CODE_DEVTENSOR, CODE_VENDOR, CODE_SYSTEM, CODE_USER } code_class;

typedef struct { uintptr_t start, end; uint8_t cls; } code_range;

typedef struct code_map {
    int n;
    code_range r[MAX_MODULES];
    struct code_map *older;             /* kept: a reader may still be in it */
} code_map;

static _Atomic(code_map *) map;
static pthread_mutex_t map_lock = PTHREAD_MUTEX_INITIALIZER;

/* The objects whose frames are never the user's line, by the start of
   their names: ours, built with frame pointers (devtensor's are
   CODE_DEVTENSOR, ours too), and CUDA's libraries, built without (a walk
   that meets one unwinds: a CUPTI callback on a GPU comes through libcupti
   and libcuda), whose callers are the user's line of a call into them. */
static const struct { const char *prefix; uint8_t cls; } known_objects[] = {
    { "libdevtensor", CODE_DEVTENSOR }, { "libdevtrace", CODE_OURS },
    { "libcudasim", CODE_OURS }, { "libdtkernels", CODE_OURS },
    { "libcudart", CODE_VENDOR }, { "libcuda.so", CODE_VENDOR }, { "libcupti", CODE_VENDOR },
    { "libcublas", CODE_VENDOR }, { "libcufft", CODE_VENDOR }, { "libcurand", CODE_VENDOR },
    { "libcusparse", CODE_VENDOR }, { "libcusolver", CODE_VENDOR }, { "libcudnn", CODE_VENDOR },
    { "libnccl", CODE_VENDOR }, { "libnvrtc", CODE_VENDOR }, { "libnvJitLink", CODE_VENDOR },
};
static const char *const system_dirs[] = { "/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/" };

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static code_class class_of(const char *path, bool main_program)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    if (main_program)
        return CODE_USER;
    for (size_t i = 0; i < sizeof known_objects / sizeof *known_objects; i++)
        if (starts_with(base, known_objects[i].prefix))
            return (code_class)known_objects[i].cls;
    for (size_t i = 0; i < sizeof system_dirs / sizeof *system_dirs; i++)
        if (starts_with(path, system_dirs[i]))
            return CODE_SYSTEM;
    return *path ? CODE_USER : CODE_SYSTEM;      /* nameless: the vdso */
}

bool dv_users_object(const char *path, bool main_program)
{
    return class_of(path, main_program) == CODE_USER;
}

/* ---- a CUDA runtime linked into the program ------------------------------

   nvcc links cudart statically by default: its functions are then in the
   program's own code, between the user's frame and the driver.  They are
   told by their names in the program's symbol table (cuda*, __cuda*, and
   its C++ namespace cudart), and their runs of functions, with nothing of
   the user's between, are ours like libcudart's.  So is the code nvcc
   writes into every program between a <<<>>> line and cudaLaunchKernel,
   whatever its cudart: each kernel's host function, which calls the
   kernel's __device_stub_ (its name is the stub's past that prefix), and
   CUDA 13's __cudaLaunchKernel_helper, all C++ functions whose names are
   mangled (_Z35__device_stub__Z5scalePfif...).  Where the compiler inlined
   them into the user's function, the line says so (common/lines.c).  They
   are CUDA's code built as CUDA's libraries are, without frame pointers:
   a walk that meets one does not trust the frame pointer it left (the
   user's function's, whose return address is its caller's line). */
#define MAX_CUDART_RUNS 64

typedef struct { uintptr_t start, end; bool cudart; } function_span;
typedef struct { const char *s; size_t n; } name_part;

static code_range cudart_runs[MAX_CUDART_RUNS];
static int ncudart_runs;
static pthread_once_t cudart_once = PTHREAD_ONCE_INIT;
static uintptr_t program_base;

static int by_part(const void *a, const void *b)
{
    const name_part *x = a, *y = b;
    int c = memcmp(x->s, y->s, x->n < y->n ? x->n : y->n);
    return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* The kernels' host functions, as the stubs name them: sorted, malloc'd.
   A stub's name is always a C++ one; an extern "C" kernel's host function
   is its own name alone. */
static name_part *stub_targets(Dwfl_Module *m, int nsyms, size_t *count)
{
    name_part *t = malloc(2 * (size_t)nsyms * sizeof *t);
    size_t n = 0;
    for (int i = 1; t && i < nsyms; i++) {
        GElf_Sym sym;
        const char *name = dwfl_module_getsym(m, i, &sym, NULL);
        name_part target = { NULL, 0 }, own;
        if (name && GELF_ST_TYPE(sym.st_info) == STT_FUNC)
            target.s = dv_stub_target(name, &target.n);
        if (!target.s)
            continue;
        t[n++] = target;
        own.s = dv_own_name(target.s, &own.n);
        if (own.n < target.n)
            t[n++] = own;
    }
    if (t)
        qsort(t, n, sizeof *t, by_part);
    *count = n;
    return t;
}

static int by_span_start(const void *a, const void *b)
{
    uintptr_t x = ((const function_span *)a)->start, y = ((const function_span *)b)->start;
    return (x > y) - (x < y);
}

/* The program's functions with their sizes, from its symbol table; malloc'd. */
static function_span *program_functions(Dwfl_Module *m, int *count)
{
    int nsyms = dwfl_module_getsymtab(m), n = 0;
    size_t ntargets = 0;
    name_part *targets = nsyms > 0 ? stub_targets(m, nsyms, &ntargets) : NULL;
    function_span *f = nsyms > 0 ? malloc((size_t)nsyms * sizeof *f) : NULL;
    for (int i = 1; f && i < nsyms; i++) {
        GElf_Sym sym;
        GElf_Addr addr;
        const char *name = dwfl_module_getsym_info(m, i, &sym, &addr, NULL, NULL, NULL);
        name_part whole = { name, name ? strlen(name) : 0 };
        if (name && GELF_ST_TYPE(sym.st_info) == STT_FUNC && sym.st_size)
            f[n++] = (function_span){
                addr, addr + sym.st_size,
                dv_cuda_code_name(name) || (ntargets && bsearch(&whole, targets, ntargets,
                                                          sizeof *targets, by_part)) };
    }
    free(targets);
    *count = n;
    return f;
}

static void find_cudart_runs(void)
{
    static const Dwfl_Callbacks callbacks = { .find_elf = dwfl_linux_proc_find_elf,
                                              .find_debuginfo = dv_find_local_debuginfo };
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    Dwfl *d = dwfl_begin(&callbacks);
    exe[len > 0 ? len : 0] = '\0';         /* its own name: its debuglink lies beside it */
    Dwfl_Module *m = d ? dwfl_report_elf(d, "program", len > 0 ? exe : "/proc/self/exe", -1,
                                         program_base, false)
                       : NULL;
    int n = 0;
    function_span *f = m && dwfl_report_end(d, NULL, NULL) == 0 ? program_functions(m, &n) : NULL;
    if (f)
        qsort(f, (size_t)n, sizeof *f, by_span_start);
    for (int i = 0; i < n && ncudart_runs < MAX_CUDART_RUNS; i++) {
        if (!f[i].cudart)
            continue;
        code_range *run = &cudart_runs[ncudart_runs++];
        *run = (code_range){ f[i].start, f[i].end, CODE_VENDOR };   /* no frame pointers */
        for (; i + 1 < n && f[i + 1].cudart; i++)
            run->end = f[i + 1].end > run->end ? f[i + 1].end : run->end;
    }
    free(f);
    if (d)
        dwfl_end(d);
}

/* The first object is the program. */
static int note_program_base(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    (void)arg;
    program_base = info->dlpi_addr;
    return 1;
}

/* The program's code from start to end: the user's, but for cudart's runs. */
static void add_program_code(code_map *m, uintptr_t start, uintptr_t end)
{
    for (int i = 0; i < ncudart_runs && m->n + 2 < MAX_MODULES; i++) {
        const code_range *run = &cudart_runs[i];
        if (run->end <= start || run->start >= end)
            continue;
        if (run->start > start)
            m->r[m->n++] = (code_range){ start, run->start, CODE_USER };
        m->r[m->n++] = *run;
        start = run->end;
    }
    if (start < end && m->n < MAX_MODULES)
        m->r[m->n++] = (code_range){ start, end, CODE_USER };
}

static int add_object(struct dl_phdr_info *info, size_t size, void *arg)
{
    code_map *m = arg;
    bool program = m->n == 0;
    (void)size;
    code_class cls = class_of(info->dlpi_name ? info->dlpi_name : "", program);
    for (int i = 0; i < info->dlpi_phnum && m->n < MAX_MODULES; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
            uintptr_t start = info->dlpi_addr + ph->p_vaddr;
            if (program)
                add_program_code(m, start, start + ph->p_memsz);
            else
                m->r[m->n++] = (code_range){ start, start + ph->p_memsz, (uint8_t)cls };
        }
    }
    return 0;
}

static int by_start(const void *a, const void *b)
{
    uintptr_t x = ((const code_range *)a)->start, y = ((const code_range *)b)->start;
    return (x > y) - (x < y);
}

/* Objects come and go with dlopen: a pc in none of them rereads the list.
   The old map stays allocated, as a reader may still be in it. */
static void refresh_map(void)
{
    code_map *m = calloc(1, sizeof *m);
    if (!m)
        return;
    pthread_mutex_lock(&map_lock);
    dl_iterate_phdr(note_program_base, NULL);
    pthread_once(&cudart_once, find_cudart_runs);      /* not under the loader's lock */
    dl_iterate_phdr(add_object, m);
    qsort(m->r, (size_t)m->n, sizeof *m->r, by_start);
    m->older = atomic_load(&map);
    atomic_store_explicit(&map, m, memory_order_release);
    pthread_mutex_unlock(&map_lock);
}

/* The object's code range holding pc, or NULL. */
static const code_range *lookup_range(uintptr_t pc)
{
    const code_map *m = atomic_load_explicit(&map, memory_order_acquire);
    int lo = 0, hi = m ? m->n - 1 : -1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (pc < m->r[mid].start)
            hi = mid - 1;
        else if (pc >= m->r[mid].end)
            lo = mid + 1;
        else
            return &m->r[mid];
    }
    return NULL;
}

static code_class lookup_class(uintptr_t pc)
{
    const code_range *r = lookup_range(pc);
    return r ? (code_class)r->cls : CODE_UNKNOWN;
}

/* The same few return addresses come back on every call: each thread
   remembers the class of the ones it looked up last, two to a set, so that
   two hot pcs that hash alike do not evict each other on every walk.  The
   sets are mapped for each thread at its first walk, and only their address
   is thread-local: a library loaded by dlopen (as CUDA loads a tool) has
   little static TLS, a few hundred bytes for all.  (mmap, not malloc: a
   walk can start in a signal handler.) */
#define SETS 256                        /* a power of two */
typedef struct {
    uintptr_t pc[2];                    /* [0] the more recently looked up */
    uint8_t cls[2];
} seen_set;
/* The sizes of frames without frame pointers, by return address, as the
   unwinder found them (below, "stepping over"). */
#define SIZES 256                       /* a power of two */
enum { SIZE_SEEN_ONCE = 1, SIZE_AGREED, SIZE_VARIES };
typedef struct {
    uintptr_t pc;
    uint32_t size;
    uint8_t state;
} frame_size;
typedef struct {
    seen_set sets[SETS];
    frame_size sizes[SIZES];
} thread_memo;
static _Thread_local __attribute__((tls_model("initial-exec"))) thread_memo *seen;
static pthread_key_t seen_key;
static pthread_once_t seen_once = PTHREAD_ONCE_INIT;

static void unmap_seen(void *memo)
{
    munmap(memo, sizeof(thread_memo));
    seen = NULL;
}

static void make_seen_key(void)
{
    pthread_key_create(&seen_key, unmap_seen);
}

static thread_memo *thread_seen(void)
{
    if (!seen) {
        void *memo = mmap(NULL, sizeof(thread_memo), PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memo == MAP_FAILED)
            return NULL;
        pthread_once(&seen_once, make_seen_key);
        pthread_setspecific(seen_key, memo);
        seen = memo;
    }
    return seen;
}

static code_class lookup_or_refresh(uintptr_t pc)
{
    code_class c = lookup_class(pc);
    if (c == CODE_UNKNOWN) {
        refresh_map();
        c = lookup_class(pc);
    }
    return c;
}

static inline code_class classify(uintptr_t pc)
{
    thread_memo *memo = thread_seen();
    if (!memo)
        return lookup_or_refresh(pc);
    seen_set *set = &memo->sets[(size_t)((pc * 0x9E3779B97F4A7C15ull) >> 56) & (SETS - 1)];
    if (set->pc[0] == pc)
        return (code_class)set->cls[0];
    if (set->pc[1] == pc)
        return (code_class)set->cls[1];
    code_class c = lookup_or_refresh(pc);
    set->pc[1] = set->pc[0], set->cls[1] = set->cls[0];
    set->pc[0] = pc, set->cls[0] = (uint8_t)c;
    return c;
}

static bool is_ours(code_class c)
{
    return c == CODE_OURS || c == CODE_DEVTENSOR || c == CODE_VENDOR;
}

/* ---- devtensor's own record of its caller --------------------------------- */

typedef const dt_site *(*current_call_fn)(void);
static _Atomic(current_call_fn) current_call_of;
static _Atomic bool no_current_call;    /* a devtensor without dt_current_call */
static _Thread_local __attribute__((tls_model("initial-exec"))) const dt_site *current_call;

/* The op this thread is inside, as its macro named the user's line; NULL
   when none (a plain function, or no op at all).  Looked up when a walk
   first meets devtensor: it may have been loaded with dlopen. */
static const dt_site *devtensor_call(void)
{
    if (!current_call) {
        current_call_fn f = atomic_load_explicit(&current_call_of, memory_order_acquire);
        if (!f && !atomic_load_explicit(&no_current_call, memory_order_relaxed)) {
            f = (current_call_fn)dlsym(RTLD_DEFAULT, "dt_current_call");
            atomic_store(&current_call_of, f);
            atomic_store(&no_current_call, !f);
        }
        if (!f)
            return NULL;
        current_call = f();
    }
    return current_call->file ? current_call : NULL;
}

/* ---- finding the user's frame ------------------------------------------- */

/* initial-exec: a preloaded library has static TLS, and this is read on
   every call */
static _Thread_local __attribute__((tls_model("initial-exec"))) uintptr_t stack_lo, stack_hi;

/* This thread's stack, once: frame pointers outside it end the walk. */
static bool know_stack(void)
{
    pthread_attr_t attr;
    void *base;
    size_t size;
    if (stack_hi)
        return true;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return false;
    pthread_attr_getstack(&attr, &base, &size);
    pthread_attr_destroy(&attr);
    stack_lo = (uintptr_t)base;
    stack_hi = stack_lo + size;
    return true;
}

/* ---- stepping over frames without frame pointers ---------------------------

   A call that comes through CUDA's own code (CUPTI's callback, on a GPU,
   through libcupti and libcuda; a static cudart's, through the runtime's
   code in the program) has frames between the shim and the user that keep
   no frame pointer, and the walk used to hand each such call to the
   unwinder: DWARF's call frame information, some 2,000 instructions a
   frame.  Most such frames are of one size at a given return address
   (their CFA a fixed offset from the stack pointer), which the unwinder
   tells (the CFAs of two frames in turn): each thread keeps the sizes it
   unwound, by return address, and once two unwinds agreed on one, a walk
   that meets that return address steps over its frame, reading the next
   return address where the unwinder found it.  A size that changed (a
   frame with alloca) is never stepped over; a step that reads anything but
   a known frame's return address or the user's code hands the call to the
   unwinder, as before.  x86-64 only (the return address just below the
   CFA); elsewhere every such call unwinds. */

static frame_size *size_slot(thread_memo *memo, uintptr_t pc)
{
    return &memo->sizes[(size_t)((pc * 0x9E3779B97F4A7C15ull) >> 56) & (SIZES - 1)];
}

/* An unwind found pc's frame size bytes long. */
static void learn_size(uintptr_t pc, uintptr_t size)
{
    thread_memo *memo = thread_seen();
    frame_size *f = memo ? size_slot(memo, pc) : NULL;
    if (!f || size > UINT32_MAX)
        return;
    if (f->pc != pc)
        *f = (frame_size){ pc, (uint32_t)size, SIZE_SEEN_ONCE };
    else if (f->state != SIZE_VARIES)
        f->state = f->size == size ? SIZE_AGREED : SIZE_VARIES;
}

/* From the frame of return address pc, whose stack pointer was sp (the CFA
   of the frame it called), over the frames of known size: the user's
   return address, or 0 to unwind. */
static uintptr_t step_over(uintptr_t sp, uintptr_t pc)
{
#if defined(__x86_64__)
    for (int depth = 0; depth < 64; depth++) {
        const frame_size *f = seen ? size_slot(seen, pc) : NULL;
        if (!f || f->pc != pc || f->state != SIZE_AGREED)
            return 0;
        sp += f->size;                  /* this frame's CFA: its caller's stack pointer */
        if (sp - 8 < stack_lo || sp > stack_hi)
            return 0;
        pc = ((const uintptr_t *)sp)[-1];
        code_class c = classify(pc);
        if (c == CODE_USER)
            return pc;
        if (c != CODE_VENDOR)
            return 0;
    }
#else
    (void)sp, (void)pc;
#endif
    return 0;
}

/* The frame-pointer walk from frame fp: the user's return address, or 0 to
   unwind; or, when it meets devtensor inside an op, 0 and the op's call. */
static uintptr_t walk_frames(const uintptr_t *fp, const dt_site **call)
{
    if (!know_stack())
        return 0;
    uintptr_t lo = stack_lo, span = stack_hi - 2 * sizeof *fp - lo;
    for (int depth = 0; depth < 64; depth++) {
        uintptr_t p = (uintptr_t)fp;
        if (p - lo > span || p % sizeof *fp)
            return 0;
        uintptr_t ret = fp[1];
        code_class c = classify(ret);
        if (c == CODE_USER)
            return ret;
        if (c == CODE_DEVTENSOR && (*call = devtensor_call()))
            return 0;
        if (c == CODE_VENDOR)           /* fp's function's CFA is past its frame record */
            return step_over((uintptr_t)(fp + 2), ret);
        if (!is_ours(c))
            return 0;
        const uintptr_t *up = (const uintptr_t *)fp[0];
        if (up <= fp)
            return 0;
        fp = up;
    }
    return 0;
}

/* The unwinder's context, at a frame of return address pc, holds the CFA
   of the frame pc's function called (the stack pointer in pc's frame), as
   it stands before the step to pc's own: a frame's size is the next
   frame's CFA less its own. */
typedef struct {
    int depth;
    uintptr_t pc, sp;                   /* the frame before's */
    code_class cls;
    uintptr_t user, fallback;
} user_walk;

static _Unwind_Reason_Code find_user(struct _Unwind_Context *context, void *arg)
{
    user_walk *w = arg;
    uintptr_t pc = _Unwind_GetIP(context), sp = _Unwind_GetCFA(context);
    code_class c = classify(pc);
    if (w->depth++ > 0 && w->cls == CODE_VENDOR)
        learn_size(w->pc, sp - w->sp);
    w->pc = pc;
    w->sp = sp;
    w->cls = c;
    if (w->depth == 1)                  /* unwind_frames' own */
        return _URC_NO_REASON;
    if (c == CODE_USER) {
        w->user = pc;
        return _URC_END_OF_STACK;
    }
    if (!is_ours(c) && !w->fallback)
        w->fallback = pc;
    return w->depth < 64 ? _URC_NO_REASON : _URC_END_OF_STACK;
}

/* The full unwind, as far as the first user frame (the frames past it cost
   as much and tell nothing), else the first frame outside ours; the sizes
   of the frames without frame pointers that it passed are learned. */
__attribute__((noinline)) static uintptr_t unwind_frames(void)
{
    user_walk w = { 0 };
    _Unwind_Backtrace(find_user, &w);
    return w.user ? w.user : w.fallback;
}

/* ---- interning ------------------------------------------------------------ */

static dv_site sites[MAX_SITES + 1];            /* [0] unused: 0 is "no site" */
static _Atomic uint32_t nsites;
static struct { _Atomic uintptr_t pc; uint32_t id; } table[TABLE];
/* Sites named by devtensor, by their file (the pointer __FILE__ gave) and line. */
static struct { _Atomic(const char *) file; int line; uint32_t id; } calls[TABLE];
static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t slot_of(uintptr_t pc)
{
    return (size_t)((pc * 0x9E3779B97F4A7C15ull) >> 40) & (TABLE - 1);
}

static uint32_t find_site(uintptr_t pc, size_t *slot)
{
    size_t i = slot_of(pc);
    for (uintptr_t k; (k = atomic_load_explicit(&table[i].pc, memory_order_acquire)); i = (i + 1) & (TABLE - 1))
        if (k == pc)
            return table[i].id;
    *slot = i;
    return 0;
}

/* The unwinder's walk up the stack from the frame that made the call in
   progress: the first that is pc's or in the user's code; then its callers
   as far as the first frame in a system library (the C library's start, or
   a callback's caller), where the walk ends: what lies beyond is not the
   user's, and symbolizing it would mean reading the system's debug
   information. */
typedef struct {
    uintptr_t pc;
    bool found;                         /* the frame that made the call is passed */
    int n, max;
    uintptr_t *out;
} caller_walk;

static _Unwind_Reason_Code take_caller(struct _Unwind_Context *context, void *arg)
{
    caller_walk *w = arg;
    uintptr_t pc = _Unwind_GetIP(context);
    code_class c = classify(pc);
    if (!w->found) {
        w->found = pc == w->pc || c == CODE_USER;
        return _URC_NO_REASON;
    }
    if (c == CODE_SYSTEM || w->n == w->max)
        return _URC_END_OF_STACK;
    w->out[w->n++] = pc;
    return _URC_NO_REASON;
}

/* Up to max callers of the frame that made the call in progress into out:
   how many, or -1 when no frame on the stack is pc's or the user's. */
static int callers_here(uintptr_t pc, uintptr_t *out, int max)
{
    caller_walk w = { pc, false, 0, max, out };
    _Unwind_Backtrace(take_caller, &w);
    return w.found ? w.n : -1;
}

/* The stack is kept as first seen, from the site itself out. */
static void keep_stack(dv_site *s, bool unwind)
{
    int n = unwind ? callers_here(s->pc, s->frames + 1, DV_STACK_MAX - 1) : 0;
    s->frames[0] = s->pc;
    s->nframes = 1 + (n > 0 ? n : 0);
}

static uint32_t new_site(uintptr_t pc, bool exact, bool unwind)
{
    uint32_t n = atomic_load_explicit(&nsites, memory_order_relaxed);
    if (n >= MAX_SITES)
        return 0;
    sites[n + 1].pc = pc;
    sites[n + 1].exact = exact;
    keep_stack(&sites[n + 1], unwind);
    return n + 1;
}

/* blocking: false in a signal handler, where a held lock means no site */
static uint32_t intern(uintptr_t pc, bool exact, bool blocking)
{
    size_t slot = 0;
    uint32_t id = find_site(pc, &slot);
    if (id || !pc)
        return id;
    if (blocking ? pthread_mutex_lock(&intern_lock) : pthread_mutex_trylock(&intern_lock))
        return 0;
    id = find_site(pc, &slot);
    if (!id && (id = new_site(pc, exact, blocking))) {
        table[slot].id = id;
        atomic_store_explicit(&table[slot].pc, pc, memory_order_release);
        atomic_store_explicit(&nsites, id, memory_order_release);
    }
    pthread_mutex_unlock(&intern_lock);
    return id;
}

static size_t call_slot(const dt_site *call)
{
    uint64_t key = (uintptr_t)call->file ^ (uint64_t)(unsigned)call->line << 47;
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & (TABLE - 1);
}

static uint32_t find_call(const dt_site *call, size_t *slot)
{
    size_t i = call_slot(call);
    for (const char *f; (f = atomic_load_explicit(&calls[i].file, memory_order_acquire));
         i = (i + 1) & (TABLE - 1))
        if (f == call->file && calls[i].line == call->line)
            return calls[i].id;
    *slot = i;
    return 0;
}

/* A site that devtensor named: new ones get the stack of a full unwind. */
static uint32_t intern_call(const dt_site *call)
{
    size_t slot = 0;
    uint32_t id = find_call(call, &slot);
    if (id)
        return id;
    pthread_mutex_lock(&intern_lock);
    id = find_call(call, &slot);
    if (!id && (id = new_site(unwind_frames(), false, true))) {
        sites[id].file = call->file;
        sites[id].line = call->line;
        calls[slot].line = call->line;
        calls[slot].id = id;
        atomic_store_explicit(&calls[slot].file, call->file, memory_order_release);
        atomic_store_explicit(&nsites, id, memory_order_release);
    }
    pthread_mutex_unlock(&intern_lock);
    return id;
}

/* The calls of one op share their site, and a step of a loop goes through
   a few ops in turn: each thread remembers the sites of its last few
   lines (direct-mapped by line), and of its last walk's pc. */
#define RECENT 8                        /* a power of two */
static _Thread_local __attribute__((tls_model("initial-exec"))) struct {
    uintptr_t pc;
    uint32_t id;
    struct { const char *file; int line; uint32_t id; } calls[RECENT];
} last_site;

/* The code of the devtensor objects that called the shim on this thread
   (its library and its cuda plugin, whose tail calls return past it): a
   call from there, inside an op that named its line, takes that line, as
   the walk would at its first frame, for two compares. */
static _Thread_local __attribute__((tls_model("initial-exec"))) struct {
    uintptr_t start, size;
} devtensor_code[2];

static bool from_devtensor(uintptr_t ret)
{
    return ret - devtensor_code[0].start < devtensor_code[0].size ||
           ret - devtensor_code[1].start < devtensor_code[1].size;
}

/* After a walk that took devtensor's line from the frame ret returns to. */
static void note_devtensor(uintptr_t ret)
{
    const code_range *r = classify(ret) == CODE_DEVTENSOR ? lookup_range(ret) : NULL;
    if (!r || from_devtensor(ret))
        return;
    devtensor_code[1] = devtensor_code[0];
    devtensor_code[0].start = r->start;
    devtensor_code[0].size = r->end - r->start;
}

/* A line devtensor named, interned and remembered. */
__attribute__((noinline)) static uint32_t call_site(const dt_site *call)
{
    __typeof__(*last_site.calls) *r = &last_site.calls[call->line & (RECENT - 1)];
    r->id = intern_call(call);
    r->file = call->file;
    r->line = call->line;
    return r->id;
}

/* The walk up from the wrapper's frame fp, for a call devtensor's op did
   not name (a raw program's, or devtensor's own outside an op). */
__attribute__((noinline)) static uint32_t walked_site(const uintptr_t *fp)
{
    const dt_site *call = NULL;
    uintptr_t pc = walk_frames(fp, &call);
    if (!pc && call) {
        note_devtensor(fp[1]);
        return call_site(call);
    }
    if (!pc)
        pc = unwind_frames();
    if (pc != last_site.pc) {
        last_site.id = intern(pc, false, true);
        last_site.pc = pc;
    }
    return last_site.id;
}

/* The wrapper's own frame is where the walk begins, so its return address
   can be read without the walk's checks.  The fast path (a call from
   devtensor inside an op, on a line seen lately) is a few compares, with
   the rest out of line so that it saves no registers. */
uint32_t dv_site_above(const void *frame)
{
    const uintptr_t *fp = frame;
    const dt_site *call = current_call;
    if (!call || !call->file || !from_devtensor(fp[1]))
        return walked_site(fp);
    const __typeof__(*last_site.calls) *r = &last_site.calls[call->line & (RECENT - 1)];
    return r->file == call->file && r->line == call->line ? r->id : call_site(call);
}

/* The first frame of the user's own code above the instruction at pc, in
   a signal handler: the unwind passes through the signal's frame, whose
   pc is the faulting instruction, to the frames that called it. */
static uintptr_t user_caller_of(uintptr_t pc)
{
    void *frames[64];
    int n = backtrace(frames, 64), i = 0;
    while (i < n && (uintptr_t)frames[i] != pc)
        i++;
    for (i++; i < n; i++)
        if (classify((uintptr_t)frames[i]) == CODE_USER)
            return (uintptr_t)frames[i];
    return 0;
}

/* A fault in the C library (a memcpy from device memory) or another system
   library is the user's line that called it, as ASan tells it. */
uint32_t dv_site_at_pc(uintptr_t pc)
{
    uintptr_t caller = classify(pc) == CODE_USER ? 0 : user_caller_of(pc);
    return caller ? intern(caller, false, false) : intern(pc, true, false);
}

uint32_t dv_site_count(void)
{
    return atomic_load_explicit(&nsites, memory_order_acquire);
}

const dv_site *dv_site_get(uint32_t id)
{
    return id && id <= dv_site_count() ? &sites[id] : NULL;
}

/* ---- call chains ------------------------------------------------------------

   A finding's chain is taken by the unwinder when the finding is made: the
   callers of the frame that made the call, which is the site's (by its pc)
   or else (a line devtensor named, reached at another of its pcs) the first
   of the user's code.  Chains are interned under the sites' lock, findings
   being rare: the writer tells findings at one site apart by their chains'
   ids, and reads a chain by its id, as it does a site. */

#define MAX_CHAINS 4096
#define CHAIN_TABLE (MAX_CHAINS * 2)    /* a power of two */

static dv_chain chains[MAX_CHAINS + 1];         /* [0] unused: 0 is "none" */
static _Atomic uint32_t nchains;
static uint32_t chain_slots[CHAIN_TABLE];       /* ids by their chains' hashes */

static size_t chain_slot(const dv_chain *c)
{
    uint64_t h = (uint64_t)c->n;
    for (int i = 0; i < c->n; i++)
        h = (h ^ c->pc[i]) * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 40) & (CHAIN_TABLE - 1);
}

static bool same_chain(const dv_chain *a, const dv_chain *b)
{
    return a->n == b->n && memcmp(a->pc, b->pc, (size_t)a->n * sizeof *a->pc) == 0;
}

/* c's id, new when c is; 0 when the table is full.  Under intern_lock. */
static uint32_t intern_chain(const dv_chain *c)
{
    uint32_t n = atomic_load_explicit(&nchains, memory_order_relaxed);
    size_t i = chain_slot(c);
    for (; chain_slots[i]; i = (i + 1) & (CHAIN_TABLE - 1))
        if (same_chain(&chains[chain_slots[i]], c))
            return chain_slots[i];
    if (n == MAX_CHAINS)
        return 0;
    chains[n + 1] = *c;
    atomic_store_explicit(&nchains, n + 1, memory_order_release);
    return chain_slots[i] = n + 1;
}

uint32_t dv_chain_here(uint32_t site, bool blocking)
{
    const dv_site *s = dv_site_get(site);
    dv_chain c = { 0 };
    c.n = callers_here(s ? s->pc : 0, c.pc, DV_STACK_MAX);
    if (c.n < 0 || (blocking ? pthread_mutex_lock(&intern_lock)
                             : pthread_mutex_trylock(&intern_lock)))
        return 0;
    uint32_t id = intern_chain(&c);
    pthread_mutex_unlock(&intern_lock);
    return id;
}

const dv_chain *dv_chain_get(uint32_t id)
{
    return id && id <= atomic_load_explicit(&nchains, memory_order_acquire) ? &chains[id] : NULL;
}

void dv_sites_lock(void)
{
    pthread_mutex_lock(&intern_lock);
    pthread_mutex_lock(&map_lock);
}

void dv_sites_unlock(void)
{
    pthread_mutex_unlock(&map_lock);
    pthread_mutex_unlock(&intern_lock);
}

/* backtrace() loads its unwinder on first use: not in a signal handler. */
void dv_sites_init(void)
{
    void *frame;
    backtrace(&frame, 1);
    refresh_map();
}
