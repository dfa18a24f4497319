/* A library whose header devcheck cannot be taught by annotations: its API
   is described in mylib.model instead. */
#include <stddef.h>

float *mylib_device_buffer(size_t n);            /* device memory */
void  *mylib_host_scratch(size_t n);             /* host memory */
void   mylib_fill_on_device(float *dev, size_t n); /* dev must be device memory */
