/*
 * devtensor's cuda device, end to end on the emulated one: how the device is
 * chosen (DT_DEVICE, DT_SIM_DEVICES) and what is said when there is none;
 * pinned memory; modules across two devices; the current device moved by
 * the program's own CUDA code, and threads on two devices; device pointers; a poisoned
 * device; running out of device memory.  The choice is made once per
 * process, so each environment is tried in a forked child that sets it
 * before its first question.
 *
 * The CUDA calls go to whichever CUDA runtime the backend loaded (looked up
 * by name, not linked), so that this program never offers CUDA's names of
 * its own to a backend on a real GPU.
 */
#include "dt_check.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static struct {
    cudaError_t (*attributes)(struct cudaPointerAttributes *, const void *);
    cudaError_t (*set_device)(int);
    cudaError_t (*malloc)(void **, size_t);
    cudaError_t (*launch)(const void *, dim3, dim3, void **, size_t, cudaStream_t);
    const void *relu_f32;
} cuda;

/* The CUDA runtime under the loaded backend; false if there is none. */
static bool find_cuda(void)
{
    if (!dt_cuda_is_available())
        return false;
    *(void **)&cuda.attributes = dlsym(RTLD_DEFAULT, "cudaPointerGetAttributes");
    *(void **)&cuda.set_device = dlsym(RTLD_DEFAULT, "cudaSetDevice");
    *(void **)&cuda.malloc = dlsym(RTLD_DEFAULT, "cudaMalloc");
    *(void **)&cuda.launch = dlsym(RTLD_DEFAULT, "cudaLaunchKernel");
    cuda.relu_f32 = dlsym(RTLD_DEFAULT, "dtk_relu_f32");
    return cuda.attributes && cuda.set_device && cuda.malloc && cuda.launch && cuda.relu_f32;
}

/* Runs fn in a child whose environment has DT_DEVICE=mode (NULL: unset) and
   DT_SIM_DEVICES=n (NULL: unset); true when all of its checks passed. */
static bool in_child(void (*fn)(void), const char *mode, const char *n)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        mode ? setenv("DT_DEVICE", mode, 1) : unsetenv("DT_DEVICE");
        n ? setenv("DT_SIM_DEVICES", n, 1) : unsetenv("DT_SIM_DEVICES");
        alarm(60);
        fn();
        fflush(NULL);
        _exit(test_failed_ ? 1 : 0);
    }
    int status = 0;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

static void expect_sim_devices_3(void)
{
    CHECK(dt_cuda_is_available());
    CHECK(dt_cuda_device_count() == 3);
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(2), dt_cuda(3)),
                "cannot use cuda:3: invalid device ordinal (3 CUDA devices)");
}

static void expect_no_sim_devices(void)
{
    CHECK(!dt_cuda_is_available());
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(2), dt_cuda(0)), "cannot use cuda:0: CUDA is not available");
}

static void expect_cuda_off(void)
{
    CHECK(!dt_cuda_is_available());
    dt_tensor *x = dt_ones(DT_SHAPE(2));
    CHECK_FAILS(dt_to(x, dt_cuda(0)), "CUDA is not available (CUDA is turned off (DT_DEVICE=cpu))");
    dt_release(x);
}

/* With no DT_DEVICE the real runtime is asked; where it has no GPU (as in
   CI) the message must say how to get the emulated one. */
static void expect_real_or_advice(void)
{
    if (dt_cuda_is_available())
        return;
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(2), dt_cuda(0)), "DT_DEVICE=sim");
}

static void test_device_choice(void)
{
    CHECK(in_child(expect_sim_devices_3, "sim", "3"));
    CHECK(in_child(expect_no_sim_devices, "sim", "0"));
    CHECK(in_child(expect_cuda_off, "cpu", "2"));
    CHECK(in_child(expect_real_or_advice, NULL, NULL));
    CHECK(in_child(expect_real_or_advice, "cuda", NULL));
    CHECK(in_child(expect_real_or_advice, "gpu", NULL));    /* said on stderr, then cuda */
}

/* ---- the rest runs in this process, on the emulated device -------------- */

