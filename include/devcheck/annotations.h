/*
 * devcheck/annotations.h: how a C library tells devcheck where its data
 * lives.  Put these after a function's declaration:
 *
 *     dt_tensor *dt_to(dt_tensor *t, dt_device d) DC_TRANSFER(t, d);
 *
 * They expand to clang `annotate` attributes only when devcheck reads the
 * header (it defines __DEVCHECK__); a compiler sees nothing.  Arguments name
 * the function's parameters.  One function may carry several.
 *
 * Tensors, modules and lists
 *   DC_CREATES_CPU               returns a new tensor (or module) on the cpu
 *   DC_CREATES_ON(d)             returns a new tensor on device d
 *   DC_CREATES_LIKE(t)           returns a new tensor on t's device, of t's dtype
 *   DC_DTYPE(k)                  what it returns has dtype k: f32, f64 or i64
 *   DC_DTYPE_OF(t)               what it returns has t's dtype, where t has one
 *   DC_TRANSFER(t, d)            returns t moved to d, t unchanged: dropping the
 *                                result is a mistake (a list, when t is one)
 *   DC_TRANSFER_DTYPE(t)         returns t converted, t unchanged: likewise
 *   DC_PIN(t)                    returns t in pinned memory, t unchanged: likewise
 *   DC_MOVES(m, d)               moves m (a module's registered tensors) to d, in place
 *   DC_SAME_DEVICE(a, b, ...)    its tensor (or module) arguments must share a device
 *   DC_SAME_DTYPE(a, b, ...)     ... and a dtype
 *   DC_DEVICE_OF(t)              returns the device t (a tensor or module) is on
 *   DC_DEVICE_CPU                returns the cpu device
 *   DC_DEVICE_CUDA(i)            returns GPU number i
 *   DC_DATA_OF(t)                returns the memory of t: device memory when t is
 *                                on a GPU
 *   DC_MODULE_STATE(m)           returns m's private state, whose tensors
 *                                dt_module_to does not move
 *   DC_MODULE_CUSTOM(fwd, state) returns a new module computed by function fwd,
 *                                keeping state
 *   DC_MODULE_CHILDREN           returns a new module of its module arguments
 *   DC_MODULE_ON(d)              returns a new module of no known dtype on device d;
 *                                with no d (DC_MODULE_ON()), or another argument
 *                                a device, where not known until moved
 *   DC_REGISTER(m, t)            t becomes a registered tensor of module m
 *   DC_PARAM_OF(m)               returns a registered tensor of m
 *   DC_LIST_NEW                  returns a new, empty list
 *   DC_LIST_PUSH(l, t)           appends t to l
 *   DC_LIST_GET(l, i)            returns element i of l
 *   DC_SPLIT(t)                  returns a list of pieces of t, on t's device
 *                                (of module t: its parameters)
 *   DC_BATCHES(x, y)             stores a new batch into *x and *y, on the cpu
 *                                (pinned when the loader pins)
 *   DC_IDENTITY(t)               returns t itself (dt_retain): where t is
 *   DC_CREATES_OPTIONS           returns a new tensor where its TensorOptions
 *                                argument says, the cpu when they name no
 *                                device (libtorch's factories)
 *   DC_DEVICE_TYPED(t, i)        returns GPU i when device t is a GPU, else t
 *                                (c10::Device(type, index))
 *   DC_LOADS(x)                  reads module or tensor x onto the cpu (torch::load)
 *   DC_NORETURN                  never returns: the path ends (a check's failure)
 *
 * In a method's annotations `this` names the object it is called on; `cpu`
 * and `cuda` name those devices where a device is an argument.
 *
 * Tests, which refine where a value is on each side of an `if`
 *   DC_DEVICE_EQUAL(a, b)        true when devices a and b are one device
 *   DC_IS_CUDA(d)                true when device d is a GPU
 *   DC_POINTER_ATTRIBUTES(a, p)  fills *a with what p points to, so that
 *                                `a.type == cudaMemoryTypeDevice` tests p
 *
 * Raw memory
 *   DC_ALLOCATES_DEVICE(p)       stores device memory of the current GPU in *p
 *   DC_ALLOCATES_PINNED(p)       stores pinned host memory in *p
 *   DC_RETURNS_HOST              returns host memory (malloc and friends)
 *   DC_RETURNS_DEVICE            returns device memory
 *   DC_DEVICE_MEMORY(p)          p must be device memory (cudaFree, cudaMemset)
 *   DC_HOST_MEMORY(p)            p must be host memory (memcpy, free)
 *   DC_MEMCPY(dst, src, kind)    a copy whose cudaMemcpyKind is argument kind
 *   DC_LAUNCH(func, args)        launches kernel func with argument addresses args
 *   DC_ALLOCATES_HOST(p)         stores host memory in *p (a library object made
 *                                for the host: curandCreateGeneratorHost)
 *   DC_SAME_SPACE(g, p)          p must be memory of g's space, host or device
 *                                (a cuRAND generator's output)
 *   DC_READS_HOST(p)             reads or writes through p on the host (fwrite,
 *                                memcmp): device memory there is host-deref
 *   DC_READS_HOST_FORMAT(f)      likewise through each %s argument of printf
 *                                format f
 */
