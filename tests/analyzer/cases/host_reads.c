/*
 * The C library's functions that read through a pointer on the host:
 * device memory given to them is host-deref (printf's %s arguments only,
 * its %p's are the pointer's value).  A library of one's own says the same
 * with the annotations.
 */
#include <cuda_runtime_api.h>
#include <devcheck/annotations.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rng *rng;
void log_text(const char *text) DC_READS_HOST(text);
void log_format(int level, const char *format, ...) DC_READS_HOST_FORMAT(format);
void rng_new_host(rng *r) DC_ALLOCATES_HOST(r);
void rng_fill(rng r, float *out, size_t n) DC_SAME_SPACE(r, out);

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

void annotated(size_t n)
{
    char *d = NULL;
    float *out = malloc(n * sizeof *out), *dout = NULL;
    rng r = NULL;
    cudaMalloc((void **)&d, n);
    cudaMalloc((void **)&dout, n * sizeof *dout);
    log_text(d); // devcheck: host-deref
    log_format(1, "%d %s", 2, d); // devcheck: host-deref
    log_format(1, "%p", (void *)d);
    rng_new_host(&r);
    rng_fill(r, out, n);
    rng_fill(r, dout, n); // devcheck: memspace-mismatch
    cudaFree(d);
    cudaFree(dout);
    free(out);
}
