// A library header that cannot be included twice: no prelude.
#include <stand_in_definitions.h>

int sum(stand_in_pair p)
{
    return p.first + p.second;
}
