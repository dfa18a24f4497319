/*
 * Facts on struct fields, program-wide: the layers are made in layers.c
 * (named after this file in the test, with helpers.c), and here they come
 * by value or through a pointer, with nothing known of them in the
 * function itself.  A field that every assignment fills with device memory
 * is device memory wherever it is read; the same for host memory.
 */
#include <stdlib.h>

#include "helpers.h"

void forward_layer_gpu(layer l)
{
    cuda_push_array(l.output_gpu, l.output, (size_t)l.n);
    cuda_push_array(l.output, l.output_gpu, (size_t)l.n); // devcheck: memcpy-direction
    scal_cpu(l.n, 2, l.output);
    scal_cpu(l.n, 2, l.output_gpu); // devcheck: host-deref
    scal_cpu(l.n, 2, l.delta_gpu); // devcheck: host-deref
    scal_cpu(l.n, 2, l.weights_gpu); // devcheck: host-deref
    l.workspace[0] = 1;                         /* pinned or pageable: both sides may */
}

void backward_layer_gpu(layer *l)
{
    cuda_pull_array(l->output_gpu, l->output, (size_t)l->n);
    l->output_gpu[0] = 0; // devcheck: host-deref
    l->output[0] = 0;
}

void swap_in(layer *l)
{
    l->scratch = l->output_gpu; // devcheck: memspace-mismatch
}
