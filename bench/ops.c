/*
 * bench_ops: devtensor's main kernels on one device, for comparing devices
 * and backends.  Prints matmul throughput (GFLOP/s, f32 n x n), elementwise
 * bandwidth (GB/s moved by an f32 add: two reads and a write per element)
 * and the time of a one-element op (what launches and bookkeeping cost).
 *
 *   bench_ops cpu|cuda [MATMUL_N [ADD_ELEMENTS]]
 *
 * cuda means cuda:0: the GPU, or the emulated device under DT_DEVICE=sim.
 * Each figure is the best of five runs of as many repetitions as fill about
 * 0.2 s; a run ends by reading one value back, which waits for the device.
 */
#include <devtensor.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef dt_tensor *(*binary_op)(dt_tensor *, dt_tensor *);

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs op(a, b) reps times and waits for the device; seconds, or -1. */
static double timed(binary_op op, dt_tensor *a, dt_tensor *b, int reps)
{
    double start = now();
    dt_tensor *out = NULL;
    for (int i = 0; i < reps; i++) {
        dt_release(out);
        if (!(out = op(a, b)))
            return -1;
    }
    dt_tensor *one = dt_sum(out);
    double v = one ? dt_item(one) : 0;
    dt_release(one);
    dt_release(out);
    (void)v;
    return now() - start;
}

/* Seconds per op(a, b): best of five runs sized to about 0.2 s each. */
static double per_op(binary_op op, dt_tensor *a, dt_tensor *b)
{
    int reps = 1;
    double t;
    while ((t = timed(op, a, b, reps)) >= 0 && t < 0.05 && reps < (1 << 24))
        reps *= 2;
    if (t < 0)
        return -1;
    reps = (int)(reps * 0.2 / t) + 1;
    double best = 1e30;
    for (int run = 0; run < 5; run++) {
        double s = timed(op, a, b, reps);
        if (s < 0)
            return -1;
        best = s < best ? s : best;
    }
    return best / reps;
}

/* Two random f32 tensors of shape s on d; false with the error said. */
static bool operands(dt_shape s, dt_device d, dt_tensor **a, dt_tensor **b)
{
    *a = dt_randn_on(s, d);
    *b = dt_randn_on(s, d);
    if (*a && *b)
        return true;
    fprintf(stderr, "bench_ops: %s\n", dt_last_error());
    return false;
}

int main(int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "cpu") && strcmp(argv[1], "cuda"))) {
        fprintf(stderr, "usage: bench_ops cpu|cuda [MATMUL_N [ADD_ELEMENTS]]\n");
        return 2;
    }
    dt_device d = strcmp(argv[1], "cpu") ? dt_cuda(0) : dt_cpu();
    int64_t n = argc > 2 ? atoll(argv[2]) : 1024;
    int64_t m = argc > 3 ? atoll(argv[3]) : 1 << 24;
    dt_tensor *a, *b;
    int rc = 1;

    printf("device %s\n", dt_device_name(d));
    if (!operands(DT_SHAPE(n, n), d, &a, &b))
        return 1;
    double t = per_op(dt_matmul, a, b);
    printf("matmul f32 %lldx%lld: %.1f GFLOP/s (%.3f ms)\n", (long long)n, (long long)n,
           2.0 * n * n * n / t * 1e-9, t * 1e3);
    dt_release(a);
    dt_release(b);

    if (!operands(DT_SHAPE(m), d, &a, &b))
        return 1;
    t = per_op(dt_add, a, b);
    printf("add f32 %lld elements: %.1f GB/s (%.3f ms)\n", (long long)m,
           3.0 * 4 * (double)m / t * 1e-9, t * 1e3);
    dt_release(a);
    dt_release(b);

    if (!operands(DT_SHAPE(1), d, &a, &b))
        return 1;
    t = per_op(dt_add, a, b);
    printf("add f32 1 element: %.2f us per op\n", t * 1e6);
    rc = t < 0;
    dt_release(a);
    dt_release(b);
    return rc;
}
