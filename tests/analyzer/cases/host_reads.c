/*
 * The C library's functions that read through a pointer on the host:
 * device memory given to them is host-deref (printf's %s arguments only,
 * its %p's are the pointer's value).
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void reads(FILE *f, size_t n)
{
    char *d = NULL, *h = malloc(n);
    cudaMalloc((void **)&d, n);
    printf("%s\n", d); // devcheck: host-deref
    printf("%p %d %s %%s\n", (void *)d, 3, h);
    fprintf(f, "%*d %s\n", 4, 5, d); // devcheck: host-deref
    fwrite(d, 1, n, f); // devcheck: host-deref
    fwrite(h, 1, n, f);
    if (memcmp(h, d, n) == 0) // devcheck: host-deref
        puts(h);
    if (strlen(h) < n)
        fputs(h, f);
    cudaFree(d);
    free(h);
}
