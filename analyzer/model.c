/*
 * The API model: what a function does to devices.
 *
 * Three sources, one vocabulary (devcheck/annotations.h, in the top-level include/):
 *   - annotations on a function's declaration, `annotate("devcheck EFFECT
 *     ARG...")`, whose arguments name its parameters;
 *   - model files, for headers that cannot be edited: one effect per line,
 *     `FUNCTION EFFECT ARG...`, with parameters by position (0 is the first)
 *     and `#` comments;
 *   - the built-in model below, in that format: the CUDA runtime API and the
 *     C library's memory functions.
 * A function's annotations win over entries of the same name.  A model
 * file is text: a regular file, lines ending in LF or CRLF, no NUL byte.
 */
#include "flow.h"
#include "hash.h"
#include "memkind.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What each effect is called and how many arguments it takes (-1: any). */
static const struct {
    const char *name;
    int nargs;
    bool word;                          /* its one argument is a word, not a parameter */
} vocabulary[EF_COUNT] = {
    [EF_CREATES_CPU] = { "creates", 1, true },
    [EF_CREATES_ON] = { "creates-on", 1, false },
    [EF_CREATES_LIKE] = { "creates-like", 1, false },
    [EF_DTYPE] = { "dtype", 1, true },
    [EF_DTYPE_OF] = { "dtype-of", 1, false },
    [EF_TRANSFER] = { "transfer", 2, false },
    [EF_TRANSFER_DTYPE] = { "transfer-dtype", 1, false },
    [EF_PIN] = { "pin", 1, false },
    [EF_MOVES] = { "moves", 2, false },
    [EF_SAME_DEVICE] = { "same-device", -1, false },
    [EF_SAME_DTYPE] = { "same-dtype", -1, false },
    [EF_DEVICE_OF] = { "device-of", 1, false },
    [EF_DEVICE_CPU] = { "device-cpu", 0, false },
    [EF_DEVICE_CUDA] = { "device-cuda", 1, false },
    [EF_DATA_OF] = { "data-of", 1, false },
    [EF_MODULE_STATE] = { "module-state", 1, false },
    [EF_MODULE_CUSTOM] = { "module-custom", 2, false },
    [EF_MODULE_CHILDREN] = { "module-children", 0, false },
    [EF_REGISTER] = { "register", 2, false },
    [EF_PARAM_OF] = { "param-of", 1, false },
    [EF_LIST_NEW] = { "list-new", 0, false },
    [EF_LIST_PUSH] = { "list-push", 2, false },
    [EF_LIST_GET] = { "list-get", 2, false },
    [EF_SPLIT] = { "split", 1, false },
    [EF_BATCHES] = { "batches", 2, false },
    [EF_ALLOCATES_DEVICE] = { "allocates-device", 1, false },
    [EF_ALLOCATES_PINNED] = { "allocates-pinned", 1, false },
    [EF_RETURNS_HOST] = { "returns-host", 0, false },
    [EF_RETURNS_DEVICE] = { "returns-device", 0, false },
    [EF_DEVICE_MEMORY] = { "device-memory", 1, false },
    [EF_HOST_MEMORY] = { "host-memory", 1, false },
    [EF_MEMCPY] = { "memcpy", 3, false },
    [EF_LAUNCH] = { "launch", 2, false },
    [EF_IDENTITY] = { "identity", 1, false },
    [EF_DEVICE_EQUAL] = { "device-equal", 2, false },
    [EF_IS_CUDA] = { "is-cuda", 1, false },
    [EF_POINTER_ATTRIBUTES] = { "pointer-attributes", 2, false },
    [EF_FREES] = { "frees", 1, false },
    [EF_COPIES] = { "copies", 2, false },
    [EF_CREATES_OPTIONS] = { "creates-options", 0, false },
    [EF_DEVICE_TYPED] = { "device-typed", 2, false },
    [EF_LOADS] = { "loads", 1, false },
    [EF_NORETURN] = { "noreturn", 0, false },
    [EF_READS] = { "reads", -1, false },
    [EF_ALLOCATES_HOST] = { "allocates-host", 1, false },
    [EF_SAME_SPACE] = { "same-space", 2, false },
    [EF_READS_HOST] = { "reads-host", 1, false },
    [EF_READS_HOST_FORMAT] = { "reads-host-format", 1, false },
    [EF_EITHER_MEMORY] = { "either-memory", 1, false },
    [EF_MODULE_ON] = { "module-on", -1, false },
    [EF_WRAPS] = { "wraps", 1, false },
    [EF_INDEXES] = { "indexes", 2, false },
    [EF_REDUCES] = { "reduces", 2, false },
    [EF_ZERO_DIM] = { "zero-dim", 1, false },
    [EF_SAME_DEVICE_LIST] = { "same-device-list", 1, false },
    [EF_ELEMENTWISE] = { "elementwise", -1, false },
};

/* The words a position may be besides a number or a parameter's name. */
static const struct {
    const char *word;
    int position;
} pseudo_positions[] = {
    { "this", DC_ARG_THIS }, { "cpu", DC_ARG_CPU }, { "cuda", DC_ARG_CUDA },
};

/* One parameter of a library's function that must be device memory. */
#define DEVICE_ARG(name, n) name " device-memory " #n "\n"

/* cuBLAS's vectors and matrices are device memory (its scalars, alpha,
   beta and a result, are either, by the handle's pointer mode): the
   argument numbers of each function, for its four types. */
#define CUBLAS_TYPES(F) F("S") F("D") F("C") F("Z")
#define CUBLAS_DEVICE(name, n) DEVICE_ARG(name, n)
#define CUBLAS_GEMM(t) CUBLAS_DEVICE("cublas" t "gemm_v2", 7) CUBLAS_DEVICE("cublas" t "gemm_v2", 9) \
    CUBLAS_DEVICE("cublas" t "gemm_v2", 12) "cublas" t "gemm_v2 reads 7\n" \
    "cublas" t "gemm_v2 reads 9\n" "cublas" t "gemm_v2 reads 12 11\n"
#define CUBLAS_GEMM_STRIDED(t) CUBLAS_DEVICE("cublas" t "gemmStridedBatched", 7) \
    CUBLAS_DEVICE("cublas" t "gemmStridedBatched", 10) \
    CUBLAS_DEVICE("cublas" t "gemmStridedBatched", 14)
#define CUBLAS_GEAM(t) CUBLAS_DEVICE("cublas" t "geam", 6) CUBLAS_DEVICE("cublas" t "geam", 9) \
    CUBLAS_DEVICE("cublas" t "geam", 11)
#define CUBLAS_GEMV(t) CUBLAS_DEVICE("cublas" t "gemv_v2", 5) CUBLAS_DEVICE("cublas" t "gemv_v2", 7) \
    CUBLAS_DEVICE("cublas" t "gemv_v2", 10)
#define CUBLAS_AXPY(t) CUBLAS_DEVICE("cublas" t "axpy_v2", 3) CUBLAS_DEVICE("cublas" t "axpy_v2", 5)
#define CUBLAS_COPY(t) CUBLAS_DEVICE("cublas" t "copy_v2", 2) CUBLAS_DEVICE("cublas" t "copy_v2", 4)
#define CUBLAS_SCAL(t) CUBLAS_DEVICE("cublas" t "scal_v2", 3)

/* cuBLAS's copies between host and device (cublasSetVector, ...), and
   their 64-bit twins: which side is which, by position. */
#define CUBLAS_SET_GET(f, effect) f " " effect "\n" f "_64 " effect "\n"
/* cuBLAS's rules by parameter name (not cublasXt's functions, whose
   matrices may be on the host). */
#define CUBLAS_RULES(effect, params) "cublas[!X]* " effect " " params "\n"

/* cuSOLVER's dense LAPACK routines (cusolverDn.h, "cuSOLVER: dense
   LAPACK"): the matrices, pivots, workspace and devInfo are device memory. */
#define SOLVER_TYPES(F) F("S") F("D") F("C") F("Z")
#define SOLVER_GETRF(t) DEVICE_ARG("cusolverDn" t "getrf", 3) DEVICE_ARG("cusolverDn" t "getrf", 5) \
    DEVICE_ARG("cusolverDn" t "getrf", 6) DEVICE_ARG("cusolverDn" t "getrf", 7)
#define SOLVER_GETRS(t) DEVICE_ARG("cusolverDn" t "getrs", 4) DEVICE_ARG("cusolverDn" t "getrs", 6) \
    DEVICE_ARG("cusolverDn" t "getrs", 7) DEVICE_ARG("cusolverDn" t "getrs", 9)
#define SOLVER_POTRF(t) DEVICE_ARG("cusolverDn" t "potrf", 3) DEVICE_ARG("cusolverDn" t "potrf", 5) \
    DEVICE_ARG("cusolverDn" t "potrf", 7)
#define SOLVER_GEQRF(t) DEVICE_ARG("cusolverDn" t "geqrf", 3) DEVICE_ARG("cusolverDn" t "geqrf", 5) \
    DEVICE_ARG("cusolverDn" t "geqrf", 6) DEVICE_ARG("cusolverDn" t "geqrf", 8)
#define SOLVER_GESVD(t) DEVICE_ARG("cusolverDn" t "gesvd", 5) DEVICE_ARG("cusolverDn" t "gesvd", 7) \
    DEVICE_ARG("cusolverDn" t "gesvd", 8) DEVICE_ARG("cusolverDn" t "gesvd", 10) \
    DEVICE_ARG("cusolverDn" t "gesvd", 12) DEVICE_ARG("cusolverDn" t "gesvd", 14) \
    DEVICE_ARG("cusolverDn" t "gesvd", 15)
#define SOLVER_SYEVD(name) DEVICE_ARG(name, 4) DEVICE_ARG(name, 6) DEVICE_ARG(name, 7) \
    DEVICE_ARG(name, 9)
/* cuSOLVER's sparse solvers (cusolverSp.h): the device path's arrays (the
   *Host functions take host memory, and are not these). */
#define SOLVER_CSRLSV(t, f) DEVICE_ARG("cusolverSp" t f, 4) DEVICE_ARG("cusolverSp" t f, 5) \
    DEVICE_ARG("cusolverSp" t f, 6) DEVICE_ARG("cusolverSp" t f, 7) DEVICE_ARG("cusolverSp" t f, 10)
#define SOLVER_CSRLSVQR(t) SOLVER_CSRLSV(t, "csrlsvqr")
#define SOLVER_CSRLSVCHOL(t) SOLVER_CSRLSV(t, "csrlsvchol")

/* cuFFT's executions (cufft.h): input and output are device memory. */
#define CUFFT_EXEC(k) DEVICE_ARG("cufftExec" k, 1) DEVICE_ARG("cufftExec" k, 2)

/* cuRAND's host API (curand.h): a generator writes memory of its own
   space, the device's unless curandCreateGeneratorHost made it. */
#define CURAND_GENERATE(f) "curandGenerate" f " same-space 0 1\n"

/* NCCL's collectives (nccl.h): send and receive buffers are device memory.
   Each function has a profiling twin, pnccl..., that NCCL_BOTH names too. */
#define NCCL_SEND_RECV(f) DEVICE_ARG(f, 0) DEVICE_ARG(f, 1)
#define NCCL_BOTH(f, effect) f " " effect "\n" "p" f " " effect "\n"
#define NCCL_RULE(effect, param) "nccl* " effect " " param "\n" "pnccl* " effect " " param "\n"

/* CUB's device-wide algorithms (the headers of cub/device/): temporary storage, input
   and output are device memory (the storage is NULL in the call that asks
   its size, which says nothing). */
#define CUB_IN_OUT(f) DEVICE_ARG("cub::" f, 0) DEVICE_ARG("cub::" f, 2) DEVICE_ARG("cub::" f, 3)

/* The C library's functions that read or write through a pointer on the
   host: device memory given to them is host-deref. */
#define HOST_READS(f, n) f " reads-host " #n "\n"

/* libtorch (its C++ API as of 1.13).  A factory's tensor is where its
   TensorOptions say, the cpu when they name no device; *_like and new_*
   follow their tensor; ops want their tensors on one device; a module
   holder's constructor makes a module on the cpu when the module has
   parameters (a loss or an activation has none, so is on no device), and
   Sequential's is where its children are.  ATen's factories (at::empty,
   as extensions call them) are torch's without autograd; an in-place op
   (x.add_(y)) wants its tensors on one device and returns its own (y is
   cast to x's dtype, so no dtype check); a view or a copy of another
   layout (x.contiguous(), x.view(...)) stays on its tensor's device. */
#define TORCH_FACTORY(f) "torch::" f " creates-options\n" "at::" f " creates-options\n"
#define TORCH_LIKE(f) "torch::" f "_like creates-like 0\n" "at::Tensor::new_" f " creates-like this\n"
/* The result is where the first tensor is: the second's when the first is a
   scalar (`0.1 * noise`, `1.0 - x`), else the first's. */
#define TORCH_OP(f) f " elementwise 0 1\n" f " same-dtype 0 1\n" f " creates-like 1\n" f " creates-like 0\n"
#define TORCH_METHOD_OP(f) "at::Tensor::" f " elementwise this 0\n" \
    "at::Tensor::" f " same-dtype this 0\n" "at::Tensor::" f " creates-like this\n"
#define TORCH_IN_PLACE_OP(f) "at::Tensor::" f " elementwise this 0\n" "at::Tensor::" f " identity this\n"
#define TORCH_LAYOUT(f) "at::Tensor::" f " creates-like this\n"
/* In-place ops of one tensor (`x.clamp_(0, 1)`, `x.zero_()`) return it. */
#define TORCH_IN_PLACE_UNARY(f) "at::Tensor::" f " identity this\n"
/* ATen's ops that take an index or a mask beside their tensor: the
   arguments that must be on the tensor's device, by position in the
   method (`x.index_select(0, i)`) and in the function (`at::gather(x, 1,
   i)`), whose result is where the tensor is.  PyTorch's generated
   wrappers check every tensor argument of index_select, gather, take,
   masked_select, scatter, scatter_add, index_add and index_copy against
   the first ("Expected all tensors to be on the same device"), a 0-dim
   one too; index_fill's TensorIterator wants the index there, masked_fill
   the mask; their value may be a 0-dim tensor anywhere, read as a scalar,
   so is not named.  Advanced indexing (`x.index({i})`, `index_put_`) takes
   cpu indices for a CUDA tensor: its indices must be on the cpu or where
   the tensor is (indexes). */
#define TORCH_INDEXED(f, in_method, in_function) \
    "at::Tensor::" f " same-device this " in_method "\n" "at::Tensor::" f " creates-like this\n" \
    "at::" f " same-device 0 " in_function "\n" "at::" f " creates-like 0\n"
#define TORCH_INDEXED_IN_PLACE(f, in_method) \
    "at::Tensor::" f " same-device this " in_method "\n" "at::Tensor::" f " identity this\n"
/* ATen's functions of one tensor, and its methods: the result is where the
   tensor is (`torch::relu(x)`, `x.relu()`, `F::relu(x)`). */
#define TORCH_UNARY_FUNCTION(f) "at::" f " creates-like 0\n"
#define TORCH_UNARY(f) TORCH_UNARY_FUNCTION(f) "at::Tensor::" f " creates-like this\n"
#define TORCH_FUNCTIONAL(f) "torch::nn::functional::" f " creates-like 0\n"
/* Elementwise ops of two tensors, or a tensor and a scalar: both on one
   device, as PyTorch checks (a cpu tensor of no dimensions is a scalar
   there), the result where the first is.  No dtype check: they promote. */
#define TORCH_BINARY_FUNCTION(f) "at::" f " elementwise 0 1\n" "at::" f " creates-like 0\n"
#define TORCH_BINARY(f) TORCH_BINARY_FUNCTION(f) \
    "at::Tensor::" f " elementwise this 0\n" "at::Tensor::" f " creates-like this\n"
#define TORCH_LOSS(f) TORCH_BINARY_FUNCTION(f) \
    "torch::nn::functional::" f " elementwise 0 1\n" "torch::nn::functional::" f " creates-like 0\n"
/* Reductions: where the tensor is, of no dimensions when no dim is written. */
#define TORCH_REDUCTION(f) "at::" f " reduces 0 1\n" "at::Tensor::" f " reduces this 0\n"
/* max and min: a reduction (`x.max()`; with a dim, a tuple of values and
   indices, each where the tensor is: `std::get<1>(x.max(1))`), or of two
   tensors elementwise (`torch::max(x, y)`), which want one device. */
#define TORCH_REDUCTION_OR_BINARY(f) TORCH_REDUCTION(f) \
    "at::" f " elementwise 0 1\n" "at::Tensor::" f " elementwise this 0\n"
/* A tensor's pieces: a list where it is. */
#define TORCH_PIECES(f) "at::Tensor::" f " split this\n" "at::" f " split 0\n"
/* ATen's functions of an input and weights (`torch::linear(x, w, b)`,
   `torch::conv2d(x, w)`): all on one device, a 0-dim one too; the result
   where the input is. */
#define TORCH_WEIGHTED(f) "at::" f " same-device 0 1 2\n" "at::" f " creates-like 0\n"
#define TORCH_WEIGHTED_FUNCTIONAL(f) "torch::nn::functional::" f " same-device 0 1 2\n" \
    "torch::nn::functional::" f " creates-like 0\n"
#define TORCH_FORWARD(m) "torch::nn::" m "Impl::forward same-device this 0\n" \
    "torch::nn::" m "Impl::forward same-dtype this 0\n" "torch::nn::" m "Impl::forward creates-like 0\n"
#define TORCH_LAYER(m) "torch::nn::" m "::" m " creates cpu\n" TORCH_FORWARD(m)

