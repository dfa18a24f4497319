/* The launch wrappers of scale.cu, as main.c sees them. */
#ifdef __cplusplus
extern "C" {
#endif
void scale_gpu(float *x, float by, int n);
void scale_host_buffer(int n);
#ifdef __cplusplus
}
#endif
