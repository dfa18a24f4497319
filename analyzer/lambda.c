/*
 * C++'s lambdas, walked where they run with the facts of the function
 * they are written in: an immediately invoked one (`[&] { ... }()`, the
 * whole AT_DISPATCH_* family) and one kept in a variable and called
 * (`f(x)`) run there, once; one handed to a call (std::for_each,
 * std::thread, at::parallel_for, a pool's `run`) may run there, any
 * number of times, so what it leaves is joined with what was.
 *
 *   - Its body reads the enclosing function's variables as they are:
 *     a capture by value is a copy, and a copy of a pointer points where
 *     the pointer does.
 *   - What it stores in a variable captured by reference (or through any
 *     pointer) flows back out; a capture by value (libclang lists its
 *     initializer among the lambda's children, a reference's not) keeps
 *     its value outside, as do the names its parameters and own
 *     variables shadow.
 *   - Its parameters are unknown in the walk: a call that passes
 *     arguments checks them against the lambda's summary, as a
 *     function's call does (call.c), and says so at the call.  One
 *     handed to a library's call with the arguments it is to be called
 *     with after it (`std::thread t(f, d)`, `std::async(policy, f, d)`)
 *     is walked again with its parameters those arguments' values.
 *   - An init capture (`[p = d]`, `[&r = d]`) is a variable of its own,
 *     which its initializer sets, read where the lambda runs.
 *   - A return ends the lambda's path, not the function's; the call's
 *     value is what it returns.
 *   - A lambda that runs itself (a std::function that captures itself)
 *     is walked once: the inner call is unknown.
 */
#include "flow.h"

#include <stdlib.h>

static enum CXChildVisitResult own_variable(fnode c, fnode parent, void *data)
{
    (void)parent;
    if (fx_kind(c) == CXCursor_VarDecl)
        df_ints_add(data, df_cursor_path(c));
    return CXChildVisit_Recurse;
}

/* The names whose values outside the lambda are not its to change: its
   captures by value (their initializers, before its parameters and
   body), its parameters and its own variables. */
static df_ints kept_outside(fnode lambda)
{
    df_ints k = { NULL, 0, 0 };
    for (int i = 0; i < fx_nchildren(lambda); i++) {
        fnode c = fx_child(lambda, i), bare = df_cursor_bare(c);
        if (fx_kind(c) == CXCursor_ParmDecl)
            df_ints_add(&k, df_cursor_path(c));
        else if (fx_kind(c) == CXCursor_VariableRef)       /* an init capture */
            df_ints_add(&k, df_cursor_path(fx_referenced(c)));
        else if (fx_kind(c) == CXCursor_CompoundStmt)
            fx_visit(c, own_variable, &k);
        else if (kind_is_expression(fx_kind(c)) && fx_kind(bare) == CXCursor_DeclRefExpr)
            df_ints_add(&k, df_cursor_path(bare));
    }
    return k;
}

typedef struct {
    df_env *to;
    const df_env *from;
} restore;

/* One path as it was: its old value, or unknown where it had none. */
static void restore_path(int id, void *data)
{
    restore *r = data;
    const df_value *old = df_env_find(r->from, id);
    df_env_set(r->to, id, old ? *old : df_value_unknown());
}

/* Back to what it was outside: each kept name and what lies under it. */
static void restore_kept(df_env *inner, const df_env *outer, const df_ints *k)
{
    restore r = { inner, outer };
    for (int i = 0; i < k->n; i++) {
        restore_path(k->v[i], &r);
        df_env_each_member(inner, k->v[i], restore_path, &r);
    }
}

fnode df_lambda_of(fnode c)
{
    c = df_cursor_bare(c);
    if (fx_kind(c) == CXCursor_LambdaExpr)
        return c;
    fnode var = fx_referenced(c);
    if (fx_kind(c) != CXCursor_DeclRefExpr || fx_kind(var) != CXCursor_VarDecl)
        return fx_null();
    int n = fx_nchildren(var);
    fnode init = n ? df_cursor_bare(fx_child(var, n - 1)) : fx_null();
    return fx_kind(init) == CXCursor_LambdaExpr ? init : fx_null();
}

/* Whether lambda is being walked now, further out: it runs itself. */
static bool walking(const df_unit *u, fnode lambda)
{
    for (int i = 0; i < u->nlambdas; i++)
        if (fx_equal(u->lambdas[i], lambda))
            return true;
    return u->nlambdas == MAX_LAMBDAS;
}

/* `[p = d]`: p, the capture's variable, holds what its initializer gives
   (in the facts where the lambda runs). */
static void init_capture(df_unit *u, df_env *inner, fnode var)
{
    int n = fx_nchildren(var);
    fnode init = n ? fx_child(var, n - 1) : fx_null();
    if (fx_kind(var) == CXCursor_VarDecl && kind_is_expression(fx_kind(init)))
        df_env_set(inner, df_cursor_path(var), df_walk_expression(u, inner, init));
}

/* Its body walked on inner, its parameters the n values of args, else
   unknown (they shadow the names outside): inner becomes what its
   returns and its end leave; the value is what it returns. */
static df_value walk_lambda(df_unit *u, df_env *inner, fnode lambda, const df_value *args, int n)
{
    df_value returned = u->returned;
    bool has_return = u->has_return;
    df_env exit = u->exit;
    u->exit = (df_env){ .dead = true };
    u->has_return = false;
    u->returned = df_value_unknown();
    u->lambdas[u->nlambdas++] = lambda;
    for (int i = 0, param = 0; i < fx_nchildren(lambda); i++) {
        fnode c = fx_child(lambda, i);
        if (fx_kind(c) == CXCursor_ParmDecl)
            df_env_set(inner, df_cursor_path(c),
                       param < n ? args[param++] : df_value_unknown_why(DC_WHY_LAMBDA));
        else if (fx_kind(c) == CXCursor_VariableRef)
            init_capture(u, inner, fx_referenced(c));
        else if (fx_kind(c) == CXCursor_CompoundStmt)
            df_walk_statement(u, inner, c);
    }
    u->nlambdas--;
    df_env_join(&u->exit, inner);
    df_env_free(inner);
    *inner = u->exit;
    df_value v = u->has_return ? u->returned : df_value_unknown();
    u->exit = exit;
    u->has_return = has_return;
    u->returned = returned;
    return v;
}

int df_lambda_nparams(fnode lambda)
{
    int n = 0;
    for (int i = 0; i < fx_nchildren(lambda); i++)
        n += fx_kind(fx_child(lambda, i)) == CXCursor_ParmDecl;
    return n;
}

df_value df_lambda_run_with(df_unit *u, df_env *e, fnode lambda, bool surely, const df_value *args,
                            int n)
{
    if (walking(u, lambda))
        return df_value_unknown();
    df_ints kept = kept_outside(lambda);
    df_env inner = df_env_copy(e);
    df_value v = walk_lambda(u, &inner, lambda, args, n);
    if (!inner.dead || !surely) {
        restore_kept(&inner, e, &kept);
        if (surely) {
            df_env_free(e);
            *e = inner;
        } else {
            df_env_join(e, &inner);
            df_env_free(&inner);
        }
    } else {                            /* it never returns: nor does the path */
        df_env_free(&inner);
        df_unwritten_path_ends(u, e);
        e->dead = true;
    }
    free(kept.v);
    return v;
}

df_value df_lambda_run(df_unit *u, df_env *e, fnode lambda, bool surely)
{
    return df_lambda_run_with(u, e, lambda, surely, NULL, 0);
}
