/*
 * memspace-mismatch with host functions: device memory passed where host
 * memory is required (memcpy, memset, free), and host memory where device
 * memory is (cudaMemset, cudaFree).
 */
#include <cuda_runtime_api.h>
#include <devtensor.h>
#include <stdlib.h>
#include <string.h>

#define N 64

void host_functions(void)
{
    static float host[N], host2[N];
    float *dev = NULL, *heap = malloc(sizeof host);
    cudaMalloc((void **)&dev, sizeof host);
    memcpy(host, dev, sizeof host); // devcheck: memspace-mismatch
    memcpy(dev, host, sizeof host); // devcheck: memspace-mismatch
    memset(dev, 0, sizeof host); // devcheck: memspace-mismatch
    cudaMemset(host, 0, sizeof host); // devcheck: memspace-mismatch

    memcpy(host2, host, sizeof host);           /* host to host */
    cudaMemset(dev, 0, sizeof host);            /* device memory */
    cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);

    cudaFree(heap); // devcheck: memspace-mismatch
    free(dev); // devcheck: memspace-mismatch
}

/* dt_data of a tensor on a GPU is device memory too. */
void tensor_data(void)
{
    float buf[6];
    dt_tensor *tg = dt_randn_on(DT_SHAPE(2, 3), dt_cuda(0));
    dt_tensor *t = dt_randn(DT_SHAPE(2, 3));
    memcpy(buf, dt_data(tg), sizeof buf); // devcheck: memspace-mismatch
    memcpy(buf, dt_data(t), sizeof buf);        /* cpu tensor: host memory */
    dt_release(t);
    dt_release(tg);
}
