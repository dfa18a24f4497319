/*
 * GPUMD's GPU_Vector: a class template whose buffer `data_` is device or
 * managed memory (the allocator is a parameter's choice), a getter that
 * returns it, and copy methods between it and a host pointer.  A copy
 * method called with the object's own buffer (`v.copy_to_host(v.data())`)
 * copies the buffer onto itself, whatever its space: the host mirror was
 * meant.  Another object's buffer stays quiet, and so does a
 * DeviceToDevice copy onto itself.
 */
#include <cuda_runtime.h>

#include <vector>

enum class Memory_Type { global, managed };

template <typename T> class GPU_Vector {
public:
    void resize(size_t size, Memory_Type memory_type = Memory_Type::global)
    {
        size_ = size;
        memory_ = size * sizeof(T);
        if (memory_type == Memory_Type::global)
            cudaMalloc((void **)&data_, memory_);
        else
            cudaMallocManaged((void **)&data_, memory_);
    }
    void copy_from_host(const T *h_data)
    {
        cudaMemcpy(data_, h_data, memory_, cudaMemcpyHostToDevice);
    }
    void copy_to_host(T *h_data) { cudaMemcpy(h_data, data_, memory_, cudaMemcpyDeviceToHost); }
    void copy_to_device(T *d_data) { cudaMemcpy(d_data, data_, memory_, cudaMemcpyDeviceToDevice); }
    T const *data() const { return data_; }
    T *data() { return data_; }

private:
    size_t size_ = 0, memory_ = 0;
    T *data_ = nullptr;
};

struct Atom {
    GPU_Vector<double> position_per_atom, velocity_per_atom;
    std::vector<double> cpu_position_per_atom, cpu_velocity_per_atom;
};

void correct_velocity(Atom &atom, Atom &other)
{
    atom.position_per_atom.copy_to_host(atom.position_per_atom.data()); // devcheck: memcpy-direction // devcheck-message: copies 'atom.position_per_atom.data_' onto itself // devcheck-fix: copy into the host mirror 'atom.cpu_position_per_atom.data()'
    atom.velocity_per_atom.copy_from_host(atom.velocity_per_atom.data()); // devcheck: memcpy-direction // devcheck-note: data() returns it here // devcheck-fix: copy from the host mirror 'atom.cpu_velocity_per_atom.data()'
    atom.position_per_atom.copy_to_host(atom.cpu_position_per_atom.data());
    atom.velocity_per_atom.copy_from_host(atom.cpu_velocity_per_atom.data());
    atom.position_per_atom.copy_to_host(other.position_per_atom.data());
    atom.position_per_atom.copy_to_device(atom.position_per_atom.data());
}

/* Through a pointer to the vector, and a helper function taking it. */
void download(GPU_Vector<float> *v)
{
    v->copy_to_host(v->data()); // devcheck: memcpy-direction
}

void download_into(GPU_Vector<float> &v, float *h)
{
    v.copy_to_host(h);
}

void download_all(GPU_Vector<float> &v, GPU_Vector<float> &w, std::vector<float> &h)
{
    download_into(v, v.data()); // devcheck: memcpy-direction
    download_into(v, w.data());
    download_into(v, h.data());
}
