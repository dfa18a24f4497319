/*
 * device_mismatch (devtensor): an op with one operand on cuda:0 and one on
 * the cpu, called in main and in a custom forward run by dt_forward.  Each
 * is reported at the user's line that made the failing op: the innermost
 * frame of this file, not the dt_forward that led there, which is in its
 * chain, between that line and main's (whose line a build without debug
 * information leaves to be looked up later).
 */
// devtrace-sql: SELECT count(*) FROM findings, json_each(findings.chain) j WHERE findings.function = 'add_bias_forward' AND j.key = 1 AND j.value->>'function' LIKE 'dt\_forward%' ESCAPE '\' => 1
#include <devtensor.h>
#include <stdio.h>

/* Adds a bias it makes on the cpu, whatever the input's device. */
static dt_tensor *add_bias_forward(dt_module *self, dt_tensor *x)
{
    (void)self;
    dt_tensor *bias = dt_ones(dt_shape_of(x));
    dt_tensor *y = bias ? dt_add(x, bias) : NULL; // devtrace: device_mismatch
    dt_release(bias);
    return y;
}

int main(void)
{
    int rc = 1;
    dt_tensor *on_cpu = dt_ones(DT_SHAPE(2, 3)), *sum = NULL, *out = NULL;
    dt_tensor *on_gpu = dt_ones_on(DT_SHAPE(2, 3), dt_cuda(0));    /* made there: no copy */
    dt_module *m = dt_module_new("AddBias", add_bias_forward, NULL);

    if (!on_cpu || !on_gpu || !m) {
        printf("setup failed: %s\n", dt_last_error());
        goto done;
    }
    sum = dt_add(on_gpu, on_cpu); // devtrace: device_mismatch
    printf("dt_add: %s\n", sum ? "succeeded" : dt_last_error());
    out = dt_forward(m, on_gpu); // devtrace-sql: SELECT count(*) FROM findings WHERE function = 'add_bias_forward' AND coalesce(json_extract(chain, '$[#-1].line'), :line) = :line AND json_extract(chain, '$[#-1].function') = 'main' => 1
    printf("dt_forward: %s\n", out ? "succeeded" : dt_last_error());
    rc = sum || out;                        /* both must fail */
done:
    dt_release(out);
    dt_release(sum);
    dt_release(on_gpu);
    dt_release(on_cpu);
    dt_module_release(m);
    return rc;
}
