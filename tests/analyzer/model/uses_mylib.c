/*
 * A model file: what mylib.model says of mylib's functions makes these
 * findings; without it devcheck knows nothing of them and is quiet.
 */
#include "mylib.h"

void run(void)
{
    float *dev = mylib_device_buffer(16);
    float *host = mylib_host_scratch(64);
    mylib_fill_on_device(dev, 16);
    mylib_fill_on_device(host, 16); // devcheck: memspace-mismatch
    dev[0] = 1.0f; // devcheck: host-deref
    host[0] = 1.0f;
}
