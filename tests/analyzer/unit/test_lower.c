/*
 * The lowering of a unit to its facts (analyzer/lower.c): the code of a
 * host function the analysis may walk is lowered in whole, that of a
 * kernel or a device function is not, though the host code refers to it
 * (the analysis never walks device code, and in a CUDA unit it is most of
 * the code); of a kernel's pointer parameters, which the kernel reads and
 * never writes, and the read.
 */
#include "facts.h"

#include <string.h>

#include "test.h"

static const char source[] =
    "#define __global__ __attribute__((global))\n"
    "#define __device__ __attribute__((device))\n"
    "#define __host__ __attribute__((host))\n"
    "__device__ int twice(int x) { int in_device = x * 2; return in_device; }\n"
    "__global__ void kernel(int *p) { int in_kernel = twice(p[0]); p[0] = in_kernel; }\n"
    "__global__ void adds(int *acc, int *out) { out[0] = acc[1] += 2; }\n"
    "__host__ __device__ int both(int x) { int in_both = x - 1; return in_both; }\n"
    "static int helper(int x) { int in_helper = x + 1; return in_helper; }\n"
    "int host(void) { void (*k)(int *) = kernel; void (*a)(int *, int *) = adds;\n"
    "                 (void)k, (void)a; return helper(2) + both(3); }\n";

/* Whether the facts hold a variable of that name. */
static bool has_variable(const fx_unit *u, const char *name)
{
    for (uint32_t i = 1; i < u->nnodes; i++)
        if (u->nodes[i].kind == CXCursor_VarDecl && strcmp(u->pool + u->nodes[i].name, name) == 0)
            return true;
    return false;
}

/* Whether libclang found an error (a warning of its driver's, that the
   CUDA it found is newer than it knows, is not one). */
static bool has_errors(CXTranslationUnit tu)
{
    bool any = false;
    for (unsigned i = 0; i < clang_getNumDiagnostics(tu); i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        any |= clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
        clang_disposeDiagnostic(d);
    }
    return any;
}

/* The parameter of that name, and whether it has FX_READ_FIRST with a
   read of kind read. */
static bool first_read(const fx_unit *u, const char *name, enum CXCursorKind read)
{
    for (uint32_t i = 1; i < u->nnodes; i++)
        if (u->nodes[i].kind == CXCursor_ParmDecl && strcmp(u->pool + u->nodes[i].name, name) == 0)
            return (u->nodes[i].flags & FX_READ_FIRST) &&
                   u->nodes[u->nodes[i].value.i].kind == read;
    return false;
}

static void test_device_code_not_lowered(void)
{
    const char *args[] = { "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib" };
    struct CXUnsavedFile file = { "unit.cu", source, sizeof source - 1 };
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, "unit.cu", args, 5, &file, 1,
                                                      CXTranslationUnit_None, &tu);
    CHECK(rc == CXError_Success && tu && !has_errors(tu));
    if (tu) {
        int why;
        fx_unit *u = fx_lower(tu, NULL, NULL, 0, 0, 0, &why);
        clang_disposeTranslationUnit(tu);
        CHECK(has_variable(u, "in_helper"));    /* a host callee's code */
        CHECK(has_variable(u, "in_both"));      /* a __host__ __device__ one's */
        CHECK(!has_variable(u, "in_kernel"));   /* a kernel's: never walked */
        CHECK(!has_variable(u, "in_device"));
        /* but what a kernel reads before writing is (kernel_reads.c) */
        CHECK(first_read(u, "acc", CXCursor_CompoundAssignOperator));
        CHECK(!first_read(u, "out", CXCursor_CompoundAssignOperator));
        CHECK(!first_read(u, "p", CXCursor_ArraySubscriptExpr));   /* read, then written */
        fx_unit_free(u);
    }
    clang_disposeIndex(index);
}

int main(void)
{
    RUN(test_device_code_not_lowered);
    return TEST_REPORT();
}
