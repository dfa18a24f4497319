/*
 * libcudasim, the emulated CUDA device (runtime/sim): the CUDA runtime API as
 * cudasim.h promises it.  Devices and errors, cudaMalloc and its accounting,
 * device memory that host code cannot touch, copies checked by kind and by
 * bounds, pointer attributes, two devices and peer access, pinned memory,
 * kernels (this file's own, registered with cudasim_register_kernel) and the
 * faults a bad pointer argument leaves behind, threads, fork, and what the
 * DT_SIM_* environment asks for.
 *
 * Links only libcudasim.  The ctest sets DT_SIM_DEVICES=2, a small
 * DT_SIM_MEMORY_MB (both read back here), DT_SIM_THREADS=4 (so that large
 * grids go to the pool on any machine) and DT_SIM_QUIET=1.  Run as
 * "test_sim --env DEVICES MB" it is test_environment's child, started anew
 * since the environment is read once.
 */
#include <cuda_runtime_api.h>
#include "cudasim.h"
#include "cuda_host_runtime.h"

#include "test.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- checks of return codes --------------------------------------------- */

static bool check_rc_(const char *file, int line, cudaError_t got, cudaError_t want,
                      const char *expr)
{
    bool ok = got == want;
    if (!test_record_(ok, file, line))
        fprintf(stderr, "%s: got %s (%d), expected %s (%d)\n", expr, cudaGetErrorName(got),
                (int)got, cudaGetErrorName(want), (int)want);
    return ok;
}
#define CHECK_RC(call, want) check_rc_(__FILE__, __LINE__, (call), (want), #call)
#define CHECK_OK(call) CHECK_RC(call, cudaSuccess)

/* ---- helpers ------------------------------------------------------------ */

static int env_int(const char *name, int fallback)
{
    const char *v = getenv(name);
    return v && *v ? atoi(v) : fallback;
}

static int ndevices(void)
{
    int n = 0;
    return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void fill_random(void *p, size_t n)
{
    unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        c[i] = (unsigned char)(rng_next(&rng_state) >> 24);
}

/* Every byte of p[0..n) is b. */
static bool all_bytes(const void *p, size_t n, unsigned char b)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != b)
            return false;
    return true;
}

/* The n bytes of device memory at d, read back with a copy (malloc'd). */
static unsigned char *read_back(const void *d, size_t n)
{
    unsigned char *h = malloc(n ? n : 1);
    if (h && cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost) != cudaSuccess) {
        free(h);
        return NULL;
    }
    return h;
}

/* The device memory at d holds n bytes of b. */
static bool device_bytes_are(const void *d, size_t n, unsigned char b)
{
    unsigned char *h = read_back(d, n);
    bool ok = h && all_bytes(h, n, b);
    free(h);
    return ok;
}

static void no_core_dumps(void)
{
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
}

/* Runs fn(arg) in a child process, with alarm(seconds) as a guard against a
   hang (and stderr thrown away when quiet); the child exits 0 when fn returns.
   Returns its wait status, or -1. */
static int in_child(void (*fn)(void *), void *arg, unsigned seconds, bool quiet)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        no_core_dumps();
        if (quiet) {
            int null = open("/dev/null", O_WRONLY);
            if (null >= 0)
                dup2(null, 2);
        }
        alarm(seconds);
        fn(arg);
        _exit(0);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    return status;
}

/* The child was killed by a memory fault.  Under AddressSanitizer its SEGV
   handler reports the fault and exits non-zero instead. */
static bool faulted(int status)
{
    if (status == -1)
        return false;
    if (WIFSIGNALED(status))
        return WTERMSIG(status) == SIGSEGV || WTERMSIG(status) == SIGBUS;
    return UNDER_ASAN && WIFEXITED(status) && WEXITSTATUS(status) != 0;
}

