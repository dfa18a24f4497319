/*
 * G4HepEm's shape in CUDA C++: a host struct keeps the device pointer of
 * its device copy in a field, and a free function takes that field's
 * address (`&(data->fOnDevice)`, of no known space: the struct behind a
 * parameter).  Its body reads the device pointer through the address
 * (`if (*onDEVICE)`), then copies from the address itself inside an
 * error-check macro: the uses contradict each other.  The fix copies from
 * `*onDEVICE`; a kernel given the managed buffer that host code reads
 * (managed memory's idiom) stays quiet.
 */
#include <cstdio>

#include <cuda_runtime.h>

#define gpuErrchk(ans) { gpuAssert((ans), __FILE__, __LINE__); }
inline void gpuAssert(cudaError_t code, const char *file, int line)
{
    if (code != cudaSuccess)
        fprintf(stderr, "GPUassert: %s %s %d\n", cudaGetErrorString(code), file, line);
}

struct ElectronData {
    int fNumData;
    double *fGrid;
};

struct Data {
    ElectronData *fElectronData;
    ElectronData *fElectronData_gpu;
};

void FreeElectronDataOnDevice(ElectronData **onDEVICE)
{
    if (*onDEVICE) {
        ElectronData *onHostTo_d = new ElectronData;
        gpuErrchk(cudaMemcpy(onHostTo_d, onDEVICE, sizeof(ElectronData), cudaMemcpyDeviceToHost)); // devcheck: memcpy-direction // devcheck-note: 'onDEVICE' read on the host here // devcheck-fix: copy from '*onDEVICE'
        cudaFree(onHostTo_d->fGrid);
        cudaFree(*onDEVICE);
        *onDEVICE = nullptr;
        delete onHostTo_d;
    }
}

void FreeElectronDataOnDeviceFixed(ElectronData **onDEVICE)
{
    if (*onDEVICE) {
        ElectronData *onHostTo_d = new ElectronData;
        gpuErrchk(cudaMemcpy(onHostTo_d, *onDEVICE, sizeof(ElectronData), cudaMemcpyDeviceToHost));
        cudaFree(onHostTo_d->fGrid);
        cudaFree(*onDEVICE);
        *onDEVICE = nullptr;
        delete onHostTo_d;
    }
}

void FreeData(Data *data)
{
    FreeElectronDataOnDevice(&(data->fElectronData_gpu));
    FreeElectronDataOnDeviceFixed(&(data->fElectronData_gpu));
}

__global__ void scale(double *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= 2;
}

/* Managed memory: written on the host, given to a kernel, read back. */
double Scaled(double *managed, int n)
{
    managed[0] = 1;
    scale<<<1, n>>>(managed, n);
    cudaDeviceSynchronize();
    return managed[0];
}
