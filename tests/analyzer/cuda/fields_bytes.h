/* The struct of fields_mirror.cu and fields_copy_mirror.cu: a buffer and
   its length, on the host in one object and on the device in another. */
#include <cuda_runtime_api.h>

typedef struct {
    char *buf;
    int len;
} bytes;

__global__ void consume(bytes b, char *out);
__global__ void consume_buf(char *buf, int n);