static const char builtin[] =
    "# the CUDA runtime API\n"
    "cudaMalloc allocates-device 0\n"
    "cudaMallocAsync allocates-device 0\n"
    "cudaMallocManaged allocates-pinned 0\n"
    "cudaMallocHost allocates-pinned 0\n"
    "cudaHostAlloc allocates-pinned 0\n"
    "cudaFree device-memory 0\n"
    "cudaFree frees 0\n"
    "cudaFreeAsync device-memory 0\n"
    "cudaFreeAsync frees 0\n"
    "cudaFreeHost frees 0\n"
    "cudaMemset device-memory 0\n"
    "cudaMemsetAsync device-memory 0\n"
    "cudaMemcpy memcpy 0 1 3\n"
    "cudaMemcpyAsync memcpy 0 1 3\n"
    "cudaMemcpyPeer device-memory 0\n"
    "cudaMemcpyPeer device-memory 2\n"
    "cudaLaunchKernel launch 0 3\n"
    "cudaMemcpy2D memcpy 0 2 6\n"
    "cudaMemcpy2DAsync memcpy 0 2 6\n"
    "cudaPointerGetAttributes pointer-attributes 0 1\n"
    "cudaMallocPitch allocates-device 0\n"
    "cudaMemcpyPeerAsync device-memory 0\n"
    "cudaMemcpyPeerAsync device-memory 2\n"
    "cudaMemset2D device-memory 0\n"
    "cudaMemset2DAsync device-memory 0\n"
    "cudaHostRegister host-memory 0\n"
    "cudaHostGetDevicePointer host-memory 1\n"
    "# its arrays: the pointer side of a copy to or from one, by the copy's kind\n"
    "cudaMemcpyToArray memcpy 0 3 5\n"
    "cudaMemcpyToArrayAsync memcpy 0 3 5\n"
    "cudaMemcpyFromArray memcpy 0 1 5\n"
    "cudaMemcpyFromArrayAsync memcpy 0 1 5\n"
    "cudaMemcpy2DToArray memcpy 0 3 7\n"
    "cudaMemcpy2DToArrayAsync memcpy 0 3 7\n"
    "cudaMemcpy2DFromArray memcpy 0 2 7\n"
    "cudaMemcpy2DFromArrayAsync memcpy 0 2 7\n"
    "# the CUDA runtime API (cuda_runtime_api.h, whole): what it writes for its\n"
    "# caller (a handle it makes, a count, properties, an address it gives) and\n"
    "# what it reads on the host (descriptors, parameters, arrays of nodes or of\n"
    "# pointers, names) are host memory; handles (streams, events, graphs,\n"
    "# arrays, pools) either (opaque, unchecked); an IPC handle's, a pool's\n"
    "# exported and a graph's freed pointer device memory; a symbol, a kernel's\n"
    "# address, user data, managed memory's prefetch and advice and a graph\n"
    "# node's copy (done at its launch) either; a copy to or from a symbol: its\n"
    "# pointer side by its kind; a cooperative launch's arguments as a launch's\n"
    "cudaDeviceGetLimit host-memory 0\ncudaDeviceGetTexture1DLinearMaxWidth host-memory 0 1\n"
    "cudaDeviceGetCacheConfig host-memory 0\ncudaDeviceGetStreamPriorityRange host-memory 0 1\n"
    "cudaDeviceGetByPCIBusId host-memory 0 1\ncudaDeviceGetPCIBusId host-memory 0\n"
    "cudaIpcGetEventHandle host-memory 0\ncudaIpcGetEventHandle either-memory 1\n"
    "cudaIpcOpenEventHandle host-memory 0\ncudaIpcGetMemHandle host-memory 0\n"
    "cudaIpcGetMemHandle device-memory 1\ncudaIpcOpenMemHandle host-memory 0\n"
    "cudaIpcCloseMemHandle device-memory 0\ncudaDeviceRegisterAsyncNotification either-memory 1 2\n"
    "cudaDeviceRegisterAsyncNotification host-memory 3\n"
    "cudaDeviceUnregisterAsyncNotification either-memory 1\n"
    "cudaDeviceGetSharedMemConfig host-memory 0\ncudaGetDeviceCount host-memory 0\n"
    "cudaGetDeviceProperties host-memory 0\ncudaDeviceGetAttribute host-memory 0\n"
    "cudaDeviceGetHostAtomicCapabilities host-memory 0 1\ncudaDeviceGetDefaultMemPool host-memory 0\n"
    "cudaDeviceSetMemPool either-memory 1\ncudaDeviceGetMemPool host-memory 0\n"
    "cudaDeviceGetNvSciSyncAttributes host-memory 0\ncudaDeviceGetP2PAttribute host-memory 0\n"
    "cudaDeviceGetP2PAtomicCapabilities host-memory 0 1\ncudaChooseDevice host-memory 0 1\n"
    "cudaGetDevice host-memory 0\ncudaSetValidDevices host-memory 0\ncudaGetDeviceFlags host-memory 0\n"
    "cudaStreamCreate host-memory 0\ncudaStreamCreateWithFlags host-memory 0\n"
    "cudaStreamCreateWithPriority host-memory 0\ncudaStreamGetPriority either-memory 0\n"
    "cudaStreamGetPriority host-memory 1\ncudaStreamGetFlags either-memory 0\n"
    "cudaStreamGetFlags host-memory 1\ncudaStreamGetId either-memory 0\ncudaStreamGetId host-memory 1\n"
    "cudaStreamGetDevice either-memory 0\ncudaStreamGetDevice host-memory 1\n"
    "cudaStreamCopyAttributes either-memory 0 1\ncudaStreamGetAttribute either-memory 0\n"
    "cudaStreamGetAttribute host-memory 2\ncudaStreamSetAttribute either-memory 0\n"
    "cudaStreamSetAttribute host-memory 2\ncudaStreamDestroy either-memory 0\n"
    "cudaStreamWaitEvent either-memory 0 1\ncudaStreamAddCallback either-memory 0 1 2\n"
    "cudaStreamSynchronize either-memory 0\ncudaStreamQuery either-memory 0\n"
    "cudaStreamAttachMemAsync either-memory 0 1\ncudaStreamBeginCapture either-memory 0\n"
    "cudaStreamBeginCaptureToGraph either-memory 0 1\ncudaStreamBeginCaptureToGraph host-memory 2 3\n"
    "cudaThreadExchangeStreamCaptureMode host-memory 0\ncudaStreamEndCapture either-memory 0\n"
    "cudaStreamEndCapture host-memory 1\ncudaStreamIsCapturing either-memory 0\n"
    "cudaStreamIsCapturing host-memory 1\ncudaStreamGetCaptureInfo either-memory 0\n"
    "cudaStreamGetCaptureInfo host-memory 1 2 3 4 5 6\n"
    "cudaStreamUpdateCaptureDependencies either-memory 0\n"
    "cudaStreamUpdateCaptureDependencies host-memory 1 2\ncudaEventCreate host-memory 0\n"
    "cudaEventCreateWithFlags host-memory 0\ncudaEventRecord either-memory 0 1\n"
    "cudaEventRecordWithFlags either-memory 0 1\ncudaEventQuery either-memory 0\n"
    "cudaEventSynchronize either-memory 0\ncudaEventDestroy either-memory 0\n"
    "cudaEventElapsedTime host-memory 0\ncudaEventElapsedTime either-memory 1 2\n"
    "cudaImportExternalMemory host-memory 0 1\ncudaExternalMemoryGetMappedBuffer host-memory 0 2\n"
    "cudaExternalMemoryGetMappedBuffer either-memory 1\n"
    "cudaExternalMemoryGetMappedMipmappedArray host-memory 0 2\n"
    "cudaExternalMemoryGetMappedMipmappedArray either-memory 1\n"
    "cudaDestroyExternalMemory either-memory 0\ncudaImportExternalSemaphore host-memory 0 1\n"
    "cudaSignalExternalSemaphoresAsync host-memory 0 1\n"
    "cudaSignalExternalSemaphoresAsync either-memory 3\n"
    "cudaWaitExternalSemaphoresAsync host-memory 0 1\ncudaWaitExternalSemaphoresAsync either-memory 3\n"
    "cudaDestroyExternalSemaphore either-memory 0\ncudaLaunchKernel either-memory 5\n"
    "cudaLaunchKernelExC launch 1 2\ncudaLaunchKernelExC host-memory 0\n"
    "cudaLaunchCooperativeKernel launch 0 3\ncudaLaunchCooperativeKernel either-memory 5\n"
    "cudaFuncSetCacheConfig either-memory 0\ncudaFuncGetAttributes host-memory 0\n"
    "cudaFuncGetAttributes either-memory 1\ncudaFuncSetAttribute either-memory 0\n"
    "cudaFuncGetName host-memory 0\ncudaFuncGetName either-memory 1\n"
    "cudaFuncGetParamInfo either-memory 0\ncudaFuncGetParamInfo host-memory 2 3\n"
    "cudaLaunchHostFunc either-memory 0 1 2\ncudaFuncSetSharedMemConfig either-memory 0\n"
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor host-memory 0\n"
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor either-memory 1\n"
    "cudaOccupancyAvailableDynamicSMemPerBlock host-memory 0\n"
    "cudaOccupancyAvailableDynamicSMemPerBlock either-memory 1\n"
    "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags host-memory 0\n"
    "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags either-memory 1\n"
    "cudaOccupancyMaxPotentialClusterSize host-memory 0 2\n"
    "cudaOccupancyMaxPotentialClusterSize either-memory 1\n"
    "cudaOccupancyMaxActiveClusters host-memory 0 2\ncudaOccupancyMaxActiveClusters either-memory 1\n"
    "cudaMallocPitch host-memory 1\ncudaMallocArray host-memory 0 1\ncudaFreeArray either-memory 0\n"
    "cudaFreeMipmappedArray either-memory 0\ncudaHostUnregister host-memory 0\n"
    "cudaHostGetDevicePointer host-memory 0\ncudaHostGetFlags host-memory 0 1\n"
    "cudaMalloc3D host-memory 0\ncudaMalloc3DArray host-memory 0 1\n"
    "cudaMallocMipmappedArray host-memory 0 1\ncudaGetMipmappedArrayLevel host-memory 0\n"
    "cudaGetMipmappedArrayLevel either-memory 1\ncudaMemcpy3D host-memory 0\n"
    "cudaMemcpy3DPeer host-memory 0\ncudaMemcpy3DAsync host-memory 0\n"
    "cudaMemcpy3DAsync either-memory 1\ncudaMemcpy3DPeerAsync host-memory 0\n"
    "cudaMemcpy3DPeerAsync either-memory 1\ncudaMemGetInfo host-memory 0 1\n"
    "cudaArrayGetInfo host-memory 0 1 2\ncudaArrayGetInfo either-memory 3\n"
    "cudaArrayGetPlane host-memory 0\ncudaArrayGetPlane either-memory 1\n"
    "cudaArrayGetMemoryRequirements host-memory 0\ncudaArrayGetMemoryRequirements either-memory 1\n"
    "cudaMipmappedArrayGetMemoryRequirements host-memory 0\n"
    "cudaMipmappedArrayGetMemoryRequirements either-memory 1\n"
    "cudaArrayGetSparseProperties host-memory 0\ncudaArrayGetSparseProperties either-memory 1\n"
    "cudaMipmappedArrayGetSparseProperties host-memory 0\n"
    "cudaMipmappedArrayGetSparseProperties either-memory 1\n"
    "cudaMemcpy2DArrayToArray either-memory 0 3\ncudaMemcpyToSymbol memcpy 0 1 4\n"
    "cudaMemcpyFromSymbol memcpy 0 1 4\ncudaMemcpyAsync either-memory 4\n"
    "cudaMemcpyPeerAsync either-memory 5\ncudaMemcpyBatchAsync host-memory 0 1 2 4 5\n"
    "cudaMemcpyBatchAsync either-memory 7\ncudaMemcpy3DBatchAsync host-memory 1\n"
    "cudaMemcpy3DBatchAsync either-memory 3\ncudaMemcpy2DAsync either-memory 7\n"
    "cudaMemcpy2DToArrayAsync either-memory 8\ncudaMemcpy2DFromArrayAsync either-memory 8\n"
    "cudaMemcpyToSymbolAsync memcpy 0 1 4\ncudaMemcpyToSymbolAsync either-memory 5\n"
    "cudaMemcpyFromSymbolAsync memcpy 0 1 4\ncudaMemcpyFromSymbolAsync either-memory 5\n"
    "cudaMemsetAsync either-memory 3\ncudaMemset2DAsync either-memory 5\n"
    "cudaMemset3DAsync either-memory 3\ncudaGetSymbolAddress host-memory 0\n"
    "cudaGetSymbolAddress either-memory 1\ncudaGetSymbolSize host-memory 0\n"
    "cudaGetSymbolSize either-memory 1\ncudaMemPrefetchAsync either-memory 0 4\n"
    "cudaMemPrefetchBatchAsync host-memory 0 1 3 4\ncudaMemPrefetchBatchAsync either-memory 7\n"
    "cudaMemDiscardBatchAsync host-memory 0 1\ncudaMemDiscardBatchAsync either-memory 4\n"
    "cudaMemDiscardAndPrefetchBatchAsync host-memory 0 1 3 4\n"
    "cudaMemDiscardAndPrefetchBatchAsync either-memory 7\ncudaMemAdvise either-memory 0\n"
    "cudaMemRangeGetAttribute host-memory 0\ncudaMemRangeGetAttribute either-memory 3\n"
    "cudaMemRangeGetAttributes host-memory 0 1 2\ncudaMemRangeGetAttributes either-memory 4\n"
    "cudaMemcpyArrayToArray either-memory 0 3\ncudaMemcpyToArrayAsync either-memory 6\n"
    "cudaMemcpyFromArrayAsync either-memory 6\ncudaMallocAsync either-memory 2\n"
    "cudaFreeAsync either-memory 1\ncudaMemPoolTrimTo either-memory 0\n"
    "cudaMemPoolSetAttribute either-memory 0\ncudaMemPoolSetAttribute host-memory 2\n"
    "cudaMemPoolGetAttribute either-memory 0\ncudaMemPoolGetAttribute host-memory 2\n"
    "cudaMemPoolSetAccess either-memory 0\ncudaMemPoolSetAccess host-memory 1\n"
    "cudaMemPoolGetAccess host-memory 0 2\ncudaMemPoolGetAccess either-memory 1\n"
    "cudaMemPoolCreate host-memory 0 1\ncudaMemPoolDestroy either-memory 0\n"
    "cudaMemGetDefaultMemPool host-memory 0 1\ncudaMemGetMemPool host-memory 0 1\n"
    "cudaMemSetMemPool host-memory 0\ncudaMemSetMemPool either-memory 2\n"
    "cudaMallocFromPoolAsync host-memory 0\ncudaMallocFromPoolAsync either-memory 2 3\n"
    "cudaMemPoolExportToShareableHandle host-memory 0\n"
    "cudaMemPoolExportToShareableHandle either-memory 1\n"
    "cudaMemPoolImportFromShareableHandle host-memory 0\n"
    "cudaMemPoolImportFromShareableHandle either-memory 1\ncudaMemPoolExportPointer host-memory 0\n"
    "cudaMemPoolExportPointer device-memory 1\ncudaMemPoolImportPointer host-memory 0 2\n"
    "cudaMemPoolImportPointer either-memory 1\ncudaDeviceCanAccessPeer host-memory 0\n"
    "cudaGraphicsUnregisterResource either-memory 0\ncudaGraphicsResourceSetMapFlags either-memory 0\n"
    "cudaGraphicsMapResources host-memory 1\ncudaGraphicsMapResources either-memory 2\n"
    "cudaGraphicsUnmapResources host-memory 1\ncudaGraphicsUnmapResources either-memory 2\n"
    "cudaGraphicsResourceGetMappedPointer host-memory 0 1\n"
    "cudaGraphicsResourceGetMappedPointer either-memory 2\n"
    "cudaGraphicsSubResourceGetMappedArray host-memory 0\n"
    "cudaGraphicsSubResourceGetMappedArray either-memory 1\n"
    "cudaGraphicsResourceGetMappedMipmappedArray host-memory 0\n"
    "cudaGraphicsResourceGetMappedMipmappedArray either-memory 1\ncudaGetChannelDesc host-memory 0\n"
    "cudaGetChannelDesc either-memory 1\ncudaCreateTextureObject host-memory 0 1 2 3\n"
    "cudaGetTextureObjectResourceDesc host-memory 0\ncudaGetTextureObjectTextureDesc host-memory 0\n"
    "cudaGetTextureObjectResourceViewDesc host-memory 0\ncudaCreateSurfaceObject host-memory 0 1\n"
    "cudaGetSurfaceObjectResourceDesc host-memory 0\ncudaDriverGetVersion host-memory 0\n"
    "cudaRuntimeGetVersion host-memory 0\ncudaLogsRegisterCallback either-memory 0 1\n"
    "cudaLogsRegisterCallback host-memory 2\ncudaLogsUnregisterCallback either-memory 0\n"
    "cudaLogsCurrent host-memory 0\ncudaLogsDumpToFile host-memory 0 1\n"
    "cudaLogsDumpToMemory host-memory 0 1 2\ncudaGraphCreate host-memory 0\n"
    "cudaGraphAddKernelNode host-memory 0 2 4\ncudaGraphAddKernelNode either-memory 1\n"
    "cudaGraphKernelNodeGetParams either-memory 0\ncudaGraphKernelNodeGetParams host-memory 1\n"
    "cudaGraphKernelNodeSetParams either-memory 0\ncudaGraphKernelNodeSetParams host-memory 1\n"
    "cudaGraphKernelNodeCopyAttributes either-memory 0 1\n"
    "cudaGraphKernelNodeGetAttribute either-memory 0\ncudaGraphKernelNodeGetAttribute host-memory 2\n"
    "cudaGraphKernelNodeSetAttribute either-memory 0\ncudaGraphKernelNodeSetAttribute host-memory 2\n"
    "cudaGraphAddMemcpyNode host-memory 0 2 4\ncudaGraphAddMemcpyNode either-memory 1\n"
    "cudaGraphAddMemcpyNodeToSymbol host-memory 0 2\n"
    "cudaGraphAddMemcpyNodeToSymbol either-memory 1 4 5\n"
    "cudaGraphAddMemcpyNodeFromSymbol host-memory 0 2\n"
    "cudaGraphAddMemcpyNodeFromSymbol either-memory 1 4 5\ncudaGraphAddMemcpyNode1D host-memory 0 2\n"
    "cudaGraphAddMemcpyNode1D either-memory 1 4 5\ncudaGraphMemcpyNodeGetParams either-memory 0\n"
    "cudaGraphMemcpyNodeGetParams host-memory 1\ncudaGraphMemcpyNodeSetParams either-memory 0\n"
    "cudaGraphMemcpyNodeSetParams host-memory 1\n"
    "cudaGraphMemcpyNodeSetParamsToSymbol either-memory 0 1 2\n"
    "cudaGraphMemcpyNodeSetParamsFromSymbol either-memory 0 1 2\n"
    "cudaGraphMemcpyNodeSetParams1D either-memory 0 1 2\ncudaGraphAddMemsetNode host-memory 0 2 4\n"
    "cudaGraphAddMemsetNode either-memory 1\ncudaGraphMemsetNodeGetParams either-memory 0\n"
    "cudaGraphMemsetNodeGetParams host-memory 1\ncudaGraphMemsetNodeSetParams either-memory 0\n"
    "cudaGraphMemsetNodeSetParams host-memory 1\ncudaGraphAddHostNode host-memory 0 2 4\n"
    "cudaGraphAddHostNode either-memory 1\ncudaGraphHostNodeGetParams either-memory 0\n"
    "cudaGraphHostNodeGetParams host-memory 1\ncudaGraphHostNodeSetParams either-memory 0\n"
    "cudaGraphHostNodeSetParams host-memory 1\ncudaGraphAddChildGraphNode host-memory 0 2\n"
    "cudaGraphAddChildGraphNode either-memory 1 4\ncudaGraphChildGraphNodeGetGraph either-memory 0\n"
    "cudaGraphChildGraphNodeGetGraph host-memory 1\ncudaGraphAddEmptyNode host-memory 0 2\n"
    "cudaGraphAddEmptyNode either-memory 1\ncudaGraphAddEventRecordNode host-memory 0 2\n"
    "cudaGraphAddEventRecordNode either-memory 1 4\ncudaGraphEventRecordNodeGetEvent either-memory 0\n"
    "cudaGraphEventRecordNodeGetEvent host-memory 1\n"
    "cudaGraphEventRecordNodeSetEvent either-memory 0 1\ncudaGraphAddEventWaitNode host-memory 0 2\n"
    "cudaGraphAddEventWaitNode either-memory 1 4\ncudaGraphEventWaitNodeGetEvent either-memory 0\n"
    "cudaGraphEventWaitNodeGetEvent host-memory 1\ncudaGraphEventWaitNodeSetEvent either-memory 0 1\n"
    "cudaGraphAddExternalSemaphoresSignalNode host-memory 0 2 4\n"
    "cudaGraphAddExternalSemaphoresSignalNode either-memory 1\n"
    "cudaGraphExternalSemaphoresSignalNodeGetParams either-memory 0\n"
    "cudaGraphExternalSemaphoresSignalNodeGetParams host-memory 1\n"
    "cudaGraphExternalSemaphoresSignalNodeSetParams either-memory 0\n"
    "cudaGraphExternalSemaphoresSignalNodeSetParams host-memory 1\n"
    "cudaGraphAddExternalSemaphoresWaitNode host-memory 0 2 4\n"
    "cudaGraphAddExternalSemaphoresWaitNode either-memory 1\n"
    "cudaGraphExternalSemaphoresWaitNodeGetParams either-memory 0\n"
    "cudaGraphExternalSemaphoresWaitNodeGetParams host-memory 1\n"
    "cudaGraphExternalSemaphoresWaitNodeSetParams either-memory 0\n"
    "cudaGraphExternalSemaphoresWaitNodeSetParams host-memory 1\n"
    "cudaGraphAddMemAllocNode host-memory 0 2 4\ncudaGraphAddMemAllocNode either-memory 1\n"
    "cudaGraphMemAllocNodeGetParams either-memory 0\ncudaGraphMemAllocNodeGetParams host-memory 1\n"
    "cudaGraphAddMemFreeNode host-memory 0 2\ncudaGraphAddMemFreeNode either-memory 1\n"
    "cudaGraphAddMemFreeNode device-memory 4\ncudaGraphMemFreeNodeGetParams either-memory 0\n"
    "cudaGraphMemFreeNodeGetParams host-memory 1\ncudaDeviceGetGraphMemAttribute host-memory 2\n"
    "cudaDeviceSetGraphMemAttribute host-memory 2\ncudaGraphClone host-memory 0\n"
    "cudaGraphClone either-memory 1\ncudaGraphNodeFindInClone host-memory 0\n"
    "cudaGraphNodeFindInClone either-memory 1 2\ncudaGraphNodeGetType either-memory 0\n"
    "cudaGraphNodeGetType host-memory 1\ncudaGraphGetNodes either-memory 0\n"
    "cudaGraphGetNodes host-memory 1 2\ncudaGraphGetRootNodes either-memory 0\n"
    "cudaGraphGetRootNodes host-memory 1 2\ncudaGraphGetEdges either-memory 0\n"
    "cudaGraphGetEdges host-memory 1 2 3 4\ncudaGraphNodeGetDependencies either-memory 0\n"
    "cudaGraphNodeGetDependencies host-memory 1 2 3\ncudaGraphNodeGetDependentNodes either-memory 0\n"
    "cudaGraphNodeGetDependentNodes host-memory 1 2 3\ncudaGraphAddDependencies either-memory 0\n"
    "cudaGraphAddDependencies host-memory 1 2 3\ncudaGraphRemoveDependencies either-memory 0\n"
    "cudaGraphRemoveDependencies host-memory 1 2 3\ncudaGraphDestroyNode either-memory 0\n"
    "cudaGraphInstantiate host-memory 0\ncudaGraphInstantiate either-memory 1\n"
    "cudaGraphInstantiateWithFlags host-memory 0\ncudaGraphInstantiateWithFlags either-memory 1\n"
    "cudaGraphInstantiateWithParams host-memory 0 2\ncudaGraphInstantiateWithParams either-memory 1\n"
    "cudaGraphExecGetFlags either-memory 0\ncudaGraphExecGetFlags host-memory 1\n"
    "cudaGraphExecKernelNodeSetParams either-memory 0 1\n"
    "cudaGraphExecKernelNodeSetParams host-memory 2\n"
    "cudaGraphExecMemcpyNodeSetParams either-memory 0 1\n"
    "cudaGraphExecMemcpyNodeSetParams host-memory 2\n"
    "cudaGraphExecMemcpyNodeSetParamsToSymbol either-memory 0 1 2 3\n"
    "cudaGraphExecMemcpyNodeSetParamsFromSymbol either-memory 0 1 2 3\n"
    "cudaGraphExecMemcpyNodeSetParams1D either-memory 0 1 2 3\n"
    "cudaGraphExecMemsetNodeSetParams either-memory 0 1\n"
    "cudaGraphExecMemsetNodeSetParams host-memory 2\ncudaGraphExecHostNodeSetParams either-memory 0 1\n"
    "cudaGraphExecHostNodeSetParams host-memory 2\n"
    "cudaGraphExecChildGraphNodeSetParams either-memory 0 1 2\n"
    "cudaGraphExecEventRecordNodeSetEvent either-memory 0 1 2\n"
    "cudaGraphExecEventWaitNodeSetEvent either-memory 0 1 2\n"
    "cudaGraphExecExternalSemaphoresSignalNodeSetParams either-memory 0 1\n"
    "cudaGraphExecExternalSemaphoresSignalNodeSetParams host-memory 2\n"
    "cudaGraphExecExternalSemaphoresWaitNodeSetParams either-memory 0 1\n"
    "cudaGraphExecExternalSemaphoresWaitNodeSetParams host-memory 2\n"
    "cudaGraphNodeSetEnabled either-memory 0 1\ncudaGraphNodeGetEnabled either-memory 0 1\n"
    "cudaGraphNodeGetEnabled host-memory 2\ncudaGraphExecUpdate either-memory 0 1\n"
    "cudaGraphExecUpdate host-memory 2\ncudaGraphUpload either-memory 0 1\n"
    "cudaGraphLaunch either-memory 0 1\ncudaGraphExecDestroy either-memory 0\n"
    "cudaGraphDestroy either-memory 0\ncudaGraphDebugDotPrint either-memory 0\n"
    "cudaGraphDebugDotPrint host-memory 1\ncudaUserObjectCreate host-memory 0\n"
    "cudaUserObjectCreate either-memory 1 2\ncudaUserObjectRetain either-memory 0\n"
    "cudaUserObjectRelease either-memory 0\ncudaGraphRetainUserObject either-memory 0 1\n"
    "cudaGraphReleaseUserObject either-memory 0 1\ncudaGraphAddNode host-memory 0 2 3 5\n"
    "cudaGraphAddNode either-memory 1\ncudaGraphNodeSetParams either-memory 0\n"
    "cudaGraphNodeSetParams host-memory 1\ncudaGraphExecNodeSetParams either-memory 0 1\n"
    "cudaGraphExecNodeSetParams host-memory 2\ncudaGraphConditionalHandleCreate host-memory 0\n"
    "cudaGraphConditionalHandleCreate either-memory 1\ncudaGetDriverEntryPoint host-memory 0 1 3\n"
    "cudaGetDriverEntryPointByVersion host-memory 0 1 4\ncudaLibraryLoadData host-memory 0 1 2 3 5 6\n"
    "cudaLibraryLoadFromFile host-memory 0 1 2 3 5 6\ncudaLibraryUnload either-memory 0\n"
    "cudaLibraryGetKernel host-memory 0 2\ncudaLibraryGetKernel either-memory 1\n"
    "cudaLibraryGetGlobal host-memory 0 1 3\ncudaLibraryGetGlobal either-memory 2\n"
    "cudaLibraryGetManaged host-memory 0 1 3\ncudaLibraryGetManaged either-memory 2\n"
    "cudaLibraryGetUnifiedFunction host-memory 0 2\ncudaLibraryGetUnifiedFunction either-memory 1\n"
    "cudaLibraryGetKernelCount host-memory 0\ncudaLibraryGetKernelCount either-memory 1\n"
    "cudaLibraryEnumerateKernels host-memory 0\ncudaLibraryEnumerateKernels either-memory 2\n"
    "cudaKernelSetAttributeForDevice either-memory 0\ncudaGetExportTable host-memory 0 1\n"
    "cudaGetFuncBySymbol host-memory 0\ncudaGetFuncBySymbol either-memory 1\n"
    "cudaGetKernel host-memory 0\ncudaGetKernel either-memory 1\n"
    "# the CUDA driver API: a CUdeviceptr is device memory held as an integer\n"
    "cuMemAlloc allocates-device 0\n"
    "cuMemAlloc_v2 allocates-device 0\n"
    "cuMemAllocHost allocates-pinned 0\n"
    "cuMemAllocHost_v2 allocates-pinned 0\n"
    "cuMemHostAlloc allocates-pinned 0\n"
    "cuMemAllocPitch allocates-device 0\n"
    "cuMemAllocPitch_v2 allocates-device 0\n"
    "cuMemAllocManaged allocates-pinned 0\n"
    "cuMemAllocAsync allocates-device 0\n"
    "cuMemFreeAsync device-memory 0\n"
    "cuMemFreeAsync frees 0\n"
    "# a module's __device__ variable: its address is device memory\n"
    "cuModuleGetGlobal allocates-device 0\n"
    "cuModuleGetGlobal_v2 allocates-device 0\n"
    "cuMemsetD16 device-memory 0\n"
    "cuMemsetD16_v2 device-memory 0\n"
    "cuMemsetD8Async device-memory 0\n"
    "cuMemsetD16Async device-memory 0\n"
    "cuMemsetD32Async device-memory 0\n"
    "cuMemcpyDtoDAsync device-memory 0\n"
    "cuMemcpyDtoDAsync device-memory 1\n"
    "cuMemcpyDtoDAsync_v2 device-memory 0\n"
    "cuMemcpyDtoDAsync_v2 device-memory 1\n"
    "cuMemcpyPeer device-memory 0\n"
    "cuMemcpyPeer device-memory 2\n"
    "cuMemcpyPeerAsync device-memory 0\n"
    "cuMemcpyPeerAsync device-memory 2\n"
    "cuMemFreeHost frees 0\n"
    "cuMemFree device-memory 0\n"
    "cuMemFree frees 0\n"
    "cuMemFree_v2 device-memory 0\n"
    "cuMemFree_v2 frees 0\n"
    "cuMemsetD8 device-memory 0\n"
    "cuMemsetD8_v2 device-memory 0\n"
    "cuMemsetD32 device-memory 0\n"
    "cuMemsetD32_v2 device-memory 0\n"
    "cuMemcpyHtoD device-memory 0\n"
    "cuMemcpyHtoD host-memory 1\n"
    "cuMemcpyHtoD_v2 device-memory 0\n"
    "cuMemcpyHtoD_v2 host-memory 1\n"
    "cuMemcpyHtoDAsync device-memory 0\n"
    "cuMemcpyHtoDAsync host-memory 1\n"
    "cuMemcpyHtoDAsync_v2 device-memory 0\n"
    "cuMemcpyHtoDAsync_v2 host-memory 1\n"
    "cuMemcpyDtoH host-memory 0\n"
    "cuMemcpyDtoH device-memory 1\n"
    "cuMemcpyDtoH_v2 host-memory 0\n"
    "cuMemcpyDtoH_v2 device-memory 1\n"
    "cuMemcpyDtoHAsync host-memory 0\n"
    "cuMemcpyDtoHAsync device-memory 1\n"
    "cuMemcpyDtoHAsync_v2 host-memory 0\n"
    "cuMemcpyDtoHAsync_v2 device-memory 1\n"
    "cuMemcpyDtoD device-memory 0\n"
    "cuMemcpyDtoD device-memory 1\n"
    "cuMemcpyDtoD_v2 device-memory 0\n"
    "cuMemcpyDtoD_v2 device-memory 1\n"
    "# (the driver API's reference: memory management)\n"
    "cuMemsetD2D8 device-memory 0\n"
    "cuMemsetD2D8_v2 device-memory 0\n"
    "cuMemsetD2D16 device-memory 0\n"
    "cuMemsetD2D16_v2 device-memory 0\n"
    "cuMemsetD2D32 device-memory 0\n"
    "cuMemsetD2D32_v2 device-memory 0\n"
    "cuMemsetD2D8Async device-memory 0\n"
    "cuMemsetD2D16Async device-memory 0\n"
    "cuMemsetD2D32Async device-memory 0\n"
    "cuMemcpyDtoA device-memory 2\n"
    "cuMemcpyDtoA_v2 device-memory 2\n"
    "cuMemcpyAtoD device-memory 0\n"
    "cuMemcpyAtoD_v2 device-memory 0\n"
    "cuMemcpyHtoA host-memory 2\n"
    "cuMemcpyHtoA_v2 host-memory 2\n"
    "cuMemcpyHtoAAsync host-memory 2\n"
    "cuMemcpyHtoAAsync_v2 host-memory 2\n"
    "cuMemcpyAtoH host-memory 0\n"
    "cuMemcpyAtoH_v2 host-memory 0\n"
    "cuMemcpyAtoHAsync host-memory 0\n"
    "cuMemcpyAtoHAsync_v2 host-memory 0\n"
    "cuMemHostRegister host-memory 0\n"
    "cuMemHostRegister_v2 host-memory 0\n"
    "cuMemHostGetDevicePointer host-memory 1\n"
    "cuMemHostGetDevicePointer_v2 host-memory 1\n"
    "cuMemGetAddressRange device-memory 2\n"
    "cuMemGetAddressRange_v2 device-memory 2\n"
    "# the driver API (cuda.h, whole): a CUdeviceptr is no pointer; what it\n"
    "# writes for its caller (handles, counts, a CUdeviceptr it gives, a\n"
    "# linked image) and what it reads on the host (descriptors, options,\n"
    "# names, a launch's kernelParams and extra, images) are host memory;\n"
    "# handles either (opaque); user data, an OS handle, a tensor map's global\n"
    "# address and a decompression's arrays either\n"
    "cuGetErrorString host-memory 1\ncuGetErrorName host-memory 1\ncuDriverGetVersion host-memory 0\n"
    "cuDeviceGet host-memory 0\ncuDeviceGetCount host-memory 0\ncuDeviceGetName host-memory 0\n"
    "cuDeviceGetUuid_v2 host-memory 0\ncuDeviceGetLuid host-memory 0 1\n"
    "cuDeviceTotalMem_v2 host-memory 0\ncuDeviceGetTexture1DLinearMaxWidth host-memory 0\n"
    "cuDeviceGetAttribute host-memory 0\ncuDeviceGetHostAtomicCapabilities host-memory 0 1\n"
    "cuDeviceGetNvSciSyncAttributes host-memory 0\ncuDeviceSetMemPool either-memory 1\n"
    "cuDeviceGetMemPool host-memory 0\ncuDeviceGetDefaultMemPool host-memory 0\n"
    "cuDeviceGetExecAffinitySupport host-memory 0\ncuDeviceGetProperties host-memory 0\n"
    "cuDeviceComputeCapability host-memory 0 1\ncuDevicePrimaryCtxRetain host-memory 0\n"
    "cuDevicePrimaryCtxGetState host-memory 1 2\ncuCtxCreate_v4 host-memory 0 1\n"
    "cuCtxDestroy_v2 either-memory 0\ncuCtxPushCurrent_v2 either-memory 0\n"
    "cuCtxPopCurrent_v2 host-memory 0\ncuCtxSetCurrent either-memory 0\ncuCtxGetCurrent host-memory 0\n"
    "cuCtxGetDevice host-memory 0\ncuCtxGetDevice_v2 host-memory 0\ncuCtxGetDevice_v2 either-memory 1\n"
    "cuCtxGetFlags host-memory 0\ncuCtxGetId either-memory 0\ncuCtxGetId host-memory 1\n"
    "cuCtxSynchronize_v2 either-memory 0\ncuCtxGetLimit host-memory 0\n"
    "cuCtxGetCacheConfig host-memory 0\ncuCtxGetApiVersion either-memory 0\n"
    "cuCtxGetApiVersion host-memory 1\ncuCtxGetStreamPriorityRange host-memory 0 1\n"
    "cuCtxGetExecAffinity host-memory 0\ncuCtxRecordEvent either-memory 0 1\n"
    "cuCtxWaitEvent either-memory 0 1\ncuCtxAttach host-memory 0\ncuCtxDetach either-memory 0\n"
    "cuCtxGetSharedMemConfig host-memory 0\ncuModuleLoad host-memory 0 1\n"
    "cuModuleLoadData host-memory 0 1\ncuModuleLoadDataEx host-memory 0 1 3 4\n"
    "cuModuleLoadFatBinary host-memory 0 1\ncuModuleUnload either-memory 0\n"
    "cuModuleGetLoadingMode host-memory 0\ncuModuleGetFunction host-memory 0 2\n"
    "cuModuleGetFunction either-memory 1\ncuModuleGetFunctionCount host-memory 0\n"
    "cuModuleGetFunctionCount either-memory 1\ncuModuleEnumerateFunctions host-memory 0\n"
    "cuModuleEnumerateFunctions either-memory 2\ncuModuleGetGlobal_v2 host-memory 1 3\n"
    "cuModuleGetGlobal_v2 either-memory 2\ncuLinkCreate_v2 host-memory 1 2 3\n"
    "cuLinkAddData_v2 either-memory 0\ncuLinkAddData_v2 host-memory 2 4 6 7\n"
    "cuLinkAddFile_v2 either-memory 0\ncuLinkAddFile_v2 host-memory 2 4 5\n"
    "cuLinkComplete either-memory 0\ncuLinkComplete host-memory 1 2\ncuLinkDestroy either-memory 0\n"
    "cuModuleGetTexRef host-memory 0 2\ncuModuleGetTexRef either-memory 1\n"
    "cuModuleGetSurfRef host-memory 0 2\ncuModuleGetSurfRef either-memory 1\n"
    "cuLibraryLoadData host-memory 0 1 2 3 5 6\ncuLibraryLoadFromFile host-memory 0 1 2 3 5 6\n"
    "cuLibraryUnload either-memory 0\ncuLibraryGetKernel host-memory 0 2\n"
    "cuLibraryGetKernel either-memory 1\ncuLibraryGetKernelCount host-memory 0\n"
    "cuLibraryGetKernelCount either-memory 1\ncuLibraryEnumerateKernels host-memory 0\n"
    "cuLibraryEnumerateKernels either-memory 2\ncuLibraryGetModule host-memory 0\n"
    "cuLibraryGetModule either-memory 1\ncuKernelGetFunction host-memory 0\n"
    "cuKernelGetFunction either-memory 1\ncuKernelGetLibrary host-memory 0\n"
    "cuKernelGetLibrary either-memory 1\ncuLibraryGetGlobal host-memory 0 1 3\n"
    "cuLibraryGetGlobal either-memory 2\ncuLibraryGetManaged host-memory 0 1 3\n"
    "cuLibraryGetManaged either-memory 2\ncuLibraryGetUnifiedFunction host-memory 0 2\n"
    "cuLibraryGetUnifiedFunction either-memory 1\ncuKernelGetAttribute host-memory 0\n"
    "cuKernelGetAttribute either-memory 2\ncuKernelSetAttribute either-memory 2\n"
    "cuKernelSetCacheConfig either-memory 0\ncuKernelGetName host-memory 0\n"
    "cuKernelGetName either-memory 1\ncuKernelGetParamInfo either-memory 0\n"
    "cuKernelGetParamInfo host-memory 2 3\ncuMemGetInfo_v2 host-memory 0 1\n"
    "cuMemAllocPitch_v2 host-memory 1\ncuMemGetAddressRange_v2 host-memory 0 1\n"
    "cuMemHostGetDevicePointer_v2 host-memory 0\ncuMemHostGetFlags host-memory 0 1\n"
    "cuDeviceRegisterAsyncNotification either-memory 1 2\n"
    "cuDeviceRegisterAsyncNotification host-memory 3\n"
    "cuDeviceUnregisterAsyncNotification either-memory 1\ncuDeviceGetByPCIBusId host-memory 0 1\n"
    "cuDeviceGetPCIBusId host-memory 0\ncuIpcGetEventHandle host-memory 0\n"
    "cuIpcGetEventHandle either-memory 1\ncuIpcOpenEventHandle host-memory 0\n"
    "cuIpcGetMemHandle host-memory 0\ncuIpcOpenMemHandle_v2 host-memory 0\n"
    "cuMemHostUnregister host-memory 0\ncuMemcpyPeer either-memory 1 3\n"
    "cuMemcpyDtoA_v2 either-memory 0\ncuMemcpyAtoD_v2 either-memory 1\n"
    "cuMemcpyHtoA_v2 either-memory 0\ncuMemcpyAtoH_v2 either-memory 1\n"
    "cuMemcpyAtoA_v2 either-memory 0 2\ncuMemcpy2D_v2 host-memory 0\n"
    "cuMemcpy2DUnaligned_v2 host-memory 0\ncuMemcpy3D_v2 host-memory 0\ncuMemcpy3DPeer host-memory 0\n"
    "cuMemcpyAsync either-memory 3\ncuMemcpyPeerAsync either-memory 1 3 5\n"
    "cuMemcpyHtoDAsync_v2 either-memory 3\ncuMemcpyDtoHAsync_v2 either-memory 3\n"
    "cuMemcpyDtoDAsync_v2 either-memory 3\ncuMemcpyHtoAAsync_v2 either-memory 0 4\n"
    "cuMemcpyAtoHAsync_v2 either-memory 1 4\ncuMemcpy2DAsync_v2 host-memory 0\n"
    "cuMemcpy2DAsync_v2 either-memory 1\ncuMemcpy3DAsync_v2 host-memory 0\n"
    "cuMemcpy3DAsync_v2 either-memory 1\ncuMemcpy3DPeerAsync host-memory 0\n"
    "cuMemcpy3DPeerAsync either-memory 1\ncuMemcpyBatchAsync_v2 host-memory 0 1 2 4 5\n"
    "cuMemcpyBatchAsync_v2 either-memory 7\ncuMemcpy3DBatchAsync_v2 host-memory 1\n"
    "cuMemcpy3DBatchAsync_v2 either-memory 3\ncuMemsetD8Async either-memory 3\n"
    "cuMemsetD16Async either-memory 3\ncuMemsetD32Async either-memory 3\n"
    "cuMemsetD2D8Async either-memory 5\ncuMemsetD2D16Async either-memory 5\n"
    "cuMemsetD2D32Async either-memory 5\ncuArrayCreate_v2 host-memory 0 1\n"
    "cuArrayGetDescriptor_v2 host-memory 0\ncuArrayGetDescriptor_v2 either-memory 1\n"
    "cuArrayGetSparseProperties host-memory 0\ncuArrayGetSparseProperties either-memory 1\n"
    "cuMipmappedArrayGetSparseProperties host-memory 0\n"
    "cuMipmappedArrayGetSparseProperties either-memory 1\ncuArrayGetMemoryRequirements host-memory 0\n"
    "cuArrayGetMemoryRequirements either-memory 1\n"
    "cuMipmappedArrayGetMemoryRequirements host-memory 0\n"
    "cuMipmappedArrayGetMemoryRequirements either-memory 1\ncuArrayGetPlane host-memory 0\n"
    "cuArrayGetPlane either-memory 1\ncuArrayDestroy either-memory 0\n"
    "cuArray3DCreate_v2 host-memory 0 1\ncuArray3DGetDescriptor_v2 host-memory 0\n"
    "cuArray3DGetDescriptor_v2 either-memory 1\ncuMipmappedArrayCreate host-memory 0 1\n"
    "cuMipmappedArrayGetLevel host-memory 0\ncuMipmappedArrayGetLevel either-memory 1\n"
    "cuMipmappedArrayDestroy either-memory 0\ncuMemGetHandleForAddressRange host-memory 0\n"
    "cuMemBatchDecompressAsync either-memory 0 3 4\ncuMemAddressReserve host-memory 0\n"
    "cuMemCreate host-memory 0 2\ncuMemMapArrayAsync host-memory 0\n"
    "cuMemMapArrayAsync either-memory 2\ncuMemSetAccess host-memory 2\ncuMemGetAccess host-memory 0 1\n"
    "cuMemExportToShareableHandle host-memory 0\ncuMemImportFromShareableHandle host-memory 0\n"
    "cuMemImportFromShareableHandle either-memory 1\ncuMemGetAllocationGranularity host-memory 0 1\n"
    "cuMemGetAllocationPropertiesFromHandle host-memory 0\ncuMemRetainAllocationHandle host-memory 0\n"
    "cuMemRetainAllocationHandle either-memory 1\ncuMemFreeAsync either-memory 1\n"
    "cuMemAllocAsync either-memory 2\ncuMemPoolTrimTo either-memory 0\n"
    "cuMemPoolSetAttribute either-memory 0\ncuMemPoolSetAttribute host-memory 2\n"
    "cuMemPoolGetAttribute either-memory 0\ncuMemPoolGetAttribute host-memory 2\n"
    "cuMemPoolSetAccess either-memory 0\ncuMemPoolSetAccess host-memory 1\n"
    "cuMemPoolGetAccess host-memory 0 2\ncuMemPoolGetAccess either-memory 1\n"
    "cuMemPoolCreate host-memory 0 1\ncuMemPoolDestroy either-memory 0\n"
    "cuMemGetDefaultMemPool host-memory 0 1\ncuMemGetMemPool host-memory 0 1\n"
    "cuMemSetMemPool host-memory 0\ncuMemSetMemPool either-memory 2\n"
    "cuMemAllocFromPoolAsync host-memory 0\ncuMemAllocFromPoolAsync either-memory 2 3\n"
    "cuMemPoolExportToShareableHandle host-memory 0\ncuMemPoolExportToShareableHandle either-memory 1\n"
    "cuMemPoolImportFromShareableHandle host-memory 0\n"
    "cuMemPoolImportFromShareableHandle either-memory 1\ncuMemPoolExportPointer host-memory 0\n"
    "cuMemPoolImportPointer host-memory 0 2\ncuMemPoolImportPointer either-memory 1\n"
    "cuMulticastCreate host-memory 0 1\ncuMulticastGetGranularity host-memory 0 1\n"
    "cuPointerGetAttribute host-memory 0\ncuMemPrefetchAsync_v2 either-memory 4\n"
    "cuMemPrefetchBatchAsync host-memory 0 1 3 4\ncuMemPrefetchBatchAsync either-memory 7\n"
    "cuMemDiscardBatchAsync host-memory 0 1\ncuMemDiscardBatchAsync either-memory 4\n"
    "cuMemDiscardAndPrefetchBatchAsync host-memory 0 1 3 4\n"
    "cuMemDiscardAndPrefetchBatchAsync either-memory 7\ncuMemRangeGetAttribute host-memory 0\n"
    "cuMemRangeGetAttributes host-memory 0 1 2\ncuPointerSetAttribute host-memory 0\n"
    "cuPointerGetAttributes host-memory 1 2\ncuStreamCreate host-memory 0\n"
    "cuStreamCreateWithPriority host-memory 0\ncuStreamGetPriority either-memory 0\n"
    "cuStreamGetPriority host-memory 1\ncuStreamGetDevice either-memory 0\n"
    "cuStreamGetDevice host-memory 1\ncuStreamGetFlags either-memory 0\n"
    "cuStreamGetFlags host-memory 1\ncuStreamGetId either-memory 0\ncuStreamGetId host-memory 1\n"
    "cuStreamGetCtx either-memory 0\ncuStreamGetCtx host-memory 1\ncuStreamGetCtx_v2 either-memory 0\n"
    "cuStreamGetCtx_v2 host-memory 1 2\ncuStreamWaitEvent either-memory 0 1\n"
    "cuStreamAddCallback either-memory 0 1 2\ncuStreamBeginCapture_v2 either-memory 0\n"
    "cuStreamBeginCaptureToGraph either-memory 0 1\ncuStreamBeginCaptureToGraph host-memory 2 3\n"
    "cuThreadExchangeStreamCaptureMode host-memory 0\ncuStreamEndCapture either-memory 0\n"
    "cuStreamEndCapture host-memory 1\ncuStreamIsCapturing either-memory 0\n"
    "cuStreamIsCapturing host-memory 1\ncuStreamGetCaptureInfo_v3 either-memory 0\n"
    "cuStreamGetCaptureInfo_v3 host-memory 1 2 3 4 5 6\n"
    "cuStreamUpdateCaptureDependencies_v2 either-memory 0\n"
    "cuStreamUpdateCaptureDependencies_v2 host-memory 1 2\ncuStreamAttachMemAsync either-memory 0\n"
    "cuStreamQuery either-memory 0\ncuStreamSynchronize either-memory 0\n"
    "cuStreamDestroy_v2 either-memory 0\ncuStreamCopyAttributes either-memory 0 1\n"
    "cuStreamGetAttribute either-memory 0\ncuStreamGetAttribute host-memory 2\n"
    "cuStreamSetAttribute either-memory 0\ncuStreamSetAttribute host-memory 2\n"
    "cuEventCreate host-memory 0\ncuEventRecord either-memory 0 1\n"
    "cuEventRecordWithFlags either-memory 0 1\ncuEventQuery either-memory 0\n"
    "cuEventSynchronize either-memory 0\ncuEventDestroy_v2 either-memory 0\n"
    "cuEventElapsedTime_v2 host-memory 0\ncuEventElapsedTime_v2 either-memory 1 2\n"
    "cuImportExternalMemory host-memory 0 1\ncuExternalMemoryGetMappedBuffer host-memory 0 2\n"
    "cuExternalMemoryGetMappedBuffer either-memory 1\n"
    "cuExternalMemoryGetMappedMipmappedArray host-memory 0 2\n"
    "cuExternalMemoryGetMappedMipmappedArray either-memory 1\ncuDestroyExternalMemory either-memory 0\n"
    "cuImportExternalSemaphore host-memory 0 1\ncuSignalExternalSemaphoresAsync host-memory 0 1\n"
    "cuSignalExternalSemaphoresAsync either-memory 3\ncuWaitExternalSemaphoresAsync host-memory 0 1\n"
    "cuWaitExternalSemaphoresAsync either-memory 3\ncuDestroyExternalSemaphore either-memory 0\n"
    "cuStreamWaitValue32_v2 either-memory 0\ncuStreamWaitValue64_v2 either-memory 0\n"
    "cuStreamWriteValue32_v2 either-memory 0\ncuStreamWriteValue64_v2 either-memory 0\n"
    "cuStreamBatchMemOp_v2 either-memory 0\ncuStreamBatchMemOp_v2 host-memory 2\n"
    "cuFuncGetAttribute host-memory 0\ncuFuncGetAttribute either-memory 2\n"
    "cuFuncSetAttribute either-memory 0\ncuFuncSetCacheConfig either-memory 0\n"
    "cuFuncGetModule host-memory 0\ncuFuncGetModule either-memory 1\ncuFuncGetName host-memory 0\n"
    "cuFuncGetName either-memory 1\ncuFuncGetParamInfo either-memory 0\n"
    "cuFuncGetParamInfo host-memory 2 3\ncuFuncIsLoaded host-memory 0\ncuFuncIsLoaded either-memory 1\n"
    "cuFuncLoad either-memory 0\ncuLaunchKernel either-memory 0 8\ncuLaunchKernel host-memory 9 10\n"
    "cuLaunchKernelEx host-memory 0 2 3\ncuLaunchKernelEx either-memory 1\n"
    "cuLaunchCooperativeKernel either-memory 0 8\ncuLaunchCooperativeKernel host-memory 9\n"
    "cuLaunchCooperativeKernelMultiDevice host-memory 0\ncuLaunchHostFunc either-memory 0 1 2\n"
    "cuFuncSetBlockShape either-memory 0\ncuFuncSetSharedSize either-memory 0\n"
    "cuParamSetSize either-memory 0\ncuParamSeti either-memory 0\ncuParamSetf either-memory 0\n"
    "cuParamSetv either-memory 0\ncuParamSetv host-memory 2\ncuLaunch either-memory 0\n"
    "cuLaunchGrid either-memory 0\ncuLaunchGridAsync either-memory 0 3\n"
    "cuParamSetTexRef either-memory 0 2\ncuFuncSetSharedMemConfig either-memory 0\n"
    "cuGraphCreate host-memory 0\ncuGraphAddKernelNode_v2 host-memory 0 2 4\n"
    "cuGraphAddKernelNode_v2 either-memory 1\ncuGraphKernelNodeGetParams_v2 either-memory 0\n"
    "cuGraphKernelNodeGetParams_v2 host-memory 1\ncuGraphKernelNodeSetParams_v2 either-memory 0\n"
    "cuGraphKernelNodeSetParams_v2 host-memory 1\ncuGraphAddMemcpyNode host-memory 0 2 4\n"
    "cuGraphAddMemcpyNode either-memory 1 5\ncuGraphMemcpyNodeGetParams either-memory 0\n"
    "cuGraphMemcpyNodeGetParams host-memory 1\ncuGraphMemcpyNodeSetParams either-memory 0\n"
    "cuGraphMemcpyNodeSetParams host-memory 1\ncuGraphAddMemsetNode host-memory 0 2 4\n"
    "cuGraphAddMemsetNode either-memory 1 5\ncuGraphMemsetNodeGetParams either-memory 0\n"
    "cuGraphMemsetNodeGetParams host-memory 1\ncuGraphMemsetNodeSetParams either-memory 0\n"
    "cuGraphMemsetNodeSetParams host-memory 1\ncuGraphAddHostNode host-memory 0 2 4\n"
    "cuGraphAddHostNode either-memory 1\ncuGraphHostNodeGetParams either-memory 0\n"
    "cuGraphHostNodeGetParams host-memory 1\ncuGraphHostNodeSetParams either-memory 0\n"
    "cuGraphHostNodeSetParams host-memory 1\ncuGraphAddChildGraphNode host-memory 0 2\n"
    "cuGraphAddChildGraphNode either-memory 1 4\ncuGraphChildGraphNodeGetGraph either-memory 0\n"
    "cuGraphChildGraphNodeGetGraph host-memory 1\ncuGraphAddEmptyNode host-memory 0 2\n"
    "cuGraphAddEmptyNode either-memory 1\ncuGraphAddEventRecordNode host-memory 0 2\n"
    "cuGraphAddEventRecordNode either-memory 1 4\ncuGraphEventRecordNodeGetEvent either-memory 0\n"
    "cuGraphEventRecordNodeGetEvent host-memory 1\ncuGraphEventRecordNodeSetEvent either-memory 0 1\n"
    "cuGraphAddEventWaitNode host-memory 0 2\ncuGraphAddEventWaitNode either-memory 1 4\n"
    "cuGraphEventWaitNodeGetEvent either-memory 0\ncuGraphEventWaitNodeGetEvent host-memory 1\n"
    "cuGraphEventWaitNodeSetEvent either-memory 0 1\n"
    "cuGraphAddExternalSemaphoresSignalNode host-memory 0 2 4\n"
    "cuGraphAddExternalSemaphoresSignalNode either-memory 1\n"
    "cuGraphExternalSemaphoresSignalNodeGetParams either-memory 0\n"
    "cuGraphExternalSemaphoresSignalNodeGetParams host-memory 1\n"
    "cuGraphExternalSemaphoresSignalNodeSetParams either-memory 0\n"
    "cuGraphExternalSemaphoresSignalNodeSetParams host-memory 1\n"
    "cuGraphAddExternalSemaphoresWaitNode host-memory 0 2 4\n"
    "cuGraphAddExternalSemaphoresWaitNode either-memory 1\n"
    "cuGraphExternalSemaphoresWaitNodeGetParams either-memory 0\n"
    "cuGraphExternalSemaphoresWaitNodeGetParams host-memory 1\n"
    "cuGraphExternalSemaphoresWaitNodeSetParams either-memory 0\n"
    "cuGraphExternalSemaphoresWaitNodeSetParams host-memory 1\n"
    "cuGraphAddBatchMemOpNode host-memory 0 2 4\ncuGraphAddBatchMemOpNode either-memory 1\n"
    "cuGraphBatchMemOpNodeGetParams either-memory 0\ncuGraphBatchMemOpNodeGetParams host-memory 1\n"
    "cuGraphBatchMemOpNodeSetParams either-memory 0\ncuGraphBatchMemOpNodeSetParams host-memory 1\n"
    "cuGraphExecBatchMemOpNodeSetParams either-memory 0 1\n"
    "cuGraphExecBatchMemOpNodeSetParams host-memory 2\ncuGraphAddMemAllocNode host-memory 0 2 4\n"
    "cuGraphAddMemAllocNode either-memory 1\ncuGraphMemAllocNodeGetParams either-memory 0\n"
    "cuGraphMemAllocNodeGetParams host-memory 1\ncuGraphAddMemFreeNode host-memory 0 2\n"
    "cuGraphAddMemFreeNode either-memory 1\ncuGraphMemFreeNodeGetParams either-memory 0\n"
    "cuGraphMemFreeNodeGetParams host-memory 1\ncuDeviceGetGraphMemAttribute host-memory 2\n"
    "cuDeviceSetGraphMemAttribute host-memory 2\ncuGraphClone host-memory 0\n"
    "cuGraphClone either-memory 1\ncuGraphNodeFindInClone host-memory 0\n"
    "cuGraphNodeFindInClone either-memory 1 2\ncuGraphNodeGetType either-memory 0\n"
    "cuGraphNodeGetType host-memory 1\ncuGraphGetNodes either-memory 0\n"
    "cuGraphGetNodes host-memory 1 2\ncuGraphGetRootNodes either-memory 0\n"
    "cuGraphGetRootNodes host-memory 1 2\ncuGraphGetEdges_v2 either-memory 0\n"
    "cuGraphGetEdges_v2 host-memory 1 2 3 4\ncuGraphNodeGetDependencies_v2 either-memory 0\n"
    "cuGraphNodeGetDependencies_v2 host-memory 1 2 3\ncuGraphNodeGetDependentNodes_v2 either-memory 0\n"
    "cuGraphNodeGetDependentNodes_v2 host-memory 1 2 3\ncuGraphAddDependencies_v2 either-memory 0\n"
    "cuGraphAddDependencies_v2 host-memory 1 2 3\ncuGraphRemoveDependencies_v2 either-memory 0\n"
    "cuGraphRemoveDependencies_v2 host-memory 1 2 3\ncuGraphDestroyNode either-memory 0\n"
    "cuGraphInstantiateWithFlags host-memory 0\ncuGraphInstantiateWithFlags either-memory 1\n"
    "cuGraphInstantiateWithParams host-memory 0 2\ncuGraphInstantiateWithParams either-memory 1\n"
    "cuGraphExecGetFlags either-memory 0\ncuGraphExecGetFlags host-memory 1\n"
    "cuGraphExecKernelNodeSetParams_v2 either-memory 0 1\n"
    "cuGraphExecKernelNodeSetParams_v2 host-memory 2\n"
    "cuGraphExecMemcpyNodeSetParams either-memory 0 1 3\ncuGraphExecMemcpyNodeSetParams host-memory 2\n"
    "cuGraphExecMemsetNodeSetParams either-memory 0 1 3\ncuGraphExecMemsetNodeSetParams host-memory 2\n"
    "cuGraphExecHostNodeSetParams either-memory 0 1\ncuGraphExecHostNodeSetParams host-memory 2\n"
    "cuGraphExecChildGraphNodeSetParams either-memory 0 1 2\n"
    "cuGraphExecEventRecordNodeSetEvent either-memory 0 1 2\n"
    "cuGraphExecEventWaitNodeSetEvent either-memory 0 1 2\n"
    "cuGraphExecExternalSemaphoresSignalNodeSetParams either-memory 0 1\n"
    "cuGraphExecExternalSemaphoresSignalNodeSetParams host-memory 2\n"
    "cuGraphExecExternalSemaphoresWaitNodeSetParams either-memory 0 1\n"
    "cuGraphExecExternalSemaphoresWaitNodeSetParams host-memory 2\n"
    "cuGraphNodeSetEnabled either-memory 0 1\ncuGraphNodeGetEnabled either-memory 0 1\n"
    "cuGraphNodeGetEnabled host-memory 2\ncuGraphUpload either-memory 0 1\n"
    "cuGraphLaunch either-memory 0 1\ncuGraphExecDestroy either-memory 0\n"
    "cuGraphDestroy either-memory 0\ncuGraphExecUpdate_v2 either-memory 0 1\n"
    "cuGraphExecUpdate_v2 host-memory 2\ncuGraphKernelNodeCopyAttributes either-memory 0 1\n"
    "cuGraphKernelNodeGetAttribute either-memory 0\ncuGraphKernelNodeGetAttribute host-memory 2\n"
    "cuGraphKernelNodeSetAttribute either-memory 0\ncuGraphKernelNodeSetAttribute host-memory 2\n"
    "cuGraphDebugDotPrint either-memory 0\ncuGraphDebugDotPrint host-memory 1\n"
    "cuUserObjectCreate host-memory 0\ncuUserObjectCreate either-memory 1 2\n"
    "cuUserObjectRetain either-memory 0\ncuUserObjectRelease either-memory 0\n"
    "cuGraphRetainUserObject either-memory 0 1\ncuGraphReleaseUserObject either-memory 0 1\n"
    "cuGraphAddNode_v2 host-memory 0 2 3 5\ncuGraphAddNode_v2 either-memory 1\n"
    "cuGraphNodeSetParams either-memory 0\ncuGraphNodeSetParams host-memory 1\n"
    "cuGraphExecNodeSetParams either-memory 0 1\ncuGraphExecNodeSetParams host-memory 2\n"
    "cuGraphConditionalHandleCreate host-memory 0\ncuGraphConditionalHandleCreate either-memory 1 2\n"
    "cuOccupancyMaxActiveBlocksPerMultiprocessor host-memory 0\n"
    "cuOccupancyMaxActiveBlocksPerMultiprocessor either-memory 1\n"
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags host-memory 0\n"
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags either-memory 1\n"
    "cuOccupancyMaxPotentialBlockSize host-memory 0 1\n"
    "cuOccupancyMaxPotentialBlockSize either-memory 2 3\n"
    "cuOccupancyMaxPotentialBlockSizeWithFlags host-memory 0 1\n"
    "cuOccupancyMaxPotentialBlockSizeWithFlags either-memory 2 3\n"
    "cuOccupancyAvailableDynamicSMemPerBlock host-memory 0\n"
    "cuOccupancyAvailableDynamicSMemPerBlock either-memory 1\n"
    "cuOccupancyMaxPotentialClusterSize host-memory 0 2\n"
    "cuOccupancyMaxPotentialClusterSize either-memory 1\ncuOccupancyMaxActiveClusters host-memory 0 2\n"
    "cuOccupancyMaxActiveClusters either-memory 1\ncuTexRefSetArray either-memory 0 1\n"
    "cuTexRefSetMipmappedArray either-memory 0 1\ncuTexRefSetAddress_v2 host-memory 0\n"
    "cuTexRefSetAddress_v2 either-memory 1\ncuTexRefSetAddress2D_v3 either-memory 0\n"
    "cuTexRefSetAddress2D_v3 host-memory 1\ncuTexRefSetFormat either-memory 0\n"
    "cuTexRefSetAddressMode either-memory 0\ncuTexRefSetFilterMode either-memory 0\n"
    "cuTexRefSetMipmapFilterMode either-memory 0\ncuTexRefSetMipmapLevelBias either-memory 0\n"
    "cuTexRefSetMipmapLevelClamp either-memory 0\ncuTexRefSetMaxAnisotropy either-memory 0\n"
    "cuTexRefSetBorderColor either-memory 0\ncuTexRefSetBorderColor host-memory 1\n"
    "cuTexRefSetFlags either-memory 0\ncuTexRefGetAddress_v2 host-memory 0\n"
    "cuTexRefGetAddress_v2 either-memory 1\ncuTexRefGetArray host-memory 0\n"
    "cuTexRefGetArray either-memory 1\ncuTexRefGetMipmappedArray host-memory 0\n"
    "cuTexRefGetMipmappedArray either-memory 1\ncuTexRefGetAddressMode host-memory 0\n"
    "cuTexRefGetAddressMode either-memory 1\ncuTexRefGetFilterMode host-memory 0\n"
    "cuTexRefGetFilterMode either-memory 1\ncuTexRefGetFormat host-memory 0 1\n"
    "cuTexRefGetFormat either-memory 2\ncuTexRefGetMipmapFilterMode host-memory 0\n"
    "cuTexRefGetMipmapFilterMode either-memory 1\ncuTexRefGetMipmapLevelBias host-memory 0\n"
    "cuTexRefGetMipmapLevelBias either-memory 1\ncuTexRefGetMipmapLevelClamp host-memory 0 1\n"
    "cuTexRefGetMipmapLevelClamp either-memory 2\ncuTexRefGetMaxAnisotropy host-memory 0\n"
    "cuTexRefGetMaxAnisotropy either-memory 1\ncuTexRefGetBorderColor host-memory 0\n"
    "cuTexRefGetBorderColor either-memory 1\ncuTexRefGetFlags host-memory 0\n"
    "cuTexRefGetFlags either-memory 1\ncuTexRefCreate host-memory 0\ncuTexRefDestroy either-memory 0\n"
    "cuSurfRefSetArray either-memory 0 1\ncuSurfRefGetArray host-memory 0\n"
    "cuSurfRefGetArray either-memory 1\ncuTexObjectCreate host-memory 0 1 2 3\n"
    "cuTexObjectGetResourceDesc host-memory 0\ncuTexObjectGetTextureDesc host-memory 0\n"
    "cuTexObjectGetResourceViewDesc host-memory 0\ncuSurfObjectCreate host-memory 0 1\n"
    "cuSurfObjectGetResourceDesc host-memory 0\ncuTensorMapEncodeTiled host-memory 0 4 5 6 7\n"
    "cuTensorMapEncodeTiled either-memory 3\ncuTensorMapEncodeIm2col host-memory 0 4 5 6 7 10\n"
    "cuTensorMapEncodeIm2col either-memory 3\ncuTensorMapEncodeIm2colWide host-memory 0 4 5 10\n"
    "cuTensorMapEncodeIm2colWide either-memory 3\ncuTensorMapReplaceAddress host-memory 0\n"
    "cuTensorMapReplaceAddress either-memory 1\ncuDeviceCanAccessPeer host-memory 0\n"
    "cuCtxEnablePeerAccess either-memory 0\ncuCtxDisablePeerAccess either-memory 0\n"
    "cuDeviceGetP2PAttribute host-memory 0\ncuDeviceGetP2PAtomicCapabilities host-memory 0 1\n"
    "cuGraphicsUnregisterResource either-memory 0\ncuGraphicsSubResourceGetMappedArray host-memory 0\n"
    "cuGraphicsSubResourceGetMappedArray either-memory 1\n"
    "cuGraphicsResourceGetMappedMipmappedArray host-memory 0\n"
    "cuGraphicsResourceGetMappedMipmappedArray either-memory 1\n"
    "cuGraphicsResourceGetMappedPointer_v2 host-memory 0 1\n"
    "cuGraphicsResourceGetMappedPointer_v2 either-memory 2\n"
    "cuGraphicsResourceSetMapFlags_v2 either-memory 0\ncuGraphicsMapResources host-memory 1\n"
    "cuGraphicsMapResources either-memory 2\ncuGraphicsUnmapResources host-memory 1\n"
    "cuGraphicsUnmapResources either-memory 2\ncuGetProcAddress_v2 host-memory 0 1 4\n"
    "cuCoredumpGetAttribute host-memory 1 2\ncuCoredumpGetAttributeGlobal host-memory 1 2\n"
    "cuCoredumpSetAttribute host-memory 1 2\ncuCoredumpSetAttributeGlobal host-memory 1 2\n"
    "cuGetExportTable host-memory 0 1\ncuGreenCtxCreate host-memory 0\n"
    "cuGreenCtxCreate either-memory 1\ncuGreenCtxDestroy either-memory 0\n"
    "cuCtxFromGreenCtx host-memory 0\ncuCtxFromGreenCtx either-memory 1\n"
    "cuDeviceGetDevResource host-memory 1\ncuCtxGetDevResource either-memory 0\n"
    "cuCtxGetDevResource host-memory 1\ncuGreenCtxGetDevResource either-memory 0\n"
    "cuGreenCtxGetDevResource host-memory 1\ncuDevSmResourceSplitByCount host-memory 0 1 2 3\n"
    "cuDevResourceGenerateDesc host-memory 0 1\ncuGreenCtxRecordEvent either-memory 0 1\n"
    "cuGreenCtxWaitEvent either-memory 0 1\ncuStreamGetGreenCtx either-memory 0\n"
    "cuStreamGetGreenCtx host-memory 1\ncuGreenCtxStreamCreate host-memory 0\n"
    "cuGreenCtxStreamCreate either-memory 1\ncuGreenCtxGetId either-memory 0\n"
    "cuGreenCtxGetId host-memory 1\ncuLogsRegisterCallback either-memory 0 1\n"
    "cuLogsRegisterCallback host-memory 2\ncuLogsUnregisterCallback either-memory 0\n"
    "cuLogsCurrent host-memory 0\ncuLogsDumpToFile host-memory 0 1\n"
    "cuLogsDumpToMemory host-memory 0 1 2\ncuCheckpointProcessGetRestoreThreadId host-memory 1\n"
    "cuCheckpointProcessGetState host-memory 1\ncuCheckpointProcessLock host-memory 1\n"
    "cuCheckpointProcessCheckpoint host-memory 1\ncuCheckpointProcessRestore host-memory 1\n"
    "cuCheckpointProcessUnlock host-memory 1\n"
    "# cuBLAS (its _v2 names, which cublas_v2.h maps the others to)\n"
    CUBLAS_TYPES(CUBLAS_GEMM) CUBLAS_TYPES(CUBLAS_GEMM_STRIDED) CUBLAS_TYPES(CUBLAS_GEAM)
    CUBLAS_TYPES(CUBLAS_GEMV) CUBLAS_TYPES(CUBLAS_AXPY) CUBLAS_TYPES(CUBLAS_COPY)
    CUBLAS_TYPES(CUBLAS_SCAL)
    CUBLAS_DEVICE("cublasSdot_v2", 2) CUBLAS_DEVICE("cublasSdot_v2", 4)
    CUBLAS_DEVICE("cublasDdot_v2", 2) CUBLAS_DEVICE("cublasDdot_v2", 4)
    CUBLAS_DEVICE("cublasGemmEx", 7) CUBLAS_DEVICE("cublasGemmEx", 10)
    CUBLAS_DEVICE("cublasGemmEx", 14)
    CUBLAS_DEVICE("cublasGemmStridedBatchedEx", 7) CUBLAS_DEVICE("cublasGemmStridedBatchedEx", 11)
    CUBLAS_DEVICE("cublasGemmStridedBatchedEx", 16)
    "# cuBLASLt (cublasLt.h, whole): A, B, C, D and the workspace are device\n"
    "# memory; alpha and beta either, by the descriptor's pointer mode; the\n"
    "# handle and descriptors made (Create) or set up (Init) through a pointer\n"
    "# are host memory, and either (opaque, unchecked) when passed; attributes'\n"
    "# buffers, heuristics' results and what it says of itself are host memory\n"
    DEVICE_ARG("cublasLtMatmul", 3) DEVICE_ARG("cublasLtMatmul", 5) DEVICE_ARG("cublasLtMatmul", 8)
    DEVICE_ARG("cublasLtMatmul", 10) DEVICE_ARG("cublasLtMatmul", 13)
    DEVICE_ARG("cublasLtMatrixTransform", 3) DEVICE_ARG("cublasLtMatrixTransform", 6)
    DEVICE_ARG("cublasLtMatrixTransform", 8)
    "cublasLtCreate host-memory 0\n"
    "cublasLt* either-memory lightHandle\ncublasLt* either-memory alpha\n"
    "cublasLt* either-memory beta\ncublasLt* either-memory stream\n"
    "cublasLt*Create host-memory *\ncublasLt*Init* host-memory *\n"
    "cublasLt* either-memory *Desc\ncublasLt* either-memory *desc\n"
    "cublasLt* either-memory matLayout\ncublasLt* either-memory pref\n"
    "cublasLt* either-memory preference\ncublasLt* host-memory buf\n"
    "cublasLt* host-memory sizeWritten\ncublasLt* host-memory capacity\n"
    "cublasLt* host-memory value\ncublasLt* host-memory algo\n"
    "cublasLt* host-memory returnAlgoCount\ncublasLt* host-memory heuristicResultsArray\n"
    "cublasLt* host-memory algoIdsArray\ncublasLt* host-memory result\n"
    "cublasLt* host-memory callback\ncublasLt* host-memory file\n"
    "cublasLt* host-memory logFile\n"
    "# cuBLAS (cublas_api.h, whole; not cublasXt's, whose matrices may be on\n"
    "# the host): vectors, matrices, their batches' arrays of pointers, pivots,\n"
    "# a batch's info array and the workspace are device memory; alpha, beta, a\n"
    "# result and a rotation's scalars either, by the pointer mode; a handle\n"
    "# and a stream either (opaque); the host side of a Set/Get copy, a grouped\n"
    "# batch's arrays of sizes, the info of getrs/geqrf/gels batches and what\n"
    "# it says of itself (mode, version, ...) are host memory\n"
    CUBLAS_SET_GET("cublasSetVector", "host-memory 2") CUBLAS_SET_GET("cublasGetVector", "device-memory 2")
    CUBLAS_SET_GET("cublasGetVector", "host-memory 4")
    CUBLAS_SET_GET("cublasSetMatrix", "host-memory 3") CUBLAS_SET_GET("cublasSetMatrix", "device-memory 5")
    CUBLAS_SET_GET("cublasSetMatrixAsync", "host-memory 3")
    CUBLAS_SET_GET("cublasSetMatrixAsync", "device-memory 5")
    CUBLAS_SET_GET("cublasGetMatrix", "device-memory 3") CUBLAS_SET_GET("cublasGetMatrix", "host-memory 5")
    CUBLAS_SET_GET("cublasGetMatrixAsync", "device-memory 3")
    CUBLAS_SET_GET("cublasGetMatrixAsync", "host-memory 5")
    "cublasCreate_v2 host-memory 0\ncublasGetStream_v2 host-memory 1\n"
    "cublasGetFixedPointEmulationMantissaBitCountPointer host-memory 1\n"
    "cublasXerbla host-memory 0\n"
    "cublas*getrsBatched host-memory info\ncublas*geqrfBatched host-memory info\n"
    "cublas*gelsBatched host-memory info\n"
    CUBLAS_RULES("device-memory", "x y A B C AP Aarray Barray Carray xarray yarray Ainv TauArray")
    CUBLAS_RULES("device-memory", "P devIpiv info devInfoArray devicePtr workspace")
    CUBLAS_RULES("either-memory", "handle stream streamId alpha beta alpha_array beta_array result")
    CUBLAS_RULES("either-memory", "a b c s param d1 d2 x1 y1 mantissaBitCount")
    CUBLAS_RULES("host-memory", "*_array group_size hostPtr mode version value logFileName")
    CUBLAS_RULES("host-memory", "userCallback smCountTarget mask emulationStrategy")
    CUBLAS_RULES("host-memory", "maxMantissaBitCount mantissaBitOffset mantissaControl")
    "# cuSOLVER, dense and sparse\n"
    SOLVER_TYPES(SOLVER_GETRF) SOLVER_TYPES(SOLVER_GETRS) SOLVER_TYPES(SOLVER_POTRF)
    SOLVER_TYPES(SOLVER_GEQRF) SOLVER_TYPES(SOLVER_GESVD)
    SOLVER_SYEVD("cusolverDnSsyevd") SOLVER_SYEVD("cusolverDnDsyevd")
    SOLVER_SYEVD("cusolverDnCheevd") SOLVER_SYEVD("cusolverDnZheevd")
    SOLVER_TYPES(SOLVER_CSRLSVQR) SOLVER_TYPES(SOLVER_CSRLSVCHOL)
    "# cuSOLVER dense (cusolverDn.h, whole): matrices, vectors, pivots, the\n"
    "# device workspace and info (devInfo: written by the GPU) are device\n"
    "# memory; a handle, parameters and a Jacobi or IRS info object either\n"
    "# (opaque) but host memory where made through a pointer; workspace\n"
    "# sizes, the host workspace, an IRS solve's iteration counts and what a\n"
    "# Get returns are host memory\n"
    "cusolverDnGetStream host-memory 1\n"
    "cusolverDnCreate* host-memory *\ncusolverDnIRS*Create host-memory *\n"
    "cusolverDnDestroy* either-memory *\ncusolverDnX*j[GS]et* either-memory info\n"
    "cusolverDn* either-memory handle params streamId infos gels_irs_* gesv_irs_*\n"
    "cusolverDn* device-memory A B C D E S T U V W VL VR VT Aarray tau d e TAUQ TAUP\n"
    "cusolverDn* device-memory dA dB dX d_A d_S d_U d_V Srand Urand Vrand\n"
    "cusolverDn* device-memory work Work d_work dWorkspace bufferOnDevice\n"
    "cusolverDn* device-memory info devInfo d_info infoArray ipiv dipiv devIpiv\n"
    "cusolverDn* host-memory lwork Lwork lwork_bytes workspaceInBytesOnDevice\n"
    "cusolverDn* host-memory workspaceInBytesOnHost bufferOnHost iter niters outer_niters\n"
    "cusolverDn* host-memory maxiters residual residual_history executed_sweeps meig\n"
    "cusolverDn* host-memory meig64 h_meig vl vu h_R_nrmF h_err_sigma mode strategy\n"
    "cusolverDn* host-memory logFile callback file\n"
    "# cuSOLVER sparse (cusolverSp.h, whole): a *Host function's arrays are host\n"
    "# memory; the others' device memory, but for the singularity they report\n"
    "# and the sizes they say (host); a handle, a matrix descriptor and a QR\n"
    "# info either (opaque), host memory where made through a pointer\n"
    "cusolverSpGetStream host-memory 1\ncusolverSpCreate* host-memory *\n"
    "cusolverSp* either-memory handle descrA info streamId\n"
    "cusolverSp*Host host-memory *\n"
    "cusolverSp* host-memory singularity internalDataInBytes workspaceInBytes\n"
    "cusolverSp* device-memory csrValA csrRowPtrA csrColIndA csrVal csrRowPtr csrColInd\n"
    "cusolverSp* device-memory b x x0 mu pBuffer\n"
    "# cuSPARSE's generic API (cusparse.h): a descriptor's arrays and an\n"
    "# operation's external buffer are device memory; alpha and beta either\n"
    DEVICE_ARG("cusparseCreateCsr", 4) DEVICE_ARG("cusparseCreateCsr", 5)
    DEVICE_ARG("cusparseCreateCsr", 6) DEVICE_ARG("cusparseCreateCsc", 4)
    DEVICE_ARG("cusparseCreateCsc", 5) DEVICE_ARG("cusparseCreateCsc", 6)
    DEVICE_ARG("cusparseCreateCoo", 4) DEVICE_ARG("cusparseCreateCoo", 5)
    DEVICE_ARG("cusparseCreateCoo", 6) DEVICE_ARG("cusparseCreateDnVec", 2)
    DEVICE_ARG("cusparseCreateDnMat", 4) DEVICE_ARG("cusparseSpMV", 9)
    DEVICE_ARG("cusparseSpMM", 10)
    "# cuSPARSE (cusparse.h, whole; not cusparseLt's functions): arrays and\n"
    "# buffers are device memory; alpha, beta, a result, a zero pivot's\n"
    "# position, a count named DevHostPtr and a boost's values either, by the\n"
    "# pointer mode; a handle, descriptors and infos either (opaque), but host\n"
    "# memory where made through a pointer; what a Get returns, a buffer's size\n"
    "# and what cuSPARSE says of itself are host memory\n"
    "cusparseCreate host-memory 0\ncusparseGetStream host-memory 1\n"
    "cusparseCreate* host-memory descrA spMatDescr dnMatDescr spVecDescr dnVecDescr info\n"
    "cusparse*_createDescr host-memory descr\ncusparseSpMMOp_create* host-memory plan\n"
    "cusparseLogger* host-memory *\n"
    "cusparse[!L]* either-memory handle streamId descr descrA descrB descrC descrD info\n"
    "cusparse[!L]* either-memory spMatDescr dnMatDescr spVecDescr dnVecDescr matA matB matC\n"
    "cusparse[!L]* either-memory vecX vecY spgemmDescr spsvDescr spsmDescr plan\n"
    "cusparse[!L]* either-memory alpha beta result c_coeff s_coeff position nnzTotalDevHostPtr\n"
    "cusparse[!L]* either-memory nnzC tol boost_val threshold fractionToColor ncolors *NvvmBuffer\n"
    "cusparseGet* host-memory *\ncusparse[!L]*Get* host-memory *\n"
    "cusparse[!L]* host-memory pBufferSize* bufferSize* SpMMWorkspaceSize num_prods data\n"
    "cusparse[!L]* device-memory csr* csc* coo* bsr* bsc* ell* sell* values indices newValues\n"
    "cusparse[!L]* device-memory A B C X x y f d dl du ds dw P p xVal xInd nnzPerRow*\n"
    "cusparse[!L]* device-memory coloring reordering pBuffer pInputBuffer buffer\n"
    "cusparse[!L]* device-memory externalBuffer* workspace\n"
    "# cuSPARSELt (cusparseLt.h): the matrices and workspace of a matmul, a\n"
    "# compression and a pruning are device memory\n"
    DEVICE_ARG("cusparseLtMatmul", 3) DEVICE_ARG("cusparseLtMatmul", 4)
    DEVICE_ARG("cusparseLtMatmul", 6) DEVICE_ARG("cusparseLtMatmul", 7)
    DEVICE_ARG("cusparseLtMatmul", 8) DEVICE_ARG("cusparseLtSpMMACompress", 2)
    DEVICE_ARG("cusparseLtSpMMACompress", 3) DEVICE_ARG("cusparseLtSpMMACompress", 4)
    DEVICE_ARG("cusparseLtSpMMAPrune", 2) DEVICE_ARG("cusparseLtSpMMAPrune", 3)
    "# cuFFT (cufft.h, whole): a plan's handle and sizes are host memory, a work\n"
    "# area device memory, a stream a handle (either: unchecked)\n"
    CUFFT_EXEC("C2C") CUFFT_EXEC("R2C") CUFFT_EXEC("C2R") CUFFT_EXEC("Z2Z")
    CUFFT_EXEC("D2Z") CUFFT_EXEC("Z2D")
    DEVICE_ARG("cufftSetWorkArea", 1)
    "cufft* host-memory plan\ncufft* host-memory handle\ncufft* host-memory n\n"
    "cufft* host-memory inembed\ncufft* host-memory onembed\ncufft* host-memory workSize\n"
    "cufft* host-memory workArea\ncufft* host-memory version\ncufft* host-memory value\n"
    "cufft* host-memory returnPtrValue\ncufft* either-memory stream\n"
    "# cuRAND (curand.h, whole): the generator is where it generates; a\n"
    "# distribution's and a stream's handles are either (unchecked); what it says\n"
    "# of itself is host memory\n"
    "curandCreateGenerator allocates-device 0\n"
    "curandCreateGeneratorHost allocates-host 0\n"
    CURAND_GENERATE("") CURAND_GENERATE("Uniform") CURAND_GENERATE("UniformDouble")
    CURAND_GENERATE("Normal") CURAND_GENERATE("NormalDouble") CURAND_GENERATE("LogNormal")
    CURAND_GENERATE("LogNormalDouble") CURAND_GENERATE("Poisson") CURAND_GENERATE("LongLong")
    CURAND_GENERATE("PoissonMethod") CURAND_GENERATE("Binomial") CURAND_GENERATE("BinomialMethod")
    "curandCreatePoissonDistribution host-memory 1\n"
    "curand* either-memory generator\ncurand* either-memory discrete_distribution\n"
    "curand* either-memory stream\ncurand* host-memory version\ncurand* host-memory value\n"
    "curand* host-memory vectors\ncurand* host-memory constants\n"
    "# cuDNN (cudnn_ops.h, cudnn_cnn.h): tensors' data and workspaces are device\n"
    "# memory; alpha and beta are host memory\n"
    DEVICE_ARG("cudnnConvolutionForward", 3) DEVICE_ARG("cudnnConvolutionForward", 5)
    DEVICE_ARG("cudnnConvolutionForward", 8) DEVICE_ARG("cudnnConvolutionForward", 12)
    DEVICE_ARG("cudnnConvolutionBackwardData", 3) DEVICE_ARG("cudnnConvolutionBackwardData", 5)
    DEVICE_ARG("cudnnConvolutionBackwardData", 8) DEVICE_ARG("cudnnConvolutionBackwardData", 12)
    DEVICE_ARG("cudnnConvolutionBackwardFilter", 3) DEVICE_ARG("cudnnConvolutionBackwardFilter", 5)
    DEVICE_ARG("cudnnConvolutionBackwardFilter", 8)
    DEVICE_ARG("cudnnConvolutionBackwardFilter", 12)
    DEVICE_ARG("cudnnActivationForward", 4) DEVICE_ARG("cudnnActivationForward", 7)
    DEVICE_ARG("cudnnAddTensor", 3) DEVICE_ARG("cudnnAddTensor", 6)
    DEVICE_ARG("cudnnSoftmaxForward", 5) DEVICE_ARG("cudnnSoftmaxForward", 8)
    DEVICE_ARG("cudnnPoolingForward", 4) DEVICE_ARG("cudnnPoolingForward", 7)
    "# cuDNN (cudnn_graph.h, cudnn_ops.h, cudnn_cnn.h, cudnn_adv.h, whole):\n"
    "# tensors' data, weights, workspaces and reserve spaces are device memory;\n"
    "# alpha and beta host memory; a handle and descriptors either (opaque),\n"
    "# host memory where made through a pointer; what a Get returns, what a Set\n"
    "# reads (but cudnnSetTensor's y and a dropout's states), sizes and algorithm\n"
    "# counts host memory\n"
    "cudnnGetStream host-memory 1\ncudnnCreate* host-memory *\n"
    "cudnnBackendCreate* host-memory descriptor\n"
    "cudnn* either-memory handle streamId *Desc *desc descriptor executionPlan variantPack\n"
    "cudnn* either-memory constPack varPack plan param ptr graph\n"
    "cudnnGet* device-memory weightSpace weights\ncudnn*Get* host-memory *\n"
    "cudnn* host-memory alpha beta alpha1 alpha2 alphaDataDiff betaDataDiff alphaParamDiff\n"
    "cudnn* host-memory betaParamDiff alphaDgrid betaDgrid arrayOfElements elementCount\n"
    "cudnn* host-memory rstatus tag sizeInBytes returnedAlgoCount perfResults\n"
    "cudnn* host-memory hostLabels hostLabelLengths hostInputLengths loWinIdx hiWinIdx\n"
    "cudnn* host-memory destSizeInBytes workspaceSizeInBytes\n"
    "cudnn* device-memory x y z dx dy dz w dw A B C *Data hx cx hy cy dhx dcx dhy dcy\n"
    "cudnn* device-memory workSpace workspace reserveSpace weightSpace dweightSpace states\n"
    "cudnn* device-memory bnScale bnBias savedMean savedInvVariance result* estimated*\n"
    "cudnn* device-memory dBnScaleResult dBnBiasResult normScale normBias bias db means\n"
    "cudnn* device-memory dMeans temp temp2 grid dgrid theta dtheta probs costs gradients\n"
    "cudnn* device-memory labels labelLengths inputLengths colBuffer indices devSeqLengths*\n"
    "cudnn* device-memory queries keys values weights residuals out dout dqueries dkeys\n"
    "cudnn* device-memory dvalues dweights\n"
    "cudnnSet* host-memory *\n"
    "# NCCL (nccl.h): its allocator's memory (cuMem), and its collectives'\n"
    "# and point-to-point calls' buffers, device memory\n"
    NCCL_SEND_RECV("ncclAllReduce") NCCL_SEND_RECV("ncclBroadcast") NCCL_SEND_RECV("ncclReduce")
    NCCL_SEND_RECV("ncclAllGather") NCCL_SEND_RECV("ncclReduceScatter")
    DEVICE_ARG("ncclSend", 0) DEVICE_ARG("ncclRecv", 0) DEVICE_ARG("ncclBcast", 0)
    "ncclMemAlloc allocates-device 0\n"
    "ncclMemFree device-memory 0\n"
    "ncclMemFree frees 0\n"
    "# NCCL (whole): the rest of its buffers are device memory (the scalar of a\n"
    "# PreMulSum either, by its residence); a communicator, a registration and a\n"
    "# window made through a pointer are host memory, and either (opaque,\n"
    "# unchecked) when passed; ids, configs and what it says are host memory\n"
    NCCL_BOTH("ncclCommInitRankConfig", "host-memory 0") NCCL_BOTH("ncclCommInitRank", "host-memory 0")
    NCCL_BOTH("ncclCommInitAll", "host-memory 0") NCCL_BOTH("ncclCommRegister", "host-memory 3")
    NCCL_BOTH("ncclCommWindowRegister", "host-memory 3")
    "pncclMemAlloc allocates-device 0\npncclMemFree device-memory 0\n"
    NCCL_RULE("device-memory", "sendbuff") NCCL_RULE("device-memory", "recvbuff")
    NCCL_RULE("device-memory", "buff") NCCL_RULE("either-memory", "comm")
    NCCL_RULE("either-memory", "handle") NCCL_RULE("either-memory", "win")
    NCCL_RULE("either-memory", "stream") NCCL_RULE("either-memory", "scalar")
    NCCL_RULE("host-memory", "newcomm") NCCL_RULE("host-memory", "config")
    NCCL_RULE("host-memory", "uniqueId") NCCL_RULE("host-memory", "commIds")
    NCCL_RULE("host-memory", "version") NCCL_RULE("host-memory", "devlist")
    NCCL_RULE("host-memory", "excludeRanksList") NCCL_RULE("host-memory", "asyncError")
    NCCL_RULE("host-memory", "count") NCCL_RULE("host-memory", "device")
    NCCL_RULE("host-memory", "rank") NCCL_RULE("host-memory", "op")
    NCCL_RULE("host-memory", "simInfo")
    "# CUB\n"
    CUB_IN_OUT("DeviceReduce::Sum") CUB_IN_OUT("DeviceReduce::Max") CUB_IN_OUT("DeviceReduce::Min")
    CUB_IN_OUT("DeviceReduce::Reduce") CUB_IN_OUT("DeviceReduce::ArgMax")
    CUB_IN_OUT("DeviceReduce::ArgMin") CUB_IN_OUT("DeviceScan::InclusiveSum")
    CUB_IN_OUT("DeviceScan::ExclusiveSum") CUB_IN_OUT("DeviceRadixSort::SortKeys")
    CUB_IN_OUT("DeviceRadixSort::SortPairs") DEVICE_ARG("cub::DeviceRadixSort::SortPairs", 4)
    DEVICE_ARG("cub::DeviceRadixSort::SortPairs", 5)
    "# the C library\n"
    "malloc returns-host\n"
    "calloc returns-host\n"
    "realloc returns-host\n"
    "aligned_alloc returns-host\n"
    "free host-memory 0\n"
    "free frees 0\n"
    "memcpy host-memory 0\n"
    "memcpy host-memory 1\n"
    "memcpy copies 0 1\n"
    "memmove copies 0 1\n"
    "memset host-memory 0\n"
    HOST_READS("memcmp", 0) HOST_READS("memcmp", 1) HOST_READS("memchr", 0)
    HOST_READS("strlen", 0) HOST_READS("strcmp", 0) HOST_READS("strcmp", 1)
    HOST_READS("strncmp", 0) HOST_READS("strncmp", 1) HOST_READS("strcpy", 0)
    HOST_READS("strcpy", 1) HOST_READS("strncpy", 0) HOST_READS("strncpy", 1)
    HOST_READS("strcat", 0) HOST_READS("strcat", 1) HOST_READS("strdup", 0)
    HOST_READS("fwrite", 0) HOST_READS("fread", 0) HOST_READS("fputs", 0) HOST_READS("puts", 0)
    HOST_READS("fgets", 0) HOST_READS("write", 1) HOST_READS("read", 1)
    "printf reads-host-format 0\n"
    "fprintf reads-host-format 1\n"
    "sprintf reads-host-format 1\n"
    "snprintf reads-host-format 2\n"
    "# C++'s strings made from a C string, and streams' unformatted writes and reads\n"
    HOST_READS("std::basic_string::basic_string", 0)
    HOST_READS("std::basic_ostream::write", 0) HOST_READS("std::basic_istream::read", 0)
    "# C++'s algorithms and a container's range, read or written on the host\n"
    HOST_READS("std::copy", 0) HOST_READS("std::copy", 2) HOST_READS("std::copy_n", 0)
    HOST_READS("std::copy_n", 2) HOST_READS("std::fill", 0) HOST_READS("std::fill_n", 0)
    HOST_READS("std::accumulate", 0) HOST_READS("std::reduce", 0) HOST_READS("std::iota", 0)
    HOST_READS("std::transform", 0) HOST_READS("std::sort", 0) HOST_READS("std::find", 0)
    HOST_READS("std::count", 0) HOST_READS("std::max_element", 0)
    HOST_READS("std::min_element", 0) HOST_READS("std::equal", 0) HOST_READS("std::equal", 2)
    HOST_READS("std::vector::vector", 0) HOST_READS("std::vector::assign", 0)
    HOST_READS("std::vector::insert", 1)
    "# C++'s containers: their elements are host memory (with the standard allocator)\n"
    "std::vector::data returns-host\n"
    "std::array::data returns-host\n"
    "std::basic_string::data returns-host\n"
    "std::basic_string::c_str returns-host\n"
    "# smart pointers hold what they are made with (a custom deleter's device memory too)\n"
    "std::unique_ptr::unique_ptr identity 0\nstd::unique_ptr::get identity this\n"
    "std::unique_ptr::release identity this\nstd::make_unique returns-host\n"
    "std::shared_ptr::shared_ptr identity 0\nstd::shared_ptr::get identity this\n"
    "std::make_shared returns-host\n"
    "# thrust's vectors, by the object's class (their data() is their base's)\n"
    "thrust::device_vector::data returns-device\n"
    "thrust::host_vector::data returns-host\n"
    "raw_pointer_cast identity 0\n"
    "# libtorch: devices and options\n"
    "c10::kCPU identity cpu\n"
    "c10::kCUDA identity cuda\n"
    "c10::Device::Device device-typed 0 1\n"
    "c10::Device::is_cuda is-cuda this\n"
    "c10::device identity 0\n"
    "# TORCH_CHECK's and TORCH_INTERNAL_ASSERT's (AT_ASSERTM's) failures, which\n"
    "# throw: the condition holds after them\n"
    "c10::detail::torchCheckFail noreturn\n"
    "c10::detail::torchInternalAssertFail noreturn\n"
    "# options keep the dtype they are given (`TensorOptions(torch::kFloat64).device(d)`)\n"
    "c10::TensorOptions::device identity 0\nc10::TensorOptions::device dtype-of this\n"
    "c10::TensorOptions::dtype identity this\nc10::TensorOptions::dtype dtype-of 0\n"
    "c10::TensorOptions::TensorOptions identity cpu\nc10::TensorOptions::TensorOptions dtype-of 0\n"
    "c10::dtype identity cpu\nc10::dtype dtype-of 0\n"
    "# options that name no device: the cpu (`torch::randn({n}, torch::requires_grad())`);\n"
    "# a setter of neither device nor dtype keeps both\n"
    "c10::requires_grad identity cpu\n"
    "c10::TensorOptions::requires_grad identity this\n"
    "c10::TensorOptions::layout identity this\n"
    "c10::TensorOptions::memory_format identity this\n"
    "# libtorch's dtypes, as options or a conversion's argument\n"
    "c10::kDouble dtype f64\ntorch::kFloat64 dtype f64\n"
    "c10::kFloat dtype f32\ntorch::kFloat32 dtype f32\n"
    "c10::kLong dtype i64\ntorch::kInt64 dtype i64\n"
    "# libtorch: tensors\n"
    TORCH_FACTORY("randn") TORCH_FACTORY("rand") TORCH_FACTORY("randint")
    TORCH_FACTORY("zeros") TORCH_FACTORY("ones") TORCH_FACTORY("empty") TORCH_FACTORY("full")
    TORCH_FACTORY("arange") TORCH_FACTORY("tensor") TORCH_FACTORY("from_blob")
    TORCH_FACTORY("eye") TORCH_FACTORY("linspace") TORCH_FACTORY("logspace")
    TORCH_FACTORY("randperm") TORCH_FACTORY("empty_strided") TORCH_FACTORY("normal")
    TORCH_LIKE("zeros") TORCH_LIKE("ones") TORCH_LIKE("empty") TORCH_LIKE("full")
    TORCH_LIKE("randn") TORCH_LIKE("rand") TORCH_LIKE("randint")
    "at::Tensor::to transfer this 0\n"
    "at::Tensor::cuda transfer this cuda\n"
    "at::Tensor::cpu transfer this cpu\n"
    "at::Tensor::type_as transfer this 0\n"
    "at::Tensor::device device-of this\n"
    "at::Tensor::options device-of this\n"
    "at::Tensor::is_cuda is-cuda this\n"
    "at::Tensor::data_ptr data-of this\n"
    "at::Tensor::accessor data-of this\n"
    "at::Tensor::packed_accessor32 data-of this\nat::Tensor::packed_accessor64 data-of this\n"
    "at::Tensor::generic_packed_accessor data-of this\nat::Tensor::packed_accessor data-of this\n"
    "at::TensorAccessor::operator[] reads-host this\n"
    "torch::load loads 0\n"
    TORCH_OP("at::operator+") TORCH_OP("at::operator-") TORCH_OP("at::operator*")
    TORCH_OP("at::operator/") TORCH_OP("at::add") TORCH_OP("at::sub") TORCH_OP("at::mul")
    TORCH_OP("at::div") TORCH_OP("at::matmul") TORCH_OP("at::mm")
    TORCH_OP("at::mse_loss") TORCH_OP("at::nll_loss") TORCH_OP("at::cross_entropy_loss")
    TORCH_OP("torch::nn::functional::mse_loss") TORCH_OP("torch::nn::functional::nll_loss")
    TORCH_OP("torch::nn::functional::cross_entropy")
    TORCH_METHOD_OP("add") TORCH_METHOD_OP("sub") TORCH_METHOD_OP("mul") TORCH_METHOD_OP("div")
    TORCH_METHOD_OP("matmul") TORCH_METHOD_OP("mm")
    TORCH_IN_PLACE_OP("add_") TORCH_IN_PLACE_OP("sub_") TORCH_IN_PLACE_OP("mul_")
    TORCH_IN_PLACE_OP("div_")
    TORCH_LAYOUT("contiguous") TORCH_LAYOUT("view") TORCH_LAYOUT("reshape")
    TORCH_LAYOUT("flatten") TORCH_LAYOUT("clone") TORCH_LAYOUT("detach")
    TORCH_LAYOUT("unsqueeze") TORCH_LAYOUT("squeeze") TORCH_LAYOUT("transpose")
    TORCH_LAYOUT("permute") TORCH_LAYOUT("expand") TORCH_LAYOUT("narrow") TORCH_LAYOUT("select")
    TORCH_LAYOUT("slice") TORCH_LAYOUT("view_as") TORCH_LAYOUT("expand_as")
    TORCH_LAYOUT("reshape_as") TORCH_LAYOUT("unfold")
    "# a tensor's pieces (`x.chunk(2, 1)`, `torch::split(x, 4)`, `x.unbind()`): a list where it is\n"
    TORCH_PIECES("chunk") TORCH_PIECES("split") TORCH_PIECES("unbind")
    TORCH_PIECES("split_with_sizes") TORCH_PIECES("tensor_split")
    TORCH_INDEXED("index_select", "1", "2") TORCH_INDEXED("gather", "1", "2")
    TORCH_INDEXED("take", "0", "1") TORCH_INDEXED("masked_select", "0", "1")
    TORCH_INDEXED("scatter", "1 2", "2 3") TORCH_INDEXED("scatter_add", "1 2", "2 3")
    TORCH_INDEXED("index_add", "1 2", "2 3") TORCH_INDEXED("index_copy", "1 2", "2 3")
    TORCH_INDEXED("index_fill", "1", "2") TORCH_INDEXED("masked_fill", "0", "1")
    TORCH_INDEXED_IN_PLACE("scatter_", "1 2") TORCH_INDEXED_IN_PLACE("scatter_add_", "1 2")
    TORCH_INDEXED_IN_PLACE("index_add_", "1 2") TORCH_INDEXED_IN_PLACE("index_copy_", "1 2")
    TORCH_INDEXED_IN_PLACE("index_fill_", "1") TORCH_INDEXED_IN_PLACE("masked_fill_", "0")
    TORCH_IN_PLACE_UNARY("clamp_") TORCH_IN_PLACE_UNARY("clamp_min_")
    TORCH_IN_PLACE_UNARY("clamp_max_") TORCH_IN_PLACE_UNARY("relu_") TORCH_IN_PLACE_UNARY("sigmoid_")
    TORCH_IN_PLACE_UNARY("tanh_") TORCH_IN_PLACE_UNARY("abs_") TORCH_IN_PLACE_UNARY("neg_")
    TORCH_IN_PLACE_UNARY("exp_") TORCH_IN_PLACE_UNARY("log_") TORCH_IN_PLACE_UNARY("sqrt_")
    TORCH_IN_PLACE_UNARY("floor_") TORCH_IN_PLACE_UNARY("round_") TORCH_IN_PLACE_UNARY("zero_")
    TORCH_IN_PLACE_UNARY("fill_") TORCH_IN_PLACE_UNARY("uniform_") TORCH_IN_PLACE_UNARY("normal_")
    TORCH_IN_PLACE_UNARY("unsqueeze_") TORCH_IN_PLACE_UNARY("squeeze_") TORCH_IN_PLACE_UNARY("t_")
    TORCH_IN_PLACE_UNARY("transpose_") TORCH_IN_PLACE_UNARY("resize_")
    TORCH_IN_PLACE_UNARY("requires_grad_")
    "# ATen's elementwise functions and methods, reductions, joins\n"
    TORCH_UNARY("abs") TORCH_UNARY("neg") TORCH_UNARY("exp") TORCH_UNARY("exp2")
    TORCH_UNARY("expm1") TORCH_UNARY("log") TORCH_UNARY("log1p") TORCH_UNARY("log2")
    TORCH_UNARY("log10") TORCH_UNARY("sqrt") TORCH_UNARY("rsqrt") TORCH_UNARY("square")
    TORCH_UNARY("reciprocal") TORCH_UNARY("sin") TORCH_UNARY("cos") TORCH_UNARY("tan")
    TORCH_UNARY("tanh") TORCH_UNARY("sigmoid") TORCH_UNARY("relu") TORCH_UNARY_FUNCTION("gelu")
    TORCH_UNARY_FUNCTION("silu") TORCH_UNARY_FUNCTION("elu") TORCH_UNARY_FUNCTION("leaky_relu")
    TORCH_UNARY_FUNCTION("softplus") TORCH_UNARY_FUNCTION("dropout") TORCH_UNARY("erf")
    TORCH_UNARY("sign") TORCH_UNARY("floor") TORCH_UNARY("ceil") TORCH_UNARY("round")
    TORCH_UNARY("trunc") TORCH_UNARY("clamp") TORCH_UNARY("clamp_min") TORCH_UNARY("clamp_max")
    TORCH_UNARY("softmax") TORCH_UNARY("log_softmax") TORCH_UNARY("t") TORCH_UNARY("flip")
    TORCH_UNARY("roll") TORCH_UNARY("repeat") TORCH_UNARY("tril") TORCH_UNARY("triu")
    TORCH_UNARY("cumsum") TORCH_UNARY("cumprod") TORCH_UNARY("logical_not")
    TORCH_UNARY("nonzero") TORCH_UNARY_FUNCTION("max_pool1d") TORCH_UNARY_FUNCTION("max_pool2d")
    TORCH_UNARY_FUNCTION("max_pool3d") TORCH_UNARY_FUNCTION("avg_pool1d")
    TORCH_UNARY_FUNCTION("avg_pool2d") TORCH_UNARY_FUNCTION("avg_pool3d")
    TORCH_UNARY_FUNCTION("adaptive_avg_pool1d") TORCH_UNARY_FUNCTION("adaptive_avg_pool2d")
    TORCH_UNARY_FUNCTION("adaptive_avg_pool3d") TORCH_UNARY_FUNCTION("adaptive_max_pool2d")
    TORCH_UNARY_FUNCTION("constant_pad_nd")
    TORCH_FUNCTIONAL("relu") TORCH_FUNCTIONAL("gelu") TORCH_FUNCTIONAL("silu")
    TORCH_FUNCTIONAL("elu") TORCH_FUNCTIONAL("leaky_relu") TORCH_FUNCTIONAL("softplus")
    TORCH_FUNCTIONAL("softmax") TORCH_FUNCTIONAL("log_softmax") TORCH_FUNCTIONAL("dropout")
    TORCH_FUNCTIONAL("normalize") TORCH_FUNCTIONAL("interpolate") TORCH_FUNCTIONAL("pad")
    TORCH_FUNCTIONAL("max_pool1d") TORCH_FUNCTIONAL("max_pool2d") TORCH_FUNCTIONAL("max_pool3d")
    TORCH_FUNCTIONAL("avg_pool1d") TORCH_FUNCTIONAL("avg_pool2d") TORCH_FUNCTIONAL("avg_pool3d")
    TORCH_FUNCTIONAL("adaptive_avg_pool1d") TORCH_FUNCTIONAL("adaptive_avg_pool2d")
    TORCH_FUNCTIONAL("adaptive_avg_pool3d") TORCH_FUNCTIONAL("adaptive_max_pool2d")
    TORCH_BINARY("eq") TORCH_BINARY("ne") TORCH_BINARY("lt") TORCH_BINARY("le")
    TORCH_BINARY("gt") TORCH_BINARY("ge") TORCH_BINARY("maximum") TORCH_BINARY("minimum")
    TORCH_BINARY("pow") TORCH_BINARY("atan2") TORCH_BINARY("fmod") TORCH_BINARY("remainder")
    TORCH_BINARY("lerp") TORCH_BINARY("logical_and") TORCH_BINARY("logical_or")
    TORCH_BINARY("bmm") TORCH_BINARY("dot") TORCH_BINARY("mv") TORCH_BINARY("outer")
    TORCH_BINARY("cross") TORCH_BINARY("dist")
    TORCH_BINARY_FUNCTION("operator==") TORCH_BINARY_FUNCTION("operator!=")
    TORCH_BINARY_FUNCTION("operator<") TORCH_BINARY_FUNCTION("operator<=")
    TORCH_BINARY_FUNCTION("operator>") TORCH_BINARY_FUNCTION("operator>=")
    TORCH_BINARY_FUNCTION("operator%")
    "at::where elementwise 0 1 2\nat::where creates-like 1\n"
    "at::addmm elementwise 0 1 2\nat::addmm creates-like 0\n"
    "at::addcmul elementwise 0 1 2\nat::addcmul creates-like 0\n"
    TORCH_LOSS("binary_cross_entropy") TORCH_LOSS("binary_cross_entropy_with_logits")
    TORCH_LOSS("l1_loss") TORCH_LOSS("smooth_l1_loss") TORCH_LOSS("huber_loss")
    TORCH_LOSS("kl_div") TORCH_LOSS("soft_margin_loss")
    TORCH_REDUCTION("sum") TORCH_REDUCTION("mean") TORCH_REDUCTION("prod")
    TORCH_REDUCTION("norm") TORCH_REDUCTION("std") TORCH_REDUCTION("var")
    TORCH_REDUCTION("amax") TORCH_REDUCTION("amin") TORCH_REDUCTION("argmax")
    TORCH_REDUCTION("argmin") TORCH_REDUCTION("all") TORCH_REDUCTION("any")
    TORCH_REDUCTION("logsumexp") TORCH_REDUCTION("median")
    TORCH_REDUCTION_OR_BINARY("max") TORCH_REDUCTION_OR_BINARY("min")
    "# ops of a tuple (values, indices), both where the tensor is; std::get's element of one\n"
    TORCH_UNARY("sort") TORCH_UNARY("argsort") TORCH_UNARY("topk") TORCH_UNARY("kthvalue")
    TORCH_UNARY("mode")
    "std::get identity 0\n"
    TORCH_WEIGHTED("linear") TORCH_WEIGHTED("conv1d") TORCH_WEIGHTED("conv2d")
    TORCH_WEIGHTED("conv3d") TORCH_WEIGHTED("conv_transpose1d") TORCH_WEIGHTED("conv_transpose2d")
    TORCH_WEIGHTED("conv_transpose3d") TORCH_WEIGHTED("bilinear")
    TORCH_WEIGHTED_FUNCTIONAL("linear") TORCH_WEIGHTED_FUNCTIONAL("conv1d")
    TORCH_WEIGHTED_FUNCTIONAL("conv2d") TORCH_WEIGHTED_FUNCTIONAL("conv3d")
    TORCH_WEIGHTED("grid_sampler") TORCH_WEIGHTED_FUNCTIONAL("grid_sample")
    "at::embedding same-device 0 1\nat::embedding creates-like 1\n"
    "at::einsum same-device-list 1\n"
    "at::cat same-device-list 0\nat::stack same-device-list 0\n"
    "at::hstack same-device-list 0\nat::vstack same-device-list 0\n"
    "torch::tensor zero-dim 0\nat::scalar_tensor creates-options\nat::scalar_tensor zero-dim 0\n"
    "at::Tensor::index indexes this 0\nat::Tensor::index creates-like this\n"
    "at::Tensor::index_put_ indexes this 0\nat::Tensor::index_put_ identity this\n"
    "# a tensor over the caller's memory: of the space its options name\n"
    "torch::from_blob wraps 0\nat::from_blob wraps 0\n"
    "# libtorch: modules, through their holders (`fc(x)`, `fc->forward(x)`)\n"
    TORCH_LAYER("Linear") TORCH_LAYER("Conv1d") TORCH_LAYER("Conv2d") TORCH_LAYER("Conv3d")
    TORCH_LAYER("BatchNorm1d") TORCH_LAYER("BatchNorm2d") TORCH_LAYER("LayerNorm")
    TORCH_LAYER("Embedding") TORCH_LAYER("EmbeddingBag") TORCH_LAYER("BatchNorm3d")
    TORCH_LAYER("GroupNorm") TORCH_LAYER("ConvTranspose1d") TORCH_LAYER("ConvTranspose2d")
    TORCH_LAYER("ConvTranspose3d") TORCH_LAYER("LSTM") TORCH_LAYER("GRU") TORCH_LAYER("RNN")
    TORCH_LAYER("PReLU") TORCH_LAYER("Bilinear")
    TORCH_FORWARD("Sequential")
    "torch::nn::Sequential::Sequential module-children\n"
    "torch::nn::ModuleHolder::operator() same-device this 0 1\n"
    "torch::nn::ModuleHolder::operator() same-dtype this 0\n"
    "torch::nn::ModuleHolder::operator() creates-like 0\n"
    "torch::nn::Module::to moves this 0\n"
    "# a holder's module (`*net`, `net.ptr()`, `net.get()`) is the holder's\n"
    "torch::nn::ModuleHolder::operator* identity this\ntorch::nn::ModuleHolder::ptr identity this\n"
    "torch::nn::ModuleHolder::get identity this\n"
    "# recurrent layers override to() (their flattened weights follow)\n"
    "torch::nn::detail::RNNImplBase::to moves this 0\n"
    "torch::nn::Module::register_module register this 1\n"
    "torch::nn::Module::register_module identity 1\n"
    "# libtorch: modules of the program's own (a class derived from torch::nn::Module,\n"
    "# or TORCH_MODULE's holder of one), made by value, by std::make_shared or by\n"
    "# the holder: on the cpu where their fields hold parameters libtorch makes\n"
    "# there (a tensor, a layer), else where not known until moved; their\n"
    "# forward(x) wants x where they are; parameters() is a list where they are\n"
    "torch::nn::Module<parameters> module-on cpu\n"
    "torch::nn::Module<modules> module-on\n"
    "torch::nn::Module::forward same-device this 0\n"
    "torch::nn::Module::forward creates-like 0\n"
    "torch::nn::Module::parameters split this\n"
    "# named_parameters(), buffers(): lists where the module is too; an OrderedDict's\n"
    "# item (`kv.value()`, `params[\"fc.weight\"]`, `.values()`) is an element of it\n"
    "torch::nn::Module::named_parameters split this\n"
    "torch::nn::Module::buffers split this\n"
    "torch::nn::Module::named_buffers split this\n"
    "torch::OrderedDict::Item::value identity this\n"
    "torch::OrderedDict::operator[] list-get this 0\n"
    "torch::OrderedDict::values identity this\n"
    "# vectors of tensors and of TorchScript's values (IValue): lists\n"
    "std::vector<torch>::vector list-new\n"
    "std::vector<torch>::push_back list-push this 0\n"
    "std::vector<torch>::emplace_back list-push this 0\n"
    "std::vector<torch>::operator[] list-get this 0\n"
    "std::vector<torch>::at list-get this 0\n"
    "# its last and first: any element, where the count is not known\n"
    "std::vector<torch>::back list-get this 0\n"
    "std::vector<torch>::front list-get this 0\n"
    "# TorchScript's modules: loaded onto the device named, else where they were\n"
    "# saved from (not known); forward({inputs}) and run_method(name, inputs...)\n"
    "# want their inputs where they are; a submodule or attribute\n"
    "# (attr(name).toModule(), .toTensor()) is where its module is\n"
    "torch::jit::load module-on 1\n"
    "torch::jit::Module::to moves this 0\n"
    "torch::jit::Module::forward same-device this 0\n"
    "torch::jit::Object::run_method same-device this 1 2 3 4\n"
    "torch::jit::Object::attr identity this\n"
    "c10::IValue::toModule identity this\n"
    "c10::IValue::toTensor identity this\n";

