#!/usr/bin/env bash
# devcheck on real history (issue 21): for each commit below that fixed a
# host/device mistake in a public CUDA project, devcheck runs on the named
# files at the fix's parent and at the fix, and one line is printed:
#
#   bench/history.sh [NAME...]          all entries, or only those named
#
#   found   a finding at the parent within $NEAR lines of the mistake (the
#           lines the fix removed or changed, or the entry's own EXPECT)
#   quiet   no finding at the fix within $NEAR lines of what it changed
#   other   the other findings, at the parent and at the fix
#
# and, for each code base of the second table (no known mistake, a few
# files at one commit), the findings there: every one a false alarm
# unless judged otherwise (bench/history.md judges each).
#
# Environment:
#   DEVCHECK        the binary (default: build-gcc/bin/devcheck, then build/)
#   HISTORY_CACHE   where the projects' clones and the outputs live
#                   (default /tmp/devcheck-history): a bare clone of each
#                   project is made there as OWNER+NAME.git on first use and
#                   reused after; with no network, put one there yourself
#                   (`git clone --bare` of a local mirror of it will do)
#   NEAR            lines of slack either side (default 2)
# Each run's output is kept: $HISTORY_CACHE/out/NAME/{parent,fix}.txt, the
# trees under $HISTORY_CACHE/tree/NAME/{parent,fix}.  Nothing of the
# projects is committed here: the table is the only data.
#
# Needs git, the CUDA toolkit at /usr/local/cuda (.cu files get it from
# devcheck itself, C and C++ files through their FLAGS), and the headers
# of what some projects include: Debian's libjansson-dev and
# libcurl4-openssl-dev (ccminer), libtorch-dev and python3-dev
# (pyg_autoscale and the other PyTorch rows), libgtest-dev (raft-pinned),
# ruby-dev (cumo's rows), libmlir-15-dev (tmlir-literal: MLIR's C API);
# what yolort's and sherpa's files use of OpenCV, torchvision, kaldifeat
# and k2 is declared by stand-ins written below, as are the configuration
# headers that cumo's mkmf and OPM's, ParFlow's and pocl's CMake write;
# lfs-evalgt and kj-dagmm read in part (glm and a C++23 library; boost and
# OpenCV), parflow-release too (its loop macro, bench/history.md).
# A commit the clone lacks, or a header missing, shows
# as "does not parse" in the last column, a file devcheck read but for
# functions with errors as "in part" (devcheck's reasons in out/).
set -euo pipefail

