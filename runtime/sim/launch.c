/*
 * Kernels on the emulated device: the registry of host-built kernels, the
 * checks a launch makes, and the pool of CPU threads that runs the blocks.
 *
 * A launch runs to completion before cudaLaunchKernel returns.  The blocks of
 * a large grid are shared out to the pool in chunks; the threads of a block
 * run one after another on one CPU thread (kernels keep to grid-stride loops
 * and never wait on each other, see kernels/kernels.h).
 */
#include "sim.h"
#include "mangled.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_KERNELS 512
#define MAX_PARAMS 32
#define MAX_WORKERS 64
#define INLINE_THREADS 8192         /* grids this small run on the caller */
#define CHUNK_BLOCKS 16

typedef struct {
    const void *entry;
    const char *name;
    void (*run)(void **args);
    const cudasim_param *params;
    int nparams;                        /* -1: not known */
} kernel;

__thread cudasim_thread cudasim_builtins;

static kernel kernels[MAX_KERNELS];
static int nkernels;
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

void cudasim_register_kernel(const void *entry, const char *name, void (*run)(void **args),
                             const cudasim_param *params, int nparams)
{
    pthread_mutex_lock(&registry_lock);
    if (nkernels < MAX_KERNELS && nparams <= MAX_PARAMS)
        kernels[nkernels++] = (kernel){ entry, name, run, params, nparams };
    else
        fprintf(stderr, "cudasim: cannot register kernel %s\n", name);
    pthread_mutex_unlock(&registry_lock);
}

static const kernel *find_kernel(const void *entry);

/* Its parameters, where its C++ name says them (mangled.c), kept for the
   program's life, as the kernel is. */
void sim_register_name(const void *entry, const char *name)
{
    if (find_kernel(entry))
        return;
    mangled_param said[MAX_PARAMS];
    cudasim_param *params = NULL;
    int n = mangled_params(name, said, MAX_PARAMS);
    if (n > 0 && (params = malloc((size_t)n * sizeof *params)))
        for (int i = 0; i < n; i++)
            params[i] = (cudasim_param){ said[i].size, said[i].is_pointer };
    cudasim_register_kernel(entry, name, NULL, params, n > 0 && !params ? -1 : n);
}

static const kernel *find_kernel(const void *entry)
{
    const kernel *k = NULL;
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < nkernels && !k; i++)
        if (kernels[i].entry == entry)
            k = &kernels[i];
    pthread_mutex_unlock(&registry_lock);
    return k;
}

/* ---- what a kernel takes ------------------------------------------------
 * CUDA's cudaFuncGetName and cudaFuncGetParamInfo, and the one thing CUDA's
 * API does not say, whether a parameter is a pointer, for tracers. */

cudaError_t sim_function_name(const char **name, const void *func)
{
    const kernel *k = find_kernel(func);
    if (!k || !name)
        return k ? cudaErrorInvalidValue : cudaErrorInvalidDeviceFunction;
    *name = k->name;
    return cudaSuccess;
}

/* DT_SIM_DESCRIBE=0: the runtime describes no kernel, as a static cudart
   (the program's own code, out of a tool's reach) describes none to a
   tracer, which then has only CUPTI's launch callbacks' symbol names. */
static bool describing(void)
{
    static _Atomic int on = -1;
    int v = atomic_load_explicit(&on, memory_order_relaxed);
    if (v < 0)
        atomic_store(&on, v = sim_env_long("DT_SIM_DESCRIBE", 1, 0, 1) != 0);
    return v;
}

cudaError_t cudaFuncGetName(const char **name, const void *func)
{
    return sim_return(describing() ? sim_function_name(name, func)
                                   : cudaErrorInvalidDeviceFunction);
}

/* A CUfunction of the emulated device is its kernel's registry entry, a
   handle as CUDA's is: not the host function, which only the runtime's
   calls take. */
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *f, const void *symbol)
{
    const kernel *k = find_kernel(symbol);
    if (!f)
        return sim_return(cudaErrorInvalidValue);
    if (!k)
        return sim_return(cudaErrorInvalidDeviceFunction);
    *f = (cudaFunction_t)k;
    return cudaSuccess;
}