/* Who releases what (free-mismatch): common/memkind.c's memallocs.  An
   allocator's number is its row's, plus 1. */
int dc_allocator(const char *name)
{
    for (int i = 0; i < nmemallocs; i++)
        if (strcmp(memallocs[i].alloc, name) == 0)
            return i + 1;
    return 0;
}

const char *dc_releaser(const char *name)
{
    for (int i = 0; i < nmemallocs; i++)
        if (strcmp(memallocs[i].release, name) == 0)
            return memallocs[i].release;
    return NULL;
}

const char *dc_allocator_name(int a)
{
    return a > 0 && a <= nmemallocs ? memallocs[a - 1].alloc : "?";
}

const char *dc_allocator_release(int a)
{
    return a > 0 && a <= nmemallocs ? memallocs[a - 1].release : "?";
}

int dc_releases(const char *releaser, int a)
{
    for (int i = 0; i < nmemallocs; i++)
        if (strcmp(memallocs[i].release, releaser) == 0)
            return a > 0 && a <= nmemallocs &&
                   strcmp(memallocs[a - 1].family, memallocs[i].family) == 0;
    return -1;
}

typedef struct {
    char *name;
    dc_effects effects;
    bool annotated;                     /* read from the declaration (or none there) */
} entry;

/* A rule for a family of functions: a pointer parameter named param (a
   pattern) of a function named func (a pattern) has effect kind, where no
   entry of the function's names that parameter.  A library's tables say
   "every cuBLAS matrix A is device memory" once, not for each function. */