static bool exited_0(int status)
{
    return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* ---- this file's kernels ------------------------------------------------ */

#define B (cudasim_builtins)

/* add_one(unsigned *x, size_t n): x[i] += 1, grid-stride. */
static char k_add_one;
static void add_one_run(void **args)
{
    unsigned *x = *(unsigned **)args[0];
    size_t n = *(size_t *)args[1];
    size_t stride = (size_t)B.block_dim.x * B.grid_dim.x;
    for (size_t i = (size_t)B.block_idx.x * B.block_dim.x + B.thread_idx.x; i < n; i += stride)
        x[i] += 1;
}
static const cudasim_param add_one_params[] = { { sizeof(void *), true },
                                                { sizeof(size_t), false } };

/* copy_plus(unsigned *dst, const unsigned *src, size_t n): dst[i] = src[i] + 1. */
static char k_copy_plus;
static atomic_long copy_plus_runs;
static void copy_plus_run(void **args)
{
    unsigned *dst = *(unsigned **)args[0];
    const unsigned *src = *(const unsigned **)args[1];
    size_t n = *(size_t *)args[2];
    size_t stride = (size_t)B.block_dim.x * B.grid_dim.x;
    atomic_fetch_add(&copy_plus_runs, 1);
    for (size_t i = (size_t)B.block_idx.x * B.block_dim.x + B.thread_idx.x; i < n; i += stride)
        dst[i] = src[i] + 1;
}
static const cudasim_param copy_plus_params[] = {
    { sizeof(void *), true }, { sizeof(void *), true }, { sizeof(size_t), false } };

/* cover(unsigned *counts, unsigned *bad, dims want): counts one visit of each
   (block, thread); a built-in out of range or dims unlike want count in bad. */
typedef struct { unsigned grid[3], block[3]; } dims;
static char k_cover;
static void cover_run(void **args)
{
    unsigned *counts = *(unsigned **)args[0];
    unsigned *bad = *(unsigned **)args[1];
    const dims *want = args[2];
    const cudasim_uint3 g = B.grid_dim, bd = B.block_dim, b = B.block_idx, t = B.thread_idx;
    if (g.x != want->grid[0] || g.y != want->grid[1] || g.z != want->grid[2] ||
        bd.x != want->block[0] || bd.y != want->block[1] || bd.z != want->block[2] ||
        b.x >= g.x || b.y >= g.y || b.z >= g.z || t.x >= bd.x || t.y >= bd.y || t.z >= bd.z) {
        __atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
        return;
    }
    size_t block = ((size_t)b.z * g.y + b.y) * g.x + b.x;
    size_t thread = ((size_t)t.z * bd.y + t.y) * bd.x + t.x;
    __atomic_fetch_add(&counts[block * bd.x * bd.y * bd.z + thread], 1, __ATOMIC_RELAXED);
}
static const cudasim_param cover_params[] = {
    { sizeof(void *), true }, { sizeof(void *), true }, { sizeof(dims), false } };

/* probe(unsigned *p): counts its threads and those that saw NULL; p[0] = 7. */
static char k_probe;
static atomic_long probe_runs, probe_nulls;
static void probe_run(void **args)
{
    unsigned *p = *(unsigned **)args[0];
    atomic_fetch_add(&probe_runs, 1);
    if (p)
        p[0] = 7;
    else
        atomic_fetch_add(&probe_nulls, 1);
}
static const cudasim_param probe_params[] = { { sizeof(void *), true } };

/* exit_now(): ends the process with status 42 (run in children only). */
static char k_exit_now;
static void exit_now_run(void **args)
{
    (void)args;
    _exit(42);
}

static char k_never_registered;

static void register_kernels(void)
{
    cudasim_register_kernel(&k_add_one, "add_one", add_one_run, add_one_params, 2);
    cudasim_register_kernel(&k_copy_plus, "copy_plus", copy_plus_run, copy_plus_params, 3);
    cudasim_register_kernel(&k_cover, "cover", cover_run, cover_params, 3);
    cudasim_register_kernel(&k_probe, "probe", probe_run, probe_params, 1);
    cudasim_register_kernel(&k_exit_now, "exit_now", exit_now_run, NULL, 0);
}

static dim3 d3(unsigned x, unsigned y, unsigned z)
{
    dim3 d;
    d.x = x;
    d.y = y;
    d.z = z;
    return d;
}

static cudaError_t add_one(unsigned *x, size_t n, unsigned grid, unsigned block)
{
    void *args[] = { &x, &n };
    return cudaLaunchKernel(&k_add_one, d3(grid, 1, 1), d3(block, 1, 1), args, 0, NULL);
}

static cudaError_t copy_plus(unsigned *dst, const unsigned *src, size_t n)
{
    void *args[] = { &dst, &src, &n };
    return cudaLaunchKernel(&k_copy_plus, d3(4, 1, 1), d3(64, 1, 1), args, 0, NULL);
}

static cudaError_t probe(unsigned *p, dim3 grid, dim3 block)
{
    void *args[] = { &p };
    return cudaLaunchKernel(&k_probe, grid, block, args, 0, NULL);
}

/* A host pointer argument poisons the current device; back to a clean one. */
static void reset_device(int d)
{
    CHECK_OK(cudaSetDevice(d));
    CHECK_OK(cudaDeviceReset());
    CHECK_OK(cudaDeviceSynchronize());
    cudaGetLastError();
}

/* Nothing is allocated on device d. */
static bool device_empty(int d)
{
    size_t free_bytes = 0, total = 0;
    int was = 0;
    cudaGetDevice(&was);
    bool ok = cudaSetDevice(d) == cudaSuccess &&
              cudaMemGetInfo(&free_bytes, &total) == cudaSuccess && free_bytes == total;
    cudaSetDevice(was);
    return ok;
}

/* Fills the device array d of n unsigneds with f(i) = i * 3 + salt. */
static unsigned pattern(size_t i, unsigned salt)
{
    return (unsigned)i * 3u + salt;
}

static bool put_pattern(unsigned *d, size_t n, unsigned salt)
{
    unsigned *h = malloc((n ? n : 1) * sizeof *h);
    for (size_t i = 0; i < n; i++)
        h[i] = pattern(i, salt);
    bool ok = h && cudaMemcpy(d, h, n * sizeof *h, cudaMemcpyHostToDevice) == cudaSuccess;
    free(h);
    return ok;
}

/* d[i] == pattern(i) + plus for i in [lo, hi), pattern(i) elsewhere in [0, n). */
static bool has_pattern(const unsigned *d, size_t n, unsigned salt, size_t lo, size_t hi,
                        unsigned plus)
{
    unsigned *h = (unsigned *)read_back(d, n * sizeof *h);
    bool ok = h != NULL;
    for (size_t i = 0; ok && i < n; i++)
        ok = h[i] == pattern(i, salt) + (i >= lo && i < hi ? plus : 0);
    free(h);
    return ok;
}

/* ---- devices and errors ------------------------------------------------- */

static void *current_device_of_new_thread(void *arg)
{
    int *d = arg;
    if (cudaGetDevice(d) != cudaSuccess)
        *d = -100;
    return NULL;
}

static void test_devices(void)
{
    int n = -1, d = -1;
    CHECK_OK(cudaGetDeviceCount(&n));
    CHECK(n == env_int("DT_SIM_DEVICES", 2));
    CHECK(n >= 2);                           /* the ctest asks for two */
    CHECK_RC(cudaGetDeviceCount(NULL), cudaErrorInvalidValue);

    CHECK_OK(cudaGetDevice(&d));
    CHECK(d == 0);
    CHECK_RC(cudaSetDevice(n), cudaErrorInvalidDevice);
    CHECK_RC(cudaSetDevice(-1), cudaErrorInvalidDevice);
    CHECK_RC(cudaSetDevice(1000), cudaErrorInvalidDevice);
    CHECK_OK(cudaGetDevice(&d));
    CHECK(d == 0);                           /* a failed set changes nothing */
    CHECK_RC(cudaGetDevice(NULL), cudaErrorInvalidValue);
    for (int i = 0; i < n; i++) {
        CHECK_OK(cudaSetDevice(i));
        CHECK_OK(cudaGetDevice(&d));
        CHECK(d == i);
    }

    /* the current device is the calling thread's own: a new one starts at 0 */
    CHECK_OK(cudaSetDevice(n - 1));
    int other = -1;
    pthread_t t;
    CHECK(pthread_create(&t, NULL, current_device_of_new_thread, &other) == 0);
    pthread_join(t, NULL);
    CHECK(other == 0);
    CHECK_OK(cudaGetDevice(&d));
    CHECK(d == n - 1);
    CHECK_OK(cudaSetDevice(0));

    int v = 0;
    CHECK_OK(cudaRuntimeGetVersion(&v));
    CHECK(v > 0);
    v = 0;
    CHECK_OK(cudaDriverGetVersion(&v));
    CHECK(v > 0);
    CHECK_RC(cudaRuntimeGetVersion(NULL), cudaErrorInvalidValue);
    cudaGetLastError();
}

static void test_error_strings(void)
{
    CHECK_STR_EQ(cudaGetErrorName(cudaSuccess), "cudaSuccess");
    CHECK_STR_EQ(cudaGetErrorString(cudaSuccess), "no error");
    CHECK_STR_EQ(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue");
    CHECK_STR_EQ(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument");
    CHECK_STR_EQ(cudaGetErrorName(cudaErrorMemoryAllocation), "cudaErrorMemoryAllocation");
    CHECK_STR_EQ(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory");
    CHECK_STR_EQ(cudaGetErrorString(cudaErrorInvalidDevice), "invalid device ordinal");
    CHECK_STR_EQ(cudaGetErrorName(cudaErrorIllegalAddress), "cudaErrorIllegalAddress");
    CHECK_STR_EQ(cudaGetErrorString(cudaErrorIllegalAddress),
                 "an illegal memory access was encountered");
    CHECK_STR_EQ(cudaGetErrorName(cudaErrorInvalidMemcpyDirection),
                 "cudaErrorInvalidMemcpyDirection");
    CHECK_STR_EQ(cudaGetErrorString(cudaErrorInvalidConfiguration),
                 "invalid configuration argument");
    CHECK_STR_EQ(cudaGetErrorName(cudaErrorPeerAccessAlreadyEnabled),
                 "cudaErrorPeerAccessAlreadyEnabled");
    CHECK_STR_EQ(cudaGetErrorName((cudaError_t)12345), "unrecognized error code");
    CHECK_STR_EQ(cudaGetErrorString((cudaError_t)12345), "unrecognized error code");
    CHECK_STR_EQ(cudaGetErrorString((cudaError_t)-1), "unrecognized error code");

    /* every code the API subset names has a name of its own and a text */
    static const cudaError_t codes[] = {
        cudaSuccess, cudaErrorInvalidValue, cudaErrorMemoryAllocation,
        cudaErrorInitializationError, cudaErrorInvalidConfiguration,
        cudaErrorInvalidDevicePointer, cudaErrorInvalidMemcpyDirection,
        cudaErrorInvalidDeviceFunction, cudaErrorNoDevice, cudaErrorInvalidDevice,
        cudaErrorInvalidResourceHandle, cudaErrorIllegalAddress,
        cudaErrorPeerAccessAlreadyEnabled, cudaErrorPeerAccessNotEnabled,
        cudaErrorLaunchFailure, cudaErrorNotSupported, cudaErrorUnknown,
    };
    size_t ncodes = sizeof codes / sizeof *codes;
    for (size_t i = 0; i < ncodes; i++) {
        const char *name = cudaGetErrorName(codes[i]), *text = cudaGetErrorString(codes[i]);
        CHECK(name && strncmp(name, "cuda", 4) == 0);
        CHECK(text && *text && strcmp(text, "unrecognized error code") != 0);
        for (size_t j = 0; j < i; j++)
            CHECK(strcmp(name, cudaGetErrorName(codes[j])) != 0);
    }
}

static void *make_an_error(void *arg)
{
    int *seen = arg;
    cudaFree(seen);                          /* a host pointer: invalid value */
    *seen = cudaGetLastError();
    return NULL;
}

static void test_last_error(void)
{
    int x = 0;
    cudaGetLastError();
    CHECK_OK(cudaGetLastError());
    CHECK_OK(cudaPeekAtLastError());
    CHECK_RC(cudaFree(&x), cudaErrorInvalidValue);
    CHECK_RC(cudaPeekAtLastError(), cudaErrorInvalidValue);
    CHECK_RC(cudaPeekAtLastError(), cudaErrorInvalidValue);   /* peek does not clear */
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_OK(cudaGetLastError());                              /* get does */
    CHECK_OK(cudaPeekAtLastError());

    /* a success leaves the last error alone; a later error replaces it */
    void *p = NULL;
    CHECK_RC(cudaFree(&x), cudaErrorInvalidValue);
    CHECK_OK(cudaMalloc(&p, 64));
    CHECK_RC(cudaPeekAtLastError(), cudaErrorInvalidValue);
    CHECK_RC(cudaSetDevice(-1), cudaErrorInvalidDevice);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidDevice);
    CHECK_OK(cudaFree(p));

    /* the last error is the calling thread's */
    int seen = 0;
    pthread_t t;
    CHECK(pthread_create(&t, NULL, make_an_error, &seen) == 0);
    pthread_join(t, NULL);
    CHECK(seen == cudaErrorInvalidValue);
    CHECK_OK(cudaPeekAtLastError());
}

/* ---- cudaMalloc and cudaFree -------------------------------------------- */

static void test_malloc_free(void)
{
    static const size_t sizes[] = { 1, 255, 256, 257, 1000, 4096, 12345, 1 << 20 };
    enum { N = sizeof sizes / sizeof *sizes };
    char *p[N];
    for (int i = 0; i < N; i++) {
        p[i] = NULL;
        CHECK_OK(cudaMalloc((void **)&p[i], sizes[i]));
        CHECK(p[i] != NULL);
        CHECK((uintptr_t)p[i] % 256 == 0);
    }
    for (int i = 0; i < N; i++)              /* no two overlap */
        for (int j = 0; j < i; j++)
            CHECK(p[i] + sizes[i] <= p[j] || p[j] + sizes[j] <= p[i]);

    /* each holds its own bytes */
    for (int i = 0; i < N; i++)
        CHECK_OK(cudaMemset(p[i], i + 1, sizes[i]));
    for (int i = 0; i < N; i++)
        CHECK(device_bytes_are(p[i], sizes[i], (unsigned char)(i + 1)));

    /* size 0: success, and NULL */
    void *z = (void *)&z;
    CHECK_OK(cudaMalloc(&z, 0));
    CHECK(z == NULL);
    CHECK_OK(cudaFree(NULL));
    CHECK_RC(cudaMalloc(NULL, 16), cudaErrorInvalidValue);

    /* what is freed is used again (first fit: the same place, same size) */
    char *again = NULL;
    CHECK_OK(cudaFree(p[4]));
    CHECK_OK(cudaMalloc((void **)&again, sizes[4]));
    CHECK(again == p[4]);
    p[4] = again;

    /* what cudaFree refuses, leaving the allocation alone */
    int on_stack = 0;
    char *heap = malloc(64), *pinned = NULL;
    CHECK_OK(cudaMallocHost((void **)&pinned, 64));
    cudaGetLastError();
    CHECK_RC(cudaFree(p[5] + 256), cudaErrorInvalidValue);     /* interior */
    CHECK_RC(cudaFree(p[5] + 1), cudaErrorInvalidValue);
    CHECK_RC(cudaFree(heap), cudaErrorInvalidValue);
    CHECK_RC(cudaFree(&on_stack), cudaErrorInvalidValue);
    CHECK_RC(cudaFree(pinned), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK(device_bytes_are(p[5], sizes[5], 6));
    free(heap);
    CHECK_OK(cudaFreeHost(pinned));

    for (int i = 0; i < N; i++)
        CHECK_OK(cudaFree(p[i]));
    CHECK_RC(cudaFree(p[0]), cudaErrorInvalidValue);            /* double free */
    CHECK_RC(cudaFree(p[7]), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK(device_empty(0));
}

static void test_mem_info(void)
{
    size_t free0 = 0, total = 0, free1 = 0, t1 = 0;
    CHECK_OK(cudaMemGetInfo(&free0, &total));
    CHECK(total == (size_t)env_int("DT_SIM_MEMORY_MB", 4096) << 20);
    CHECK(free0 == total);                   /* nothing allocated yet */
    CHECK_RC(cudaMemGetInfo(NULL, &total), cudaErrorInvalidValue);
    CHECK_RC(cudaMemGetInfo(&free0, NULL), cudaErrorInvalidValue);

    void *p = NULL, *q = NULL;
    CHECK_OK(cudaMalloc(&p, 1000));
    CHECK_OK(cudaMemGetInfo(&free1, &t1));
    CHECK(t1 == total);
    CHECK(free0 - free1 >= 1000 && free0 - free1 <= 1024);     /* rounded to 256 */
    CHECK_OK(cudaMalloc(&q, 1 << 20));
    CHECK_OK(cudaMemGetInfo(&free1, &t1));
    CHECK(free0 - free1 == 1024 + (1 << 20));

    /* device 1 keeps its own account */
    size_t other = 0;
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMemGetInfo(&other, &t1));
    CHECK(other == t1);
    CHECK_OK(cudaSetDevice(0));

    CHECK_OK(cudaFree(p));
    CHECK_OK(cudaFree(q));
    CHECK_OK(cudaMemGetInfo(&free1, &t1));
    CHECK(free1 == free0);

    /* the whole of it, in one block; then not a byte more */
    void *all = NULL, *more = (void *)&more;
    CHECK_OK(cudaMalloc(&all, free0));
    CHECK(all != NULL);
    CHECK_OK(cudaMemGetInfo(&free1, &t1));
    CHECK(free1 == 0);
    CHECK_RC(cudaMalloc(&more, 1), cudaErrorMemoryAllocation);
    CHECK(more == NULL);
    CHECK_OK(cudaMemset((char *)all + free0 - 4096, 0x3C, 4096));   /* its far end works */
    CHECK(device_bytes_are((char *)all + free0 - 4096, 4096, 0x3C));
    CHECK_OK(cudaFree(all));
    CHECK(device_empty(0));
    cudaGetLastError();
}

static void test_out_of_memory(void)
{
    size_t free_bytes = 0, total = 0;
    CHECK_OK(cudaMemGetInfo(&free_bytes, &total));
    static const size_t huge[] = { SIZE_MAX, SIZE_MAX - 100, (size_t)1 << 62, (size_t)1 << 40 };
    for (size_t i = 0; i < sizeof huge / sizeof *huge; i++) {
        void *p = (void *)&p;
        CHECK_RC(cudaMalloc(&p, huge[i]), cudaErrorMemoryAllocation);
        CHECK(p == NULL);
    }
    void *p = (void *)&p;
    CHECK_RC(cudaMalloc(&p, total + 1), cudaErrorMemoryAllocation);
    CHECK(p == NULL);
    CHECK_RC(cudaGetLastError(), cudaErrorMemoryAllocation);

    /* not sticky: the device goes on */
    CHECK_OK(cudaMalloc(&p, 4096));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(cudaFree(p));
    CHECK(device_empty(0));
}

/* ---- host code cannot touch device memory -------------------------------- */

static void read_byte(void *p)
{
    volatile char c = *(volatile char *)p;
    (void)c;
}

static void write_byte(void *p)
{
    *(volatile char *)p = 1;
}

static void test_host_dereference_faults(void)
{
    char *d = NULL, *d1 = NULL;
    CHECK_OK(cudaMalloc((void **)&d, 4096));
    CHECK_OK(cudaMemset(d, 0x11, 4096));
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMalloc((void **)&d1, 4096));
    CHECK_OK(cudaSetDevice(0));

    CHECK(faulted(in_child(read_byte, d, 20, true)));
    CHECK(faulted(in_child(read_byte, d + 4095, 20, true)));
    CHECK(faulted(in_child(write_byte, d, 20, true)));
    CHECK(faulted(in_child(write_byte, d + 100, 20, true)));
    CHECK(faulted(in_child(read_byte, d1, 20, true)));
    CHECK(faulted(in_child(write_byte, d1 + 7, 20, true)));

    /* the same children on host memory come back fine: the harness is sound */
    char host[16] = { 0 };
    CHECK(exited_0(in_child(read_byte, host, 20, true)));
    CHECK(exited_0(in_child(write_byte, host, 20, true)));

    CHECK(device_bytes_are(d, 4096, 0x11));
    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaFree(d1));
    CHECK_OK(cudaSetDevice(0));

    /* freed device memory stays out of reach */
    CHECK(faulted(in_child(read_byte, d, 20, true)));
}

/* ---- copies ------------------------------------------------------------- */

static void test_copy_round_trip(void)
{
    static const size_t sizes[] = { 1, 3, 255, 256, 257, 1000, 4096, 65537, (1 << 20) + 13 };
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t n = sizes[i];
        unsigned char *in = malloc(n), *out = malloc(n);
        void *a = NULL, *b = NULL;
        fill_random(in, n);
        memset(out, 0, n);
        CHECK_OK(cudaMalloc(&a, n));
        CHECK_OK(cudaMalloc(&b, n));
        CHECK_OK(cudaMemcpy(a, in, n, cudaMemcpyHostToDevice));
        CHECK_OK(cudaMemcpy(b, a, n, cudaMemcpyDeviceToDevice));
        CHECK_OK(cudaMemcpy(out, b, n, cudaMemcpyDeviceToHost));
        CHECK(memcmp(in, out, n) == 0);

        /* the same through cudaMemcpyDefault, which infers the kind */
        fill_random(in, n);
        CHECK_OK(cudaMemcpy(b, in, n, cudaMemcpyDefault));
        CHECK_OK(cudaMemcpy(a, b, n, cudaMemcpyDefault));
        CHECK_OK(cudaMemcpy(out, a, n, cudaMemcpyDefault));
        CHECK(memcmp(in, out, n) == 0);
        CHECK_OK(cudaFree(a));
        CHECK_OK(cudaFree(b));
        free(in);
        free(out);
    }

    /* host to host, by kind and by default */
    char x[300], y[300];
    fill_random(x, sizeof x);
    CHECK_OK(cudaMemcpy(y, x, sizeof x, cudaMemcpyHostToHost));
    CHECK(memcmp(x, y, sizeof x) == 0);
    fill_random(x, sizeof x);
    CHECK_OK(cudaMemcpy(y, x, sizeof x, cudaMemcpyDefault));
    CHECK(memcmp(x, y, sizeof x) == 0);

    /* pieces at interior offsets land where they should */
    unsigned char *d = NULL, part[100], whole[1024];
    CHECK_OK(cudaMalloc((void **)&d, 1024));
    CHECK_OK(cudaMemset(d, 0, 1024));
    fill_random(part, sizeof part);
    CHECK_OK(cudaMemcpy(d + 333, part, sizeof part, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(d + 900, d + 333, sizeof part, cudaMemcpyDeviceToDevice));
    CHECK_OK(cudaMemcpy(whole, d, sizeof whole, cudaMemcpyDeviceToHost));
    CHECK(all_bytes(whole, 333, 0));
    CHECK(memcmp(whole + 333, part, sizeof part) == 0);
    CHECK(all_bytes(whole + 433, 900 - 433, 0));
    CHECK(memcmp(whole + 900, part, sizeof part) == 0);
    CHECK(all_bytes(whole + 1000, 24, 0));
    CHECK_OK(cudaFree(d));
    CHECK(device_empty(0));
}

static void test_copy_kind_errors(void)
{
    enum { N = 512 };
    unsigned char *d = NULL, *d2 = NULL, h[N], h2[N];
    CHECK_OK(cudaMalloc((void **)&d, N));
    CHECK_OK(cudaMalloc((void **)&d2, N));
    CHECK_OK(cudaMemset(d, 0x11, N));
    CHECK_OK(cudaMemset(d2, 0x33, N));
    memset(h, 0x22, N);
    memset(h2, 0x44, N);
    cudaGetLastError();

    /* a kind that says the wrong thing of either side: invalid value, and
       nothing written anywhere */
    CHECK_RC(cudaMemcpy(d, h, N, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, d, N, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h2, h, N, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d, d2, N, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, h2, N, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, d, N, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d, h, N, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, d, N, cudaMemcpyHostToHost), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d, h, N, cudaMemcpyHostToHost), cudaErrorInvalidValue);
    CHECK(all_bytes(h, N, 0x22));
    CHECK(all_bytes(h2, N, 0x44));
    CHECK(device_bytes_are(d, N, 0x11));
    CHECK(device_bytes_are(d2, N, 0x33));

    /* a kind that is none */
    CHECK_RC(cudaMemcpy(d, h, N, (enum cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
    CHECK_RC(cudaMemcpy(d, h, N, (enum cudaMemcpyKind)5), cudaErrorInvalidMemcpyDirection);
    CHECK_RC(cudaMemcpy(h, h2, N, (enum cudaMemcpyKind)-1), cudaErrorInvalidMemcpyDirection);
    CHECK_RC(cudaMemcpyAsync(d, h, N, (enum cudaMemcpyKind)7, NULL),
             cudaErrorInvalidMemcpyDirection);
    CHECK(all_bytes(h, N, 0x22));
    CHECK(device_bytes_are(d, N, 0x11));
    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaFree(d2));
    cudaGetLastError();
}

static void test_copy_bounds(void)
{
    enum { N = 1024 };
    unsigned char *d = NULL, *d2 = NULL, h[2 * N];
    CHECK_OK(cudaMalloc((void **)&d, N));
    CHECK_OK(cudaMalloc((void **)&d2, 2 * N));
    CHECK_OK(cudaMemset(d, 0x5A, N));
    CHECK_OK(cudaMemset(d2, 0x6B, 2 * N));
    memset(h, 0x77, sizeof h);
    cudaGetLastError();

    /* past the end of the allocation: refused, nothing written */
    CHECK_RC(cudaMemcpy(d, h, N + 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d + 512, h, 513, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d + N - 1, h, 2, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, d + 1000, 25, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d, d2, N + 1, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d2, d, N + 1, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d + 1, h, SIZE_MAX, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d, h, N + 1, cudaMemcpyDefault), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK(all_bytes(h, sizeof h, 0x77));
    CHECK(device_bytes_are(d, N, 0x5A));
    CHECK(device_bytes_are(d2, 2 * N, 0x6B));

    /* from an interior pointer, within bounds: fine, up to the last byte */
    CHECK_OK(cudaMemcpy(d + 512, h, 512, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(d + N - 1, h, 1, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(h, d + 1000, 24, cudaMemcpyDeviceToHost));
    CHECK(all_bytes(h, 24, 0x77));
    unsigned char *back = read_back(d, N);
    CHECK(back && all_bytes(back, 512, 0x5A) && all_bytes(back + 512, 512, 0x77));
    free(back);

    /* NULL on either side; count 0 */
    CHECK_RC(cudaMemcpy(NULL, h, 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d, NULL, 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, NULL, 16, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(NULL, d, 16, cudaMemcpyDefault), cudaErrorInvalidValue);
    CHECK_OK(cudaMemcpy(d, h, 0, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(h, d, 0, cudaMemcpyDeviceToHost));
    CHECK_OK(cudaMemcpy(d2, d, 0, cudaMemcpyDeviceToDevice));

    /* freed memory is no allocation */
    CHECK_OK(cudaFree(d2));
    CHECK_RC(cudaMemcpy(d2, h, 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(h, d2, 16, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(d2, h, 16, cudaMemcpyDefault), cudaErrorInvalidValue);
    CHECK_OK(cudaFree(d));
    cudaGetLastError();
    CHECK(device_empty(0));
}

static void test_memset(void)
{
    enum { N = 1024 };
    unsigned char *d = NULL, h[N];
    CHECK_OK(cudaMalloc((void **)&d, N));
    CHECK_OK(cudaMemset(d, 0, N));
    CHECK_OK(cudaMemset(d + 10, 0xAB, 100));
    CHECK_OK(cudaMemset(d + 500, 0x1CD, 3));        /* only the low byte counts */
    CHECK_OK(cudaMemcpy(h, d, N, cudaMemcpyDeviceToHost));
    CHECK(all_bytes(h, 10, 0));
    CHECK(all_bytes(h + 10, 100, 0xAB));
    CHECK(all_bytes(h + 110, 390, 0));
    CHECK(all_bytes(h + 500, 3, 0xCD));
    CHECK(all_bytes(h + 503, N - 503, 0));

    /* out of bounds, on host memory, NULL: refused, nothing written */
    cudaGetLastError();
    CHECK_RC(cudaMemset(d, 1, N + 1), cudaErrorInvalidValue);
    CHECK_RC(cudaMemset(d + 1000, 1, 25), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    memset(h, 0x42, N);
    CHECK_RC(cudaMemset(h, 1, 16), cudaErrorInvalidValue);
    CHECK(all_bytes(h, N, 0x42));
    CHECK_RC(cudaMemset(NULL, 1, 16), cudaErrorInvalidValue);
    CHECK_OK(cudaMemset(d + 1000, 9, 24));
    CHECK_OK(cudaMemset(d, 9, 0));
    CHECK_OK(cudaMemcpy(h, d, N, cudaMemcpyDeviceToHost));
    CHECK(h[0] == 0 && h[10] == 0xAB && h[999] == 0 && all_bytes(h + 1000, 24, 9));
    CHECK_OK(cudaFree(d));
    CHECK_RC(cudaMemset(d, 1, 16), cudaErrorInvalidValue);   /* freed */
    cudaGetLastError();
}

static void test_memset_async(void)
{
    enum { N = 256 };
    unsigned char *d = NULL, h[N];
    cudaStream_t s = NULL;
    struct { void *a, *b; } fake = { NULL, NULL };
    CHECK_OK(cudaStreamCreate(&s));
    CHECK_OK(cudaMalloc((void **)&d, N));
    CHECK_OK(cudaMemsetAsync(d, 0x11, N, s));
    CHECK_OK(cudaMemsetAsync(d + 8, 0x22, 8, NULL));
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK_OK(cudaMemcpy(h, d, N, cudaMemcpyDeviceToHost));
    CHECK(all_bytes(h, 8, 0x11) && all_bytes(h + 8, 8, 0x22) && all_bytes(h + 16, N - 16, 0x11));
    cudaGetLastError();
    CHECK_RC(cudaMemsetAsync(d, 0, N + 1, s), cudaErrorInvalidValue);
    CHECK_RC(cudaMemsetAsync(h, 0, N, s), cudaErrorInvalidValue);
    CHECK_RC(cudaMemsetAsync(d, 0x33, N, (cudaStream_t)(void *)&fake),
             cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaMemcpy(h, d, N, cudaMemcpyDeviceToHost));
    CHECK(all_bytes(h, 8, 0x11));               /* the refused ones wrote nothing */
    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaStreamDestroy(s));
}

/* Managed memory: the host's and every device's kernels', at one address. */
static void test_managed(void)
{
    enum { N = 1000 };
    unsigned *m = NULL, *d = NULL, h[N];
    struct cudaPointerAttributes a;
    CHECK_OK(cudaMallocManaged((void **)&m, N * sizeof *m, cudaMemAttachGlobal));
    for (size_t i = 0; i < N; i++)
        m[i] = (unsigned)i;                     /* host code writes it: no fault */
    CHECK_OK(cudaPointerGetAttributes(&a, m + 10));
    CHECK(a.type == cudaMemoryTypeManaged && a.device == 0 && a.devicePointer == m + 10 &&
          a.hostPointer == m + 10);
    CHECK_OK(add_one(m, N, 4, 256));
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(add_one(m, 10, 1, 32));            /* another device's kernel, no peer access */
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(cudaSetDevice(0));
    CHECK(m[0] == 2 && m[9] == 11 && m[10] == 11 && m[N - 1] == N);

    /* copies of any kind and memsets take it, bounded by its size */
    CHECK_OK(cudaMalloc((void **)&d, N * sizeof *d));
    CHECK_OK(cudaMemcpy(d, m, N * sizeof *m, cudaMemcpyDeviceToDevice));
    CHECK_OK(cudaMemcpy(h, d, N * sizeof *h, cudaMemcpyDeviceToHost));
    CHECK(h[0] == 2 && h[N - 1] == N);
    CHECK_OK(cudaMemcpy(m, h, sizeof h, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(h, m, sizeof h, cudaMemcpyHostToHost));
    CHECK_OK(cudaMemset(m, 0, 16));
    CHECK(m[0] == 0 && m[3] == 0 && m[4] == 6);
    cudaGetLastError();
    CHECK_RC(cudaMemset(m, 0, N * sizeof *m + 1), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpy(m + 1, h, sizeof h, cudaMemcpyHostToDevice), cudaErrorInvalidValue);

    /* flags and sizes CUDA refuses; cudaFree frees it, cudaFreeHost does not */
    unsigned *bad = NULL;
    CHECK_RC(cudaMallocManaged((void **)&bad, 16, 0), cudaErrorInvalidValue);
    CHECK_RC(cudaMallocManaged((void **)&bad, 16, cudaMemAttachSingle), cudaErrorInvalidValue);
    CHECK_RC(cudaMallocManaged((void **)&bad, 0, cudaMemAttachGlobal), cudaErrorInvalidValue);
    CHECK_RC(cudaMallocManaged(NULL, 16, cudaMemAttachHost), cudaErrorInvalidValue);
    CHECK(bad == NULL);
    CHECK_RC(cudaFreeHost(m), cudaErrorInvalidValue);
    CHECK_OK(cudaFree(m));
    CHECK_RC(cudaFree(m), cudaErrorInvalidValue);
    CHECK_OK(cudaFree(d));
    cudaGetLastError();
}

static void test_streams(void)
{
    enum { N = 4096 };
    unsigned char in[N], out[N], *d = NULL;
    cudaStream_t s = NULL;
    CHECK_OK(cudaStreamCreate(&s));
    CHECK(s != NULL);
    CHECK_RC(cudaStreamCreate(NULL), cudaErrorInvalidValue);
    CHECK_OK(cudaMalloc((void **)&d, N));

    fill_random(in, N);
    memset(out, 0, N);
    CHECK_OK(cudaMemcpyAsync(d, in, N, cudaMemcpyHostToDevice, s));
    CHECK_OK(cudaMemcpyAsync(out, d, N, cudaMemcpyDeviceToHost, s));
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK(memcmp(in, out, N) == 0);
    fill_random(in, N);
    CHECK_OK(cudaMemcpyAsync(d, in, N, cudaMemcpyDefault, NULL));   /* the default stream */
    CHECK_OK(cudaMemcpyAsync(out, d, N, cudaMemcpyDefault, NULL));
    CHECK_OK(cudaStreamSynchronize(NULL));
    CHECK(memcmp(in, out, N) == 0);
    CHECK_RC(cudaMemcpyAsync(d + 2048, in, N - 2048 + 1, cudaMemcpyHostToDevice, s),
             cudaErrorInvalidValue);

    /* a kernel on the stream */
    unsigned u[64] = { 0 }, *du = NULL;
    size_t n = 64;
    void *args[] = { &du, &n };
    CHECK_OK(cudaMalloc((void **)&du, sizeof u));
    CHECK_OK(cudaMemcpy(du, u, sizeof u, cudaMemcpyHostToDevice));
    CHECK_OK(cudaLaunchKernel(&k_add_one, d3(2, 1, 1), d3(32, 1, 1), args, 0, s));
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK_OK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CHECK(u[0] == 1 && u[63] == 1);

    /* a handle that is no stream: a local struct, never a live stream */
    struct { void *a, *b; } fake = { NULL, NULL };
    cudaStream_t bad = (cudaStream_t)(void *)&fake;
    unsigned char before[N];
    memcpy(before, out, N);
    cudaGetLastError();
    CHECK_RC(cudaMemcpyAsync(d, in, N, cudaMemcpyHostToDevice, bad),
             cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaMemcpyAsync(out, d, N, cudaMemcpyDeviceToHost, bad),
             cudaErrorInvalidResourceHandle);
    CHECK(memcmp(before, out, N) == 0);
    CHECK_RC(cudaStreamSynchronize(bad), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaStreamDestroy(bad), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaLaunchKernel(&k_add_one, d3(2, 1, 1), d3(32, 1, 1), args, 0, bad),
             cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CHECK(u[0] == 1 && u[63] == 1);          /* the refused launch did not run */

    /* handles that point nowhere: made up, and one destroyed (its entry
       reused by the next stream made, and that one's only) */
    cudaStream_t made_up = (cudaStream_t)(uintptr_t)0x1234, gone = NULL, next = NULL;
    CHECK_RC(cudaMemcpyAsync(d, in, N, cudaMemcpyHostToDevice, made_up),
             cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaLaunchKernel(&k_add_one, d3(2, 1, 1), d3(32, 1, 1), args, 0, made_up),
             cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaStreamSynchronize(made_up), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaStreamDestroy(made_up), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaStreamCreate(&gone));
    CHECK_OK(cudaStreamDestroy(gone));
    CHECK_RC(cudaMemsetAsync(d, 0, N, gone), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaStreamDestroy(gone), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaStreamCreate(&next));
    CHECK_OK(cudaStreamSynchronize(next));
    CHECK_OK(cudaStreamDestroy(next));
    CHECK_OK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CHECK(u[0] == 1 && u[63] == 1);

    /* the default stream's special handles */
    CHECK_OK(cudaMemcpyAsync(d, in, N, cudaMemcpyHostToDevice, cudaStreamLegacy));
    CHECK_OK(cudaLaunchKernel(&k_add_one, d3(2, 1, 1), d3(32, 1, 1), args, 0, cudaStreamPerThread));
    CHECK_OK(cudaStreamSynchronize(cudaStreamLegacy));
    CHECK_OK(cudaStreamSynchronize(cudaStreamPerThread));
    CHECK_RC(cudaStreamDestroy(cudaStreamLegacy), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CHECK(u[0] == 2 && u[63] == 2);

    CHECK_OK(cudaStreamDestroy(s));
    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaFree(du));
    cudaGetLastError();
}

/* A stream belongs to the device current when it was made: a kernel launched
   into it from another device fails (CUDA's programming guide, "Stream and
   Event Behavior"; libcudart says cudaErrorInvalidResourceHandle), a copy
   into it does not. */
static void test_stream_of_another_device(void)
{
    enum { N = 256 };
    unsigned h[N], *d0 = NULL;
    cudaStream_t s1 = NULL;
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaStreamCreate(&s1));
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaMalloc((void **)&d0, sizeof h));
    CHECK(put_pattern(d0, N, 3));

    size_t n = N;
    void *args[] = { &d0, &n };
    cudaGetLastError();
    cudaError_t e = cudaLaunchKernel(&k_add_one, d3(1, 1, 1), d3(N, 1, 1), args, 0, s1);
    if (!CHECK(e != cudaSuccess))
        fprintf(stderr, "    a launch on cuda:0 into a stream of cuda:1 returned cudaSuccess "
                "(libcudart: cudaErrorInvalidResourceHandle)\n");
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d0, N, 3, 0, 0, 0));             /* it did not run */
    cudaGetLastError();

    unsigned want[N];
    CHECK_OK(cudaMemcpy(want, d0, sizeof want, cudaMemcpyDeviceToHost));
    CHECK_OK(cudaMemcpyAsync(h, d0, sizeof h, cudaMemcpyDeviceToHost, s1));
    CHECK_OK(cudaStreamSynchronize(s1));
    CHECK(memcmp(h, want, sizeof h) == 0);

    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaStreamDestroy(s1));
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaFree(d0));
}

/* Events time what lies between them; the work on the emulated device is
   done when its call returns, so an event is reached when recorded.  Their
   handles are checked as streams' are: never read through. */
static void test_events(void)
{
    cudaEvent_t a = NULL, b = NULL, untimed = NULL, other = NULL, never = NULL;
    cudaStream_t s = NULL, s1 = NULL;
    float ms = -1;
    CHECK_OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK_RC(cudaStreamCreateWithFlags(&s1, 4), cudaErrorInvalidValue);
    CHECK_OK(cudaEventCreate(&a));
    CHECK_OK(cudaEventCreateWithFlags(&b, cudaEventBlockingSync));
    CHECK_OK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    CHECK_OK(cudaEventCreate(&never));
    CHECK_RC(cudaEventCreateWithFlags(&other, cudaEventInterprocess), cudaErrorInvalidValue);
    CHECK_RC(cudaEventCreateWithFlags(&other, 8), cudaErrorInvalidValue);
    CHECK_RC(cudaEventCreate(NULL), cudaErrorInvalidValue);

    CHECK_OK(cudaEventQuery(never));                    /* nothing to wait for */
    CHECK_OK(cudaEventRecord(a, NULL));
    struct timespec pause = { 0, 2000000 };
    nanosleep(&pause, NULL);
    CHECK_OK(cudaEventRecord(b, s));
    CHECK_OK(cudaEventRecord(untimed, cudaStreamPerThread));
    CHECK_OK(cudaEventSynchronize(b));
    CHECK_OK(cudaEventElapsedTime(&ms, a, b));
    CHECK(ms >= 2.0f && ms < 1000.0f);
    CHECK_RC(cudaEventElapsedTime(&ms, a, untimed), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaEventElapsedTime(&ms, a, never), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaEventElapsedTime(NULL, a, b), cudaErrorInvalidValue);
    CHECK_RC(cudaEventRecord(a, (cudaStream_t)&ms), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaEventRecord((cudaEvent_t)&ms, NULL), cudaErrorInvalidResourceHandle);

    CHECK_OK(cudaSetDevice(1));                         /* a stream of another device */
    CHECK_OK(cudaStreamCreate(&s1));
    CHECK_OK(cudaSetDevice(0));
    CHECK_RC(cudaEventRecord(a, s1), cudaErrorInvalidResourceHandle);

    CHECK_OK(cudaEventDestroy(a));
    CHECK_RC(cudaEventDestroy(a), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaEventSynchronize(a), cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaEventElapsedTime(&ms, a, b), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaEventDestroy(b));
    CHECK_OK(cudaEventDestroy(untimed));
    CHECK_OK(cudaEventDestroy(never));
    CHECK_OK(cudaStreamDestroy(s));
    CHECK_OK(cudaStreamDestroy(s1));
    cudaGetLastError();
}

/* A __constant__ or __device__ variable as nvcc registers it: known by its
   host shadow's address, its storage the current device's, zeroed. */
static float symbol_shadow[16];

static void test_symbols(void)
{
    float in[16], out[16];
    size_t size = 0;
    void *at = NULL;
    struct cudaPointerAttributes a;
    char not_a_symbol;
    __cudaRegisterVar(__cudaRegisterFatBinary(NULL), (char *)symbol_shadow, (char *)"coeff",
                      "coeff", 0, sizeof symbol_shadow, 1, 0);
    CHECK_OK(cudaGetSymbolSize(&size, symbol_shadow));
    CHECK(size == sizeof symbol_shadow);
    CHECK_OK(cudaGetSymbolAddress(&at, symbol_shadow));
    CHECK_OK(cudaPointerGetAttributes(&a, at));
    CHECK(a.type == cudaMemoryTypeDevice && a.device == 0);
    memset(out, 1, sizeof out);
    CHECK_OK(cudaMemcpyFromSymbol(out, symbol_shadow, sizeof out, 0, cudaMemcpyDeviceToHost));
    CHECK(out[0] == 0 && out[15] == 0);
    for (int i = 0; i < 16; i++)
        in[i] = (float)i;
    CHECK_OK(cudaMemcpyToSymbol(symbol_shadow, in, sizeof in, 0, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpyFromSymbol(out, symbol_shadow, 4 * sizeof *out, 12 * sizeof *out,
                                  cudaMemcpyDefault));
    CHECK(out[0] == 12 && out[3] == 15);
    CHECK_OK(cudaMemcpyToSymbolAsync(symbol_shadow, in, sizeof *in, 0, cudaMemcpyHostToDevice,
                                     NULL));
    CHECK_RC(cudaMemcpyToSymbol(symbol_shadow, in, sizeof in, 4, cudaMemcpyHostToDevice),
             cudaErrorInvalidValue);                        /* past its end */
    CHECK_RC(cudaMemcpyToSymbol(symbol_shadow, in, sizeof in, 0, cudaMemcpyDeviceToHost),
             cudaErrorInvalidMemcpyDirection);
    CHECK_RC(cudaMemcpyToSymbol(&not_a_symbol, in, 1, 0, cudaMemcpyHostToDevice),
             cudaErrorInvalidSymbol);
    CHECK_RC(cudaMemcpyFromSymbolAsync(out, symbol_shadow, 4, 0, cudaMemcpyDeviceToHost,
                                       (cudaStream_t)&not_a_symbol),
             cudaErrorInvalidResourceHandle);
    CHECK_RC(cudaGetSymbolSize(NULL, symbol_shadow), cudaErrorInvalidValue);
    CHECK_OK(cudaSetDevice(1));                             /* another device's own copy */
    CHECK_OK(cudaMemcpyFromSymbol(out, symbol_shadow, sizeof *out, 4, cudaMemcpyDeviceToHost));
    CHECK(out[0] == 0);
    CHECK_OK(cudaDeviceReset());                            /* made again, zeroed */
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaDeviceReset());
    CHECK_OK(cudaMemcpyFromSymbol(out, symbol_shadow, sizeof *out, 4, cudaMemcpyDeviceToHost));
    CHECK(out[0] == 0);
    CHECK_OK(cudaDeviceReset());
    cudaGetLastError();
}

/* What programs ask around their launches: a stream's wait for an event
   and its state (nothing to wait for here), how the host waits, a kernel's
   shared memory and how many of its blocks fit a multiprocessor. */
static void test_launch_questions(void)
{
    cudaStream_t s = NULL;
    cudaEvent_t ev = NULL;
    int blocks = -1;
    char not_a_kernel;
    CHECK_OK(cudaStreamCreate(&s));
    CHECK_OK(cudaEventCreate(&ev));
    CHECK_OK(cudaEventRecord(ev, NULL));
    CHECK_OK(cudaStreamWaitEvent(s, ev, 0));
    CHECK_RC(cudaStreamWaitEvent(s, ev, 2), cudaErrorInvalidValue);
    CHECK_RC(cudaStreamWaitEvent(s, (cudaEvent_t)&blocks, 0), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaStreamQuery(s));
    CHECK_RC(cudaStreamQuery((cudaStream_t)&blocks), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
    CHECK_RC(cudaSetDeviceFlags(3), cudaErrorInvalidValue);
    CHECK_RC(cudaSetDeviceFlags(0x100), cudaErrorInvalidValue);

    int optin = 0;
    CHECK_OK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    CHECK_OK(cudaFuncSetAttribute(&k_add_one, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
    CHECK_RC(cudaFuncSetAttribute(&k_add_one, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  optin + 1), cudaErrorInvalidValue);
    CHECK_OK(cudaFuncSetAttribute(&k_add_one, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
    CHECK_RC(cudaFuncSetAttribute(&k_add_one, cudaFuncAttributePreferredSharedMemoryCarveout,
                                  101), cudaErrorInvalidValue);
    CHECK_RC(cudaFuncSetAttribute(&not_a_kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                  50), cudaErrorInvalidDeviceFunction);

    int per_sm = 0, threads = 0;
    CHECK_OK(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxBlocksPerMultiprocessor, 0));
    CHECK_OK(cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerMultiProcessor, 0));
    CHECK_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &k_add_one, 256, 0));
    CHECK(blocks == (per_sm < threads / 256 ? per_sm : threads / 256) && blocks > 0);
    CHECK_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &k_add_one, threads + 1, 0));
    CHECK(blocks == 0);
    CHECK_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, &k_add_one, 256,
                                                                    1u << 30, 0));
    CHECK(blocks == 0);                                 /* its shared memory fits nowhere */
    CHECK_RC(cudaOccupancyMaxActiveBlocksPerMultiprocessor(NULL, &k_add_one, 256, 0),
             cudaErrorInvalidValue);
    CHECK_RC(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &not_a_kernel, 256, 0),
             cudaErrorInvalidDeviceFunction);
    CHECK_OK(cudaEventDestroy(ev));
    CHECK_OK(cudaStreamDestroy(s));
    cudaGetLastError();
}

/* The program's own memory pinned where it is: pinned memory to the
   device's eyes until unregistered, and never cudaFreeHost's. */
static void test_host_register(void)
{
    enum { N = 1024 };
    static char buf[2 * N];
    struct cudaPointerAttributes a;
    char *dev = NULL;
    CHECK_OK(cudaMalloc((void **)&dev, N));
    CHECK_OK(cudaHostRegister(buf, N, cudaHostRegisterMapped));
    CHECK_OK(cudaPointerGetAttributes(&a, buf + N - 1));
    CHECK(a.type == cudaMemoryTypeHost);
    CHECK_OK(cudaPointerGetAttributes(&a, buf + N));
    CHECK(a.type == cudaMemoryTypeUnregistered);
    memset(buf, 7, N);
    CHECK_OK(cudaMemcpy(dev, buf, N, cudaMemcpyHostToDevice));
    CHECK_RC(cudaHostRegister(buf + N / 2, N, 0), cudaErrorHostMemoryAlreadyRegistered);
    CHECK_RC(cudaHostRegister(buf + N, N, 16), cudaErrorInvalidValue);
    CHECK_RC(cudaHostRegister(NULL, N, 0), cudaErrorInvalidValue);
    CHECK_RC(cudaFreeHost(buf), cudaErrorInvalidValue);
    CHECK_RC(cudaHostUnregister(buf + 1), cudaErrorHostMemoryNotRegistered);
    CHECK_OK(cudaHostRegister(buf + N, N, 0));          /* right after it */
    CHECK_OK(cudaHostUnregister(buf));
    CHECK_RC(cudaHostUnregister(buf), cudaErrorHostMemoryNotRegistered);
    CHECK_OK(cudaPointerGetAttributes(&a, buf));
    CHECK(a.type == cudaMemoryTypeUnregistered);
    CHECK_OK(cudaHostUnregister(buf + N));
    memset(buf, 0, N);
    CHECK_OK(cudaMemcpy(buf, dev, N, cudaMemcpyDeviceToHost));
    CHECK(buf[0] == 7 && buf[N - 1] == 7);
    CHECK_OK(cudaFree(dev));
    cudaGetLastError();
}

/* ---- pointer attributes ------------------------------------------------- */

static void test_pointer_attributes(void)
{
    struct cudaPointerAttributes a;
    char *d = NULL, *d1 = NULL, *pinned = NULL;
    CHECK_OK(cudaMalloc((void **)&d, 1024));
    CHECK_OK(cudaMallocHost((void **)&pinned, 100));
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMalloc((void **)&d1, 512));
    CHECK_OK(cudaSetDevice(0));

    memset(&a, 0x7F, sizeof a);
    CHECK_OK(cudaPointerGetAttributes(&a, d));
    CHECK(a.type == cudaMemoryTypeDevice);
    CHECK(a.device == 0);
    CHECK(a.devicePointer == d);
    CHECK(a.hostPointer == NULL);

    memset(&a, 0x7F, sizeof a);
    CHECK_OK(cudaPointerGetAttributes(&a, d + 1023));           /* interior */
    CHECK(a.type == cudaMemoryTypeDevice && a.device == 0 && a.devicePointer == d + 1023);

    memset(&a, 0x7F, sizeof a);
    CHECK_OK(cudaPointerGetAttributes(&a, d1 + 5));             /* not the current device */
    CHECK(a.type == cudaMemoryTypeDevice && a.device == 1 && a.devicePointer == d1 + 5);

    memset(&a, 0x7F, sizeof a);
    CHECK_OK(cudaPointerGetAttributes(&a, pinned));
    CHECK(a.type == cudaMemoryTypeHost);
    CHECK(a.device == 0);
    CHECK(a.hostPointer == pinned && a.devicePointer == pinned);
    CHECK_OK(cudaPointerGetAttributes(&a, pinned + 99));
    CHECK(a.type == cudaMemoryTypeHost && a.hostPointer == pinned + 99 &&
          a.devicePointer == pinned + 99);

    char *heap = malloc(32), on_stack[8];
    memset(&a, 0x7F, sizeof a);
    CHECK_OK(cudaPointerGetAttributes(&a, heap));
    CHECK(a.type == cudaMemoryTypeUnregistered);
    CHECK(a.devicePointer == NULL && a.hostPointer == heap);
    CHECK(a.device == -2);
    CHECK_OK(cudaPointerGetAttributes(&a, on_stack));
    CHECK(a.type == cudaMemoryTypeUnregistered && a.devicePointer == NULL);
    free(heap);

    cudaGetLastError();
    CHECK_RC(cudaPointerGetAttributes(NULL, d), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);

    /* freed: no longer anything's */
    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaFreeHost(pinned));
    CHECK(cudaPointerGetAttributes(&a, d) != cudaSuccess || a.type != cudaMemoryTypeDevice);
    CHECK(cudaPointerGetAttributes(&a, pinned) != cudaSuccess ||
          a.type == cudaMemoryTypeUnregistered);
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaFree(d1));
    CHECK_OK(cudaSetDevice(0));
    cudaGetLastError();
}

