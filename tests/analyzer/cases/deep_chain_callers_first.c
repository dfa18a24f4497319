/*
 * A chain of 60 callers, each passing its pointer on, the last writing
 * through it: what the last does reaches the first whatever order they
 * are defined in (here callers first; deep_chain_callees_first.c has the other).
 * Summaries are made callees first over the call graph, so no call waits
 * on 60 others (the walk's nesting was 48 deep at most).
 */
#include <cuda_runtime_api.h>

static void chain_0(float *p);
static void chain_1(float *p);
static void chain_2(float *p);
static void chain_3(float *p);
static void chain_4(float *p);
static void chain_5(float *p);
static void chain_6(float *p);
static void chain_7(float *p);
static void chain_8(float *p);
static void chain_9(float *p);
static void chain_10(float *p);
static void chain_11(float *p);
static void chain_12(float *p);
static void chain_13(float *p);
static void chain_14(float *p);
static void chain_15(float *p);
static void chain_16(float *p);
static void chain_17(float *p);
static void chain_18(float *p);
static void chain_19(float *p);
static void chain_20(float *p);
static void chain_21(float *p);
static void chain_22(float *p);
static void chain_23(float *p);
static void chain_24(float *p);
static void chain_25(float *p);
static void chain_26(float *p);
static void chain_27(float *p);
static void chain_28(float *p);
static void chain_29(float *p);
static void chain_30(float *p);
static void chain_31(float *p);
static void chain_32(float *p);
static void chain_33(float *p);
static void chain_34(float *p);
static void chain_35(float *p);
static void chain_36(float *p);
static void chain_37(float *p);
static void chain_38(float *p);
static void chain_39(float *p);
static void chain_40(float *p);
static void chain_41(float *p);
static void chain_42(float *p);
static void chain_43(float *p);
static void chain_44(float *p);
static void chain_45(float *p);
static void chain_46(float *p);
static void chain_47(float *p);
static void chain_48(float *p);
static void chain_49(float *p);
static void chain_50(float *p);
static void chain_51(float *p);
static void chain_52(float *p);
static void chain_53(float *p);
static void chain_54(float *p);
static void chain_55(float *p);
static void chain_56(float *p);
static void chain_57(float *p);
static void chain_58(float *p);
static void chain_59(float *p);


void entry(int n)
{
    float *d = NULL;
    cudaMalloc((void **)&d, n * sizeof *d);
    chain_59(d); // devcheck: host-deref
}

static void chain_59(float *p)
{
    chain_58(p);
}

static void chain_58(float *p)
{
    chain_57(p);
}

static void chain_57(float *p)
{
    chain_56(p);
}

static void chain_56(float *p)
{
    chain_55(p);
}

static void chain_55(float *p)
{
    chain_54(p);
}

static void chain_54(float *p)
{
    chain_53(p);
}

static void chain_53(float *p)
{
    chain_52(p);
}

static void chain_52(float *p)
{
    chain_51(p);
}

static void chain_51(float *p)
{
    chain_50(p);
}

static void chain_50(float *p)
{
    chain_49(p);
}

static void chain_49(float *p)
{
    chain_48(p);
}

static void chain_48(float *p)
{
    chain_47(p);
}

static void chain_47(float *p)
{
    chain_46(p);
}

static void chain_46(float *p)
{
    chain_45(p);
}

static void chain_45(float *p)
{
    chain_44(p);
}

static void chain_44(float *p)
{
    chain_43(p);
}

static void chain_43(float *p)
{
    chain_42(p);
}

static void chain_42(float *p)
{
    chain_41(p);
}

static void chain_41(float *p)
{
    chain_40(p);
}

static void chain_40(float *p)
{
    chain_39(p);
}

static void chain_39(float *p)
{
    chain_38(p);
}

static void chain_38(float *p)
{
    chain_37(p);
}

static void chain_37(float *p)
{
    chain_36(p);
}

static void chain_36(float *p)
{
    chain_35(p);
}

static void chain_35(float *p)
{
    chain_34(p);
}

static void chain_34(float *p)
{
    chain_33(p);
}

static void chain_33(float *p)
{
    chain_32(p);
}

static void chain_32(float *p)
{
    chain_31(p);
}

static void chain_31(float *p)
{
    chain_30(p);
}

static void chain_30(float *p)
{
    chain_29(p);
}

static void chain_29(float *p)
{
    chain_28(p);
}

static void chain_28(float *p)
{
    chain_27(p);
}

static void chain_27(float *p)
{
    chain_26(p);
}

static void chain_26(float *p)
{
    chain_25(p);
}

static void chain_25(float *p)
{
    chain_24(p);
}

static void chain_24(float *p)
{
    chain_23(p);
}

static void chain_23(float *p)
{
    chain_22(p);
}

static void chain_22(float *p)
{
    chain_21(p);
}

static void chain_21(float *p)
{
    chain_20(p);
}

static void chain_20(float *p)
{
    chain_19(p);
}

static void chain_19(float *p)
{
    chain_18(p);
}

static void chain_18(float *p)
{
    chain_17(p);
}

static void chain_17(float *p)
{
    chain_16(p);
}

static void chain_16(float *p)
{
    chain_15(p);
}

static void chain_15(float *p)
{
    chain_14(p);
}

static void chain_14(float *p)
{
    chain_13(p);
}

static void chain_13(float *p)
{
    chain_12(p);
}

static void chain_12(float *p)
{
    chain_11(p);
}

static void chain_11(float *p)
{
    chain_10(p);
}

static void chain_10(float *p)
{
    chain_9(p);
}

static void chain_9(float *p)
{
    chain_8(p);
}

static void chain_8(float *p)
{
    chain_7(p);
}

static void chain_7(float *p)
{
    chain_6(p);
}

static void chain_6(float *p)
{
    chain_5(p);
}

static void chain_5(float *p)
{
    chain_4(p);
}

static void chain_4(float *p)
{
    chain_3(p);
}

static void chain_3(float *p)
{
    chain_2(p);
}

static void chain_2(float *p)
{
    chain_1(p);
}

static void chain_1(float *p)
{
    chain_0(p);
}

static void chain_0(float *p)
{
    p[0] = 1.0f;
}
