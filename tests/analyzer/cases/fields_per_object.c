/*
 * Facts follow the object: two objects of one struct type may hold host
 * memory in one and device memory in the other (darknet's network_state,
 * built per call on the CPU path and on the GPU path; a host struct and
 * its device mirror).  A field's program-wide fact (fields.c) is for the
 * objects nothing else is known of; a struct handed to a function of the
 * program brings its own fields' places, so the callee's uses are checked
 * at each call against what the caller put there.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct {
    int n;
    float *output;                      /* host memory */
    float *output_gpu;                  /* device memory */
} layer;

typedef struct {
    float *input;                       /* host on the CPU path, device on the GPU path */
    float *truth;
    int train;
} network_state;

static float *cuda_make_array(size_t n)
{
    float *x = NULL;
    cudaMalloc((void **)&x, n * sizeof *x);
    return x;
}

layer make_layer(int n)
{
    layer l = { 0 };
    l.n = n;
    l.output = calloc((size_t)n, sizeof(float));
    l.output_gpu = cuda_make_array((size_t)n);
    return l;
}

/* The CPU code: a host loop over the state's input. */
void forward_layer(layer l, network_state state)
{
    for (int i = 0; i < l.n; i++)
        l.output[i] = state.input[i];
}

/* Through a pointer to the state. */
float sum_truth(const network_state *state, int n)
{
    float s = 0;
    for (int i = 0; i < n; i++)
        s += state->truth[i];
    return s;
}

/* Handed on: the callee's uses are this function's parameter's. */
void forward_twice(layer l, network_state state)
{
    forward_layer(l, state);
    forward_layer(l, state);
}

void forward_network(layer l, float *x, float *truth)
{
    network_state state;
    state.input = x;
    state.truth = truth;
    state.train = 1;
    forward_layer(l, state);
    forward_twice(l, state);
    sum_truth(&state, l.n);
}

/* The GPU path builds its state of device buffers, then runs the CPU code
   on it (AlexeyAB/darknet's yolo layer before 3fc3fd0). */
void forward_network_gpu(layer l, layer prev)
{
    network_state state;
    state.input = prev.output_gpu;
    state.truth = cuda_make_array((size_t)l.n);
    state.train = 1;
    forward_layer(l, state); // devcheck: host-deref // devcheck-message: 'state.input'
    forward_twice(l, state); // devcheck: host-deref
    sum_truth(&state, l.n); // devcheck: host-deref // devcheck-message: 'state.truth'
    float s = 0;
    for (int i = 0; i < l.n; i++)
        s += state.input[i]; // devcheck: host-deref
    cudaFree(state.truth);
}

/* Host memory in the GPU function's state: quiet. */
void forward_network_gpu_host_state(layer l, layer prev)
{
    network_state state;
    state.input = prev.output;
    state.truth = calloc((size_t)l.n, sizeof(float));
    forward_layer(l, state);
    sum_truth(&state, l.n);
    free(state.truth);
}
