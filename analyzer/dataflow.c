/*
 * The dataflow's entry: every function defined in a unit's main file,
 * walked with its parameters bound (flow.h names the stages).
 *
 *   - A custom forward function (one a module is built with, or any
 *     `dt_tensor *f(dt_module *, dt_tensor *)`) is analyzed with its input
 *     on a device of its own, "the input's device".
 *   - Unknown stays quiet: a value from somewhere the model does not know
 *     is unknown, and a finding needs a known place on both sides.
 */
#include "flow.h"

/* dt_tensor *f(dt_module *self, dt_tensor *x): a forward function. */
static bool is_forward(CXCursor fn)
{
    return clang_Cursor_getNumArguments(fn) == 2 &&
           type_names(clang_getCursorResultType(fn), "dt_tensor") &&
           type_names(clang_getCursorType(clang_Cursor_getArgument(fn, 0)), "dt_module") &&
           type_names(clang_getCursorType(clang_Cursor_getArgument(fn, 1)), "dt_tensor");
}

static int parameter(CXCursor fn, unsigned i)
{
    char name[PATH];
    cursor_spelling(clang_Cursor_getArgument(fn, i), name, sizeof name);
    return path_intern(name);
}

static void analyze_function(unit *u, CXCursor fn)
{
    env e = { 0 };
    if (is_forward(fn)) {
        value input = value_of(V_TENSOR, dc_place_of(AT_INPUT, 0, cursor_loc(fn),
                                                     "the input of"));
        value module = object_new(u, &e, V_MODULE, input.where);
        module.dtype = DT_UNKNOWN_TYPE;
        object_update(&e, &module);
        env_set(&e, parameter(fn, 0), module);
        env_set(&e, parameter(fn, 1), input);
    }
    u->depth = 0;
    u->active[0] = fn;
    u->has_return = false;
    walk_body(u, &e, fn);
    env_free(&e);
}

static enum CXChildVisitResult each_function(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
        clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        analyze_function(data, c);
    return CXChildVisit_Continue;
}

void dc_dataflow_unit(CXTranslationUnit tu, dc_model *m, dc_findings *out)
{
    unit u = { .model = m, .out = out, .tu = tu };
    clang_visitChildren(clang_getTranslationUnitCursor(tu), each_function, &u);
}