/* ---- two devices -------------------------------------------------------- */

static void test_two_devices(void)
{
    enum { N = (1 << 20) + 100 };
    unsigned char *a0 = NULL, *a1 = NULL, *in = malloc(N), *out = malloc(N);
    struct cudaPointerAttributes at;
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaMalloc((void **)&a0, N));
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMalloc((void **)&a1, N));
    CHECK(a0 + N <= a1 || a1 + N <= a0);
    CHECK_OK(cudaPointerGetAttributes(&at, a0));
    CHECK(at.type == cudaMemoryTypeDevice && at.device == 0);
    CHECK_OK(cudaPointerGetAttributes(&at, a1 + N - 1));
    CHECK(at.type == cudaMemoryTypeDevice && at.device == 1);

    /* each device's account holds only its own */
    size_t f = 0, t = 0;
    CHECK_OK(cudaMemGetInfo(&f, &t));
    CHECK(t - f >= N && t - f < N + 256);

    /* peer copies, both ways, from either current device */
    fill_random(in, N);
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaMemcpy(a0, in, N, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpyPeer(a1, 1, a0, 0, N));
    CHECK_OK(cudaMemcpy(out, a1, N, cudaMemcpyDeviceToHost));
    CHECK(memcmp(in, out, N) == 0);
    fill_random(in, N);
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMemcpy(a1, in, N, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpyPeer(a0, 0, a1, 1, N));
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaMemcpy(out, a0, N, cudaMemcpyDeviceToHost));
    CHECK(memcmp(in, out, N) == 0);

    /* unified addressing: a plain device-to-device copy crosses devices too */
    fill_random(in, 4096);
    CHECK_OK(cudaMemcpy(a1 + 100, in, 4096, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(a0, a1 + 100, 4096, cudaMemcpyDeviceToDevice));
    CHECK_OK(cudaMemcpy(out, a0, 4096, cudaMemcpyDefault));
    CHECK(memcmp(in, out, 4096) == 0);

    /* a pointer that is not on the device named */
    memset(out, 0, N);
    cudaGetLastError();
    CHECK_RC(cudaMemcpyPeer(a1, 0, a0, 0, 64), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(a1, 1, a0, 1, 64), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(a0, 1, a1, 0, 64), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(out, 1, a0, 0, 64), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(a1, 1, in, 0, 64), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(a1 + N - 100, 1, a0, 0, 1000), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(a1, 1, a0 + N - 100, 0, 1000), cudaErrorInvalidValue);
    CHECK_RC(cudaMemcpyPeer(a1, 2, a0, 0, 64), ndevices() > 2 ? cudaErrorInvalidValue
                                                              : cudaErrorInvalidDevice);
    CHECK_RC(cudaMemcpyPeer(a1, 1, a0, -1, 64), cudaErrorInvalidDevice);
    CHECK(all_bytes(out, N, 0));
    CHECK_OK(cudaMemcpyPeer(a1, 1, a0, 0, 0));

    CHECK_OK(cudaFree(a0));
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaFree(a1));
    CHECK_OK(cudaSetDevice(0));
    CHECK(device_empty(0) && device_empty(1));
    free(in);
    free(out);
}

