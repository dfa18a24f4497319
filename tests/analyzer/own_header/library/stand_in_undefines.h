/* A library header that undefines a macro of the project's macros.h. */
#pragma once
#undef STAND_IN_WIDE