static void test_pinned(void)
{
    dt_tensor *x = F32(DT_SHAPE(2, 2), 1, 2, 3, 4);
    dt_tensor *p = dt_pin_memory(x);
    struct cudaPointerAttributes a;
    CHECK(p && dt_is_pinned(p) && !dt_is_pinned(x));
    CHECK(dt_device_equal(dt_device_of(p), dt_cpu()));
    CHECK(cuda.attributes(&a, dt_data(p)) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeHost);
    CHECK(cuda.attributes(&a, dt_data(x)) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeUnregistered);
    dt_tensor *g = dt_to(p, dt_cuda(0)), *back = dt_to(g, dt_cpu());
    CHECK_VALUES(back, 0, 1, 2, 3, 4);
    dt_tensor *s = dt_add(p, x);          /* pinned memory is the cpu's to compute on */
    CHECK_VALUES(s, 0, 2, 4, 6, 8);
    dt_release(s);
    dt_release(back);
    dt_release(g);
    dt_release(p);
    dt_release(x);
}

static void test_loader_pins_batches(void)
{
    dt_tensor *x = dt_randn(DT_SHAPE(6, 3)), *y = dt_arange(6);
    dt_dataset *ds = dt_dataset_new(x, y);
    dt_loader *l = dt_loader_new(ds, 4, false, true);
    dt_tensor *bx = NULL, *by = NULL;
    int batches = 0;
    while (dt_loader_next(l, &bx, &by)) {
        CHECK(dt_is_pinned(bx) && dt_is_pinned(by));
        CHECK(dt_device_equal(dt_device_of(bx), dt_cpu()));
        dt_release(bx);
        dt_release(by);
        batches++;
    }
    CHECK(batches == 2);
    dt_loader_free(l);
    dt_dataset_free(ds);
    dt_release(y);
    dt_release(x);
}

static void test_module_between_devices(void)
{
    dt_manual_seed(3);
    dt_module *m = dt_sequential(dt_linear(3, 4), dt_relu_layer(), dt_linear(4, 2), NULL);
    dt_tensor *x = dt_randn(DT_SHAPE(5, 3));
    dt_tensor *want = dt_forward(m, x);
    for (int d = 0; d < 2; d++) {
        dt_module_to(m, dt_cuda(d));
        CHECK(dt_device_equal(dt_module_device(m), dt_cuda(d)));
        CHECK(dt_device_equal(dt_device_of(dt_module_get(m, "2.bias")), dt_cuda(d)));
        dt_tensor *xg = dt_to(x, dt_cuda(d)), *y = dt_forward(m, xg);
        CHECK(y && dt_device_equal(dt_device_of(y), dt_cuda(d)));
        double *got = dt_test_values(y), *expect = dt_test_values(want);
        for (int i = 0; got && expect && i < 10; i++)
            CHECK_NEAR(got[i], expect[i], 1e-6);
        free(got);
        free(expect);
        dt_release(y);
        dt_release(xg);
    }
    dt_tensor *wrong = dt_to(x, dt_cuda(0));          /* the module is on cuda:1 now */
    CHECK_FAILS(dt_forward(m, wrong), "cuda:1 and cuda:0!");
    dt_release(wrong);
    dt_release(want);
    dt_release(x);
    dt_module_release(m);
}

static void test_data_is_device_memory(void)
{
    dt_tensor *t = dt_ones_on(DT_SHAPE(4), dt_cuda(1));
    struct cudaPointerAttributes a;
    CHECK(cuda.attributes(&a, dt_data(t)) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeDevice && a.device == 1);
    dt_tensor *s = dt_sum(t);
    CHECK(s && dt_item(s) == 4);
    dt_release(s);
    dt_release(t);
}

/* The program's own CUDA code may move the current device between ops:
   each op still runs on its tensors' device (devtensor asks the runtime
   at the first allocation, launch or free of each call, and trusts the
   answer only until the call returns). */
static void test_ops_follow_their_device(void)
{
    dt_tensor *x = dt_ones_on(DT_SHAPE(4), dt_cuda(1));
    CHECK(cuda.set_device(0) == cudaSuccess);
    dt_tensor *y = dt_add(x, x);
    struct cudaPointerAttributes a;
    CHECK(y && cuda.attributes(&a, dt_data(y)) == cudaSuccess);
    CHECK(a.type == cudaMemoryTypeDevice && a.device == 1);
    CHECK(cuda.set_device(0) == cudaSuccess);
    dt_tensor *s = dt_sum(y);
    CHECK(s && dt_item(s) == 8);
    dt_release(s);
    dt_release(y);
    dt_release(x);
}

/* The device the bytes of t are on. */
static int bytes_device(dt_tensor *t)
{
    struct cudaPointerAttributes a;
    return t && cuda.attributes(&a, dt_data(t)) == cudaSuccess &&
           a.type == cudaMemoryTypeDevice ? a.device : -1;
}

static int custom_devices[2];