# NAME | REPOSITORY | FIX | FILES (space-separated) | FLAGS (after --) | EXPECT
# EXPECT: FILE:LINE,... at the parent where the mistake shows, when that is
# not the line the fix changed (empty: the lines the fix removed or changed).
# @CACHE@ in FLAGS is $HISTORY_CACHE (for the stub headers written below).
# A line starting with # is a comment.
entries='
bbuf-reduce    | https://github.com/BBuf/how-to-optim-algorithm-in-cuda | 90e4313 | reduce/reduce_v0_baseline.cu FastAtomicAdd/fast_atomic_add.cu elementwise/elementwise.cu |  |
kmcuda-yy      | https://github.com/src-d/kmcuda                        | e273450 | kernel.cu kmcuda.cpp | -I. -include functional |
ggml-mmid      | https://github.com/ggml-org/ggml                       | f7b92db | src/ggml-cuda.cu | -Iinclude/ggml -Isrc | src/ggml-cuda.cu:8893,8894
gpumd-copy     | https://github.com/brucefan1983/GPUMD                  | 363ba8a | src/gpu_vector.cuh | -x cu |
nccltests      | https://github.com/NVIDIA/nccl-tests                   | 24fcf64 | src/common.cu | -Isrc |
gpuburn        | https://github.com/wilicc/gpu-burn                     | 73d13cb | gpu_burn-drv.cpp | -I/usr/local/cuda/include -include @CACHE@/stub/cuda12_ctx.h |
ccminer-x11    | https://github.com/tpruvot/ccminer                     | ebd23bc | x11/x11.cu | -D_DEBUG -I. -include @CACHE@/stub/host_builtins.h | x11/x11.cu:136,194
darknet-region | https://github.com/pjreddie/darknet                    | 8bcdee8 | src/region_layer.c src/network_kernels.cu src/network.c src/blas.c src/cuda.c | -DGPU -I/usr/local/cuda/include |
darknet-yolo   | https://github.com/AlexeyAB/darknet                    | 3fc3fd0 | src/yolo_layer.c src/network_kernels.cu src/network.c src/cuda.c src/blas.c | -DGPU -Iinclude -Isrc -I/usr/local/cuda/include -Wno-implicit-function-declaration | src/yolo_layer.c:381,382 src/network_kernels.cu:53
hvm-bytes      | https://github.com/HigherOrderCO/HVM                   | b092fce | src/run.cu | -Isrc |
pyg-read       | https://github.com/rusty1s/pyg_autoscale               | b4dec6b | csrc/cuda/async_cuda.cu | -Icsrc -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE |
llmc-zero      | https://github.com/karpathy/llm.c                      | 52db158 | train_gpt2.cu | -DMULTI_GPU -I. -I@CACHE@/stub | llmc/zero.cuh:101,119
apex-fdense    | https://github.com/NVIDIA/apex                         | 1d6a48c5 | csrc/fused_dense.cpp csrc/fused_dense_cuda.cu | -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE | csrc/fused_dense.cpp:38,78,118,163
ftorch-blob    | https://github.com/Cambridge-ICCS/FTorch               | 85635983 | src/ctorch.cpp | -std=c++17 -I/usr/include/torch/csrc/api/include -DGPU_DEVICE=1 -DGPU_DEVICE_NONE=0 -DGPU_DEVICE_CUDA=1 -DGPU_DEVICE_XPU=12 -DGPU_DEVICE_MPS=13 |
hais-uninit    | https://github.com/hustvl/HAIS                         | 13d8743 | lib/hais_ops/src/hierarchical_aggregation/hierarchical_aggregation.cu | -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -I@CACHE@/stub -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE |
gsplat-printf  | https://github.com/nerfstudio-project/gsplat           | 442246f2 | csrc/forward.cu csrc/main.cu | -Icsrc | csrc/forward.cu:21 csrc/main.cu:45
maskrcnn-nms   | https://github.com/facebookresearch/maskrcnn-benchmark | 55d3ab4 | maskrcnn_benchmark/csrc/cuda/nms.cu | -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -I@CACHE@/stub -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE |
ethminer-adl   | https://github.com/ethereum-mining/ethminer            | ac2791838 | libhwmon/wrapadl.cpp | -I. |
darknet-convbw | https://github.com/pjreddie/darknet                    | 56be49aa | src/convolutional_kernels.cu src/network.c src/im2col_kernels.cu src/convolutional_layer.c src/cuda.c | -DGPU -Iinclude -Isrc -I/usr/local/cuda/include |
gpumd-tohost   | https://github.com/brucefan1983/GPUMD                  | 123217ce | src/main_gpumd/velocity.cu | -Isrc |
g4hepem-free   | https://github.com/mnovak42/g4hepem                    | 06c8b6d  | G4HepEm/G4HepEmData/src/G4HepEmData.cc G4HepEm/G4HepEmData/src/G4HepEmData.cu G4HepEm/G4HepEmData/src/G4HepEmElectronData.cc G4HepEm/G4HepEmData/src/G4HepEmElectronData.cu G4HepEm/G4HepEmData/src/G4HepEmElementData.cc G4HepEm/G4HepEmData/src/G4HepEmElementData.cu G4HepEm/G4HepEmData/src/G4HepEmMatCutData.cc G4HepEm/G4HepEmData/src/G4HepEmMatCutData.cu G4HepEm/G4HepEmData/src/G4HepEmMaterialData.cc G4HepEm/G4HepEmData/src/G4HepEmMaterialData.cu G4HepEm/G4HepEmData/src/G4HepEmSBTableData.cc | -DG4HepEm_CUDA_BUILD -IG4HepEm/G4HepEmData/include -I/usr/local/cuda/include |
flashinfer-kv   | https://github.com/flashinfer-ai/flashinfer             | e90562679 | src/tvm_wrapper.cu | -Iinclude | include/flashinfer/prefill.cuh:440,441,442
popsift-job     | https://github.com/alicevision/popsift                  | 8f818c3   | src/popsift/popsift.cpp | -Isrc -I@CACHE@/stub -I@CACHE@/stub/popsift -I/usr/local/cuda/include |
cusolver-orgqr | https://github.com/NVIDIA/CUDALibrarySamples             | 0bfdb32   | cuSOLVER/orgqr/cusolver_orgqr_example.cu | -IcuSOLVER/utils |
opensplat-mps  | https://github.com/pierotofy/OpenSplat                   | b880671   | model.cpp rasterize_gaussians.cpp vendor/gsplat-cpu/gsplat_cpu.cpp | -std=c++17 -I. -Ivendor -I/usr/include/torch/csrc/api/include | rasterize_gaussians.cpp:161,162,163,164,165,166,167,168,200,201,202,203,204,205,206,207,208,209,210
raft-pinned    | https://github.com/rapidsai/raft                        | b66b269ab | cpp/test/core/memory_type.cpp | -std=c++17 -Icpp/include -I/usr/local/cuda/include |
amd-pingpong   | https://github.com/amd/HPCTrainingExamples              | 5029a6c0  | HIP/basic_examples/06_hipify_pingpong/pingpong.cu |  |
finufft-1d     | https://github.com/flatironinstitute/finufft            | 5beee4c9  | test/cuda/cufinufft1d_test.cu | -Iinclude -Iinclude/cufinufft/contrib/cuda_samples |
g4hepem-sbfree | https://github.com/mnovak42/g4hepem                    | 61626df   | G4HepEm/G4HepEmData/src/G4HepEmData.cc G4HepEm/G4HepEmData/src/G4HepEmData.cu G4HepEm/G4HepEmData/src/G4HepEmElectronData.cc G4HepEm/G4HepEmData/src/G4HepEmElectronData.cu G4HepEm/G4HepEmData/src/G4HepEmElementData.cc G4HepEm/G4HepEmData/src/G4HepEmElementData.cu G4HepEm/G4HepEmData/src/G4HepEmMatCutData.cc G4HepEm/G4HepEmData/src/G4HepEmMatCutData.cu G4HepEm/G4HepEmData/src/G4HepEmMaterialData.cc G4HepEm/G4HepEmData/src/G4HepEmMaterialData.cu G4HepEm/G4HepEmData/src/G4HepEmSBTableData.cc G4HepEm/G4HepEmData/src/G4HepEmSBTableData.cu | -DG4HepEm_CUDA_BUILD -IG4HepEm/G4HepEmData/include -I/usr/local/cuda/include |
hvm-memset     | https://github.com/HigherOrderCO/HVM                   | bc47f9f   | src/hvm.cu | -Isrc | src/hvm.cu:1721
lfs-evalgt     | https://github.com/MrNeRF/gaussian-splatting-cuda        | 938567f   | src/metrics.cpp | -std=c++23 -Iinclude -Igsplat -Ifastgs/rasterization/include -I/usr/local/cuda/include -I/usr/include/torch/csrc/api/include | src/metrics.cpp:417,441,442,443
sherpa-warmup  | https://github.com/k2-fsa/sherpa                       | ea523556  | sherpa/cpp_api/offline-recognizer.cc sherpa/csrc/offline-conformer-transducer-model.cc | -std=c++17 -I. -I@CACHE@/stub/sherpa -I/usr/include/torch/csrc/api/include | ./sherpa/cpp_api/offline-recognizer-transducer-impl.h:133,136 sherpa/csrc/offline-conformer-transducer-model.cc:42
fbgemm-tbeload | https://github.com/pytorch/FBGEMM                      | 365abe3ee | fbgemm_gpu/codegen/embedding_forward_quantized_host_cpu.cpp | -std=c++17 -Ifbgemm_gpu/include -I/usr/include/torch/csrc/api/include |
yolort-devsw   | https://github.com/zhiqwang/yolort                     | 100a168   | deployment/src/main.cpp | -std=c++17 -Ideployment/include -I@CACHE@/stub/yolort -I/usr/include/torch/csrc/api/include | deployment/src/main.cpp:126,129,132
kj-dagmm       | https://github.com/koba-jon/pytorch_cpp                | ef15988   | DAGMM2d/src/networks.cpp DAGMM2d/src/train.cpp | -std=c++17 -IDAGMM2d/src -Iutils -I/usr/include/torch/csrc/api/include | DAGMM2d/src/networks.cpp:447,448,449,455,458,461
# a fresh set, ninth session, chosen before devcheck ran on them
opm-wellfree    | https://github.com/OPM/opm-simulators                  | c28a12636 | opm/simulators/linalg/bda/WellContributions.cpp opm/simulators/linalg/bda/WellContributions.cu | -I. -I@CACHE@/stub/opm -I/usr/local/cuda/include | opm/simulators/linalg/bda/WellContributions.cpp:47,48
cumo-global     | https://github.com/sonots/cumo                         | 3869775   | ext/cumo/cuda/driver.c | -Iext/cumo/include -I@CACHE@/stub/cumo -I/usr/include/ruby-3.1.0 -I/usr/include/x86_64-linux-gnu/ruby-3.1.0 -I/usr/local/cuda/include |
cumo-poolfree   | https://github.com/sonots/cumo                         | 6dbd6d1   | ext/cumo/cuda/memory_pool.cpp ext/cumo/cuda/memory_pool_impl.cpp | -Iext/cumo/include -I@CACHE@/stub/cumo -I/usr/include/ruby-3.1.0 -I/usr/include/x86_64-linux-gnu/ruby-3.1.0 -I/usr/local/cuda/include |
tmlir-literal   | https://github.com/llvm/torch-mlir                     | 5fbf2a376 | python/torch_mlir/dialects/torch/importer/jit_ir/csrc/torch_to_mlir_utils.cpp | -std=c++17 -Ipython/torch_mlir/dialects/torch/importer/jit_ir/csrc -Iinclude -I/usr/lib/llvm-15/include -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 |
parflow-release | https://github.com/parflow/parflow                     | 063d578a  | pfsimulator/parflow_lib/problem_phase_source.c | -x cu -DPF_COMP_UNIT_TYPE=1 -Ipfsimulator/parflow_lib -Ipfsimulator/amps/seq -Ipfsimulator/amps/common -I@CACHE@/stub/parflow -I/usr/local/cuda/include/nvtx3 |
parflow-tfree   | https://github.com/parflow/parflow                     | cc88a76d  | pfsimulator/parflow_lib/phase_velocity_face.c | -x cu -DPF_COMP_UNIT_TYPE=1 -Ipfsimulator/parflow_lib -Ipfsimulator/amps/seq -Ipfsimulator/amps/common -I@CACHE@/stub/parflow -I/usr/local/cuda/include/nvtx3 |
pocl-hostreg    | https://github.com/pocl/pocl                           | a60523b20 | lib/CL/devices/cuda/pocl-cuda.c | -DCL_TARGET_OPENCL_VERSION=300 -DCL_USE_DEPRECATED_OPENCL_1_0_APIS -DCL_USE_DEPRECATED_OPENCL_1_1_APIS -DCL_USE_DEPRECATED_OPENCL_1_2_APIS -DCL_USE_DEPRECATED_OPENCL_2_0_APIS -Iinclude -Ilib/CL -Ilib/CL/devices -I@CACHE@/stub/pocl -I/usr/local/cuda/include -include @CACHE@/stub/cuda12_ctx.h |
g4hepem-hostptr | https://github.com/mnovak42/g4hepem                    | 1a972f2   | G4HepEm/G4HepEmData/src/G4HepEmElectronData.cc G4HepEm/G4HepEmData/src/G4HepEmGammaData.cc | -DG4HepEm_CUDA_BUILD -IG4HepEm/G4HepEmData/include -I/usr/local/cuda/include | G4HepEm/G4HepEmData/src/G4HepEmElectronData.cc:54,93,101,109,115 G4HepEm/G4HepEmData/src/G4HepEmGammaData.cc:46,73,79
'

