/* double_free: device memory given back twice. */
#include "shim_test.h"

int main(void)
{
    void *dev = NULL;

    SAY(cudaMalloc(&dev, 64));
    SAY(cudaFree(dev));
    SAY(cudaFree(dev)); // devtrace: double_free
    return 0;
}
