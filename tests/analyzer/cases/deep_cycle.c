/*
 * A recursion through 50 functions, more than the walk's nesting of 48:
 * a call met past it is unknown there, and a note on stderr says so (the
 * test devcheck.limits.deep_cycle checks it).
 */
#include <cuda_runtime_api.h>

static void cycle_0(float *p, int n);
static void cycle_1(float *p, int n);
static void cycle_2(float *p, int n);
static void cycle_3(float *p, int n);
static void cycle_4(float *p, int n);
static void cycle_5(float *p, int n);
static void cycle_6(float *p, int n);
static void cycle_7(float *p, int n);
static void cycle_8(float *p, int n);
static void cycle_9(float *p, int n);
static void cycle_10(float *p, int n);
static void cycle_11(float *p, int n);
static void cycle_12(float *p, int n);
static void cycle_13(float *p, int n);
static void cycle_14(float *p, int n);
static void cycle_15(float *p, int n);
static void cycle_16(float *p, int n);
static void cycle_17(float *p, int n);
static void cycle_18(float *p, int n);
static void cycle_19(float *p, int n);
static void cycle_20(float *p, int n);
static void cycle_21(float *p, int n);
static void cycle_22(float *p, int n);
static void cycle_23(float *p, int n);
static void cycle_24(float *p, int n);
static void cycle_25(float *p, int n);
static void cycle_26(float *p, int n);
static void cycle_27(float *p, int n);
static void cycle_28(float *p, int n);
static void cycle_29(float *p, int n);
static void cycle_30(float *p, int n);
static void cycle_31(float *p, int n);
static void cycle_32(float *p, int n);
static void cycle_33(float *p, int n);
static void cycle_34(float *p, int n);
static void cycle_35(float *p, int n);
static void cycle_36(float *p, int n);
static void cycle_37(float *p, int n);
static void cycle_38(float *p, int n);
static void cycle_39(float *p, int n);
static void cycle_40(float *p, int n);
static void cycle_41(float *p, int n);
static void cycle_42(float *p, int n);
static void cycle_43(float *p, int n);
static void cycle_44(float *p, int n);
static void cycle_45(float *p, int n);
static void cycle_46(float *p, int n);
static void cycle_47(float *p, int n);
static void cycle_48(float *p, int n);
static void cycle_49(float *p, int n);

static void cycle_0(float *p, int n)
{
    if (n > 0)
        cycle_1(p, n - 1);
}

static void cycle_1(float *p, int n)
{
    if (n > 0)
        cycle_2(p, n - 1);
}

static void cycle_2(float *p, int n)
{
    if (n > 0)
        cycle_3(p, n - 1);
}

static void cycle_3(float *p, int n)
{
    if (n > 0)
        cycle_4(p, n - 1);
}

static void cycle_4(float *p, int n)
{
    if (n > 0)
        cycle_5(p, n - 1);
}

static void cycle_5(float *p, int n)
{
    if (n > 0)
        cycle_6(p, n - 1);
}

static void cycle_6(float *p, int n)
{
    if (n > 0)
        cycle_7(p, n - 1);
}

static void cycle_7(float *p, int n)
{
    if (n > 0)
        cycle_8(p, n - 1);
}

static void cycle_8(float *p, int n)
{
    if (n > 0)
        cycle_9(p, n - 1);
}

static void cycle_9(float *p, int n)
{
    if (n > 0)
        cycle_10(p, n - 1);
}

static void cycle_10(float *p, int n)
{
    if (n > 0)
        cycle_11(p, n - 1);
}

static void cycle_11(float *p, int n)
{
    if (n > 0)
        cycle_12(p, n - 1);
}

static void cycle_12(float *p, int n)
{
    if (n > 0)
        cycle_13(p, n - 1);
}

static void cycle_13(float *p, int n)
{
    if (n > 0)
        cycle_14(p, n - 1);
}

static void cycle_14(float *p, int n)
{
    if (n > 0)
        cycle_15(p, n - 1);
}

