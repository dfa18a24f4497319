/*
 * devcheck/cuda/cuda.h: first on a .cu file's include path when devcheck
 * parses it, so that the `#include "cuda.h"` of clang's CUDA wrapper gets
 * the toolkit's header and not a project's own cuda.h found through -I.
 * devcheck defines DEVCHECK_TOOLKIT_CUDA_H as the toolkit's file.  A
 * project's quote-includes still find its own cuda.h beside the file that
 * includes it.
 */
#include DEVCHECK_TOOLKIT_CUDA_H