typedef struct {
    char *func, *param;
    dc_effect_kind kind;
} rule;

/* Entries by name: every function a call names gets one (most with no
   effects), so the lookup on each call is a hash, not a scan. */
struct dc_model {
    entry *v;
    int n, cap;
    int *slots;                         /* index + 1 into v, or 0; cap * 2 of them */
    rule *rules;
    int nrules;
};

/* The slot of name: where it is, or the empty one where it would go. */
static int *slot_of(const dc_model *m, const char *name)
{
    unsigned mask = (unsigned)m->cap * 2 - 1, i = (unsigned)fnv1a_string(name) & mask;
    while (m->slots[i] && strcmp(m->v[m->slots[i] - 1].name, name) != 0)
        i = (i + 1) & mask;
    return &m->slots[i];
}

static bool grow_entries(dc_model *m)
{
    int cap = m->cap ? m->cap * 2 : 64;
    entry *v = realloc(m->v, (size_t)cap * sizeof *v);
    int *slots = calloc((size_t)cap * 2, sizeof *slots);
    if (v)
        m->v = v;
    if (!v || !slots) {
        free(slots);
        return false;
    }
    free(m->slots);
    m->slots = slots;
    m->cap = cap;
    for (int i = 0; i < m->n; i++)
        *slot_of(m, m->v[i].name) = i + 1;
    return true;
}

