/*
 * own_runtime: a program with a CUDA runtime of its own, as nvcc's default
 * (-cudart static) builds one: it loads the driver library itself, and on
 * the emulated device finds none, so none of its CUDA calls reaches the
 * shim.  devtrace must say it was not traced, not that it found nothing
 * (untraced.cmake).
 */
#include <dlfcn.h>
#include <stdio.h>

int main(void)
{
    void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    puts(driver ? "found a driver" : "no driver: cudaErrorInsufficientDriver");
    return 0;
}