static void test_peer_access(void)
{
    int can = -1, n = ndevices();
    CHECK_OK(cudaDeviceCanAccessPeer(&can, 0, 1));
    CHECK(can == 1);
    CHECK_OK(cudaDeviceCanAccessPeer(&can, 1, 0));
    CHECK(can == 1);
    CHECK_OK(cudaDeviceCanAccessPeer(&can, 0, 0));
    CHECK(can == 0);                         /* a device is not its own peer */
    CHECK_RC(cudaDeviceCanAccessPeer(&can, 0, n), cudaErrorInvalidDevice);
    CHECK_RC(cudaDeviceCanAccessPeer(&can, -1, 0), cudaErrorInvalidDevice);
    CHECK_RC(cudaDeviceCanAccessPeer(NULL, 0, 1), cudaErrorInvalidValue);

    CHECK_OK(cudaSetDevice(0));
    cudaGetLastError();
    CHECK_OK(cudaDeviceEnablePeerAccess(1, 0));
    CHECK_RC(cudaDeviceEnablePeerAccess(1, 0), cudaErrorPeerAccessAlreadyEnabled);
    CHECK_RC(cudaGetLastError(), cudaErrorPeerAccessAlreadyEnabled);
    CHECK_RC(cudaDeviceEnablePeerAccess(0, 0), cudaErrorInvalidDevice);      /* itself */
    CHECK_RC(cudaDeviceEnablePeerAccess(n, 0), cudaErrorInvalidDevice);
    CHECK_RC(cudaDeviceEnablePeerAccess(-1, 0), cudaErrorInvalidDevice);

    /* access is one way: 0 reaching 1 is not 1 reaching 0 */
    CHECK_OK(cudaSetDevice(1));
    CHECK_RC(cudaDeviceDisablePeerAccess(0), cudaErrorPeerAccessNotEnabled);
    CHECK_OK(cudaDeviceEnablePeerAccess(0, 0));
    CHECK_OK(cudaDeviceDisablePeerAccess(0));
    CHECK_OK(cudaSetDevice(0));

    CHECK_OK(cudaDeviceDisablePeerAccess(1));
    CHECK_RC(cudaDeviceDisablePeerAccess(1), cudaErrorPeerAccessNotEnabled);
    CHECK_RC(cudaGetLastError(), cudaErrorPeerAccessNotEnabled);
    CHECK_RC(cudaDeviceDisablePeerAccess(n), cudaErrorInvalidDevice);
    CHECK_OK(cudaDeviceEnablePeerAccess(1, 0));     /* again after a disable */
    CHECK_OK(cudaDeviceDisablePeerAccess(1));
    cudaGetLastError();
}