const void *sim_function_entry(const void *function)
{
    const kernel *k = NULL;
    pthread_mutex_lock(&registry_lock);
    for (int i = 0; i < nkernels && !k; i++)
        if (&kernels[i] == function)
            k = &kernels[i];
    pthread_mutex_unlock(&registry_lock);
    return k ? k->entry : NULL;
}

/* Parameters are laid out as a C struct of them would be: each at a
   multiple of its size (at most 8).  A kernel known by a name that does
   not say its parameters has none the emulator can say. */
cudaError_t sim_param_info(const void *func, size_t index, size_t *offset, size_t *size)
{
    const kernel *k = find_kernel(func);
    if (!k || k->nparams < 0)
        return cudaErrorInvalidDeviceFunction;
    if (index >= (size_t)k->nparams || !offset || !size)
        return cudaErrorInvalidValue;
    size_t at = 0;
    for (size_t i = 0; i <= index; i++) {
        size_t align = k->params[i].size < 8 ? k->params[i].size : 8;
        at = (at + align - 1) / align * align;
        if (i < index)
            at += k->params[i].size;
    }
    *offset = at;
    *size = k->params[index].size;
    return cudaSuccess;
}

cudaError_t cudaFuncGetParamInfo(const void *func, size_t index, size_t *offset, size_t *size)
{
    return sim_return(describing() ? sim_param_info(func, index, offset, size)
                                   : cudaErrorInvalidDeviceFunction);
}

int cudasim_param_is_pointer(const void *func, int index)
{
    const void *entry = sim_function_entry(func);
    const kernel *k = find_kernel(entry ? entry : func);
    if (!k || index < 0 || index >= k->nparams || !describing())
        return -1;
    return k->params[index].is_pointer;
}

/* ---- what a kernel may ask for ------------------------------------------ */

static int attribute(int which)
{
    int v = 0;
    sim_attribute(&v, which);
    return v;
}

/* Its dynamic shared memory up to the device's opt-in limit; its carveout a
   percentage, or -1 for none preferred.  Nothing else changes here. */
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    if (!find_kernel(func))
        return sim_return(cudaErrorInvalidDeviceFunction);
    bool ok = attr == cudaFuncAttributeMaxDynamicSharedMemorySize
                  ? value >= 0 && value <= attribute(cudaDevAttrMaxSharedMemoryPerBlockOptin)
              : attr == cudaFuncAttributePreferredSharedMemoryCarveout
                  ? value >= -1 && value <= 100
                  : attr > cudaFuncAttributePreferredSharedMemoryCarveout &&
                        attr < cudaFuncAttributeMax && value >= 0;
    return ok ? cudaSuccess : sim_return(cudaErrorInvalidValue);
}

/* Blocks of blockSize threads that fit a multiprocessor at once, by its
   limits on blocks, threads and shared memory. */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, const void *func,
                                                                   int blockSize,
                                                                   size_t shared,
                                                                   unsigned int flags)
{
    if (!blocks || blockSize <= 0 || (flags & ~cudaOccupancyDisableCachingOverride))
        return sim_return(cudaErrorInvalidValue);
    if (!find_kernel(func))
        return sim_return(cudaErrorInvalidDeviceFunction);
    int by_threads = attribute(cudaDevAttrMaxThreadsPerMultiProcessor) / blockSize;
    int by_blocks = attribute(cudaDevAttrMaxBlocksPerMultiprocessor);
    size_t smem = (size_t)attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
    int by_shared = shared ? (int)(smem / shared) : by_blocks;
    *blocks = by_threads < by_blocks ? by_threads : by_blocks;
    *blocks = by_shared < *blocks ? by_shared : *blocks;
    return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func,
                                                          int blockSize, size_t shared)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, blockSize,
                                                                  shared, cudaOccupancyDefault);
}

/* ---- the pool ----------------------------------------------------------- */

typedef struct {
    const kernel *k;
    dim3 grid, block;
    void **args;
    uint64_t nblocks;
    atomic_uint_fast64_t next;
} job;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    job *job;
    unsigned long generation;
    int nworkers, busy;
    bool started;
} pool = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER,
           NULL, 0, 0, 0, false };