# Clean code, run for false alarms.
# NAME | REPOSITORY | COMMIT | FILES | FLAGS
clean='
clean-extcpp   | https://github.com/pytorch/extension-cpp   | 0ec4969c | extension_cpp/csrc/muladd.cpp extension_cpp/csrc/cuda/muladd.cu | -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE
clean-ptcpp    | https://github.com/prabhuomkar/pytorch-cpp | 4c4d060f | tutorials/basics/feedforward_neural_network/src/main.cpp tutorials/basics/feedforward_neural_network/src/neural_net.cpp tutorials/basics/logistic_regression/main.cpp | -std=c++17 -Itutorials/basics/feedforward_neural_network/include -I/usr/include/torch/csrc/api/include
clean-scatter  | https://github.com/rusty1s/pytorch_scatter | 648dda3c | csrc/scatter.cpp csrc/cuda/scatter_cuda.cu csrc/cuda/segment_coo_cuda.cu | -Icsrc -std=c++17 -include optional -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE
clean-nvdr     | https://github.com/NVlabs/nvdiffrast       | 253ac4fc | csrc/torch/torch_antialias.cpp csrc/common/antialias.cu | -Icsrc -Icsrc/common -DNVDR_TORCH -I/usr/local/cuda/include -I/usr/include/torch/csrc/api/include -I/usr/include/python3.11 -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE
clean-llmc     | https://github.com/karpathy/llm.c          | f1e2ace6 | dev/cuda/adamw.cu dev/cuda/gelu_forward.cu dev/cuda/layernorm_forward.cu dev/cuda/encoder_forward.cu | -Idev/cuda
'

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HISTORY_CACHE:-/tmp/devcheck-history}
near=${NEAR:-2}
devcheck=${DEVCHECK:-}
if [ -z "$devcheck" ]; then
  for b in build-gcc build; do
    [ -x "$root/$b/bin/devcheck" ] && { devcheck=$root/$b/bin/devcheck; break; }
  done