/* ---- pinned memory ------------------------------------------------------ */

static void test_pinned(void)
{
    enum { N = 10000 };
    unsigned char *p = NULL, *q = NULL, *d = NULL, *in = malloc(N);
    CHECK_OK(cudaMallocHost((void **)&p, N));
    CHECK_OK(cudaHostAlloc((void **)&q, N, cudaHostAllocPortable | cudaHostAllocMapped));
    CHECK(p != NULL && q != NULL && p != q);
    memset(p, 0x12, N);                      /* usable from the host */
    memset(q, 0x34, N);
    CHECK(all_bytes(p, N, 0x12) && all_bytes(q, N, 0x34));

    /* copies between pinned and device memory, by kind and by default */
    CHECK_OK(cudaMalloc((void **)&d, N));
    fill_random(in, N);
    memcpy(p, in, N);
    CHECK_OK(cudaMemcpy(d, p, N, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(q, d, N, cudaMemcpyDeviceToHost));
    CHECK(memcmp(q, in, N) == 0);
    memset(q, 0, N);
    CHECK_OK(cudaMemcpy(q, d, N, cudaMemcpyDefault));
    CHECK(memcmp(q, in, N) == 0);
    CHECK_RC(cudaMemcpy(p, d, N, cudaMemcpyHostToDevice), cudaErrorInvalidValue);

    cudaGetLastError();
    void *r = (void *)&r;
    CHECK_RC(cudaHostAlloc(&r, 64, 0x100), cudaErrorInvalidValue);
    CHECK_RC(cudaMallocHost(NULL, 64), cudaErrorInvalidValue);

    /* what cudaFreeHost refuses */
    char *heap = malloc(16), on_stack[16];
    CHECK_RC(cudaFreeHost(heap), cudaErrorInvalidValue);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_RC(cudaFreeHost(on_stack), cudaErrorInvalidValue);
    CHECK_RC(cudaFreeHost(p + 1), cudaErrorInvalidValue);
    CHECK_RC(cudaFreeHost(d), cudaErrorInvalidValue);
    CHECK(device_bytes_are(d, 1, in[0]));
    CHECK(p[0] == in[0]);                    /* p is still ours */
    free(heap);

    CHECK_OK(cudaFreeHost(NULL));
    CHECK_OK(cudaFreeHost(p));
    CHECK_RC(cudaFreeHost(p), cudaErrorInvalidValue);                /* double free */
    CHECK_OK(cudaFreeHost(q));
    CHECK_RC(cudaFreeHost(q), cudaErrorInvalidValue);
    CHECK_OK(cudaFree(d));
    cudaGetLastError();
    free(in);
}

/* ---- kernels ------------------------------------------------------------ */

static void test_kernel_add_one(void)
{
    enum { N = 1 << 20 };
    unsigned *d = NULL;
    CHECK_OK(cudaMalloc((void **)&d, N * sizeof *d));

    /* one thread an element: 4096 blocks of 256, shared out to the pool */
    CHECK(put_pattern(d, N, 1));
    CHECK_OK(add_one(d, N, N / 256, 256));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, N, 1, 0, N, 1));

    /* grid-stride: a few blocks cover it all, twice over */
    CHECK_OK(add_one(d, N, 7, 64));
    CHECK_OK(add_one(d, N, 3, 1024));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, N, 1, 0, N, 3));

    /* tiny grids; n 0; part of the array; an interior pointer */
    CHECK(put_pattern(d, 1000, 5));
    CHECK_OK(add_one(d, 10, 1, 1));
    CHECK_OK(add_one(d, 0, 1, 32));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, 1000, 5, 0, 10, 1));
    CHECK(put_pattern(d, 1000, 5));
    CHECK_OK(add_one(d + 500, 100, 2, 32));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, 1000, 5, 500, 600, 1));
    CHECK_OK(cudaFree(d));

    /* the same on the other device */
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMalloc((void **)&d, N * sizeof *d));
    CHECK(put_pattern(d, N, 9));
    CHECK_OK(add_one(d, N, N / 256, 256));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, N, 9, 0, N, 1));
    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaSetDevice(0));

    /* two pointers, both translated */
    unsigned *src = NULL, *dst = NULL;
    CHECK_OK(cudaMalloc((void **)&src, 5000 * sizeof *src));
    CHECK_OK(cudaMalloc((void **)&dst, 5000 * sizeof *dst));
    CHECK(put_pattern(src, 5000, 2));
    CHECK_OK(copy_plus(dst, src, 5000));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(dst, 5000, 3, 0, 0, 0));     /* pattern(i, 2) + 1 == pattern(i, 3) */
    CHECK(has_pattern(src, 5000, 2, 0, 0, 0));
    CHECK_OK(cudaFree(src));
    CHECK_OK(cudaFree(dst));
    CHECK_OK(cudaGetLastError());
}

/* Each (block, thread) of the launch runs exactly once, with the right
   built-ins. */
