/*
 * Access paths are exact whatever their length: two fields, or two
 * variables, whose paths share their first 40 or 96 characters are two
 * places.  Cut short, the host buffers here were taken for the device
 * buffers stored after them: a false host-deref, and a false
 * memcpy-direction whose fix would have broken the copy.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

struct buffers {
    float *activations_of_the_first_convolutional_layer_on_the_host;
    float *activations_of_the_first_convolutional_layer_on_the_device;
};

struct network_state_with_a_rather_long_name { struct buffers buffers_of_every_layer; };

void copy_up(struct buffers *b)
{
    b->activations_of_the_first_convolutional_layer_on_the_host = malloc(64);
    cudaMalloc((void **)&b->activations_of_the_first_convolutional_layer_on_the_device, 64);
    b->activations_of_the_first_convolutional_layer_on_the_host[0] = 1.0f;
    cudaMemcpy(b->activations_of_the_first_convolutional_layer_on_the_device,
               b->activations_of_the_first_convolutional_layer_on_the_host, 64,
               cudaMemcpyHostToDevice);
    b->activations_of_the_first_convolutional_layer_on_the_device[0] = 2.0f; // devcheck: host-deref
}

/* A path longer than 96 characters, and the same less its last letter. */
void nested(struct network_state_with_a_rather_long_name *state_of_the_network_being_trained)
{
    struct network_state_with_a_rather_long_name *s = state_of_the_network_being_trained;
    s->buffers_of_every_layer.activations_of_the_first_convolutional_layer_on_the_host = malloc(64);
    cudaMalloc((void **)&s->buffers_of_every_layer.activations_of_the_first_convolutional_layer_on_the_device, 64);
    s->buffers_of_every_layer.activations_of_the_first_convolutional_layer_on_the_host[0] = 1.0f;
}

/* Two variables whose names share their first 96 characters. */
void variables(void)
{
    float *a_buffer_of_the_activations_whose_name_is_long_enough_to_be_cut_short_where_paths_were_cut_once_host = malloc(64);
    float *a_buffer_of_the_activations_whose_name_is_long_enough_to_be_cut_short_where_paths_were_cut_once_device;
    cudaMalloc((void **)&a_buffer_of_the_activations_whose_name_is_long_enough_to_be_cut_short_where_paths_were_cut_once_device, 64);
    a_buffer_of_the_activations_whose_name_is_long_enough_to_be_cut_short_where_paths_were_cut_once_host[0] = 1.0f;
    a_buffer_of_the_activations_whose_name_is_long_enough_to_be_cut_short_where_paths_were_cut_once_device[0] = 1.0f; // devcheck: host-deref
}