fi
[ -x "${devcheck:-}" ] || { echo "no devcheck: build it, or name it in DEVCHECK" >&2; exit 1; }
devcheck=$(cd "$(dirname "$devcheck")" && pwd)/$(basename "$devcheck")
mkdir -p "$cache/out" "$cache/tree" "$cache/stub"

# llm.c's multi-GPU code includes <mpi.h>; its types are all the code needs
# of it to parse (nothing of MPI is modeled).
cat > "$cache/stub/mpi.h" <<'EOF'
/* a stand-in for mpi.h: declarations only, enough to parse */
typedef int MPI_Comm; typedef int MPI_Datatype; typedef int MPI_Op;
#define MPI_SUCCESS 0
#define MPI_COMM_WORLD 0
#define MPI_BYTE 1
#define MPI_INT 2
#define MPI_FLOAT 3
#define MPI_UINT64_T 4
#define MPI_DATATYPE_NULL 0
#define MPI_SUM 0
#define MPI_MAX 1
#define MPI_IN_PLACE ((void *)1)
int MPI_Init(int *, char ***);
int MPI_Finalize(void);
int MPI_Comm_rank(MPI_Comm, int *);
int MPI_Comm_size(MPI_Comm, int *);
int MPI_Barrier(MPI_Comm);
int MPI_Bcast(void *, int, MPI_Datatype, int, MPI_Comm);
int MPI_Allgather(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
int MPI_Allreduce(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
int MPI_Error_string(int, char *, int *);
EOF

# CUDA 13 made cuCtxCreate take a fourth argument (CUDA 12's is
# cuCtxCreate_v2, declared now only inside the driver's own build): code
# written for CUDA 12 gets the old one back, so that it parses.
# ccminer declares blockDim and threadIdx for its host code, as nvcc lets
# it; clang's are built in, so its are renamed (after clang's wrapper).
# Extensions written for PyTorch before 1.11 include THC's headers, gone
# from libtorch since: these declare what such code uses of them (THC's
# state, allocator and ceil-div; `lazyInitCUDA()`, which returned the
# state then and returns nothing now, is given a value of that type).
mkdir -p "$cache/stub/THC"
cat > "$cache/stub/THC/THC.h" <<'EOF2'
/* a stand-in for THC.h, removed from libtorch: declarations only */
#pragma once
#include <ATen/ATen.h>
typedef struct THCState THCState;
void *THCudaMalloc(THCState *state, size_t size);
void THCudaFree(THCState *state, void *ptr);
#define THCudaCheck(err) (void)(err)
#define THCCeilDiv(a, b) (((a) + (b) - 1) / (b))
#define lazyInitCUDA() hasCUDA() ? (THCState *)0 : (THCState *)0
EOF2
printf '#pragma once\n#include <THC/THC.h>\n' > "$cache/stub/THC/THCDeviceUtils.cuh"

# yolort's libtorch demo reads its image with OpenCV and includes
# torchvision's C++ headers for their operators' registration; neither is
# installed: these declare what its main.cpp uses of OpenCV, and nothing
# of torchvision (the file calls none of its functions).
mkdir -p "$cache/stub/yolort/opencv2" "$cache/stub/yolort/torchvision"
cat > "$cache/stub/yolort/opencv2/core.hpp" <<'EOF4'
/* a stand-in for OpenCV's core.hpp: declarations only, enough to parse */
#pragma once
#include <string>
#define CV_32FC3 21
namespace cv {
struct Mat {
  unsigned char *data;
  int rows, cols;
  void convertTo(Mat &m, int rtype, double alpha = 1, double beta = 0) const;
};
Mat imread(const std::string &filename, int flags = 1);
}
EOF4
for h in opencv2/imgproc.hpp opencv2/highgui.hpp; do
  printf '#pragma once\n#include <opencv2/core.hpp>\n' > "$cache/stub/yolort/$h"
done
for h in vision.h ROIPool.h nms.h; do
  printf '#pragma once\n' > "$cache/stub/yolort/torchvision/$h"
done

# sherpa computes its features with kaldifeat and builds its fast beam
# search on k2's torch API, neither installed: these declare what the
# recognizers' headers use of them (kaldifeat's options, as its header,
# bring in <torch/torch.h>).
mkdir -p "$cache/stub/sherpa/kaldifeat/csrc" "$cache/stub/sherpa/k2"
cat > "$cache/stub/sherpa/kaldifeat/csrc/feature-fbank.h" <<'EOF5'
/* a stand-in for kaldifeat's feature-fbank.h: declarations only */
#pragma once
#include <string>
#include <torch/torch.h>
namespace kaldifeat {
struct FrameExtractionOptions {
  float samp_freq = 16000, frame_shift_ms = 10, frame_length_ms = 25, dither = 1;
  std::string ToString() const;
};
struct MelBanksOptions {
  int num_bins = 23;
  std::string ToString() const;
};
struct FbankOptions {
  FrameExtractionOptions frame_opts;
  MelBanksOptions mel_opts;
  torch::Device device{torch::kCPU};
  std::string ToString() const;
};
class Fbank {
 public:
  explicit Fbank(const FbankOptions &opts);
  const FrameExtractionOptions &GetFrameOptions() const;
  torch::Tensor ComputeFeatures(const torch::Tensor &wave, float vtln_warp);
};
}
EOF5
cat > "$cache/stub/sherpa/k2/torch_api.h" <<'EOF5'
/* a stand-in for k2's torch_api.h: declarations only */
#pragma once
#include <memory>
namespace k2 {
class FsaClass;
using FsaClassPtr = std::shared_ptr<FsaClass>;
}
EOF5

printf '#define blockDim host_blockDim\n#define threadIdx host_threadIdx\n' \
  > "$cache/stub/host_builtins.h"

# cumo's narray.h includes cumo/extconf.h, which mkmf writes from the
# checks of ext/cumo/extconf.rb: this is it as they come out on Linux with
# glibc and Ruby 3.1 (Debian's ruby-dev has the rest of Ruby's headers).
mkdir -p "$cache/stub/cumo/cumo"
cat > "$cache/stub/cumo/cumo/extconf.h" <<'EOF6'
/* cumo's extconf.h as mkmf writes it on Linux with glibc and Ruby 3.1 */
#pragma once
#define HAVE_DLFCN_H 1
#define HAVE_DLOPEN 1
#define HAVE_STDBOOL_H 1
#define HAVE_STDINT_H 1
#define HAVE_TYPE_BOOL 1
#define HAVE_TYPE_U_INT8_T 1
#define HAVE_TYPE_U_INT16_T 1
#define HAVE_TYPE_INT32_T 1
#define HAVE_TYPE_U_INT32_T 1
#define HAVE_TYPE_INT64_T 1
#define HAVE_TYPE_U_INT64_T 1
#define HAVE_EXP10 1
#define HAVE_RB_ARITHMETIC_SEQUENCE_EXTRACT 1
#define HAVE_RB_CCOMPLEX 1
#define HAVE_RB_THREAD_CALL_WITHOUT_GVL 1
EOF6

# OPM's config.h is CMake's (a build with CUDA found); of opm-common the
# solver's files use OPM_THROW and include OpmLog, nothing of it called.
mkdir -p "$cache/stub/opm/opm/common/OpmLog"
printf '/* OPM config.h for a build with CUDA */\n#pragma once\n#define HAVE_CUDA 1\n#define HAVE_OPENCL 0\n' \
  > "$cache/stub/opm/config.h"
cat > "$cache/stub/opm/opm/common/ErrorMacros.hpp" <<'EOF7'
/* a stand-in for opm-common's ErrorMacros.hpp: OPM_THROW only */
#pragma once
#include <stdexcept>
#include <string>
#define OPM_THROW(Exception, message) throw Exception(std::string(message))
EOF7
cat > "$cache/stub/opm/opm/common/OpmLog/OpmLog.hpp" <<'EOF7'
/* a stand-in for opm-common's OpmLog.hpp: declarations only */
#pragma once
#include <string>
namespace Opm {
struct OpmLog {
  static void info(const std::string &);
  static void warning(const std::string &);
  static void error(const std::string &);
  static void debug(const std::string &);
};
}
EOF7

# ParFlow's parflow_config.h is CMake's, from cmake/parflow_config.h.in:
# this is it for a CUDA build on the sequential AMPS layer (no MPI, hypre,
# CLM, NetCDF, RMM or Umpire), where the loop files are CUDA units.
mkdir -p "$cache/stub/parflow"
cat > "$cache/stub/parflow/parflow_config.h" <<'EOF8'
/* parflow_config.h for a CUDA build on the sequential AMPS layer */
#ifndef PARFLOW_CONFIG_H
#define PARFLOW_CONFIG_H
#define PARFLOW_AMPS_LAYER seq
#define AMPS seq
#define PARFLOW_HAVE_GETTIMEOFDAY
#define CASC_HAVE_GETTIMEOFDAY
#define PARFLOW_HAVE_MALLOC_H
#define HAVE_MALLOC_H
#define PARFLOW_HAVE_CUDA
#endif
EOF8

# pocl's config.h is CMake's, from config.h.in.cmake: these are the
# settings its CUDA driver and the runtime headers it includes read, as a
# Linux build of the CUDA driver sets them.
mkdir -p "$cache/stub/pocl"
cat > "$cache/stub/pocl/config.h" <<'EOF9'
/* pocl's config.h for a Linux build of the CUDA driver */
#pragma once
#define BUILD_CUDA
#define BUILD_BASIC
#define BUILD_PTHREAD
#define HAVE_DLFCN_H
#define HAVE_FORK
#define HAVE_CLOCK_GETTIME
#define HAVE_FSYNC
#define HAVE_MKOSTEMPS
#define HAVE_MKSTEMPS
#define HAVE_MKDTEMP
#define HAVE_FUTIMENS
#define HAVE_POSIX_MEMALIGN
#define HAVE_SLEEP
#define HAVE_UTIME
#define HOST_CPU_CACHELINE_SIZE 64
#define LLVM_MAJOR 13
#define LLVM_VERSION "13.0.1"
#define POCL_DEBUG_MESSAGES
#define POCL_INSTALL_PRIVATE_DATADIR "/usr/share/pocl"
#define POCL_BUILD_TIMESTAMP "0"
#define POCL_KERNEL_CACHE_DEFAULT 1
#define CUDA_DEVICE_EXTENSIONS ""
#define OCL_KERNEL_TARGET "x86_64-pc-linux-gnu"
#define OCL_KERNEL_TARGET_CPU ""
#define HOST_DEVICE_ADDRESS_BITS 64
#define POCL_DEVICE_ADDRESS_BITS 64
#define SRCDIR "."
#define CMAKE_BUILD_TYPE "Release"
#define HAVE_64BIT_ATOMICS_WITH_LOCKS 1
#define POCL_CL_VERSION "2.0"
#define CUDA_DEVICE_CL_VERSION_MAJOR 1
#define CUDA_DEVICE_CL_VERSION_MINOR 2
#define HOST_DEVICE_CL_VERSION_MAJOR 1
#define HOST_DEVICE_CL_VERSION_MINOR 2
EOF9

# PopSift's sift_config.h is written by CMake from cmake/sift_config.h.in;
# this is it configured as a default build does (no NVTX, grid filter on).
mkdir -p "$cache/stub/popsift"
cat > "$cache/stub/popsift/sift_config.h" <<'EOF3'
#pragma once
#define POPSIFT_IS_DEFINED(F) F() == 1
#define POPSIFT_HAVE_SHFL_DOWN_SYNC() 1
#define POPSIFT_HAVE_NORMF() 1
#define POPSIFT_DISABLE_GRID_FILTER() 0
#define POPSIFT_USE_NVTX() 0
EOF3

cat > "$cache/stub/cuda12_ctx.h" <<'EOF'
#include <cuda.h>
#undef cuCtxCreate
CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev);
#define cuCtxCreate cuCtxCreate_v2
EOF

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }

