/*
 * libcuda.so.1 on the emulated device: what a program linked with -lcuda
 * loads where no NVIDIA driver is installed, when devtrace run (or the user)
 * puts this library's folder on the loader's path.  It holds nothing: it
 * needs libcudasim, whose cu* functions then answer the program's calls,
 * the one emulated device that the shim and devtensor use too.
 */