static void check_cover(const char *file, int line, dim3 grid, dim3 block)
{
    size_t threads = (size_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
    unsigned *counts = NULL, *bad = NULL, nbad = 1;
    dims want = { { grid.x, grid.y, grid.z }, { block.x, block.y, block.z } };
    void *args[] = { &counts, &bad, &want };
    bool ok = cudaMalloc((void **)&counts, threads * sizeof *counts) == cudaSuccess &&
              cudaMalloc((void **)&bad, sizeof *bad) == cudaSuccess &&
              cudaMemset(counts, 0, threads * sizeof *counts) == cudaSuccess &&
              cudaMemset(bad, 0, sizeof *bad) == cudaSuccess &&
              cudaLaunchKernel(&k_cover, grid, block, args, 0, NULL) == cudaSuccess &&
              cudaDeviceSynchronize() == cudaSuccess &&
              cudaMemcpy(&nbad, bad, sizeof nbad, cudaMemcpyDeviceToHost) == cudaSuccess;
    unsigned *h = ok ? (unsigned *)read_back(counts, threads * sizeof *counts) : NULL;
    size_t wrong = 0;
    for (size_t i = 0; h && i < threads; i++)
        wrong += h[i] != 1;
    if (!test_record_(ok && h && nbad == 0 && wrong == 0, file, line))
        fprintf(stderr, "grid (%u,%u,%u) block (%u,%u,%u): launched %d, %u bad built-ins, "
                "%zu of %zu threads not run exactly once\n", grid.x, grid.y, grid.z,
                block.x, block.y, block.z, ok, nbad, wrong, threads);
    free(h);
    cudaFree(counts);
    cudaFree(bad);
}
#define CHECK_COVER(grid, block) check_cover(__FILE__, __LINE__, grid, block)

static void test_kernel_builtins(void)
{
    CHECK_COVER(d3(1, 1, 1), d3(1, 1, 1));
    CHECK_COVER(d3(3, 4, 5), d3(4, 2, 8));
    CHECK_COVER(d3(2, 1, 1), d3(1024, 1, 1));
    CHECK_COVER(d3(1, 3, 1), d3(1, 1, 64));
    CHECK_COVER(d3(7, 1, 3), d3(2, 512, 1));
    CHECK_COVER(d3(20, 30, 4), d3(8, 8, 4));          /* 614400 threads: the pool */
    CHECK_COVER(d3(1, 65535, 1), d3(1, 1, 1));        /* the largest y and z */
    CHECK_COVER(d3(1, 2, 65535), d3(1, 1, 1));
    CHECK_COVER(d3(100000, 1, 1), d3(3, 1, 1));
    CHECK_OK(cudaSetDevice(1));
    CHECK_COVER(d3(5, 6, 7), d3(3, 5, 7));
    CHECK_OK(cudaSetDevice(0));
    CHECK(device_empty(0) && device_empty(1));
}

static void launch_grid_x_over_limit(void *arg)
{
    (void)arg;
    setenv("DT_SIM_THREADS", "1", 1);        /* should it run, run it here */
    void *noargs[1] = { NULL };
    cudaError_t e = cudaLaunchKernel(&k_exit_now, d3(0x80000000u, 1, 1), d3(1, 1, 1), noargs,
                                     0, NULL);
    _exit(e == cudaErrorInvalidConfiguration ? 0 : 3);
}

/* What nvcc's host code calls: a kernel registered by name alone is known
   (its name, its handle, and the parameters its C++ name says) but has no
   body here, so launching it fails, and <<<>>>'s configuration comes back
   as it was pushed. */
static char nvcc_stub;          /* stands in for a __global__ function's host stub */
static char nvcc_c_stub;        /* an extern "C" kernel's: its name says nothing */

static void test_nvcc_registration(void)
{
    static char device_name[] = "_Z5scalePfif";
    void **module = __cudaRegisterFatBinary(NULL);
    CHECK(module != NULL);
    __cudaRegisterFunction(module, &nvcc_stub, device_name, device_name, -1, NULL, NULL, NULL,
                           NULL, NULL);
    __cudaRegisterFunction(module, &nvcc_stub, device_name, "again", -1, NULL, NULL, NULL,
                           NULL, NULL);
    __cudaRegisterFatBinaryEnd(module);
    const char *name = NULL;
    CHECK_OK(cudaFuncGetName(&name, &nvcc_stub));
    CHECK(name && strcmp(name, "_Z5scalePfif") == 0);       /* the first registration */
    size_t offset, size;
    static const size_t offsets[] = { 0, 8, 12 }, sizes[] = { 8, 4, 4 };
    for (int i = 0; i < 3; i++) {
        CHECK_OK(cudaFuncGetParamInfo(&nvcc_stub, (size_t)i, &offset, &size));
        CHECK(offset == offsets[i] && size == sizes[i]);
        CHECK(cudasim_param_is_pointer(&nvcc_stub, i) == (i == 0));
    }
    CHECK_RC(cudaFuncGetParamInfo(&nvcc_stub, 3, &offset, &size), cudaErrorInvalidValue);
    __cudaRegisterFunction(module, &nvcc_c_stub, (char *)"shift", "shift", -1, NULL, NULL, NULL,
                           NULL, NULL);
    CHECK_RC(cudaFuncGetParamInfo(&nvcc_c_stub, 0, &offset, &size),
             cudaErrorInvalidDeviceFunction);
    CHECK(cudasim_param_is_pointer(&nvcc_c_stub, 0) == -1);

    cudaStream_t s = NULL, popped = NULL;
    dim3 grid, block;
    size_t shared = 0;
    CHECK_OK(cudaStreamCreate(&s));
    CHECK(__cudaPushCallConfiguration(d3(4, 2, 1), d3(32, 1, 1), 64, s) == 0);
    CHECK_OK(__cudaPopCallConfiguration(&grid, &block, &shared, &popped));
    CHECK(grid.x == 4 && grid.y == 2 && block.x == 32 && shared == 64 && popped == s);

    const void *kernel = NULL;
    CHECK_OK(__cudaGetKernel(&kernel, &nvcc_stub));
    CHECK(kernel == &nvcc_stub);
    cudaGetLastError();
    CHECK_RC(__cudaLaunchKernel(kernel, grid, block, NULL, 0, s),
             cudaErrorNoKernelImageForDevice);
    CHECK_RC(cudaGetLastError(), cudaErrorNoKernelImageForDevice);
    CHECK_OK(cudaDeviceSynchronize());                      /* the device is fine */
    char unknown;
    CHECK_RC(__cudaGetKernel(&kernel, &unknown), cudaErrorInvalidDeviceFunction);
    cudaGetLastError();

    /* a host-built kernel launches through the same entry */
    unsigned *du = NULL, u[64] = { 0 };
    size_t n = 64;
    void *args[] = { &du, &n };
    CHECK_OK(cudaMalloc((void **)&du, sizeof u));
    CHECK_OK(cudaMemcpy(du, u, sizeof u, cudaMemcpyHostToDevice));
    CHECK_OK(__cudaLaunchKernel(&k_add_one, d3(2, 1, 1), d3(32, 1, 1), args, 0, NULL));
    CHECK_OK(cudaMemcpy(u, du, sizeof u, cudaMemcpyDeviceToHost));
    CHECK(u[0] == 1 && u[63] == 1);
    CHECK_OK(cudaFree(du));
    CHECK_OK(cudaStreamDestroy(s));
    __cudaUnregisterFatBinary(module);
}

/* The parameters read from kernels' C++ names, as nvcc registers them:
   count (-1: not said), then which are pointers, a bit each. */
static const struct { const char *name; int count; unsigned pointers; size_t last_size; } mangled[] = {
    { "_Z9vectorAddPKfS0_Pfi", 4, 0x7, 4 },             /* S0_: the const float * again */
    { "_ZN2ns3addEPKfS1_Pfi", 4, 0x7, 4 },              /* S_ is the namespace */
    { "_Z4fillIfEvPT_S0_i", 3, 0x1, 4 },                /* a template: T_ is float */
    { "_Z3redIfLi256EEvPKT_PS0_m", 3, 0x3, 8 },         /* a value among its args */
    { "_Z3vecP6float4PKS_dcsx", 6, 0x3, 8 },            /* pointers to a class */
    { "_Z2ppPPfPKPKi", 2, 0x3, 8 },
    { "_Z4nonev", 0, 0, 0 },
    { "_Z5byval1PPf", -1, 0, 0 },                       /* a class by value: its size? */
    { "_Z1fRi", -1, 0, 0 },                             /* a reference */
    { "_Z1fPS5_", -1, 0, 0 },                           /* no such substitution */
    { "_Z1fIiEvT0_", -1, 0, 0 },                        /* no such template arg */
    { "_Z999f", -1, 0, 0 },                             /* cut short */
    { "_Z3redIfLi256", -1, 0, 0 },
    { "kernel", -1, 0, 0 },
};

static void test_nvcc_mangled_params(void)
{
    static char stubs[sizeof mangled / sizeof *mangled];
    void **module = __cudaRegisterFatBinary(NULL);
    for (size_t k = 0; k < sizeof mangled / sizeof *mangled; k++) {
        __cudaRegisterFunction(module, &stubs[k], (char *)mangled[k].name, mangled[k].name, -1,
                               NULL, NULL, NULL, NULL, NULL);
        size_t offset, size = 0;
        int i = 0;
        while (cudaFuncGetParamInfo(&stubs[k], (size_t)i, &offset, &size) == cudaSuccess) {
            CHECK(cudasim_param_is_pointer(&stubs[k], i) == (int)(mangled[k].pointers >> i & 1));
            i++;
        }
        cudaError_t e = cudaGetLastError();
        CHECK(mangled[k].count < 0 ? i == 0 && e == cudaErrorInvalidDeviceFunction
                                   : i == mangled[k].count &&
                                         (e == cudaErrorInvalidValue ||
                                          (i == 0 && e == cudaErrorInvalidDeviceFunction)));
        CHECK(i == 0 || size == mangled[k].last_size);
    }
    __cudaRegisterFatBinaryEnd(module);
}

/* What the device says it is: one name, cudaMemGetInfo's memory, a
   multiprocessor per kernel thread, and the limits a launch is held to;
   each attribute as its property says. */
static void test_device_properties(void)
{
    struct cudaDeviceProp p, q;
    size_t free_bytes = 0, total = 0;
    CHECK_OK(cudaGetDeviceProperties(&p, 0));
    CHECK_STR_EQ(p.name, "devtensor emulated device");
    CHECK_OK(cudaMemGetInfo(&free_bytes, &total));
    CHECK(p.totalGlobalMem == total);
    CHECK(total == (size_t)env_int("DT_SIM_MEMORY_MB", 4096) << 20);
    CHECK(p.multiProcessorCount == env_int("DT_SIM_THREADS", 0));
    CHECK(p.major == 9 && p.minor == 0 && p.warpSize == 32);
    CHECK(p.managedMemory == 1 && p.unifiedAddressing == 1 && p.pageableMemoryAccess == 0);
    CHECK(p.memoryPoolsSupported == 1 && p.asyncEngineCount == 0);
    CHECK(p.sharedMemPerBlock == 48 << 10 && p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock);
    CHECK_OK(cudaGetDeviceProperties(&q, 1));
    CHECK_STR_EQ(q.name, p.name);
    CHECK(memcmp(&q.uuid, &p.uuid, sizeof p.uuid) != 0);      /* two devices, not one */

    static const struct { enum cudaDeviceAttr attr; size_t offset; } same[] = {
        { cudaDevAttrMaxThreadsPerBlock, offsetof(struct cudaDeviceProp, maxThreadsPerBlock) },
        { cudaDevAttrMaxBlockDimX, offsetof(struct cudaDeviceProp, maxThreadsDim[0]) },
        { cudaDevAttrMaxBlockDimZ, offsetof(struct cudaDeviceProp, maxThreadsDim[2]) },
        { cudaDevAttrMaxGridDimX, offsetof(struct cudaDeviceProp, maxGridSize[0]) },
        { cudaDevAttrMaxGridDimY, offsetof(struct cudaDeviceProp, maxGridSize[1]) },
        { cudaDevAttrWarpSize, offsetof(struct cudaDeviceProp, warpSize) },
        { cudaDevAttrMultiProcessorCount, offsetof(struct cudaDeviceProp, multiProcessorCount) },
        { cudaDevAttrComputeCapabilityMajor, offsetof(struct cudaDeviceProp, major) },
        { cudaDevAttrL2CacheSize, offsetof(struct cudaDeviceProp, l2CacheSize) },
        { cudaDevAttrMaxThreadsPerMultiProcessor,
          offsetof(struct cudaDeviceProp, maxThreadsPerMultiProcessor) },
        { cudaDevAttrManagedMemory, offsetof(struct cudaDeviceProp, managedMemory) },
        { cudaDevAttrMemoryPoolsSupported, offsetof(struct cudaDeviceProp, memoryPoolsSupported) },
    };
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        int v = -1, field;
        memcpy(&field, (char *)&p + same[i].offset, sizeof field);
        CHECK_OK(cudaDeviceGetAttribute(&v, same[i].attr, 1));
        CHECK(v == field);
    }

    /* the limits, as a launch meets them: at each one it runs, past it not */
    long runs = atomic_load(&probe_runs);
    CHECK_OK(probe(NULL, d3(1, 1, 1), d3((unsigned)p.maxThreadsPerBlock, 1, 1)));
    CHECK_OK(probe(NULL, d3(1, 1, 1), d3(1, 1, (unsigned)p.maxThreadsDim[2])));
    CHECK_OK(probe(NULL, d3(1, (unsigned)p.maxGridSize[1], 1), d3(1, 1, 1)));
    CHECK(atomic_load(&probe_runs) - runs == p.maxThreadsPerBlock + p.maxThreadsDim[2] +
                                             p.maxGridSize[1]);
    CHECK_RC(probe(NULL, d3(1, 1, 1), d3((unsigned)p.maxThreadsPerBlock + 1, 1, 1)),
             cudaErrorInvalidConfiguration);
    CHECK_RC(probe(NULL, d3(1, 1, 1), d3(1, 1, (unsigned)p.maxThreadsDim[2] + 1)),
             cudaErrorInvalidConfiguration);
    CHECK_RC(probe(NULL, d3(1, (unsigned)p.maxGridSize[1] + 1, 1), d3(1, 1, 1)),
             cudaErrorInvalidConfiguration);
    cudaGetLastError();

    int v = -1;
    CHECK_RC(cudaGetDeviceProperties(&p, 2), cudaErrorInvalidDevice);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidDevice);
    CHECK_RC(cudaGetDeviceProperties(&p, -1), cudaErrorInvalidDevice);
    CHECK_RC(cudaGetDeviceProperties(NULL, 0), cudaErrorInvalidValue);
    CHECK_RC(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 2), cudaErrorInvalidDevice);
    CHECK_RC(cudaDeviceGetAttribute(NULL, cudaDevAttrWarpSize, 0), cudaErrorInvalidValue);
    CHECK_RC(cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)14, 0), cudaErrorInvalidValue);
    CHECK_RC(cudaDeviceGetAttribute(&v, (enum cudaDeviceAttr)-1, 0), cudaErrorInvalidValue);
    CHECK(v == -1);                                 /* a failed query writes nothing */
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidValue);
}

