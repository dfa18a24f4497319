/*
 * A global of a type no header declared (the dependency is not
 * installed): its declaration is invalid, and a function that uses it,
 * though clang says no error in it, is left unread, never a finding made
 * of clang's guess at its type.  The function that does not use it is
 * analyzed.  Exit 2: the file was not read whole.
 */
// devcheck-exit: 2
#include <cuda_runtime_api.h>

static workspace_t *scratch; // devcheck-error: unknown type name 'workspace_t' // devcheck-unread: left aside

void fill_scratch(void)
{
    cudaMalloc((void **)&scratch, 64);
    scratch[0] = 1; // devcheck-error: uses 'scratch' // devcheck-unread: 'fill_scratch' not analyzed
}

float first_value(void)
{
    float *d = NULL, v = 0;
    if (cudaMalloc((void **)&d, 16 * sizeof *d) != cudaSuccess)
        return 0;
    v = d[0]; // devcheck: host-deref
    cudaFree(d);
    return v;
}
