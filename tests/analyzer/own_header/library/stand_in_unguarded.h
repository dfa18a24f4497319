/* A library header with no guard that is harmless included again (as
   glibc's <stdlib.h> is to clang): declarations only. */
int stand_in_version(void);