/* cudaGetDeviceProperties_v2, which CUDA 12's headers call, fills CUDA 12's
   layout: 1032 bytes, its fields where that header has them, and not a
   byte past its end. */
cudaError_t cudaGetDeviceProperties_v2(struct cudaDeviceProp *prop, int device);
static int int_at(const unsigned char *bytes, size_t offset)
{
    int v;
    memcpy(&v, bytes + offset, sizeof v);
    return v;
}

static void test_device_properties_cuda12(void)
{
    static const struct { size_t offset; enum cudaDeviceAttr attr; } at[] = {
        { 308, cudaDevAttrWarpSize }, { 320, cudaDevAttrMaxThreadsPerBlock },
        { 348, cudaDevAttrClockRate }, { 360, cudaDevAttrComputeCapabilityMajor },
        { 364, cudaDevAttrComputeCapabilityMinor }, { 388, cudaDevAttrMultiProcessorCount },
        { 608, cudaDevAttrMemoryClockRate }, { 624, cudaDevAttrMaxThreadsPerMultiProcessor },
    };
    unsigned char bytes[1100];
    size_t total, free_bytes;
    memset(bytes, 0x5a, sizeof bytes);
    CHECK_OK(cudaGetDeviceProperties_v2((struct cudaDeviceProp *)bytes, 1));
    CHECK_STR_EQ((const char *)bytes, "devtensor emulated device");
    CHECK_OK(cudaMemGetInfo(&free_bytes, &total));
    memcpy(&free_bytes, bytes + 288, sizeof free_bytes);
    CHECK(free_bytes == total);
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        int v = -1;
        CHECK_OK(cudaDeviceGetAttribute(&v, at[i].attr, 1));
        CHECK(int_at(bytes, at[i].offset) == v);
    }
    CHECK(bytes[1031] == 0 && bytes[1032] == 0x5a && bytes[sizeof bytes - 1] == 0x5a);
    CHECK_RC(cudaGetDeviceProperties_v2((struct cudaDeviceProp *)bytes, 2), cudaErrorInvalidDevice);
    CHECK_RC(cudaGetDeviceProperties_v2(NULL, 0), cudaErrorInvalidValue);
    cudaGetLastError();
}

static void test_launch_errors(void)
{
    unsigned *d = NULL;
    size_t n = 64;
    void *args[] = { &d, &n };
    CHECK_OK(cudaMalloc((void **)&d, n * sizeof *d));
    CHECK(put_pattern(d, n, 0));
    cudaGetLastError();

    CHECK_RC(cudaLaunchKernel(&k_never_registered, d3(1, 1, 1), d3(32, 1, 1), args, 0, NULL),
             cudaErrorInvalidDeviceFunction);
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
    CHECK_RC(cudaLaunchKernel(NULL, d3(1, 1, 1), d3(32, 1, 1), args, 0, NULL),
             cudaErrorInvalidDeviceFunction);
    CHECK_RC(cudaLaunchKernel((const void *)&n, d3(1, 1, 1), d3(32, 1, 1), args, 0, NULL),
             cudaErrorInvalidDeviceFunction);

    static const struct { dim3 grid, block; } bad[] = {
        { { 1, 1, 1 }, { 0, 1, 1 } },       { { 1, 1, 1 }, { 1, 0, 1 } },
        { { 1, 1, 1 }, { 1, 1, 0 } },       { { 1, 1, 1 }, { 1025, 1, 1 } },
        { { 1, 1, 1 }, { 32, 33, 1 } },     { { 1, 1, 1 }, { 1, 1, 65 } },
        { { 1, 1, 1 }, { 1, 2048, 1 } },    { { 1, 1, 1 }, { 4096, 4096, 1 } },
        { { 0, 1, 1 }, { 32, 1, 1 } },      { { 1, 0, 1 }, { 32, 1, 1 } },
        { { 1, 1, 0 }, { 32, 1, 1 } },      { { 1, 65536, 1 }, { 1, 1, 1 } },
        { { 1, 1, 65536 }, { 1, 1, 1 } },
    };
    long runs = atomic_load(&probe_runs);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_RC(probe(NULL, bad[i].grid, bad[i].block), cudaErrorInvalidConfiguration);
        CHECK_RC(cudaLaunchKernel(&k_add_one, bad[i].grid, bad[i].block, args, 0, NULL),
                 cudaErrorInvalidConfiguration);
    }
    CHECK_RC(cudaGetLastError(), cudaErrorInvalidConfiguration);
    CHECK(atomic_load(&probe_runs) == runs);           /* none of them ran */

    /* gridDim.x is at most 2^31 - 1 (run in a child: should it launch, the
       kernel ends the child) */
    int status = in_child(launch_grid_x_over_limit, NULL, 60, false);
    if (!CHECK(exited_0(status)))
        fprintf(stderr, "    gridDim.x 2^31: child %s %d (42: the kernel ran)\n",
                WIFSIGNALED(status) ? "killed by signal" : "exited",
                WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));

    /* a kernel with parameters and no args */
    CHECK_RC(cudaLaunchKernel(&k_add_one, d3(1, 1, 1), d3(32, 1, 1), NULL, 0, NULL),
             cudaErrorInvalidValue);

    /* none of these is sticky: the device goes on */
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(add_one(d, n, 1, 32));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, n, 0, 0, n, 1));
    CHECK_OK(cudaFree(d));
    cudaGetLastError();
}

/* A host pointer argument: the launch says nothing, the kernel does not run,
   the device is unusable until reset, and the other device is untouched. */
static void test_kernel_host_pointer_faults(void)
{
    enum { N = 4096 };
    unsigned *d0 = NULL, *d1 = NULL, *pinned = NULL, *host = malloc(N * sizeof *host);
    for (size_t i = 0; i < N; i++)
        host[i] = 1000 + (unsigned)i;
    CHECK_OK(cudaMallocHost((void **)&pinned, N * sizeof *pinned));
    memset(pinned, 0, N * sizeof *pinned);
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMalloc((void **)&d1, N * sizeof *d1));
    CHECK(put_pattern(d1, N, 4));
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaMalloc((void **)&d0, N * sizeof *d0));
    CHECK(put_pattern(d0, N, 4));
    cudaGetLastError();

    long runs = atomic_load(&copy_plus_runs);
    CHECK_OK(copy_plus(pinned, host, N));              /* reported later, not here */
    CHECK_OK(cudaGetLastError());
    CHECK(atomic_load(&copy_plus_runs) == runs);       /* it did not run */
    CHECK(all_bytes(pinned, N * sizeof *pinned, 0));

    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    CHECK_RC(cudaGetLastError(), cudaErrorIllegalAddress);
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);   /* sticky */
    void *p = NULL;
    unsigned h[4] = { 0 };
    cudaStream_t s = NULL;
    size_t f = 0, t = 0;
    CHECK_RC(cudaMalloc(&p, 64), cudaErrorIllegalAddress);
    CHECK_RC(cudaMemcpy(d0, host, 16, cudaMemcpyHostToDevice), cudaErrorIllegalAddress);
    CHECK_RC(cudaMemcpy(h, d0, 16, cudaMemcpyDeviceToHost), cudaErrorIllegalAddress);
    CHECK_RC(cudaMemset(d0, 0, 16), cudaErrorIllegalAddress);
    CHECK_RC(add_one(d0, N, 4, 256), cudaErrorIllegalAddress);
    CHECK_RC(probe(NULL, d3(1, 1, 1), d3(1, 1, 1)), cudaErrorIllegalAddress);
    CHECK_RC(cudaMemGetInfo(&f, &t), cudaErrorIllegalAddress);
    CHECK_RC(cudaStreamCreate(&s), cudaErrorIllegalAddress);
    CHECK_RC(cudaFree(d0), cudaErrorIllegalAddress);
    CHECK_RC(cudaStreamSynchronize(NULL), cudaErrorIllegalAddress);
    CHECK(h[0] == 0);

    /* the other device works on */
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(add_one(d1, N, 4, 256));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d1, N, 4, 0, N, 1));
    CHECK_OK(cudaMalloc(&p, 64));
    CHECK_OK(cudaFree(p));
    /* but memory of the faulted device is out of reach from here too */
    CHECK_RC(cudaMemcpy(h, d0, 16, cudaMemcpyDeviceToHost), cudaErrorIllegalAddress);
    CHECK_OK(cudaSetDevice(0));
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);

    /* a reset clears it, and frees what the device held */
    CHECK_OK(cudaDeviceReset());
    CHECK_OK(cudaDeviceSynchronize());
    cudaGetLastError();
    CHECK(device_empty(0));
    CHECK_RC(cudaFree(d0), cudaErrorInvalidValue);
    CHECK_OK(cudaMalloc((void **)&d0, N * sizeof *d0));
    CHECK(put_pattern(d0, N, 6));
    CHECK_OK(add_one(d0, N, 4, 256));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d0, N, 6, 0, N, 1));

    /* a stack pointer in the one-pointer kernel: the same */
    unsigned local = 0;
    runs = atomic_load(&probe_runs);
    CHECK_OK(probe(&local, d3(1, 1, 1), d3(1, 1, 1)));
    CHECK(atomic_load(&probe_runs) == runs && local == 0);
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    CHECK_RC(cudaMalloc(&p, 64), cudaErrorIllegalAddress);
    reset_device(0);

    /* the other device kept its memory through both resets */
    CHECK_OK(cudaSetDevice(1));
    CHECK(has_pattern(d1, N, 4, 0, N, 1));
    CHECK_OK(cudaFree(d1));
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaFreeHost(pinned));
    CHECK(device_empty(0) && device_empty(1));
    free(host);
}

/* The fault is said on stderr unless DT_SIM_QUIET=1. */
static void test_kernel_fault_message(void)
{
    char *quiet = getenv("DT_SIM_QUIET") ? strdup(getenv("DT_SIM_QUIET")) : NULL;
    char said[2][1024] = { { 0 } };
    unsigned local = 0;
    for (int q = 0; q < 2; q++) {
        setenv("DT_SIM_QUIET", q ? "1" : "0", 1);
        FILE *f = tmpfile();
        if (!CHECK(f != NULL))
            break;
        fflush(stderr);
        int saved = dup(2);
        dup2(fileno(f), 2);
        cudaError_t e = probe(&local, d3(1, 1, 1), d3(1, 1, 1));
        fflush(stderr);
        dup2(saved, 2);
        close(saved);
        rewind(f);
        size_t got = fread(said[q], 1, sizeof said[q] - 1, f);
        said[q][got] = 0;
        fclose(f);
        CHECK_OK(e);
        CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
        reset_device(0);
    }
    CHECK_STR_CONTAINS(said[0], "illegal");
    CHECK_STR_CONTAINS(said[0], "probe");
    CHECK_STR_CONTAINS(said[0], "cuda:0");
    CHECK(said[1][0] == 0);
    if (quiet)
        setenv("DT_SIM_QUIET", quiet, 1);
    else
        unsetenv("DT_SIM_QUIET");
    free(quiet);
}

/* Memory of cuda:1 in a kernel on cuda:0: a fault, unless cuda:0 has peer
   access to cuda:1. */
static void test_kernel_peer_pointer(void)
{
    enum { N = 20000 };
    unsigned *d1 = NULL;
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaMalloc((void **)&d1, N * sizeof *d1));
    CHECK(put_pattern(d1, N, 8));

    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(add_one(d1, N, 16, 128));
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    reset_device(0);
    CHECK_OK(cudaSetDevice(1));
    CHECK(has_pattern(d1, N, 8, 0, 0, 0));             /* untouched */

    /* access the wrong way round does not help */
    CHECK_OK(cudaDeviceEnablePeerAccess(0, 0));
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(add_one(d1, N, 16, 128));
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    reset_device(0);
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaDeviceDisablePeerAccess(0));

    /* with access, it works, from the host copy's view too */
    CHECK_OK(cudaSetDevice(0));
    CHECK_OK(cudaDeviceEnablePeerAccess(1, 0));
    CHECK_OK(add_one(d1, N, 16, 128));
    CHECK_OK(add_one(d1 + 100, 10, 1, 32));
    CHECK_OK(cudaDeviceSynchronize());
    unsigned *h = (unsigned *)read_back(d1, N * sizeof *h);
    bool ok = h != NULL;
    for (size_t i = 0; ok && i < N; i++)
        ok = h[i] == pattern(i, 8) + 1 + (i >= 100 && i < 110);
    CHECK(ok);
    free(h);

    /* a reset forgets the access */
    CHECK_OK(cudaDeviceReset());
    CHECK_OK(add_one(d1, N, 16, 128));
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    reset_device(0);
    CHECK_RC(cudaDeviceDisablePeerAccess(1), cudaErrorPeerAccessNotEnabled);
    cudaGetLastError();

    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(cudaFree(d1));
    CHECK_OK(cudaSetDevice(0));
    CHECK(device_empty(0) && device_empty(1));
}