# the project's bare clone, made on first use
clone() {
  local url=$1 dir
  dir=$cache/$(basename "$(dirname "$url")")+$(basename "$url").git
  [ -d "$dir" ] || git clone -q --bare "$url" "$dir" >&2
  printf '%s' "$dir"
}

# the tree at COMMIT into DIR, through an index of its own; files the
# clone cannot read (a snapshot that left out large blobs: ls-tree -l gives
# them no size) are left out of it
extract() {
  local git=$1 commit=$2 dir=$3
  rm -rf "$dir" "$dir.index"; mkdir -p "$dir"
  GIT_INDEX_FILE=$dir.index git --git-dir="$git" read-tree "$commit"
  git --git-dir="$git" ls-tree -r -l "$commit" |
    awk -F'\t' '{ split($1, a, " ") } a[2] == "blob" && a[4] !~ /^[0-9]+$/ { print $2 }' |
    GIT_INDEX_FILE=$dir.index git --git-dir="$git" --work-tree="$dir" update-index --force-remove --stdin
  GIT_INDEX_FILE=$dir.index git --git-dir="$git" --work-tree="$dir" checkout-index -a -f
  rm -f "$dir.index"
}

# the lines a diff touches on one side: "-" the parent's, "+" the fix's;
# a pure insertion counts as the line it follows
touched() {
  local git=$1 parent=$2 fix=$3 side=$4; shift 4
  git --git-dir="$git" diff -U0 "$parent" "$fix" -- "$@" | awk -v side="$side" '
    /^\+\+\+ / { file = substr($2, 3); next }
    /^@@ / {
      split(side == "-" ? $2 : $3, r, ",")
      start = substr(r[1], 2); n = (r[2] == "") ? 1 : r[2]
      if (n == 0) print file ":" start
      for (i = 0; i < n; i++) print file ":" start + i
    }'
}