static pthread_mutex_t launch_lock = PTHREAD_MUTEX_INITIALIZER;

/* The thread's built-ins by a call, once a grid: gcc would otherwise
   recompute a thread-local's address (a __tls_get_addr call) after every
   emulated thread's kernel call, the most of the emulated device's cost. */
static __attribute__((noinline)) cudasim_thread *this_thread(void)
{
    return &cudasim_builtins;
}

static void run_block(const job *j, cudasim_thread *t, uint64_t b)
{
    t->block_idx.x = (unsigned)(b % j->grid.x);
    t->block_idx.y = (unsigned)(b / j->grid.x % j->grid.y);
    t->block_idx.z = (unsigned)(b / j->grid.x / j->grid.y);
    for (unsigned z = 0; z < j->block.z; z++)
        for (unsigned y = 0; y < j->block.y; y++)
            for (unsigned x = 0; x < j->block.x; x++) {
                t->thread_idx = (cudasim_uint3){ x, y, z };
                j->k->run(j->args);
            }
}

static void run_chunks(job *j)
{
    cudasim_thread *t = this_thread();
    t->grid_dim = (cudasim_uint3){ j->grid.x, j->grid.y, j->grid.z };
    t->block_dim = (cudasim_uint3){ j->block.x, j->block.y, j->block.z };
    for (;;) {
        uint64_t first = atomic_fetch_add(&j->next, CHUNK_BLOCKS);
        if (first >= j->nblocks)
            return;
        uint64_t last = first + CHUNK_BLOCKS < j->nblocks ? first + CHUNK_BLOCKS : j->nblocks;
        for (uint64_t b = first; b < last; b++)
            run_block(j, t, b);
    }
}

static void *worker(void *arg)
{
    unsigned long seen = 0;
    (void)arg;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        while (pool.generation == seen)
            pthread_cond_wait(&pool.wake, &pool.lock);
        seen = pool.generation;
        job *j = pool.job;
        pthread_mutex_unlock(&pool.lock);
        run_chunks(j);
        pthread_mutex_lock(&pool.lock);
        if (--pool.busy == 0)
            pthread_cond_signal(&pool.done);
    }
    return NULL;
}

int sim_kernel_threads(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return (int)sim_env_long("DT_SIM_THREADS", cpus > 0 ? cpus : 1, 1, MAX_WORKERS);
}

static void start_pool(void)
{
    int want = sim_kernel_threads();
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    for (int i = 1; i < want; i++) {        /* the launching thread is one of them */
        pthread_t t;
        if (pthread_create(&t, &attr, worker, NULL) != 0)
            break;
        pool.nworkers++;
    }
    pthread_attr_destroy(&attr);
    pool.started = true;
}

/* The child of a fork has none of the pool's threads, and its locks may have
   been held by threads that are gone. */
void sim_launch_after_fork(void)
{
    pthread_mutex_init(&pool.lock, NULL);
    pthread_cond_init(&pool.wake, NULL);
    pthread_cond_init(&pool.done, NULL);
    pthread_mutex_init(&launch_lock, NULL);
    pthread_mutex_init(&registry_lock, NULL);
    pool.nworkers = pool.busy = 0;
    pool.generation = 0;                /* or the new workers rerun the parent's last job */
    pool.job = NULL;
    pool.started = false;
}

static void run_grid(job *j)
{
    pthread_mutex_lock(&launch_lock);
    if (!pool.started)
        start_pool();
    bool share = pool.nworkers > 0 &&
                 j->nblocks * j->block.x * j->block.y * j->block.z > INLINE_THREADS;
    if (share) {
        pthread_mutex_lock(&pool.lock);
        pool.job = j;
        pool.busy = pool.nworkers;
        pool.generation++;
        pthread_cond_broadcast(&pool.wake);
        pthread_mutex_unlock(&pool.lock);
    }
    run_chunks(j);
    if (share) {
        pthread_mutex_lock(&pool.lock);
        while (pool.busy > 0)
            pthread_cond_wait(&pool.done, &pool.lock);
        pthread_mutex_unlock(&pool.lock);
    }
    pthread_mutex_unlock(&launch_lock);
}

