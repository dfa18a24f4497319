/*
 * same_path (devtensor): two lines make the same call through the same
 * frames of the runtime, at the same stack depth, over and over, so the
 * shim's walks from its wrapper to the user's frame differ only in the last
 * return address, the user's.  What the shim keeps per thread to make the
 * walk cheap (the class of each return address, the last site) must not
 * blur them: each line keeps its own finding, counted for its own calls.
 */
// devtrace-exit: 0
// devtrace-sql: SELECT group_concat(count) FROM (SELECT count FROM findings ORDER BY line) => 3,3
#include <devtensor.h>
#include <stdio.h>

int main(void)
{
    dt_device dev = dt_cuda_is_available() ? dt_cuda(0) : dt_cpu();
    dt_tensor *x = dt_ones(DT_SHAPE(1 << 17));   /* 512 KiB: 1.5 MiB a line, worth pinning */
    for (int i = 0; x && i < 3; i++) {
        dt_tensor *a = dt_to(x, dev); // devtrace: pageable_transfer
        dt_tensor *b = dt_to(x, dev); // devtrace: pageable_transfer
        dt_release(a);
        dt_release(b);
    }
    dt_release(x);
    printf("done\n");
    return 0;
}
