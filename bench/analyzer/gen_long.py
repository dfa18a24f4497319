#!/usr/bin/env python3
"""One C file with one function of N blocks, for devcheck's time against
function length (bench/analyzer.sh --long).  Each block declares two
pointers, allocates device memory, and copies under a branch: 2N variables,
N branches, 4N lines.

    gen_long.py OUT.c N
"""
import sys

HEAD = """#include <cuda_runtime_api.h>
#include <stdlib.h>

void long_function(int flag)
{
"""

BLOCK = """    float *h{i} = malloc(64), *d{i} = NULL;
    cudaMalloc((void **)&d{i}, 64);
    if (flag > {i})
        cudaMemcpy(d{i}, h{i}, 64, cudaMemcpyHostToDevice);
"""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen_long.py OUT.c N")
    out, n = sys.argv[1], int(sys.argv[2])
    with open(out, "w") as f:
        f.write(HEAD)
        for i in range(n):
            f.write(BLOCK.format(i=i))
        f.write("}\n")


if __name__ == "__main__":
    main()