/* Raw CUDA code in a custom forward moves the current device around an op. */
static dt_tensor *double_elsewhere(dt_module *self, dt_tensor *x)
{
    (void)self;
    cuda.set_device(0);
    dt_tensor *y = dt_add(x, x);
    custom_devices[0] = bytes_device(y);
    cuda.set_device(0);
    return y;
}

/* ... between the runtime's own ops inside one dt_forward, which learns
   nothing across it. */
static void test_custom_forward_moves_device(void)
{
    dt_module *custom = dt_module_new("elsewhere", double_elsewhere, NULL);
    dt_module *m = dt_sequential(dt_relu_layer(), custom, dt_relu_layer(), NULL);
    dt_tensor *h = F32(DT_SHAPE(4), 1, -2, 3, 4), *x = dt_to(h, dt_cuda(1)), *y = dt_forward(m, x);
    CHECK(custom_devices[0] == 1 && bytes_device(y) == 1);
    CHECK_VALUES(y, 0, 2, 0, 6, 8);
    dt_release(y);
    dt_release(x);
    dt_release(h);
    dt_module_release(m);
}

/* Each thread has a current device of its own. */
static void *ops_on(void *device)
{
    int d = *(int *)device, ok = 1;
    for (int i = 0; i < 50 && ok; i++) {
        dt_tensor *x = dt_ones_on(DT_SHAPE(8), dt_cuda(d)), *y = dt_add(x, x), *s = dt_sum(y);
        ok = bytes_device(y) == d && s && dt_item(s) == 16;
        dt_release(s);
        dt_release(y);
        dt_release(x);
    }
    *(int *)device = ok;
    return NULL;
}

static void test_threads_on_two_devices(void)
{
    int on[2] = { 0, 1 };
    pthread_t t;
    CHECK(pthread_create(&t, NULL, ops_on, &on[1]) == 0);
    ops_on(&on[0]);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK(on[0] == 1 && on[1] == 1);
}

static void host_write(void)
{
    dt_tensor *t = dt_zeros_on(DT_SHAPE(4), dt_cuda(0));
    ((volatile float *)dt_data(t))[0] = 1;
    _exit(0);
}

static void test_host_write_faults(void)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGSEGV, SIG_DFL);
        host_write();
    }
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
}

/* A raw kernel handed a host pointer poisons its device, as on a GPU: every
   later op there fails with CUDA's message; the other device is unharmed. */
static void poison_cuda0_then_use(void)
{
    float host[4] = { 0 };
    float *out = NULL;
    int64_t n = 4;
    CHECK(find_cuda());
    cuda.set_device(0);
    CHECK(cuda.malloc((void **)&out, sizeof host) == cudaSuccess);
    void *args[] = { &out, &(float *){ host }, &n };
    dim3 grid = { 1, 1, 1 }, block = { 32, 1, 1 };
    CHECK(cuda.launch(cuda.relu_f32, grid, block, args, 0, NULL) == cudaSuccess);
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(4), dt_cuda(0)),
                "an illegal memory access was encountered (cudaErrorIllegalAddress)");
    dt_tensor *b = dt_ones_on(DT_SHAPE(4), dt_cuda(1)), *s = dt_sum(b);
    CHECK(s && dt_item(s) == 4);
    dt_release(s);
    dt_release(b);
}

static void test_poisoned_device(void)
{
    CHECK(in_child(poison_cuda0_then_use, "sim", "2"));
}

static void exhaust_memory(void)
{
    setenv("DT_SIM_MEMORY_MB", "16", 1);
    CHECK_FAILS(dt_zeros_on(DT_SHAPE(1024, 1024, 8), dt_cuda(0)),       /* 32 MiB */
                "allocating 33554432 bytes on cuda:0: out of memory (cudaErrorMemoryAllocation)");
    dt_tensor *small = dt_zeros_on(DT_SHAPE(1024), dt_cuda(0));
    CHECK(small != NULL);
    dt_release(small);
}

static void test_out_of_memory(void)
{
    CHECK(in_child(exhaust_memory, "sim", "1"));
}

int main(void)
{
    RUN(test_device_choice);
    RUN(test_poisoned_device);
    RUN(test_out_of_memory);
    setenv("DT_DEVICE", "sim", 1);
    setenv("DT_SIM_DEVICES", "2", 1);
    setenv("DT_SIM_QUIET", "1", 1);
    CHECK(find_cuda());
    RUN(test_pinned);
    RUN(test_loader_pins_batches);
    RUN(test_module_between_devices);
    RUN(test_data_is_device_memory);
    RUN(test_ops_follow_their_device);
    RUN(test_custom_forward_moves_device);
    RUN(test_threads_on_two_devices);
    RUN(test_host_write_faults);
    return TEST_REPORT();
}