# the findings of an output (file:line per error or warning); a header
# reached through -I. is named ./path, as the diff names it path
findings() { grep -E '^[^ :]+:[0-9]+:[0-9]+: (error|warning): .*\[devcheck-[a-z-]+\]$' "$1" | cut -d: -f1,2 | sed 's|^\./||' || true; }

# of the findings, those within $near lines of one of the places
near_any() {
  local finds=$1 places=$2
  awk -v near="$near" -F: '
    NR == FNR { want[NR] = $0; n = NR; next }
    { for (i = 1; i <= n; i++) { split(want[i], w, ":")
        if (w[1] == $1 && $2 - w[2] <= near && w[2] - $2 <= near) { print; next } } }
  ' <(printf '%s\n' "$places") <(printf '%s\n' "$finds") | grep . || true
}

count() { grep -c . <<<"$1" || true; }

# how devcheck read a tree whose run failed: in part, or not at all
unread_how() {
  if grep -q 'analyzed in part' "$1" && ! grep -q 'not analyzed (errors above)' "$1"; then
    echo "in part"
  else
    echo "does not parse"
  fi
}

# run devcheck in a tree; false when it could not read a file whole
check() {
  local dir=$1 out=$2 flags=$3; shift 3
  local rc=0
  # shellcheck disable=SC2086  # FLAGS are words
  (cd "$dir" && "$devcheck" -j 1 "$@" -- ${flags//@CACHE@/$cache}) >"$out" 2>&1 || rc=$?
  [ "$rc" -le 1 ]
}

want=" $* "
header=yes
while IFS='|' read -r name url fix files flags expect; do
  name=$(trim "$name"); [ -n "$name" ] && [ "${name#\#}" = "$name" ] || continue
  [ $# -eq 0 ] || [[ $want == *" $name "* ]] || continue
  [ -z "$header" ] || printf '%-15s %-8s %-6s %-6s %-12s %-12s %s\n' entry fix found quiet other@parent other@fix files
  header=
  url=$(trim "$url"); fix=$(trim "$fix"); files=$(trim "$files")
  flags=$(trim "$flags"); expect=$(trim "$expect")
  git=$(clone "$url")
  parent=$(git --git-dir="$git" rev-parse "$fix^")
  read -r -a paths <<<"$files"
  out=$cache/out/$name; mkdir -p "$out"
  extract "$git" "$parent" "$cache/tree/$name/parent"
  extract "$git" "$fix" "$cache/tree/$name/fix"
  status=parsed
  for side in parent fix; do
    check "$cache/tree/$name/$side" "$out/$side.txt" "$flags" "${paths[@]}" ||
      status="$([ "$status" = parsed ] || echo "$status; ")$(unread_how "$out/$side.txt"): $side"
  done

  if [ -n "$expect" ]; then
    places=$(tr ' ' '\n' <<<"$expect" | awk -F: '{ n = split($2, l, ","); for (i = 1; i <= n; i++) print $1 ":" l[i] }')
  else
    places=$(touched "$git" "$parent" "$fix" - "${paths[@]}")
  fi
  changed=$(touched "$git" "$parent" "$fix" + "${paths[@]}")
  at_parent=$(findings "$out/parent.txt"); at_fix=$(findings "$out/fix.txt")
  hit=$(near_any "$at_parent" "$places"); left=$(near_any "$at_fix" "$changed")
  printf '%-15s %-8s %-6s %-6s %-12s %-12s %s\n' "$name" "$fix" \
    "$([ -n "$hit" ] && echo yes || echo no)" "$([ -z "$left" ] && echo yes || echo no)" \
    "$(( $(count "$at_parent") - $(count "$hit") ))" "$(( $(count "$at_fix") - $(count "$left") ))" \
    "$status"
done <<<"$entries"

# the clean code bases: findings at one commit
header=yes
while IFS='|' read -r name url commit files flags; do
  name=$(trim "$name"); [ -n "$name" ] || continue
  [ $# -eq 0 ] || [[ $want == *" $name "* ]] || continue
  [ -z "$header" ] || printf '\n%-15s %-8s %-8s %s\n' clean commit findings files
  header=
  url=$(trim "$url"); commit=$(trim "$commit"); files=$(trim "$files"); flags=$(trim "$flags")
  git=$(clone "$url")
  read -r -a paths <<<"$files"
  out=$cache/out/$name; mkdir -p "$out"
  extract "$git" "$commit" "$cache/tree/$name/clean"
  status=parsed
  check "$cache/tree/$name/clean" "$out/clean.txt" "$flags" "${paths[@]}" ||
    status="$(unread_how "$out/clean.txt")"
  printf '%-15s %-8s %-8s %s\n' "$name" "$commit" "$(count "$(findings "$out/clean.txt")")" "$status"
done <<<"$clean"