static entry *find_or_add(dc_model *m, const char *name)
{
    if (m->n == m->cap && !grow_entries(m))
        return NULL;
    int *slot = slot_of(m, name);
    if (*slot)
        return &m->v[*slot - 1];
    char *copy = strdup(name);
    if (!copy)
        return NULL;
    m->v[m->n] = (entry){ copy, { 0 }, false };
    *slot = ++m->n;
    return &m->v[m->n - 1];
}

static int effect_named(const char *word)
{
    for (int k = 0; k < EF_COUNT; k++)
        if (strcmp(vocabulary[k].name, word) == 0)
            return k;
    return -1;
}

/* Parameter positions for the words of one effect, k (its first word's):
   by number, or by name through names[] (an annotation's). */
static const char *parse_effect(dc_effect *ef, int k, char **words, int nwords,
                                const char *const *names, int nnames)
{
    if (k < 0)
        return "unknown effect";
    int want = vocabulary[k].nargs;
    if ((want >= 0 && nwords - 1 != want) || nwords - 1 > DC_EFFECT_ARGS)
        return "wrong number of arguments";
    *ef = (dc_effect){ .kind = (dc_effect_kind)k, .nargs = nwords - 1 };
    for (int i = 1; i < nwords; i++) {
        if (vocabulary[k].word) {
            snprintf(ef->word, sizeof ef->word, "%s", words[i]);
            continue;
        }
        char *end;
        long pos = strtol(words[i], &end, 10);
        int at = *end ? -1 : (int)pos;
        for (size_t j = 0; at < 0 && j < sizeof pseudo_positions / sizeof *pseudo_positions; j++)
            if (strcmp(pseudo_positions[j].word, words[i]) == 0)
                at = pseudo_positions[j].position;
        for (int j = 0; at < 0 && j < nnames; j++)
            if (names[j] && strcmp(names[j], words[i]) == 0)
                at = j;
        if (at < 0)
            return "no such parameter";
        ef->arg[i - 1] = at;
    }
    return NULL;
}

