// A file that reaches a library's header only through its own header.
#include "helper.h"

int main(void)
{
    set_first();
    return 0;
}
