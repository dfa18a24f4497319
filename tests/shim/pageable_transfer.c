/*
 * pageable_transfer: ten uploads from malloc'd (pageable) memory in a loop
 * are one warning at that line, counting all ten and their bytes.  The same
 * uploads from pinned memory are none.
 */
// devtrace-sql: SELECT count(*) FROM findings WHERE kind = 'pageable_transfer' => 1
// devtrace-sql: SELECT severity FROM findings WHERE kind = 'pageable_transfer' => warning
// devtrace-sql: SELECT count FROM findings WHERE kind = 'pageable_transfer' => 10
// devtrace-sql: SELECT bytes FROM findings WHERE kind = 'pageable_transfer' => 10240
#include "shim_test.h"
#include <stdlib.h>

#define BYTES 1024

int main(void)
{
    char *pageable = calloc(1, BYTES), *pinned = NULL, *dev = NULL;

    if (!pageable)
        return 1;
    SAY(cudaMalloc((void **)&dev, BYTES));
    SAY(cudaMallocHost((void **)&pinned, BYTES));
    for (int i = 0; i < 10; i++)
        SAY(cudaMemcpy(dev, pageable, BYTES, cudaMemcpyHostToDevice)); // devtrace: pageable_transfer
    for (int i = 0; i < 10; i++)
        SAY(cudaMemcpy(dev, pinned, BYTES, cudaMemcpyHostToDevice));
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    free(pageable);
    return 0;
}
