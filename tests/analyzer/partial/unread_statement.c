/*
 * Errors clang recovers from inside a statement (a name not declared, a
 * function not declared): the function is walked, but for that statement,
 * which makes no finding and after which what it could change is unknown:
 * a variable assigned in it, one whose address it takes, what a pointer it
 * hands on points to.  A pointer handed on whole keeps its value (the
 * callee gets a copy), so the mistakes after it are found.  Exit 2: the
 * file was not read whole.
 */
// devcheck-exit: 2
#include <cuda_runtime_api.h>
#include <stdlib.h>

/* An undeclared name as a call's argument: the call is dropped; d, handed
   on whole, is still device memory after it. */
float bad_argument(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64 * sizeof *d);
    cudaMemset(d, 0, SCRATCH_BYTES); // devcheck-error: use of undeclared identifier 'SCRATCH_BYTES' // devcheck-unread: 'bad_argument' read but for the statement at line 20
    return d[0]; // devcheck: host-deref
}

/* A function not declared (C99 has no implicit declarations): the call is
   kept, and left unread; a copy of d is all it has. */
float undeclared_function(float *h)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64 * sizeof *d);
    prepare_buffer(d, h); // devcheck-error: call to undeclared function 'prepare_buffer' // devcheck-unread: 'undeclared_function' read but for the statement at line 30
    return d[1]; // devcheck: host-deref
}

/* An assignment whose right side has an error: d is unknown after it, its
   use quiet; the read before it is found. */
void assigned(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64 * sizeof *d);
    d[0] = 1; // devcheck: host-deref
    d = HOST_BUFFER + 1; // devcheck-error: use of undeclared identifier 'HOST_BUFFER' // devcheck-unread: 'assigned' read but for the statement at line 41
    d[1] = 2;
}

/* Its address taken in the statement with the error: unknown after it. */
float address_taken(float *h)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64 * sizeof *d);
    h[0] = d[0]; // devcheck: host-deref
    map_buffer((void **)&d, MAP_FLAGS); // devcheck-error: use of undeclared identifier 'MAP_FLAGS' // devcheck-unread: 'address_taken' read but for the statement at line 51
    return d[2];
}

/* Declared with an initializer that has an error: the variable is
   declared, its value unknown. */
float bad_initializer(void)
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64 * sizeof *d);
    float *e = d + OFFSET; // devcheck-error: use of undeclared identifier 'OFFSET' // devcheck-unread: 'bad_initializer' read but for the statement at line 61
    d[3] = e[0]; // devcheck: host-deref
    return e[1];
}

/* A type not declared in its signature is an error in a declaration: the
   function is left unread, as before. */
float unknown_type(workspace_t *w) // devcheck-error: unknown type name 'workspace_t' // devcheck-unread: 'unknown_type' not analyzed
{
    float *d = NULL;
    cudaMalloc((void **)&d, 64 * sizeof *d);
    return d[0] + (w != NULL);
}
