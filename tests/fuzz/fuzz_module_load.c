/*
 * Fuzz target: dt_module_load on arbitrary bytes.  The bytes are a file in
 * memory (memfd), read through its /proc path the way any file is.  A load
 * must return a module or NULL with a message: never crash, leak or hang.
 */
#define _GNU_SOURCE     /* memfd_create */
#include <devtensor.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The seed corpus saves a custom module of this name. */
static dt_tensor *custom_forward(dt_module *self, dt_tensor *x)
{
    (void)self;
    return dt_retain(x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        dt_module_register("Custom", custom_forward);
        if ((fd = memfd_create("module", 0)) < 0) {
            perror("memfd_create");
            abort();
        }
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    dt_module_release(dt_module_load(path));
    return 0;
}
