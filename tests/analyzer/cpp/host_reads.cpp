/*
 * C++'s ways into the C library's host reads: a std::string made from
 * device memory reads it on the host, as std::printf's %s does; a
 * stream's write reads what it is given on the host, as fwrite does, and
 * its read writes there (pytorch_cpp's DAGMM saved a CUDA tensor's data
 * with ofstream::write).
 */
#include <cuda_runtime_api.h>
#include <cstdio>
#include <fstream>
#include <string>

void strings(int n)
{
    char *d = NULL;
    std::string host(4, 'x');
    cudaMalloc((void **)&d, n);
    std::string s(d); // devcheck: host-deref
    std::string t(host.c_str(), 2);
    std::printf("%s %p\n", d, (void *)d); // devcheck: host-deref
    std::printf("%s\n", t.c_str());
    cudaFree(d);
}

void streams(const char *path, int n)
{
    float *d = NULL, host[4] = { 0 };
    cudaMalloc((void **)&d, n * sizeof *d);
    std::ofstream out(path, std::ios::binary);
    out.write((char *)&d[1], sizeof(float)); // devcheck: host-deref
    out.write((const char *)host, sizeof host);
    std::ifstream in(path, std::ios::binary);
    in.read((char *)d, sizeof(float)); // devcheck: host-deref
    in.read((char *)host, sizeof host);
    cudaFree(d);
}
