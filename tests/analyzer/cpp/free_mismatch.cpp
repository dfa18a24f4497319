/*
 * free-mismatch in C++: delete[] of device memory, free of new's and
 * new[]'s memory; and a class that allocates in its constructor and
 * releases in its destructor with the wrong functions.
 */
#include <cuda_runtime_api.h>
#include <stdlib.h>

void release_each(size_t n)
{
    float *dev = NULL, *host = new float[n], *one = new float(0.0f);
    cudaMalloc((void **)&dev, n * sizeof *dev);
    delete[] dev; // devcheck: free-mismatch // devcheck-message: 'dev' was allocated with cudaMalloc: delete[] does not release it // devcheck-fix: release it with cudaFree
    free(host); // devcheck: free-mismatch // devcheck-fix: release it with delete[]
    free(one); // devcheck: free-mismatch // devcheck-fix: release it with delete
    cudaFree(host); // devcheck: memspace-mismatch // devcheck-fix: release it with delete[]
    cudaFree(dev);
    delete[] host;
    delete one;
}

class Staging {
public:
    explicit Staging(size_t n)
    {
        cudaMallocHost((void **)&pinned_, n * sizeof *pinned_);
        cudaMalloc((void **)&device_, n * sizeof *device_);
    }
    ~Staging()
    {
        delete[] pinned_; // devcheck: free-mismatch // devcheck-note: 'pinned_' allocated as pinned host memory here
        cudaFreeHost(device_); // devcheck: free-mismatch
    }

private:
    float *pinned_;
    float *device_;
};

class Right {
public:
    explicit Right(size_t n) : host_(new float[n]) { cudaMallocHost((void **)&pinned_, n); }
    ~Right()
    {
        delete[] host_;
        cudaFreeHost(pinned_);
    }

private:
    float *host_;
    float *pinned_;
};
