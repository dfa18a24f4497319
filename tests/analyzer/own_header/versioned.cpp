// A library's header behind an #if on the library's own macro (nccl-tests'
// `#if NCCL_VERSION_CODE >= NCCL_VERSION(2,28,0)`): the block is in the
// prelude as written, the preprocessor to weigh it; a block that includes
// a header of the project's own ends the prelude before it.
#include <stand_in.h>
#if STAND_IN_VERSION >= 2
#include <stand_in_more.h>
#else
#include <other_library.h>  // not there: the branch is not taken
#endif
#if STAND_IN_VERSION
#include "config.h"
#endif
#include "helper.h"

static_assert(sizeof(stand_in_real) == sizeof(float), "the block's branch was taken");

int main(void)
{
    set_first();
    return 0;
}