#ifndef DEVCHECK_ANNOTATIONS_H
#define DEVCHECK_ANNOTATIONS_H

#ifdef __DEVCHECK__
#define DC_ANNOTATE(what) __attribute__((annotate("devcheck " what)))
#else
#define DC_ANNOTATE(what)
#endif

#define DC_CREATES_CPU               DC_ANNOTATE("creates cpu")
#define DC_CREATES_ON(d)             DC_ANNOTATE("creates-on " #d)
#define DC_CREATES_LIKE(t)           DC_ANNOTATE("creates-like " #t)
#define DC_DTYPE(k)                  DC_ANNOTATE("dtype " #k)
#define DC_DTYPE_OF(t)               DC_ANNOTATE("dtype-of " #t)
#define DC_TRANSFER(t, d)            DC_ANNOTATE("transfer " #t " " #d)
#define DC_TRANSFER_DTYPE(t)         DC_ANNOTATE("transfer-dtype " #t)
#define DC_PIN(t)                    DC_ANNOTATE("pin " #t)
#define DC_MOVES(m, d)               DC_ANNOTATE("moves " #m " " #d)
#define DC_SAME_DEVICE(...)          DC_ANNOTATE("same-device " #__VA_ARGS__)
#define DC_SAME_DTYPE(...)           DC_ANNOTATE("same-dtype " #__VA_ARGS__)
#define DC_DEVICE_OF(t)              DC_ANNOTATE("device-of " #t)
#define DC_DEVICE_CPU                DC_ANNOTATE("device-cpu")
#define DC_DEVICE_CUDA(i)            DC_ANNOTATE("device-cuda " #i)
#define DC_DATA_OF(t)                DC_ANNOTATE("data-of " #t)
#define DC_MODULE_STATE(m)           DC_ANNOTATE("module-state " #m)
#define DC_MODULE_CUSTOM(fwd, state) DC_ANNOTATE("module-custom " #fwd " " #state)
#define DC_MODULE_CHILDREN           DC_ANNOTATE("module-children")
#define DC_MODULE_ON(d)              DC_ANNOTATE("module-on " #d)
#define DC_REGISTER(m, t)            DC_ANNOTATE("register " #m " " #t)
#define DC_PARAM_OF(m)               DC_ANNOTATE("param-of " #m)
#define DC_LIST_NEW                  DC_ANNOTATE("list-new")
#define DC_LIST_PUSH(l, t)           DC_ANNOTATE("list-push " #l " " #t)
#define DC_LIST_GET(l, i)            DC_ANNOTATE("list-get " #l " " #i)
#define DC_SPLIT(t)                  DC_ANNOTATE("split " #t)
#define DC_BATCHES(x, y)             DC_ANNOTATE("batches " #x " " #y)
#define DC_IDENTITY(t)               DC_ANNOTATE("identity " #t)
#define DC_CREATES_OPTIONS           DC_ANNOTATE("creates-options")
#define DC_DEVICE_TYPED(t, i)        DC_ANNOTATE("device-typed " #t " " #i)
#define DC_LOADS(x)                  DC_ANNOTATE("loads " #x)
#define DC_NORETURN                  DC_ANNOTATE("noreturn")
#define DC_DEVICE_EQUAL(a, b)        DC_ANNOTATE("device-equal " #a " " #b)
#define DC_IS_CUDA(d)                DC_ANNOTATE("is-cuda " #d)
#define DC_POINTER_ATTRIBUTES(a, p)  DC_ANNOTATE("pointer-attributes " #a " " #p)
#define DC_ALLOCATES_DEVICE(p)       DC_ANNOTATE("allocates-device " #p)
#define DC_ALLOCATES_PINNED(p)       DC_ANNOTATE("allocates-pinned " #p)
#define DC_RETURNS_HOST              DC_ANNOTATE("returns-host")
#define DC_RETURNS_DEVICE            DC_ANNOTATE("returns-device")
#define DC_DEVICE_MEMORY(p)          DC_ANNOTATE("device-memory " #p)
#define DC_HOST_MEMORY(p)            DC_ANNOTATE("host-memory " #p)
#define DC_MEMCPY(dst, src, kind)    DC_ANNOTATE("memcpy " #dst " " #src " " #kind)
#define DC_LAUNCH(func, args)        DC_ANNOTATE("launch " #func " " #args)
#define DC_ALLOCATES_HOST(p)         DC_ANNOTATE("allocates-host " #p)
#define DC_SAME_SPACE(g, p)          DC_ANNOTATE("same-space " #g " " #p)
#define DC_READS_HOST(p)             DC_ANNOTATE("reads-host " #p)
#define DC_READS_HOST_FORMAT(f)      DC_ANNOTATE("reads-host-format " #f)

#endif /* DEVCHECK_ANNOTATIONS_H */
