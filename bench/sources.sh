# The benchmarks' shared sources and flags (sourced by bench/analyzer.sh and
# bench/scale.sh; needs $root and $cuda_include).
# shellcheck shell=bash disable=SC2034   # what it sets is for the scripts

# What makes clang read a .cu file as devcheck does: CUDA, host side only,
# with devcheck's CUDA headers, and Thrust and CUB where nvcc finds them
# (CUDA 13 moved them to include/cccl).
cuda_host_flags=(-x cuda --cuda-host-only --cuda-path="$(dirname "$cuda_include")"
                 -Wno-unknown-cuda-version -I"$root/analyzer/include/devcheck/cuda"
                 -DDEVCHECK_TOOLKIT_CUDA_H=\""$cuda_include/cuda.h"\"
                 -isystem "$cuda_include/cccl")

# darknet_sources DIR: a darknet checkout's (github.com/pjreddie/darknet)
# files and flags, GPU on, into darknet_c_files, darknet_cu_files and
# darknet_flags: src/*.c but compare.c, which does not compile (darknet's
# Makefile leaves it out), and src/*.cu.  cudaThreadSynchronize left CUDA in
# version 12.
darknet_sources() {
  local f
  darknet_c_files=()
  for f in "$1"/src/*.c; do [ "${f##*/}" = compare.c ] || darknet_c_files+=("$f"); done
  darknet_cu_files=("$1"/src/*.cu)
  darknet_flags=(-D__DEVCHECK__ -DGPU -I"$1/include" -I"$cuda_include"
                 -DcudaThreadSynchronize=cudaDeviceSynchronize)
}