/* ---- the launch --------------------------------------------------------- */

static cudaError_t check_config(dim3 grid, dim3 block)
{
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    if (!grid.x || !grid.y || !grid.z || !threads || threads > SIM_MAX_BLOCK_THREADS ||
        block.z > SIM_MAX_BLOCK_Z ||
        grid.x > SIM_MAX_GRID_X || grid.y > SIM_MAX_GRID_YZ || grid.z > SIM_MAX_GRID_YZ)
        return cudaErrorInvalidConfiguration;
    return cudaSuccess;
}

/* Where pointer argument p takes a kernel of device d: its bytes, or NULL
   when the device cannot reach it (why in *what). */
static void *reach(const void *p, int d, const char **what)
{
    if (!p)
        return NULL;
    int owner = sim_device_of(p);
    if (owner == d || (owner >= 0 && sim_peer_enabled(d, owner)))
        return sim_alias(owner, p);
    if (owner >= 0) {
        *what = "memory of another device, and peer access to it is not enabled";
        return NULL;
    }
    sim_space space = sim_locate(p).space;
    if (space == SIM_PINNED || space == SIM_MANAGED)
        return (void *)p;                   /* mapped: the same address on the device */
    *what = "host memory, which a kernel cannot reach";
    return NULL;
}

static void report_fault(const kernel *k, int arg, const void *p, int d, const char *what)
{
    if (sim_env_long("DT_SIM_QUIET", 0, 0, 1))
        return;
    fprintf(stderr, "cudasim: kernel %s on cuda:%d: argument %d (%p) is %s: an illegal "
            "memory access; cuda:%d is unusable from here on, as a GPU would be\n",
            k->name, d, arg, p, what, d);
}

/* Fills vals/args with the kernel's view of each argument: pointers
   translated to where their bytes are.  false when one cannot be reached. */
static bool translate(const kernel *k, void **user, int d, void **vals, void **args)
{
    for (int i = 0; i < k->nparams; i++) {
        args[i] = user[i];
        if (!k->params[i].is_pointer)
            continue;
        const void *p = *(void **)user[i];
        const char *what = NULL;
        vals[i] = reach(p, d, &what);
        if (what) {
            report_fault(k, i, p, d, what);
            return false;
        }
        args[i] = &vals[i];
    }
    return true;
}

cudaError_t sim_launch(const void *func, dim3 grid, dim3 block, void **args, cudaStream_t stream)
{
    void *vals[MAX_PARAMS], *kargs[MAX_PARAMS];
    if (sim_device_count() == 0)
        return cudaErrorNoDevice;
    int d = sim_current_device();
    cudaError_t e = sim_sticky(d);
    if (e != cudaSuccess)
        return e;
    const kernel *k = find_kernel(func);
    if (!k)
        return cudaErrorInvalidDeviceFunction;
    if (!k->run)
        return cudaErrorNoKernelImageForDevice;     /* device code, which only a GPU runs */
    if ((e = check_config(grid, block)) != cudaSuccess)
        return e;
    if (!sim_stream_valid(stream) || sim_stream_device(stream, d) != d)
        return cudaErrorInvalidResourceHandle;
    if (k->nparams > 0 && !args)
        return cudaErrorInvalidValue;
    if (!translate(k, args, d, vals, kargs)) {
        sim_poison(d);          /* reported by the next call, as a GPU's fault is */
        return cudaSuccess;
    }
    job j = { k, grid, block, kargs, (uint64_t)grid.x * grid.y * grid.z, 0 };
    uint64_t start = sim_recording(SIM_RECORD_KERNELS) ? sim_clock() : 0;
    run_grid(&j);
    if (start)
        sim_record_kernel(k->name, d, grid, block, start);
    return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
                             size_t shared_mem, cudaStream_t stream)
{
    SIM_RUNTIME(cudaLaunchKernel, v7000, sim_return(sim_launch(func, grid, block, args, stream)),
                func, grid, block, args, shared_mem, stream);
}
