/*
 * A helper that allocates on the device or on the host as an integer
 * parameter says (llm.c's malloc_and_point_parameters(..., on_device)):
 * called with a constant, its result is that side's memory; called with a
 * flag devcheck cannot know, it may be either.  The flag may be tested
 * alone, negated, against 0, or passed on by a caller.  An argument made
 * by a macro is named as the macro's invocation reads.  A parameter a
 * `c ? a : b` tests first (a message chosen by `verbose`) gives way to the
 * one an if tests.
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>

float *alloc_on(size_t n, int on_device)
{
    float *p;
    if (on_device)
        cudaMalloc((void **)&p, n * sizeof *p);
    else
        p = malloc(n * sizeof *p);
    return p;
}

float *alloc_host_unless(size_t n, int gpu)
{
    float *p = NULL;
    if (gpu == 0)
        p = malloc(n * sizeof *p);
    if (!(gpu == 0))
        cudaMalloc((void **)&p, n * sizeof *p);
    return p;
}

float *alloc_twice_removed(size_t n, int on_device)
{
    return alloc_on(n, on_device);
}

static float *alloc_checked(size_t n, const char *file, int line)
{
    (void)file, (void)line;
    return malloc(n * sizeof(float));
}
#define ALLOC_CHECKED(n) alloc_checked(n, __FILE__, __LINE__)

void release(float *p, int on_device)
{
    if (on_device)
        cudaFree(p);
    else
        free(p);
}

float flags(int chosen_at_run_time)
{
    float *host = alloc_on(16, 0), *dev = alloc_on(16, 1), v = 0;
    host[0] = 1.0f;
    dev[0] = 1.0f; // devcheck: host-deref
    float *h2 = alloc_host_unless(16, 0), *d2 = alloc_host_unless(16, 1);
    v += h2[0];
    v += d2[0]; // devcheck: host-deref
    float *h3 = alloc_twice_removed(16, 0), *d3 = alloc_twice_removed(16, 1);
    v += h3[0];
    v += d3[0]; // devcheck: host-deref
    float *either = alloc_on(16, chosen_at_run_time);
    v += either[0]; // devcheck: host-deref
    release(host, 0);
    release(dev, 1);
    release(h2, 0);
    release(d2, 1);
    release(h3, 0);
    release(d3, 1);
    release(either, chosen_at_run_time);
    float *h4 = alloc_on(16, 0);
    release(h4, 1); // devcheck: memspace-mismatch
    release(ALLOC_CHECKED(8), 1); // devcheck: memspace-mismatch // devcheck-note: 'ALLOC_CHECKED(8)' allocated on cpu
    return v;
}

float *alloc_said(size_t n, int verbose, int on_device)
{
    float *p;
    fputs(verbose ? "allocating\n" : "", stderr);
    if (on_device)
        cudaMalloc((void **)&p, n * sizeof *p);
    else
        p = malloc(n * sizeof *p);
    return p;
}

void release_said(float *p, int verbose, int on_device)
{
    fputs(verbose ? "releasing\n" : "", stderr);
    if (on_device)
        cudaFree(p);
    else
        free(p);
}

void flag_after_a_choice(void)
{
    float *host = alloc_said(16, 1, 0), *dev = alloc_said(16, 0, 1);
    host[0] = 1.0f;
    dev[0] = 1.0f; // devcheck: host-deref
    release_said(host, 1, 0);
    release_said(dev, 1, 1);
    float *h = alloc_said(16, 1, 0);
    release_said(h, 0, 1); // devcheck: memspace-mismatch
}
