/* helpers.h included again: its finding is said once. */
#include "helpers.h"

dt_tensor *second_step(dt_tensor *x)
{
    return bias_step(x);
}
