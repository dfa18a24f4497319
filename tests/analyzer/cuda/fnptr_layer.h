/* A layer whose forward is a function pointer field, set by its maker (fnptr_*). */
#ifndef FNPTR_LAYER_H
#define FNPTR_LAYER_H

typedef struct {
    float *input;                       /* device memory on the GPU path */
    int n;
} fnptr_state;

typedef struct fnptr_layer fnptr_layer;
struct fnptr_layer {
    float *output_gpu;
    void (*forward_gpu)(fnptr_layer l, fnptr_state state);
};

#ifdef __cplusplus
extern "C" {
#endif
fnptr_layer make_scale_layer(int n);
void forward_scale_layer_gpu(fnptr_layer l, fnptr_state state);
#ifdef __cplusplus
}
#endif

#endif
