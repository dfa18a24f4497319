/* Where make_buffer's memory is: the test changes ON_HOST to see that a
   header's change reaches the facts of the files that include it. */
#ifndef ALLOC_H
#define ALLOC_H
#define ON_HOST 0
float *make_buffer(int n);
#endif
