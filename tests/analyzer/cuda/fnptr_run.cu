/*
 * Layers run through their function pointer field (darknet's
 * `l.forward_gpu(l, state)`): the maker in another file (fnptr_make.c)
 * stores the forward, whose kernel needs the state's input on the device.
 */
#include <cuda_runtime.h>
#include <stdlib.h>

#include "fnptr_layer.h"

void run_host_input(int n)
{
    fnptr_layer l = make_scale_layer(n);
    fnptr_state state;
    state.n = n;
    state.input = (float *)malloc((size_t)n * sizeof(float));
    state.input[0] = 1;
    l.forward_gpu(l, state); // devcheck: memspace-mismatch
}

void run_device_input(int n)
{
    fnptr_layer l = make_scale_layer(n);
    fnptr_state state;
    state.n = n;
    cudaMalloc((void **)&state.input, (size_t)n * sizeof(float));
    cudaMemset(state.input, 0, (size_t)n * sizeof(float));
    l.forward_gpu(l, state);
}
