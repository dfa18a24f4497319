/*
 * devcheck/cuda/texture_fetch_functions.h: clang 19's CUDA wrapper includes
 * this header, which CUDA 13 no longer ships.  Its texture fetches are
 * device code, which devcheck never reads (it parses the host side only),
 * so nothing is declared here.
 */
