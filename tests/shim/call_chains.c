/*
 * call_chains: one mistake in a helper, reached through three chains of
 * callers.  Each chain is a finding of its own, at the helper's line, with
 * the frames that led there out to main; the chain taken twice (the loop)
 * is one finding counted twice.  The copies are alike, so that nothing but
 * the chain tells the findings apart.  A leak, found at exit, is one finding
 * at its allocating line, whose chain is that line's as first seen.  The
 * helpers are kept out of line so that their frames are there at any
 * optimization.
 */
#include "shim_test.h"

#define BYTES 1024

static float *dev, *pinned;
static volatile int twice = 2;      /* not a constant: the loop stays one call */

/* The copy's kind is backwards, wherever it is called from. */
__attribute__((noinline)) static void download(void)
{
    SAY(cudaMemcpy(pinned, dev, BYTES, cudaMemcpyHostToDevice)); // devtrace: memcpy_direction // devtrace-sql: SELECT count(*) FROM findings WHERE kind = 'memcpy_direction' AND chain->>'$[0].line' = :line AND chain->>'$[0].function' = 'download' => 3
}

__attribute__((noinline)) static void checkpoint(void)
{
    download(); // devtrace-sql: SELECT chain->>'$[1].function' || ' <- ' || (chain->>'$[2].function') FROM findings WHERE chain->>'$[1].line' = :line => checkpoint <- main
    SAY(cudaDeviceSynchronize());
}

/* Never freed. */
__attribute__((noinline)) static void *scratch(void)
{
    void *p = NULL;
    SAY(cudaMalloc(&p, 64)); // devtrace: leak
    return p;
}

int main(void)
{
    SAY(cudaMalloc((void **)&dev, BYTES));
    SAY(cudaMemset(dev, 0, BYTES));     /* written: the copies test their kind alone */
    SAY(cudaMallocHost((void **)&pinned, BYTES));
    download(); // devtrace-sql: SELECT count || ' ' || json_array_length(chain) FROM findings WHERE chain->>'$[1].line' = :line AND chain->>'$[1].function' = 'main' => 1 2
    for (int i = 0; i < twice; i++)
        download(); // devtrace-sql: SELECT count || ' ' || json_array_length(chain) FROM findings WHERE chain->>'$[1].line' = :line AND chain->>'$[1].function' = 'main' => 2 2
    checkpoint();
    scratch(); // devtrace-sql: SELECT count || ' ' || bytes FROM findings WHERE kind = 'leak' AND chain->>'$[1].line' = :line => 2 128
    scratch();
    SAY(cudaFreeHost(pinned));
    SAY(cudaFree(dev));
    return 0;
}

/* Three findings, where one chain for all would make one counted four times. */
// devtrace-sql: SELECT count(*) || ' ' || sum(count) FROM findings WHERE kind = 'memcpy_direction' => 3 4
/* Every chain is the finding's frame, then its callers, out to main and no
   further (the C library's start is the system's); its file, each frame's
   that has a line, is this one. */
// devtrace-sql: SELECT count(*) FROM findings WHERE json_extract(chain, '$[#-1].function') = 'main' => 4
// devtrace-sql: SELECT count(*) FROM findings, json_each(findings.chain) j WHERE j.value->>'file' NOT LIKE '%/call_chains.c' => 0
