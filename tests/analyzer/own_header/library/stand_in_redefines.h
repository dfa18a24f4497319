/* A library header that redefines a macro of the project's macros.h. */
#pragma once
#undef OWN_INLINE_VARIABLE
#define OWN_INLINE_VARIABLE 1234
