/*
 * A program built as one unit: main.c includes kernels.c, which does not
 * parse alone (it uses main.c's types), as Rodinia's bfs.cu includes its
 * kernel.cu.  Given both, devcheck reads kernels.c inside main.c, says so
 * on stderr, and finds the mistake of its function: no error.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

typedef struct {
    int first, count;
} node;

#include "kernels.c"

int main(void)
{
    node *nodes = malloc(16 * sizeof *nodes), *gpu_nodes;
    cudaMalloc((void **)&gpu_nodes, 16 * sizeof *gpu_nodes);
    cudaMemcpy(gpu_nodes, nodes, 16 * sizeof *nodes, cudaMemcpyHostToDevice);
    int total = count_edges(gpu_nodes, 16); // devcheck: host-deref // devcheck-note: dereferenced here, through count_edges
    cudaFree(gpu_nodes);
    free(nodes);
    return total;
}
