/* A second library header, in the branch of helper.h's #ifdef taken. */
#ifndef STAND_IN_MORE_H
#define STAND_IN_MORE_H
#ifdef STAND_IN_WIDE
typedef double stand_in_real;
#else
typedef float stand_in_real;
#endif
#endif