/* Splits s in place at blanks and commas. */
static int split_words(char *s, char **words, int max)
{
    int n = 0;
    for (char *w = strtok(s, " \t\r,"); w && n < max; w = strtok(NULL, " \t\r,"))
        words[n++] = w;
    return n;
}

/* FUNCTION-PATTERN EFFECT PARAMETER-PATTERN...: an effect on pointer
   parameters (device-memory, host-memory, either-memory), a rule for each
   pattern, so that a library's table lists its matrices on one line. */
static const char *add_rule(dc_model *m, char **words, int n)
{
    int k = effect_named(words[1]);
    if (k < 0)
        return "unknown effect";
    if (n < 3 || vocabulary[k].nargs != 1 || vocabulary[k].word)
        return "a pattern takes an effect on one parameter, by its name";
    rule *v = realloc(m->rules, (size_t)(m->nrules + n - 2) * sizeof *v);
    if (!v)
        return "out of memory";
    m->rules = v;
    for (int i = 2; i < n; i++) {
        v[m->nrules] = (rule){ strdup(words[0]), strdup(words[i]), (dc_effect_kind)k };
        if (!v[m->nrules].func || !v[m->nrules].param) {
            free(v[m->nrules].func);
            free(v[m->nrules].param);
            return "out of memory";
        }
        m->nrules++;
    }
    return NULL;
}

