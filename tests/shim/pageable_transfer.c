/*
 * pageable_transfer: a warning only where pageable memory costs.  Ten small
 * uploads at one line add up to too little to be worth pinning for: none.
 * Eight large ones at another line add up to more than a MiB: one warning,
 * counting all eight and their bytes.  An asynchronous upload, which
 * pageable memory makes synchronous, is one at once, however small.  The
 * same uploads from pinned memory are none, and so are they from the
 * pageable buffer once it is pinned where it is (cudaHostRegister).  The large uploads' finding is
 * an event from the upload that made it worth a warning (the fourth) on.
 */
// devtrace-sql: SELECT count(*) FROM findings WHERE kind = 'pageable_transfer' => 2
// devtrace-sql: SELECT severity FROM findings WHERE kind = 'pageable_transfer' GROUP BY severity => warning
// devtrace-sql: SELECT group_concat(n, ' ') FROM (SELECT count(*) AS n FROM events WHERE type = 'finding' GROUP BY finding ORDER BY finding) => 5 1
#include "shim_test.h"
#include <stdlib.h>

#define SMALL 1024
#define LARGE (256 * 1024)

int main(void)
{
    char *pageable = calloc(1, LARGE), *pinned = NULL, *dev = NULL;

    if (!pageable)
        return 1;
    SAY(cudaMalloc((void **)&dev, LARGE));
    SAY(cudaMallocHost((void **)&pinned, LARGE));
    for (int i = 0; i < 10; i++)
        SAY(cudaMemcpy(dev, pageable, SMALL, cudaMemcpyHostToDevice));
    for (int i = 0; i < 8; i++)
        SAY(cudaMemcpy(dev, pinned, LARGE, cudaMemcpyHostToDevice));
    for (int i = 0; i < 8; i++)
        SAY(cudaMemcpy(dev, pageable, LARGE, cudaMemcpyHostToDevice)); // devtrace: pageable_transfer // devtrace-sql: SELECT count || ' ' || bytes FROM findings WHERE line = :line => 8 2097152
    SAY(cudaMemcpyAsync(dev, pageable, SMALL, cudaMemcpyHostToDevice, 0)); // devtrace: pageable_transfer // devtrace-sql: SELECT count || ' ' || bytes FROM findings WHERE line = :line => 1 1024
    SAY(cudaMemcpyAsync(dev, pinned, SMALL, cudaMemcpyHostToDevice, 0));
    SAY(cudaHostRegister(pageable, LARGE, cudaHostRegisterDefault));
    for (int i = 0; i < 8; i++)
        SAY(cudaMemcpy(dev, pageable, LARGE, cudaMemcpyHostToDevice));
    SAY(cudaMemcpyAsync(dev, pageable, SMALL, cudaMemcpyHostToDevice, 0));
    SAY(cudaHostUnregister(pageable));
    SAY(cudaDeviceSynchronize());
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    free(pageable);
    return 0;
}
