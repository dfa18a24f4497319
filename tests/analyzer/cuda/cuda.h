/* This folder's own cuda.h, as darknet has one: its .cu files include it
   by quotes.  clang's CUDA wrapper must get the toolkit's instead. */
#ifndef OWN_CUDA_H_ALLOWED
#error "the project's cuda.h shadowed the toolkit's"
#endif
void own_cuda_helper(void);
