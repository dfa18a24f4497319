/*
 * The statements with errors clang recovers from in C++: a function not
 * declared (a call kept as an invalid one), a call no overload takes, a
 * name not declared; each is left unread and its function walked, what it
 * could change unknown after it.  A local of a type not declared is an
 * error in a declaration: that function is left unread.  Exit 2.
 */
// devcheck-exit: 2
#include <cuda_runtime.h>

void fill(float *d, int n);

float undeclared_function(int n)
{
    float *d = nullptr;
    cudaMalloc(&d, n * sizeof *d);
    prepare(d, n); // devcheck-error: use of undeclared identifier 'prepare' // devcheck-unread: 'undeclared_function' read but for the statement at line 17
    return d[0]; // devcheck: host-deref
}

float no_matching_call(int n)
{
    float *d = nullptr, *h = new float[n];
    cudaMalloc(&d, n * sizeof *d);
    fill(d); // devcheck-error: no matching function for call to 'fill' // devcheck-unread: 'no_matching_call' read but for the statement at line 25
    cudaMemcpy(d, h, n * sizeof *d, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    return h[0];
}

float moved(int n)
{
    float *d = nullptr, *h = new float[n];
    cudaMalloc(&d, n * sizeof *d);
    h[0] = d[0]; // devcheck: host-deref
    d = pinned(h, n); // devcheck-error: use of undeclared identifier 'pinned' // devcheck-unread: 'moved' read but for the statement at line 35
    return d[1];
}

float unknown_type(int n)
{
    float *d = nullptr;
    cudaMalloc(&d, n * sizeof *d);
    workspace_t w; // devcheck-error: unknown type name 'workspace_t' // devcheck-unread: 'unknown_type' not analyzed
    return d[0];
}