static void cycle_15(float *p, int n)
{
    if (n > 0)
        cycle_16(p, n - 1);
}

static void cycle_16(float *p, int n)
{
    if (n > 0)
        cycle_17(p, n - 1);
}

static void cycle_17(float *p, int n)
{
    if (n > 0)
        cycle_18(p, n - 1);
}

static void cycle_18(float *p, int n)
{
    if (n > 0)
        cycle_19(p, n - 1);
}

static void cycle_19(float *p, int n)
{
    if (n > 0)
        cycle_20(p, n - 1);
}

static void cycle_20(float *p, int n)
{
    if (n > 0)
        cycle_21(p, n - 1);
}

static void cycle_21(float *p, int n)
{
    if (n > 0)
        cycle_22(p, n - 1);
}

static void cycle_22(float *p, int n)
{
    if (n > 0)
        cycle_23(p, n - 1);
}

static void cycle_23(float *p, int n)
{
    if (n > 0)
        cycle_24(p, n - 1);
}

static void cycle_24(float *p, int n)
{
    if (n > 0)
        cycle_25(p, n - 1);
}

static void cycle_25(float *p, int n)
{
    if (n > 0)
        cycle_26(p, n - 1);
}

static void cycle_26(float *p, int n)
{
    if (n > 0)
        cycle_27(p, n - 1);
}

static void cycle_27(float *p, int n)
{
    if (n > 0)
        cycle_28(p, n - 1);
}

static void cycle_28(float *p, int n)
{
    if (n > 0)
        cycle_29(p, n - 1);
}

static void cycle_29(float *p, int n)
{
    if (n > 0)
        cycle_30(p, n - 1);
}

static void cycle_30(float *p, int n)
{
    if (n > 0)
        cycle_31(p, n - 1);
}

static void cycle_31(float *p, int n)
{
    if (n > 0)
        cycle_32(p, n - 1);
}

static void cycle_32(float *p, int n)
{
    if (n > 0)
        cycle_33(p, n - 1);
}

static void cycle_33(float *p, int n)
{
    if (n > 0)
        cycle_34(p, n - 1);
}

static void cycle_34(float *p, int n)
{
    if (n > 0)
        cycle_35(p, n - 1);
}

static void cycle_35(float *p, int n)
{
    if (n > 0)
        cycle_36(p, n - 1);
}

static void cycle_36(float *p, int n)
{
    if (n > 0)
        cycle_37(p, n - 1);
}

static void cycle_37(float *p, int n)
{
    if (n > 0)
        cycle_38(p, n - 1);
}

static void cycle_38(float *p, int n)
{
    if (n > 0)
        cycle_39(p, n - 1);
}

static void cycle_39(float *p, int n)
{
    if (n > 0)
        cycle_40(p, n - 1);
}

static void cycle_40(float *p, int n)
{
    if (n > 0)
        cycle_41(p, n - 1);
}

static void cycle_41(float *p, int n)
{
    if (n > 0)
        cycle_42(p, n - 1);
}

static void cycle_42(float *p, int n)
{
    if (n > 0)
        cycle_43(p, n - 1);
}

static void cycle_43(float *p, int n)
{
    if (n > 0)
        cycle_44(p, n - 1);
}

static void cycle_44(float *p, int n)
{
    if (n > 0)
        cycle_45(p, n - 1);
}

static void cycle_45(float *p, int n)
{
    if (n > 0)
        cycle_46(p, n - 1);
}

static void cycle_46(float *p, int n)
{
    if (n > 0)
        cycle_47(p, n - 1);
}

static void cycle_47(float *p, int n)
{
    if (n > 0)
        cycle_48(p, n - 1);
}

static void cycle_48(float *p, int n)
{
    if (n > 0)
        cycle_49(p, n - 1);
}

static void cycle_49(float *p, int n)
{
    if (n > 0)
        cycle_0(p, n - 1);
    p[0] = 1.0f;
}

void entry(int n)
{
    float *d = NULL;
    cudaMalloc((void **)&d, n * sizeof *d);
    cycle_0(d, n);
}
