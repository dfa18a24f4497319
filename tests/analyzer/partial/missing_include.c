/*
 * A file that only partly parses: config.h, which the project's build
 * generates, is missing, and two functions use what it declares.  The
 * functions free of errors are analyzed (the bug in first_value is found);
 * each error is listed after the findings with the statement it left unread
 * (each function walked around it), and makes no finding: not their own
 * (sized: d, its address taken there, is unknown after it), nor through a
 * summary, which is unknown (make_buffer's caller).  Exit 2: not read whole.
 */
// devcheck-exit: 2
#include "config.h" // devcheck-error: 'config.h' file not found // devcheck-unread: left aside
#include <cuda_runtime_api.h>

float first_value(void)
{
    float *d = NULL, v = 0;
    if (cudaMalloc((void **)&d, 16 * sizeof *d) != cudaSuccess)
        return 0;
    v = d[0]; // devcheck: host-deref
    cudaFree(d);
    return v;
}

float sized(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, BUFFER_SIZE * sizeof *d); // devcheck-error: use of undeclared identifier 'BUFFER_SIZE' // devcheck-unread: 'sized' read but for the statement at line 27
    return d[0];
}

float *make_buffer(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, BUFFER_SIZE * sizeof *d); // devcheck-error: BUFFER_SIZE // devcheck-unread: 'make_buffer' read but for the statement at line 34
    return d;
}

float first_of_buffer(void)
{
    float *d = make_buffer();
    return d[0];
}
