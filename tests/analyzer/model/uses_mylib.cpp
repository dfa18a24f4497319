/*
 * A model file names a C++ method after its class and namespaces
 * (mylib::Buffer::device_ptr in mylib.model): its effects apply to calls
 * of it, and not to a method of the same name in another class.
 */
#include <stdio.h>

namespace mylib {
struct Buffer {
    float *device_ptr();
};
} // namespace mylib

struct Other {
    float *device_ptr();
};

void show(mylib::Buffer &b, Other &o)
{
    printf("%f\n", b.device_ptr()[0]); // devcheck: host-deref
    printf("%f\n", o.device_ptr()[0]);
}
