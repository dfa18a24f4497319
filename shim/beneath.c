#define _GNU_SOURCE     /* RTLD_NEXT, dladdr, memmem */
/*
 * The CUDA runtime beneath the shim.  On a machine with a GPU it is whatever
 * the program loaded (libcudart), found with RTLD_NEXT.  With no GPU, or with
 * DT_DEVICE=sim, it is libcudasim, the emulated device, loaded from the
 * shim's own folder: a devtensor program is told (DT_DEVICE=sim) to use it,
 * and a program linked with -lcudart has its calls answered by it, so the
 * same findings show as on a GPU.
 *
 * CUPTI beneath is the emulated device's own (libcudasim has its callback
 * API), or, where there is a GPU, the toolkit's libcupti, found at run time
 * (beside libcudart, or in the toolkit's folders) so that the shim neither
 * builds nor runs against it where it is absent.
 */
#include "devtrace.h"
#include "gpu.h"

#include <dlfcn.h>
#include <link.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *sim_handle;
static void *cupti_handle;

bool dv_next_is_sim(void)
{
    return sim_handle != NULL;
}

/* CUDA's libraries the program loaded, by the start of their file names,
   and their handles once found. */
static const char *const cuda_libraries[] = { "libcudart.so", "libcuda.so" };
static _Atomic(void *) cuda_handles[sizeof cuda_libraries / sizeof *cuda_libraries];

typedef struct { const char *prefix; void *handle; } library_search;

static int open_loaded(struct dl_phdr_info *info, size_t size, void *arg)
{
    library_search *s = arg;
    const char *slash = info->dlpi_name ? strrchr(info->dlpi_name, '/') : NULL;
    (void)size;
    if (slash && strncmp(slash + 1, s->prefix, strlen(s->prefix)) == 0)
        s->handle = dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD);
    return s->handle != NULL;
}

/* name in a CUDA library that RTLD_NEXT does not search: one loaded by
   dlopen without RTLD_GLOBAL (a static cudart's libcuda), or by a dlopen
   still running its constructors (devtensor's cuda plugin registers its
   kernels from one, before its libcudart is global). */
static void *next_loaded(const char *name)
{
    for (size_t i = 0; i < sizeof cuda_libraries / sizeof *cuda_libraries; i++) {
        void *h = atomic_load_explicit(&cuda_handles[i], memory_order_acquire);
        if (!h) {
            library_search s = { cuda_libraries[i], NULL };
            dl_iterate_phdr(open_loaded, &s);
            if (!(h = s.handle))
                continue;
            atomic_store_explicit(&cuda_handles[i], h, memory_order_release);
        }
        void *f = dlsym(h, name);
        if (f)
            return f;
    }
    return NULL;
}

void *dv_next(const char *name)
{
    if (sim_handle)
        return dlsym(sim_handle, name);
    void *f = dlsym(RTLD_NEXT, name);
    return f ? f : next_loaded(name);
}

/* Opens file from the folder of the object that holds addr. */
static void *open_beside(const void *addr, const char *file)
{
    Dl_info self;
    char path[PATH_MAX];
    if (addr && dladdr(addr, &self) && self.dli_fname && strrchr(self.dli_fname, '/')) {
        int dir = (int)(strrchr(self.dli_fname, '/') - self.dli_fname);
        snprintf(path, sizeof path, "%.*s/%s", dir, self.dli_fname, file);
        return dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    }
    return NULL;
}

static void *open_sim(void)
{
    void *h = open_beside((void *)open_sim, "libcudasim.so");
    return h ? h : dlopen("libcudasim.so", RTLD_NOW | RTLD_GLOBAL);
}

static void *open_cupti(void)
{
    static const char *const places[] = {
        "libcupti.so", "/usr/local/cuda/lib64/libcupti.so",
        "/usr/local/cuda/extras/CUPTI/lib64/libcupti.so",
    };
    void *h = open_beside(dlsym(RTLD_NEXT, "cudaGetDevice"), "libcupti.so");
    for (size_t i = 0; !h && i < sizeof places / sizeof *places; i++)
        h = dlopen(places[i], RTLD_NOW | RTLD_GLOBAL);
    return h;
}

void *dv_cupti_symbol(const char *name)
{
    if (sim_handle)
        return dlsym(sim_handle, name);
    if (!cupti_handle && dv_gpu_present())
        cupti_handle = open_cupti();
    return cupti_handle ? dlsym(cupti_handle, name) : NULL;
}

/* ---- a runtime out of reach ------------------------------------------------ */

/* What a static cudart carries and a program on the shared libcudart does
   not: the name of the driver library it loads itself. */
static const char driver_library[] = "libcuda.so.1";

typedef struct { bool program, found; } runtime_search;

static int holds_driver_library(struct dl_phdr_info *info, size_t size, void *arg)
{
    runtime_search *s = arg;
    bool program = s->program;
    (void)size;
    s->program = false;                 /* the first object is the program */
    if (!dv_users_object(info->dlpi_name ? info->dlpi_name : "", program))
        return 0;
    for (int i = 0; i < info->dlpi_phnum && !s->found; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_R) && !(ph->p_flags & PF_W))
            s->found = memmem((const void *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz,
                              driver_library, sizeof driver_library) != NULL;
    }
    return s->found;
}

bool dv_own_runtime(void)
{
    runtime_search s = { true, false };
    dl_iterate_phdr(holds_driver_library, &s);
    return s.found;
}

/* A program linked with the emulated device itself (a test's) has no other
   runtime, whatever the machine has. */
static bool linked_to_sim(void)
{
    return dlsym(RTLD_DEFAULT, "cudasim_param_is_pointer") != NULL;
}

static void choose(void)
{
    const char *mode = getenv("DT_DEVICE");
    if (!mode || !*mode) {
        if (dv_gpu_present() && !linked_to_sim())
            return;
        setenv("DT_DEVICE", "sim", 1);
        mode = "sim";
    }
    if (strcmp(mode, "sim") != 0)
        return;
    sim_handle = open_sim();
    if (!sim_handle)
        dv_say("devtrace: the emulated device (libcudasim.so) could not be loaded: "
               "%s; CUDA calls go to the CUDA runtime\n", dlerror());
}

/* Preloaded where there is a GPU, the shim names itself CUDA's injection
   library (unless a tool is already named), so that CUDA loads it as its
   tool when it starts (cuInit) and it subscribes to CUPTI then, not before
   the program has started CUDA. */
static bool inject_self(void)
{
    Dl_info self;
    char path[PATH_MAX], other[PATH_MAX];
    const char *named = getenv("CUDA_INJECTION64_PATH");
    if (sim_handle || !dv_gpu_present() || !dladdr((void *)inject_self, &self) ||
        !self.dli_fname || !realpath(self.dli_fname, path))   /* the program may change folders */
        return false;
    if (named && *named)        /* a parent's shim named it, or another tool is named */
        return realpath(named, other) && strcmp(other, path) == 0;
    return setenv("CUDA_INJECTION64_PATH", path, 1) == 0;
}

void dv_next_choose(void)
{
    choose();
    if (!inject_self())
        dv_cupti_start();
}