/* FUNCTION EFFECT ARG...: one effect of a function.  An effect on one
   pointer parameter (device-memory, host-memory, either-memory) may name
   several, one effect each, so that a library's table says a function's
   outputs on one line (`cudaStreamGetCaptureInfo host-memory 1 2 3`). */
static const char *add_entry(dc_model *m, char **words, int n)
{
    int k = effect_named(words[1]);
    bool each = n > 3 && (k == EF_DEVICE_MEMORY || k == EF_HOST_MEMORY || k == EF_EITHER_MEMORY);
    entry *e = find_or_add(m, words[0]);
    if (!e)
        return "out of memory";
    for (int i = 2; i == 2 || (each && i < n); i++) {
        if (e->effects.n == (int)(sizeof e->effects.v / sizeof *e->effects.v))
            return "too many effects for one function";
        dc_effect *ef = &e->effects.v[e->effects.n];
        const char *why = each ? parse_effect(ef, k, (char *[]){ words[1], words[i] }, 2, NULL, 0)
                               : parse_effect(ef, k, words + 1, n - 1, NULL, 0);
        if (why)
            return why;
        e->effects.n++;
    }
    return NULL;
}

/* The most words of a line, where a rule or an entry's placing lists its
   parameters (any other entry takes DC_EFFECT_ARGS + 2 at most). */
#define MAX_LINE_WORDS 24

static const char *add_line(dc_model *m, char *line)
{
    char *words[MAX_LINE_WORDS + 1];
    char *hash = strchr(line, '#');
    if (hash)
        *hash = 0;
    int n = split_words(line, words, MAX_LINE_WORDS + 1);
    if (n == 0)
        return NULL;
    if (n < 2)
        return "expected FUNCTION EFFECT ARG...";
    if (n > MAX_LINE_WORDS)
        return "too many words on one line";
    if (strchr(words[0], '*') && !strstr(words[0], "::"))   /* not C++'s operator* */
        return add_rule(m, words, n);
    return add_entry(m, words, n);
}

static int add_text(dc_model *m, const char *text, const char *path, char *err, size_t errlen)
{
    char *copy = strdup(text), *save = NULL;
    int lineno = 0, rc = 0;
    if (!copy)
        return -1;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        lineno++;
        const char *why = add_line(m, line);
        if (why) {
            snprintf(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
            break;
        }
    }
    free(copy);
    return rc;
}

const char *dc_model_builtin(void)
{
    return builtin;
}

dc_model *dc_model_new(void)
{
    dc_model *m = memset(dc_realloc(NULL, sizeof *m), 0, sizeof *m);
    char err[256];
    if (add_text(m, builtin, "built-in model", err, sizeof err) != 0) {
        fprintf(stderr, "devcheck: %s\n", err);     /* a bug of ours: tests/analyzer catch it */
        abort();
    }
    return m;
}

void dc_model_free(dc_model *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->n; i++)
        free(m->v[i].name);
    for (int i = 0; i < m->nrules; i++) {
        free(m->rules[i].func);
        free(m->rules[i].param);
    }
    free(m->rules);
    free(m->v);
    free(m->slots);
    free(m);
}

/* Opens a model file for reading: a regular file only (a folder, a FIFO
   or a device is said, never waited on). */
