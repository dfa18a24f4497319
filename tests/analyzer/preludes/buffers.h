/* The buffers of preludes/: each .cu file here is read with its own flags
   (compile_commands.json.in), PLACE=1 for gpu_*.cu and PLACE=2 for
   host_*.cu, so that a run has two CUDA preludes, each shared by two files. */
float *gpu_buffer(int n);
float *host_buffer(int n);
