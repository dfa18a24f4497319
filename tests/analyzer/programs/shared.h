/* What train_cpu.c and train_gpu.c share (shared.c). */
void clear_scratch(void);