static FILE *open_model(const char *path, char *err, size_t errlen)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    const char *why = fd < 0 || fstat(fd, &st) != 0 ? strerror(errno)
                      : S_ISDIR(st.st_mode)        ? "is a folder, not a model file"
                      : !S_ISREG(st.st_mode)       ? "not a regular file"
                                                   : NULL;
    FILE *f = why ? NULL : fdopen(fd, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, why ? why : strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}

int dc_model_load(dc_model *m, const char *path, char *err, size_t errlen)
{
    FILE *f = open_model(path, err, errlen);
    if (!f)
        return -1;
    size_t len = 0;
    char *text = dc_read_stream(f, &len);
    fclose(f);
    if (!text) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    const char *nul = memchr(text, 0, len);
    int rc = -1;
    if (nul) {                  /* text, not binary: the lines after it would be lost */
        int line = 1;
        for (const char *p = text; p < nul; p++)
            line += *p == '\n';
        snprintf(err, errlen, "%s:%d: a NUL byte: not a text file", path, line);
    } else {
        rc = add_text(m, text, path, err, errlen);
    }
    free(text);
    return rc;
}

/* ---- annotations ---------------------------------------------------------- */

typedef struct {
    dc_effects *effects;
    const char *const *names;
    int nnames;
} annotation_walk;

static enum CXChildVisitResult read_annotation(fnode c, fnode parent, void *data)
{
    annotation_walk *walk = data;
    (void)parent;
    if (fx_kind(c) != CXCursor_AnnotateAttr)
        return CXChildVisit_Continue;
    char text[256], *words[DC_EFFECT_ARGS + 2];
    snprintf(text, sizeof text, "%s", fx_spelling(c));
    int n = split_words(text, words, DC_EFFECT_ARGS + 2);
    dc_effects *e = walk->effects;
    if (n >= 2 && strcmp(words[0], "devcheck") == 0 &&
        e->n < (int)(sizeof e->v / sizeof *e->v) &&
        !parse_effect(&e->v[e->n], effect_named(words[1]), words + 1, n - 1, walk->names,
                      walk->nnames))
        e->n++;
    return CXChildVisit_Continue;
}

static void read_annotations(fnode fn, dc_effects *effects)
{
    int nparams = fx_nargs(fn);
    const char *names[32] = { 0 };
    if (nparams > 32)
        nparams = 32;
    for (int i = 0; i < nparams; i++)
        names[i] = fx_spelling(fx_arg(fn, i));
    annotation_walk walk = { effects, names, nparams < 0 ? 0 : nparams };
    fx_visit(fn, read_annotation, &walk);
}

/* Whether a class is an instance of a template with an allocator of its
   own among its arguments (a vector of pinned memory), whose elements may
   be anywhere. */
static bool own_allocator(fnode cls)
{
    ftype t = fx_type(cls);
    for (int i = 0, n = ft_ntemplate_args(t); i < n; i++) {
        const char *name = ft_spelling(ft_template_arg(t, i));
        bool own = strstr(name, "allocator") && strncmp(name, "std::allocator<", 15) != 0;
        if (own)
            return true;
    }
    return false;
}

/* A method's name as the model knows it, after its class's and namespaces'
   ("std::vector::data"), without template arguments or inline namespaces
   (libstdc++'s __cxx11). */
static void method_name(fnode fn, char *buf, size_t n)
{
    char parts[8][64];
    int k = 0;
    buf[0] = '\0';
    for (fnode c = fn; k < 8 && !fx_is_null(c) &&
                          fx_kind(c) != CXCursor_TranslationUnit;
         c = fx_semantic_parent(c)) {
        if (fx_kind(c) != CXCursor_Namespace || !fx_has(c, FX_INLINE_NAMESPACE))
            df_cursor_spelling(c, parts[k++], sizeof parts[0]);
    }
    for (size_t used = 0; k-- > 0 && used < n;)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", parts[k], k ? "::" : "");
}

/* The class of the object a member call is made on (`d.data()`,
   `p->data()`), where the method is its base's: thrust's device_vector and
   host_vector share vector_base::data(), and only the object says which
   memory it holds.  A null cursor where the call is no such call. */
static fnode object_class(fnode call)
{
    fnode object = df_cursor_member_object(call);
    if (fx_is_null(object))
        return object;
    ftype t = ft_canonical(fx_type(df_cursor_bare(object)));
    if (ft_kind(t) == CXType_Pointer)
        t = ft_canonical(ft_pointee(t));
    return ft_declaration(t);
}

/* callee named after the class of the object it is called on. */
static bool object_method_name(fnode call, fnode callee, char *buf, size_t n)
{
    fnode cls = object_class(call);
    if (fx_is_null(cls) || fx_kind(cls) == CXCursor_NoDeclFound ||
        fx_equal(cls, fx_semantic_parent(callee)))
        return false;
    char method[64];
    method_name(cls, buf, n);
    df_cursor_spelling(callee, method, sizeof method);
    size_t used = strlen(buf);
    return (size_t)snprintf(buf + used, n - used, "::%s", method) < n - used;
}

/* A method the model names, of a class with an allocator of its own: what
   the model says of the standard one does not hold. */
static bool unlike_modelled(fnode callee)
{
    return fx_kind(callee) == CXCursor_CXXMethod &&
           own_allocator(fx_semantic_parent(callee));
}

/* The element accessors of C++'s containers, whose elements are host
   memory as their data() is: `&v[0]` is host memory. */
static const char *const host_elements[] = {
    "std::vector::operator[]", "std::vector::at", "std::vector::front", "std::vector::back",
    "std::array::operator[]", "std::array::at", "std::basic_string::operator[]",
};

bool dc_model_host_element(fnode callee)
{
    char name[256];
    if (fx_kind(callee) != CXCursor_CXXMethod)
        return false;
    method_name(callee, name, sizeof name);
    for (size_t i = 0; i < sizeof host_elements / sizeof *host_elements; i++)
        if (strcmp(name, host_elements[i]) == 0)
            return !unlike_modelled(callee);
    return false;
}

/* CUDA's own names: a pointer named as the C library's (an allocator's
   ops->free) is anybody's. */
static bool cuda_name(const char *name)
{
    return strncmp(name, "cu", 2) == 0;
}

/* PFN_cuMemAlloc_v3020's function, cuMemAlloc, into buf; false if the
   type is no such typedef. */
static bool pfn_function(ftype type, char *buf, size_t n)
{
    const char *t = ft_spelling(type), *v;
    bool pfn = t && strncmp(t, "PFN_", 4) == 0 && strlen(t + 4) < n;
    if (pfn) {
        strcpy(buf, t + 4);
        if ((v = strrchr(buf, '_')) && v[1] == 'v' && strspn(v + 2, "0123456789") == strlen(v + 2))
            buf[v - buf] = '\0';
    }
    return pfn;
}

/* A call through a pointer to one of CUDA's functions, as programs that
   load libcuda themselves hold it: a field or variable named as the
   function (`cuda->cuMemAlloc`), or typed as cudaTypedefs.h's PFN_ for it
   (`PFN_cuMemAlloc_v3020`).  NULL: any other pointer. */
static const dc_effects *pointer_effects(dc_model *m, fnode pointer)
{
    char name[256];
    enum CXCursorKind kind = fx_kind(pointer);
    if (kind != CXCursor_FieldDecl && kind != CXCursor_VarDecl && kind != CXCursor_ParmDecl)
        return NULL;
    df_cursor_spelling(pointer, name, sizeof name);
    entry *e = cuda_name(name) ? find_or_add(m, name) : NULL;
    if ((!e || !e->effects.n) && pfn_function(fx_type(pointer), name, sizeof name))
        e = find_or_add(m, name);
    return e && e->effects.n ? &e->effects : NULL;
}

/* The entry of name, when it has effects. */
static const dc_effects *named_effects(dc_model *m, const char *name)
{
    entry *e = find_or_add(m, name);
    return e && e->effects.n ? &e->effects : NULL;
}

/* What a class's constructor does (`torch::nn::Linear::Linear`). */
static const dc_effects *class_effects(dc_model *m, fnode cls)
{
    char name[256], short_name[64];
    if (fx_is_null(cls) || fx_kind(cls) == CXCursor_NoDeclFound)
        return NULL;
    method_name(cls, name, sizeof name);
    df_cursor_spelling(cls, short_name, sizeof short_name);
    size_t used = strlen(name);
    return (size_t)snprintf(name + used, sizeof name - used, "::%s", short_name) <
                   sizeof name - used
               ? named_effects(m, name)
               : NULL;
}

static fnode class_of(ftype t)
{
    return ft_declaration(ft_canonical(ft_non_reference(t)));
}

/* ---- libtorch's modules of the program's own ------------------------------------- */

static bool is_holder(ftype t)
{
    return strncmp(ft_spelling(ft_canonical(t)), "torch::nn::ModuleHolder<", 24) == 0 &&
           ft_ntemplate_args(ft_canonical(t)) == 1;
}

typedef struct {
    int depth;
    fnode found;                        /* a module class among the bases, or a holder's */
    bool holder;                        /* looking for a holder's class, not a module's */
} base_search;

static bool module_class(fnode cls, int depth);

static enum CXChildVisitResult search_base(fnode c, fnode parent, void *data)
{
    base_search *b = data;
    (void)parent;
    if (fx_kind(c) != CXCursor_CXXBaseSpecifier)
        return CXChildVisit_Continue;
    ftype t = ft_canonical(fx_type(c));
    if (b->holder && is_holder(t))
        b->found = class_of(ft_template_arg(t, 0));
    else if (!b->holder && (df_type_is(t, "torch::nn::Module") || module_class(class_of(t), b->depth + 1)))
        b->found = class_of(t);
    return fx_is_null(b->found) ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* Whether a class derives from torch::nn::Module, at any depth. */
static bool module_class(fnode cls, int depth)
{
    base_search b = { depth, fx_null(), false };
    if (depth < 8 && !fx_is_null(cls))
        fx_visit(cls, search_base, &b);
    return !fx_is_null(b.found);
}

/* The module class a class is or holds: TORCH_MODULE(Net) makes Net a
   ModuleHolder<NetImpl>, whose module is NetImpl.  Null where it is no
   module of the program's own (libtorch's own are modelled by name). */
static fnode own_module(fnode cls)
{
    char name[256];
    if (fx_is_null(cls) || fx_kind(cls) == CXCursor_NoDeclFound)
        return fx_null();
    base_search b = { 0, fx_null(), true };
    if (is_holder(fx_type(cls)))
        b.found = class_of(ft_template_arg(ft_canonical(fx_type(cls)), 0));
    else
        fx_visit(cls, search_base, &b);
    fnode module = fx_is_null(b.found) ? cls : b.found;
    method_name(module, name, sizeof name);
    return module_class(module, 0) && strncmp(name, "torch::", 7) != 0 ? module : fx_null();
}

/* Whether a module class of the program's own holds parameters libtorch
   makes on the cpu: a tensor among its fields (or its bases'), a layer the
   model makes there, or a module of its own that does. */
static bool holds_parameters(dc_model *m, fnode cls, int depth)
{
    ftype t = ft_canonical(fx_type(cls));
    for (int i = 0; depth < 4 && i < ft_nfields(t); i++) {
        ftype f = fx_type(ft_field(t, i));
        const dc_effects *made = class_effects(m, class_of(f));
        fnode own = own_module(class_of(f));
        if (df_type_is(f, "at::Tensor") || (made && made->v[0].kind == EF_CREATES_CPU) ||
            (!fx_is_null(own) && holds_parameters(m, own, depth + 1)))
            return true;
    }
    base_search b = { 0, fx_null(), false };
    fx_visit(cls, search_base, &b);
    return depth < 4 && !fx_is_null(own_module(b.found)) && holds_parameters(m, b.found, depth + 1);
}

/* The module of the program's own a call makes: its constructor's (by
   value, or TORCH_MODULE's holder), std::make_shared's.  A copy, or a
   holder made empty (`Net net{nullptr}`), makes none. */
static fnode module_made(fnode call, fnode callee)
{
    char name[64];
    enum CXCursorKind kind = fx_kind(callee);
    if (kind == CXCursor_Constructor)
        return fx_has(callee, FX_COPY_CONSTRUCTOR) || fx_has(callee, FX_MOVE_CONSTRUCTOR) ||
                       (fx_nargs(call) == 1 &&
                        ft_kind(ft_canonical(fx_type(fx_arg(call, 0)))) == CXType_NullPtr)
                   ? fx_null()
                   : own_module(class_of(fx_type(call)));
    df_cursor_spelling(callee, name, sizeof name);
    if (kind != CXCursor_FunctionDecl || strcmp(name, "make_shared") != 0)
        return fx_null();
    method_name(callee, name, sizeof name);
    ftype made = ft_canonical(fx_result_type(callee));
    return strcmp(name, "std::make_shared") == 0 && ft_ntemplate_args(made) > 0
               ? own_module(class_of(ft_template_arg(made, 0)))
               : fx_null();
}

bool dc_model_module_type(ftype t)
{
    fnode cls = class_of(t);
    base_search b = { 0, fx_null(), true };
    if (fx_is_null(cls) || fx_kind(cls) == CXCursor_NoDeclFound)
        return false;
    if (!is_holder(t))
        fx_visit(cls, search_base, &b);
    return is_holder(t) || !fx_is_null(b.found) || module_class(cls, 0);
}

/* A module by value, by a holder, by a pointer or a smart pointer: libtorch's,
   the program's, or TorchScript's. */
bool dc_model_holds_module(ftype t)
{
    ftype c = ft_canonical(ft_non_reference(t));
    bool smart = df_type_names(c, "std::shared_ptr<") || df_type_names(c, "std::unique_ptr<");
    if (ft_kind(c) == CXType_Pointer)
        return dc_model_module_type(ft_pointee(c));
    return dc_model_module_type(t) || df_type_is(t, "torch::jit::Module") ||
           (smart && ft_ntemplate_args(c) > 0 && dc_model_module_type(ft_template_arg(c, 0)));
}

bool dc_model_module_forward(fnode callee)
{
    char name[16];
    df_cursor_spelling(callee, name, sizeof name);
    return fx_kind(callee) == CXCursor_CXXMethod && strcmp(name, "forward") == 0 &&
           !fx_is_null(own_module(fx_semantic_parent(callee)));
}

/* What a call does with a module of the program's own: made, or its forward. */
static const dc_effects *own_module_effects(dc_model *m, fnode call, fnode callee)
{
    fnode made = module_made(call, callee);
    if (!fx_is_null(made))
        return named_effects(m, holds_parameters(m, made, 0) ? "torch::nn::Module<parameters>"
                                                             : "torch::nn::Module<modules>");
    return dc_model_module_forward(callee) ? named_effects(m, "torch::nn::Module::forward") : NULL;
}

/* A vector of tensors or of TorchScript's values (`std::vector<IValue>`),
   a list: its method as "std::vector<torch>::push_back". */
static const dc_effects *torch_vector_effects(dc_model *m, fnode call, fnode callee)
{
    char name[80], method[48];
    fnode cls = fx_kind(callee) == CXCursor_Constructor ? class_of(fx_type(call))
                                                        : fx_semantic_parent(callee);
    ftype t = ft_canonical(fx_type(cls));
    if (fx_is_null(cls) || fx_has(callee, FX_COPY_CONSTRUCTOR) ||
        fx_has(callee, FX_MOVE_CONSTRUCTOR) || ft_ntemplate_args(t) < 1 ||
        strncmp(ft_spelling(t), "std::vector<", 12) != 0)
        return NULL;
    ftype element = ft_template_arg(t, 0);
    if (!df_type_is(element, "at::Tensor") && !df_type_is(element, "c10::IValue"))
        return NULL;
    df_cursor_spelling(callee, method, sizeof method);
    snprintf(name, sizeof name, "std::vector<torch>::%s", method);
    return named_effects(m, name);
}

const dc_effects *dc_model_call_effects(dc_model *m, fnode call, fnode callee)
{
    char name[256];
    if (!df_cursor_is_function(callee))
        return pointer_effects(m, callee);
    enum CXCursorKind kind = fx_kind(callee);
    const dc_effects *e = own_module_effects(m, call, callee);
    if (!e)
        e = torch_vector_effects(m, call, callee);
    if (!e && kind == CXCursor_CXXMethod && object_method_name(call, callee, name, sizeof name))
        e = named_effects(m, name);
    if (!e && kind == CXCursor_Constructor)
        e = class_effects(m, class_of(fx_type(call)));
    return e ? e : dc_model_effects(m, callee);
}

fnode dc_model_callee(dc_model *m, fnode call)
{
    fnode callee = fx_referenced(call);
    if (!fx_is_null(callee) || fx_nchildren(call) == 0)
        return callee;
    fnode set = fx_referenced(df_cursor_bare(fx_child(call, 0)));
    for (int i = 0; fx_kind(set) == CXCursor_OverloadedDeclRef && i < fx_nargs(set); i++) {
        fnode fn = fx_arg(set, i);
        if (fx_nargs(call) <= fx_nargs(fn) && dc_model_effects(m, fn))
            return fn;
    }
    return callee;
}

/* A function of a namespace (`at::matmul`), a constant (`c10::kCUDA`): by
   its qualified name first, then by its own (C's functions, which <cstring>
   also puts in std). */
static const dc_effects *qualified_effects(dc_model *m, fnode decl)
{
    char name[256];
    if (fx_kind(fx_semantic_parent(decl)) != CXCursor_Namespace)
        return NULL;
    method_name(decl, name, sizeof name);
    return named_effects(m, name);
}

/* Whether an effect of effects names parameter i. */
static bool names_param(const dc_effects *effects, int i)
{
    for (int k = 0; k < effects->n; k++)
        for (int j = 0; j < effects->v[k].nargs; j++)
            if (effects->v[k].arg[j] == i)
                return true;
    return false;
}

/* The first rule for function name and its pointer parameter i, or NULL. */
static const rule *rule_for(const dc_model *m, const char *name, fnode fn, int i)
{
    const char *pname = NULL;
    for (int r = 0; r < m->nrules; r++) {
        if (fnmatch(m->rules[r].func, name, 0) != 0)
            continue;
        if (!pname) {
            fnode param = fx_arg(fn, i);
            if (fx_is_null(param) || ft_kind(ft_canonical(fx_type(param))) != CXType_Pointer)
                return NULL;
            pname = fx_spelling(param);
            if (!pname)
                return NULL;
        }
        if (fnmatch(m->rules[r].param, pname, 0) == 0)
            return &m->rules[r];
    }
    return NULL;
}

/* The rules' effects on function fn's pointer parameters that nothing
   else names (either-memory is said only: it checks nothing). */
static void apply_rules(const dc_model *m, fnode fn, const char *name, dc_effects *effects)
{
    int nparams = fx_nargs(fn);
    for (int i = 0; i < nparams && effects->n < (int)(sizeof effects->v / sizeof *effects->v);
         i++) {
        const rule *r = names_param(effects, i) ? NULL : rule_for(m, name, fn, i);
        if (r && r->kind != EF_EITHER_MEMORY)
            effects->v[effects->n++] = (dc_effect){ .kind = r->kind, .nargs = 1, .arg = { i } };
    }
}

const dc_effects *dc_model_effects(dc_model *m, fnode callee)
{
    char name[256];
    enum CXCursorKind kind = fx_kind(callee);
    const dc_effects *qualified = kind == CXCursor_FunctionDecl || kind == CXCursor_VarDecl
                                      ? qualified_effects(m, callee)
                                      : NULL;
    if (qualified || kind == CXCursor_VarDecl)
        return qualified;
    if (kind == CXCursor_CXXMethod || kind == CXCursor_Constructor)
        method_name(callee, name, sizeof name);
    else if (kind == CXCursor_FunctionDecl)
        df_cursor_spelling(callee, name, sizeof name);
    else
        return NULL;
    entry *e = find_or_add(m, name);
    if (!e)
        return NULL;
    if (!e->annotated) {
        dc_effects mine = { 0 };
        read_annotations(callee, &mine);
        if (mine.n)
            e->effects = mine;
        if (kind == CXCursor_FunctionDecl)
            apply_rules(m, callee, name, &e->effects);
        e->annotated = true;
    }
    return e->effects.n && !unlike_modelled(callee) ? &e->effects : NULL;
}
