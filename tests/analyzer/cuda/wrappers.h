/* The launch wrappers of wrappers.cu, as a C file sees them. */
#ifdef __cplusplus
extern "C" {
#endif
void fill_gpu(float *x, float value, int n);
void copy_gpu(float *to, const float *from, int n);
#ifdef __cplusplus
}
#endif
