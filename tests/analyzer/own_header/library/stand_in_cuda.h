/* A library's CUDA header that does not build with the flags given (as
   Debian's libtorch's without -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE). */
#pragma once
#include <stand_in_configured.h>