static void test_kernel_pinned_and_null(void)
{
    enum { N = 50000 };
    unsigned *p = NULL, *q = NULL;
    CHECK_OK(cudaMallocHost((void **)&p, N * sizeof *p));
    CHECK_OK(cudaHostAlloc((void **)&q, N * sizeof *q, cudaHostAllocMapped));
    for (size_t i = 0; i < N; i++)
        p[i] = (unsigned)i;

    /* pinned memory is mapped: kernels on either device reach it */
    CHECK_OK(add_one(p, N, 64, 256));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(cudaSetDevice(1));
    CHECK_OK(add_one(p + 1000, 10, 1, 32));           /* interior, another device */
    CHECK_OK(copy_plus(q, p, N));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK_OK(cudaSetDevice(0));
    bool ok = true;
    for (size_t i = 0; ok && i < N; i++)
        ok = p[i] == i + 1 + (i >= 1000 && i < 1010) && q[i] == p[i] + 1;
    CHECK(ok);

    /* pinned to device through a kernel */
    unsigned *d = NULL;
    CHECK_OK(cudaMalloc((void **)&d, N * sizeof *d));
    CHECK_OK(copy_plus(d, q, N));
    CHECK_OK(cudaDeviceSynchronize());
    unsigned *h = (unsigned *)read_back(d, N * sizeof *h);
    ok = h != NULL;
    for (size_t i = 0; ok && i < N; i++)
        ok = h[i] == q[i] + 1;
    CHECK(ok);
    free(h);

    /* NULL passes through as NULL, and is no fault */
    long runs = atomic_load(&probe_runs), nulls = atomic_load(&probe_nulls);
    CHECK_OK(probe(NULL, d3(2, 3, 1), d3(4, 1, 2)));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(atomic_load(&probe_runs) - runs == 48);
    CHECK(atomic_load(&probe_nulls) - nulls == 48);

    /* and a pinned pointer in the one-pointer kernel is written */
    p[0] = 0;
    CHECK_OK(probe(p, d3(1, 1, 1), d3(1, 1, 1)));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(p[0] == 7);

    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaFreeHost(p));
    CHECK_OK(cudaFreeHost(q));

    /* freed pinned memory is host memory again: a fault */
    CHECK_OK(probe(p, d3(1, 1, 1), d3(1, 1, 1)));
    CHECK_RC(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    reset_device(0);
}

/* ---- threads ------------------------------------------------------------ */

typedef struct {
    int index, device;
    int failures;
    char where[128];
} worker;

#define WORKER_CHECK(w, cond)                                                  \
    do {                                                                       \
        if (!(cond) && (w)->failures++ == 0)                                   \
            snprintf((w)->where, sizeof (w)->where, "line %d: %s", __LINE__, #cond); \
    } while (0)

static void *worker_main(void *arg)
{
    worker *w = arg;
    uint64_t rng = 0x1234567u + (uint64_t)w->index * 7919u;
    WORKER_CHECK(w, cudaSetDevice(w->device) == cudaSuccess);

    /* a block of its own held throughout: nobody else's may land on it */
    enum { KEEP = 3000 };
    unsigned *keep = NULL;
    WORKER_CHECK(w, cudaMalloc((void **)&keep, KEEP * sizeof *keep) == cudaSuccess);
    WORKER_CHECK(w, put_pattern(keep, KEEP, 100u + (unsigned)w->index));

    for (int it = 0; it < 24; it++) {
        size_t n = it % 6 == 5 ? (1u << 17) + (size_t)it : 1 + rng_next(&rng) % 5000;
        unsigned salt = (unsigned)(w->index * 1000 + it), *d = NULL;
        struct cudaPointerAttributes at;
        WORKER_CHECK(w, cudaMalloc((void **)&d, n * sizeof *d) == cudaSuccess);
        WORKER_CHECK(w, put_pattern(d, n, salt));
        unsigned grid = (unsigned)((n + 255) / 256);
        WORKER_CHECK(w, add_one(d, n, grid, 256) == cudaSuccess);
        WORKER_CHECK(w, add_one(d, n, 3, 32) == cudaSuccess);
        WORKER_CHECK(w, cudaDeviceSynchronize() == cudaSuccess);
        WORKER_CHECK(w, has_pattern(d, n, salt, 0, n, 2));
        WORKER_CHECK(w, cudaPointerGetAttributes(&at, d) == cudaSuccess &&
                            at.type == cudaMemoryTypeDevice && at.device == w->device);
        WORKER_CHECK(w, cudaFree(d) == cudaSuccess);
        if (it == 10) {
            int x = 0;
            WORKER_CHECK(w, cudaFree(&x) == cudaErrorInvalidValue);
            WORKER_CHECK(w, cudaGetLastError() == cudaErrorInvalidValue);
        }
    }
    WORKER_CHECK(w, has_pattern(keep, KEEP, 100u + (unsigned)w->index, 0, 0, 0));
    WORKER_CHECK(w, cudaFree(keep) == cudaSuccess);
    int d = -1;
    WORKER_CHECK(w, cudaGetDevice(&d) == cudaSuccess && d == w->device);
    WORKER_CHECK(w, cudaGetLastError() == cudaSuccess);
    return NULL;
}

static void test_threads(void)
{
    enum { T = 8 };
    worker w[T];
    pthread_t t[T];
    int n = ndevices();
    for (int i = 0; i < T; i++) {
        w[i] = (worker){ .index = i, .device = i % n };
        CHECK(pthread_create(&t[i], NULL, worker_main, &w[i]) == 0);
    }
    for (int i = 0; i < T; i++) {
        pthread_join(t[i], NULL);
        if (!CHECK(w[i].failures == 0))
            fprintf(stderr, "    thread %d: %d failures, first at %s\n", i, w[i].failures,
                    w[i].where);
    }
    CHECK(device_empty(0) && device_empty(1));
    CHECK_OK(cudaGetLastError());
}

/* ---- the environment ---------------------------------------------------- */

/* Run as "test_sim --env DEVICES MB": the devices the environment asked for
   (DEVICES 0: none, and every call says so). */
static int env_child(int devices, int mb)
{
    int n = -1, d = -1;
    void *p = NULL;
    size_t f = 0, t = 0;
    test_current_ = "env_child";
    if (devices == 0) {
        CHECK_RC(cudaGetDeviceCount(&n), cudaErrorNoDevice);
        CHECK(n == 0);
        CHECK_RC(cudaSetDevice(0), cudaErrorNoDevice);
        CHECK_RC(cudaGetDevice(&d), cudaErrorNoDevice);
        CHECK_RC(cudaMalloc(&p, 64), cudaErrorNoDevice);
        CHECK_RC(cudaMallocHost(&p, 64), cudaErrorNoDevice);
        CHECK_RC(cudaMemGetInfo(&f, &t), cudaErrorNoDevice);
        CHECK_RC(cudaDeviceSynchronize(), cudaErrorNoDevice);
        CHECK_RC(probe(NULL, d3(1, 1, 1), d3(1, 1, 1)), cudaErrorNoDevice);
        CHECK(atomic_load(&probe_runs) == 0);
        CHECK_RC(cudaGetLastError(), cudaErrorNoDevice);
        return TEST_REPORT();
    }
    CHECK_OK(cudaGetDeviceCount(&n));
    CHECK(n == devices);
    CHECK_RC(cudaSetDevice(devices), cudaErrorInvalidDevice);
    CHECK_OK(cudaSetDevice(devices - 1));
    CHECK_OK(cudaMemGetInfo(&f, &t));
    CHECK(t == (size_t)mb << 20 && f == t);
    CHECK_RC(cudaMalloc(&p, t + 1), cudaErrorMemoryAllocation);
    CHECK_OK(cudaMalloc(&p, t));
    struct cudaPointerAttributes a;
    CHECK_OK(cudaPointerGetAttributes(&a, p));
    CHECK(a.type == cudaMemoryTypeDevice && a.device == devices - 1);
    CHECK_OK(cudaFree(p));
    return TEST_REPORT();
}

/* Runs this program as env_child under DT_SIM_DEVICES=devices_env and
   DT_SIM_MEMORY_MB=mb; its wait status, and its stderr in said. */
static int run_env_child(const char *devices_env, int devices, int mb, char *said, size_t n)
{
    char dev_arg[16], mb_arg[16], mb_env[16];
    snprintf(dev_arg, sizeof dev_arg, "%d", devices);
    snprintf(mb_arg, sizeof mb_arg, "%d", mb);
    snprintf(mb_env, sizeof mb_env, "%d", mb);
    FILE *err = tmpfile();
    if (!err)
        return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("DT_SIM_DEVICES", devices_env, 1);
        setenv("DT_SIM_MEMORY_MB", mb_env, 1);
        dup2(fileno(err), 1);
        dup2(fileno(err), 2);
        alarm(60);
        execl("/proc/self/exe", "test_sim", "--env", dev_arg, mb_arg, (char *)NULL);
        _exit(127);
    }
    int status = -1;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        status = -1;
    rewind(err);
    size_t got = fread(said, 1, n - 1, err);
    said[got] = 0;
    fclose(err);
    return status;
}

static void test_environment(void)
{
    static const struct { const char *env; int devices, mb; bool complains; } cases[] = {
        { "0", 0, 64, false },
        { "1", 1, 16, false },
        { "3", 3, 64, false },
        { "16", 16, 1, false },
        { "two", 2, 8, true },          /* malformed: the default, said on stderr */
        { "17", 2, 8, true },           /* out of range: likewise */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char said[4096];
        int status = run_env_child(cases[i].env, cases[i].devices, cases[i].mb, said,
                                   sizeof said);
        if (!CHECK(exited_0(status)))
            fprintf(stderr, "    DT_SIM_DEVICES=%s DT_SIM_MEMORY_MB=%d: status %d, said:\n%s\n",
                    cases[i].env, cases[i].mb, status, said);
        if (cases[i].complains)
            CHECK_STR_CONTAINS(said, "DT_SIM_DEVICES");
        else
            CHECK(strstr(said, "cudasim") == NULL);
    }
}

/* ---- fork --------------------------------------------------------------- */

/* add_one over all of d, launched from depth frames of 4 KiB further down the
   stack than the caller. */
static cudaError_t add_one_deep(unsigned *d, size_t n, int depth)
{
    volatile char frame[4096];
    frame[0] = (char)depth;
    cudaError_t e = depth > 0 ? add_one_deep(d, n, depth - 1) : add_one(d, n, n / 256, 256);
    frame[1] = frame[0];                     /* no tail call: the frame stays */
    return e;
}

/* Leaves 128 KiB of the stack below the caller holding words that fall
   with the address: no pool job of the parent's is left intact down there. */
static uint64_t scribble_stack(void)
{
    enum { WORDS = 16384 };
    volatile uint64_t words[WORDS];
    for (size_t i = 0; i < WORDS; i++)
        words[i] = 0xDEAD000000000000u - i;
    return words[WORDS / 2];
}

typedef struct { int rounds; bool small_first; } child_work;

/* The child uses the device: big launches (the pool anew) and copies.  With
   small_first, a launch small enough to run on the caller starts the pool
   first, and its threads have a moment to find nothing to do. */
static void use_device_in_child(void *arg)
{
    enum { N = 1 << 20 };
    const child_work *w = arg;
    unsigned *d = NULL;
    if (cudaMalloc((void **)&d, N * sizeof *d) != cudaSuccess || !put_pattern(d, N, 11))
        _exit(2);
    if (w->small_first) {
        (void)scribble_stack();
        if (add_one(d, 0, 1, 1) != cudaSuccess)
            _exit(3);
        usleep(200 * 1000);
    }
    for (int r = 0; r < w->rounds; r++)
        if (add_one(d, N, N / 256, 256) != cudaSuccess)
            _exit(3);
    if (cudaDeviceSynchronize() != cudaSuccess)
        _exit(4);
    if (!has_pattern(d, N, 11, 0, N, (unsigned)w->rounds))
        _exit(5);
    if (cudaFree(d) != cudaSuccess)
        _exit(6);
    _exit(0);
}

static void test_fork(void)
{
    enum { N = 1 << 20 };
    unsigned *d = NULL;
    CHECK_OK(cudaMalloc((void **)&d, N * sizeof *d));
    CHECK(put_pattern(d, N, 12));
    CHECK_OK(add_one(d, N, N / 256, 256));              /* the pool is running */
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, N, 12, 0, N, 1));

    for (int i = 0; i < 4; i++) {
        /* the parent's last pool job was a local deep down this stack */
        CHECK_OK(add_one_deep(d, N, 8));
        child_work w = { 1 + 2 * i, i % 2 == 1 };
        int status = in_child(use_device_in_child, &w, 60, false);
        if (!CHECK(exited_0(status)))
            fprintf(stderr, "    fork %d: child %s %d\n", i,
                    WIFSIGNALED(status) ? "killed by signal" : "exited",
                    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
    CHECK_OK(add_one(d, N, N / 256, 256));              /* and the parent goes on */
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(has_pattern(d, N, 12, 0, N, 6));
    CHECK_OK(cudaFree(d));
    CHECK(device_empty(0));
}

int main(int argc, char **argv)
{
    register_kernels();
    if (argc == 4 && strcmp(argv[1], "--env") == 0)
        return env_child(atoi(argv[2]), atoi(argv[3]));
    RUN(test_devices);
    RUN(test_error_strings);
    RUN(test_last_error);
    RUN(test_malloc_free);
    RUN(test_mem_info);
    RUN(test_out_of_memory);
    RUN(test_host_dereference_faults);
    RUN(test_copy_round_trip);
    RUN(test_copy_kind_errors);
    RUN(test_copy_bounds);
    RUN(test_memset);
    RUN(test_memset_async);
    RUN(test_managed);
    RUN(test_streams);
    RUN(test_stream_of_another_device);
    RUN(test_events);
    RUN(test_host_register);
    RUN(test_launch_questions);
    RUN(test_symbols);
    RUN(test_pointer_attributes);
    RUN(test_two_devices);
    RUN(test_peer_access);
    RUN(test_pinned);
    RUN(test_kernel_add_one);
    RUN(test_kernel_builtins);
    RUN(test_launch_errors);
    RUN(test_device_properties);
    RUN(test_device_properties_cuda12);
    RUN(test_nvcc_registration);
    RUN(test_nvcc_mangled_params);
    RUN(test_kernel_host_pointer_faults);
    RUN(test_kernel_fault_message);
    RUN(test_kernel_peer_pointer);
    RUN(test_kernel_pinned_and_null);
    RUN(test_threads);
    RUN(test_fork);
    RUN(test_environment);
    return TEST_REPORT();
}
