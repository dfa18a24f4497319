/*
 * join.states' program, on the emulated device: each line that devcheck's
 * SARIF (made by check_join.py) names has the state it must get, in its
 * "join-static: RULE STATE" comment; "join-runtime: KIND STATE", a run's
 * finding and its state.  A copy that runs cleanly three times, one that no
 * run reaches, one that fails as devcheck said, a host write that makes no
 * call, and a double free that only a run sees.
 */
#include <cuda_runtime.h>

int main(int argc, char **argv)
{
    (void)argv;
    float host[4] = {0}, *dev = NULL;
    if (cudaMalloc((void **)&dev, sizeof host) != cudaSuccess)
        return 1;
    for (int i = 0; i < 3; i++)
        cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice); // join-static: memcpy-direction ran-clean
    if (argc > 1)
        cudaMemcpy(host, dev, sizeof host, cudaMemcpyHostToDevice); // join-static: memcpy-direction not-reached
    cudaMemcpy(dev, host, sizeof host, cudaMemcpyDeviceToHost); // join-static: memcpy-direction confirmed // join-runtime: memcpy_direction also-static
    host[0] = 1; // join-static: host-deref unknown
    cudaFree(dev);
    cudaFree(dev); // join-runtime: double_free runtime-only
    return 0;
}
