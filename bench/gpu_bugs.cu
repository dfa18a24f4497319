/*
 * The raw CUDA mistakes, as nvcc builds a real program: <<<>>> launches, and
 * the CUDA runtime linked the way the build chose (nvcc's default is the
 * static libcudart).  bench/gpu.sh runs each mistake alone, under the shim
 * and under compute-sanitizer, to compare what each of them sees.
 *   gpu_bugs MISTAKE        one of the names in the table at the bottom
 *   gpu_bugs loop N         a correct program: N copy-launch-copy rounds
 * The table's fork is no mistake: a program that has used the GPU forks a
 * child that does host work alone (CUDA is not the child's to use), which
 * must end under the shim as it ends alone.
 */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 1024 };

__global__ void scale(float *x, int n, float a)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] *= a;
}

static int said(const char *what, cudaError_t e)
{
    printf("%s: %s\n", what, cudaGetErrorName(e));
    return e == cudaSuccess ? 0 : 1;
}

static float *host_ones(void)
{
    float *h = (float *)malloc(N * sizeof *h);
    for (int i = 0; i < N; i++)
        h[i] = 1;
    return h;
}

static int host_pointer_kernel_arg(void)
{
    float *h = host_ones();
    scale<<<4, 256>>>(h, N, 2);                 /* pageable host memory */
    int bad = said("launch", cudaGetLastError()) | said("sync", cudaDeviceSynchronize());
    free(h);
    return bad;
}

static int memcpy_direction(void)
{
    float *h = host_ones(), *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    int bad = said("copy", cudaMemcpy(d, h, N * sizeof *d, cudaMemcpyDeviceToHost));
    cudaFree(d);
    free(h);
    return bad;
}

static int memcpy_out_of_bounds(void)
{
    float *h = (float *)calloc(2 * N, sizeof *h), *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    int bad = said("copy", cudaMemcpy(d, h, 2 * N * sizeof *d, cudaMemcpyHostToDevice));
    cudaFree(d);
    free(h);
    return bad;
}

static int use_after_free(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaFree(d);
    scale<<<4, 256>>>(d, N, 2);
    return said("launch", cudaGetLastError()) | said("sync", cudaDeviceSynchronize());
}

static int double_free(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaFree(d);
    return said("second free", cudaFree(d));
}

static int fixed(void)
{
    float *h = host_ones(), *d = NULL, sum = 0;
    cudaMalloc((void **)&d, N * sizeof *d);
    cudaMemcpy(d, h, N * sizeof *d, cudaMemcpyHostToDevice);
    scale<<<4, 256>>>(d, N, 2);
    int bad = said("round trip", cudaMemcpy(h, d, N * sizeof *d, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        sum += h[i];
    printf("sum = %.1f\n", sum);
    cudaFree(d);
    free(h);
    return bad;
}

static int forked(void)
{
    float *d = NULL;
    int status = -1;
    cudaMalloc((void **)&d, N * sizeof *d);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        printf("child: host work only\n");
        exit(0);
    }
    if (child > 0)
        waitpid(child, &status, 0);
    scale<<<4, 256>>>(d, N, 2);
    int bad = said("after the fork", cudaDeviceSynchronize());
    cudaFree(d);
    return bad | (status != 0);
}

static int loop(long rounds)
{
    float *h = NULL, *d = NULL;
    if (said("pinned", cudaMallocHost((void **)&h, N * sizeof *h)) ||
        said("device", cudaMalloc((void **)&d, N * sizeof *d)))
        return 1;
    memset(h, 0, N * sizeof *h);
    for (long r = 0; r < rounds; r++) {
        cudaMemcpyAsync(d, h, N * sizeof *d, cudaMemcpyHostToDevice, 0);
        scale<<<4, 256>>>(d, N, 2);
        cudaMemcpyAsync(h, d, N * sizeof *d, cudaMemcpyDeviceToHost, 0);
    }
    int bad = said("loop", cudaDeviceSynchronize());
    cudaFree(d);
    cudaFreeHost(h);
    return bad;
}

static const struct {
    const char *name;
    int (*run)(void);
} mistakes[] = {
    { "host_pointer_kernel_arg", host_pointer_kernel_arg },
    { "memcpy_direction", memcpy_direction },
    { "memcpy_out_of_bounds", memcpy_out_of_bounds },
    { "use_after_free", use_after_free },
    { "double_free", double_free },
    { "fixed", fixed },
    { "fork", forked },
};

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "loop") == 0)
        return loop(atol(argv[2]));
    for (size_t i = 0; argc == 2 && i < sizeof mistakes / sizeof *mistakes; i++)
        if (strcmp(argv[1], mistakes[i].name) == 0)
            return mistakes[i].run();
    fprintf(stderr, "usage: %s MISTAKE | loop N\n", argv[0]);
    return 2;
}
