// A header of the project's own of macros alone, as pytorch_scatter's
// macros.h: an #ifdef's branches and #if blocks of one-line #defines.  The
// blocks go into the prelude as written (the preprocessor weighs them), and
// the prelude's end checks that each macro they set is still so there.
#pragma once

#ifdef _WIN32
#define OWN_API __declspec(dllexport)
#else
#define OWN_API
#endif

#if (defined __cpp_inline_variables) || __cplusplus >= 201703L
#define OWN_INLINE_VARIABLE inline
#else
#ifdef _MSC_VER
#define OWN_INLINE_VARIABLE __declspec(selectany)
#else
#define OWN_INLINE_VARIABLE __attribute__((weak))
#endif
#endif

#if __cplusplus
#ifdef OWN_HEADER_NARROW
#undef STAND_IN_WIDE
#else
#define STAND_IN_WIDE 1  // read by <stand_in_more.h>, after this
#endif
#endif
