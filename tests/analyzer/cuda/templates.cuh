/*
 * A header-only library's templates, which no code of the file that
 * includes it instantiates (templates.cu): each is walked once as
 * written, with what does not depend on its parameters.
 */
#include <cuda_runtime.h>
#include <vector>

/* flashinfer's BatchPrefillWithPagedKVCache (e90562679's parent): the
   indptr is allocated and at once copied out, where it was to go in. */
template <typename DType, typename IdType>
cudaError_t gather_pages(DType *q, IdType *q_indptr, int batch, cudaStream_t stream)
{
    std::vector<IdType> q_indptr_h(batch + 1), kv_indptr_h(batch + 1);
    IdType *kv_indptr = nullptr;
    cudaError_t e = cudaMallocAsync(&kv_indptr, (batch + 1) * sizeof(IdType), stream);
    if (e != cudaSuccess)
        return e;
    cudaMemcpyAsync(q_indptr_h.data(), q_indptr, sizeof(IdType) * (batch + 1),
                    cudaMemcpyDeviceToHost, stream);
    cudaMemcpyAsync(kv_indptr_h.data(), kv_indptr, sizeof(IdType) * (batch + 1), // devcheck: uninitialized-read
                    cudaMemcpyDeviceToHost, stream);
    (void)q;
    return cudaFreeAsync(kv_indptr, stream);
}

/* The fix: the host's indptr goes to the device. */
template <typename IdType>
cudaError_t upload_pages(int batch, cudaStream_t stream)
{
    std::vector<IdType> kv_indptr_h(batch + 1);
    IdType *kv_indptr = nullptr;
    cudaMallocAsync(&kv_indptr, (batch + 1) * sizeof(IdType), stream);
    cudaMemcpyAsync(kv_indptr, kv_indptr_h.data(), sizeof(IdType) * (batch + 1),
                    cudaMemcpyHostToDevice, stream);
    return cudaFreeAsync(kv_indptr, stream);
}

/* A class template's members, the buffer of a dependent type. */
template <class T>
class Staging {
public:
    explicit Staging(int n) : n_(n) { cudaMalloc(&dev_, n * sizeof(T)); }
    void load(const T *host) { cudaMemcpy(dev_, host, n_ * sizeof(T), cudaMemcpyHostToDevice); }
    T front() const { return dev_[0]; } // devcheck: host-deref
    void store(T *host) const;

private:
    int n_;
    T *dev_ = nullptr;
};

template <class T>
void Staging<T>::store(T *host) const
{
    float scratch[4];
    cudaMemcpy(dev_, scratch, sizeof scratch, cudaMemcpyDeviceToHost); // devcheck: memcpy-direction
    (void)host;
}
