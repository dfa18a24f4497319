/*
 * The facts' nodes (facts.h), as the dataflow reads them: children,
 * locations, spellings, source texts for messages, and integer constants.
 */
#include "flow.h"

#include <ctype.h>

#include <string.h>

dc_loc df_cursor_loc(fnode c)
{
    return fx_loc(c);
}

/* What only wraps its last child: parentheses, casts, C++'s implicit
   nodes (libclang's unexposed ones) and the copy of a struct or a
   conversion, which libclang shows as a call of a constructor (not an
   explicit one, which makes something: `torch::nn::Linear fc(4)`). */
bool df_cursor_wraps(fnode c)
{
    switch (fx_kind(c)) {
    case CXCursor_ParenExpr: case CXCursor_CStyleCastExpr: case CXCursor_UnexposedExpr:
    case CXCursor_CXXStaticCastExpr: case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr: case CXCursor_CXXFunctionalCastExpr:
        return true;
    case CXCursor_CallExpr: {
        fnode ctor = fx_referenced(c);
        return fx_kind(ctor) == CXCursor_Constructor &&
               fx_nargs(c) == 1 &&
               fx_has(ctor, FX_COPY_CONSTRUCTOR | FX_MOVE_CONSTRUCTOR | FX_CONVERTING_CONSTRUCTOR);
    }
    default:
        return false;
    }
}

fnode df_cursor_bare(fnode c)
{
    for (;;) {
        if (!df_cursor_wraps(c))
            return c;
        df_children ch = df_cursor_children(c);
        if (ch.n == 0)
            return c;
        c = ch.v[ch.n - 1];
    }
}

fnode df_cursor_member_object(fnode call)
{
    df_children ch = df_cursor_children(call);
    if (ch.n == 0 || fx_kind(df_cursor_bare(ch.v[0])) != CXCursor_MemberRefExpr)
        return fx_null();
    df_children member = df_cursor_children(df_cursor_bare(ch.v[0]));
    return member.n ? member.v[0] : fx_null();
}

bool df_cursor_is_addr_of(fnode c)
{
    return fx_kind(c) == CXCursor_UnaryOperator &&
           fx_unary_op(c) == CXUnaryOperator_AddrOf;
}

void df_cursor_text(fnode c, char *buf, size_t n)
{
    snprintf(buf, n, "%s", fx_text(c));
}

void df_cursor_spelling(fnode c, char *buf, size_t n)
{
    snprintf(buf, n, "%s", fx_spelling(c));
}

int df_cursor_path(fnode c)
{
    return df_path_intern(fx_spelling(c));
}

int df_cursor_usr(fnode c, const char *prefix)
{
    return df_path_format("%s:%s", prefix, fx_usr(c));
}

fnode df_cursor_parameter(fnode c)
{
    c = df_cursor_bare(c);
    fnode param = fx_referenced(c);
    return fx_kind(c) == CXCursor_DeclRefExpr &&
                   fx_kind(param) == CXCursor_ParmDecl
               ? param
               : fx_null();
}

int df_cursor_int(fnode c, int fallback)
{
    c = df_cursor_bare(c);
    return fx_has(c, FX_INT) ? (int)fx_int(c) : fallback;
}

bool df_type_names(ftype t, const char *word)
{
    return strstr(ft_spelling(t), word) != NULL;
}

bool df_type_is_integer(ftype t)
{
    ftype c = ft_canonical(t);
    return ((ft_kind(c) >= CXType_Bool && ft_kind(c) <= CXType_Int128) ||
            ft_kind(c) == CXType_Enum) &&
           !df_type_names(t, "CUdeviceptr");
}

bool df_type_is(ftype t, const char *name)
{
    t = ft_canonical(ft_unqualified(ft_non_reference(t)));
    return strcmp(ft_spelling(ft_unqualified(t)), name) == 0;
}

static enum CXChildVisitResult find_base(fnode c, fnode parent, void *data)
{
    const char **name = data;
    (void)parent;
    if (fx_kind(c) == CXCursor_CXXBaseSpecifier && *name &&
        df_type_is(fx_type(c), *name)) {
        *name = NULL;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

bool df_cursor_derives_from(fnode cls, const char *name)
{
    const char *wanted = name;
    fx_visit(cls, find_base, &wanted);
    return !wanted;
}

fnode df_cursor_body(fnode fn)
{
    df_children ch = df_cursor_children(fn);
    for (int i = 0; i < ch.n; i++)
        if (fx_kind(ch.v[i]) == CXCursor_CompoundStmt)
            return ch.v[i];
    return fx_null();
}

static enum CXChildVisitResult cuda_attribute(fnode c, fnode parent, void *data)
{
    (void)parent;
    *(unsigned *)data |= kind_cuda_side(fx_kind(c));
    return CXChildVisit_Continue;
}

unsigned df_cursor_cuda_side(fnode fn)
{
    unsigned side = 0;
    fx_visit(fn, cuda_attribute, &side);
    return side;
}

bool df_cursor_is_function(fnode c)
{
    return kind_is_function(fx_kind(c));
}

bool df_cursor_local_variable(fnode c)
{
    fnode var = fx_referenced(c);
    return fx_kind(c) == CXCursor_DeclRefExpr &&
           fx_kind(var) == CXCursor_VarDecl &&
           !fx_has(var, FX_GLOBAL_STORAGE);
}
