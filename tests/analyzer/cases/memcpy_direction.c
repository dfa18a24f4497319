/*
 * memcpy-direction: a cudaMemcpyKind that contradicts where the pointers
 * live, for each of the four kinds, and in cudaMemcpyAsync.  The right kinds
 * and cudaMemcpyDefault (the runtime works it out) are quiet, and so is a
 * copy between two pointers of unknown origin.
 */
#include <cuda_runtime_api.h>
#include <devtensor.h>

#define N 64

void directions(void)
{
    static float host[N], host2[N];
    float *dev = NULL, *dev2 = NULL;
    cudaMalloc((void **)&dev, sizeof host);
    cudaMalloc((void **)&dev2, sizeof host);

    cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyHostToDevice); // devcheck: memcpy-direction
    cudaMemcpy(dev, dev2, sizeof host, cudaMemcpyHostToHost); // devcheck: memcpy-direction, uninitialized-read
    cudaMemcpy(host, host2, sizeof host, cudaMemcpyDeviceToDevice); // devcheck: memcpy-direction
    cudaMemcpyAsync(dev, host, sizeof host, cudaMemcpyDeviceToHost, NULL); // devcheck: memcpy-direction

    cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(dev2, dev, sizeof host, cudaMemcpyDeviceToDevice);
    cudaMemcpy(host2, host, sizeof host, cudaMemcpyHostToHost);
    cudaMemcpy(host, dev, sizeof host, cudaMemcpyDefault);
    cudaMemcpyAsync(dev, host, sizeof host, cudaMemcpyHostToDevice, NULL);

    cudaFree(dev2);
    cudaFree(dev);
}

/* The kind fits the pointers swapped, and the flow says which was meant:
   the device buffer was just written (the results a kernel left), or a
   fresh one is the source.  The fix swaps the pointers, as the real fixes
   did; a copy into fresh device memory keeps the kind's fix. */
void swapped(void)
{
    float host[N], *out = NULL, *in = NULL;
    cudaMalloc((void **)&out, sizeof host);
    cudaMalloc((void **)&in, sizeof host);
    cudaMemset(out, 0, sizeof host);
    cudaMemcpy(out, host, sizeof host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction // devcheck-fix: swap the pointers: 'host' is the destination of cudaMemcpyDeviceToHost, 'out' the source
    cudaMemcpy(host, in, sizeof host, cudaMemcpyHostToDevice); // devcheck: memcpy-direction, uninitialized-read // devcheck-fix: swap the pointers: 'in' is the destination
    cudaFree(in);
    cudaFree(out);
}

/* A tensor's data is where the tensor is. */
void tensor_memory(void)
{
    float host[6];
    dt_tensor *t = dt_randn(DT_SHAPE(2, 3));
    dt_tensor *tg = dt_to(t, dt_cuda(0));
    cudaMemcpy(host, dt_data(tg), sizeof host, cudaMemcpyDeviceToHost);
    cudaMemcpy(host, dt_data(t), sizeof host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    dt_release(tg);
    dt_release(t);
}

void unknown(float *a, const float *b)
{
    cudaMemcpy(a, b, 4 * sizeof *a, cudaMemcpyDeviceToHost);
}

/* One side known, the other not (a global set elsewhere, as Rodinia's
   pathfinder has it, or a parameter): the kind still says where the known
   one must be. */
float *global_table;

void one_side(float *param, size_t n)
{
    float *dev = NULL, host[4];
    cudaMalloc((void **)&dev, n * sizeof *dev);
    cudaMemcpy(dev, global_table, n * sizeof *dev, cudaMemcpyHostToDevice);
    cudaMemcpy(global_table + n, dev, n * sizeof *dev, cudaMemcpyDeviceToHost);
    cudaMemcpy(global_table, dev, n * sizeof *dev, cudaMemcpyHostToDevice); // devcheck: memcpy-direction // devcheck-note: the destination first
    cudaMemcpy(param, host, sizeof host, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    cudaMemcpy(param, host, sizeof host, cudaMemcpyHostToDevice);
    cudaFree(dev);
}
