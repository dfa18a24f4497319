/* Helpers in the style of a CUDA C project's own (darknet's cuda.c and
   blas.c): declared here, defined in helpers.c, called from summaries.c. */
#include <stddef.h>

typedef struct {
    int n;
    float *output;                      /* host memory */
    float *output_gpu;                  /* device memory */
    float *delta_gpu;                   /* device memory, through output_gpu */
    float *weights_gpu;                 /* device memory, by cudaMalloc(&l.weights_gpu) */
    float *workspace;                   /* pinned here, malloc'd there: neither */
    float *scratch;                     /* host, and device on one line: the mistake */
} layer;

float *cuda_make_array(float *x, size_t n);
void cuda_push_array(float *x_gpu, float *x, size_t n);
void cuda_pull_array(float *x_gpu, float *x, size_t n);
void scal_cpu(int n, float a, float *x);
void push_through(float *dst, float *src, size_t n);
void free_gpu(float *x_gpu);
void push_chunks(float *x_gpu, float *x, size_t n);
void ping(float *p, int n);
void pong(float *p, int n);
void make_pair(float **d, float **h, size_t n);
void alloc_layer(layer *l, int n);
float *same(float *p);
layer make_layer(int n);
layer make_other_layer(int n);
