/*
 * C++'s ways into the C library's host reads: a std::string made from
 * device memory reads it on the host, as std::printf's %s does.
 */
#include <cuda_runtime_api.h>
#include <cstdio>
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
