/*
 * A unit's facts, as the analysis reads them (facts.h): each accessor is
 * an index into the unit's arrays.
 */
#include "facts.h"

#include <stdlib.h>

/* What libclang says of its null cursor and of an invalid type. */
const fact_node fx_no_node = { .kind = CXCursor_InvalidFile, .nargs = -1 };
static const fact_type no_type = { .kind = CXType_Invalid, .ntargs = -1 };

static const fact_type *type_of(ftype t)
{
    return t.id ? &t.u->types[t.id] : &no_type;
}

static const char *string_at(const fx_unit *u, uint32_t at)
{
    return at ? u->pool + at : NULL;
}

static fnode node_at(const fx_unit *u, uint32_t id)
{
    return (fnode){ id ? u : NULL, id };
}

static ftype type_at(const fx_unit *u, uint32_t id)
{
    return (ftype){ u, id };
}

/* ---- the unit -------------------------------------------------------------------- */

const char *fx_unit_name(const fx_unit *u) { return string_at(u, u->name); }
int fx_unit_nfiles(const fx_unit *u) { return (int)u->nfiles; }
const char *fx_unit_file(const fx_unit *u, int i) { return string_at(u, u->files[i]); }
const char *fx_unit_said(const fx_unit *u) { return string_at(u, u->said); }

int fx_unit_skipped(const fx_unit *u, dc_note **skipped)
{
    int n = 0;
    *skipped = NULL;
    for (uint32_t i = 0; i < u->nerrors; i++) {
        const fact_error *e = &u->errors[i];
        if (e->node)
            continue;
        *skipped = dc_realloc(*skipped, (size_t)(n + 1) * sizeof **skipped);
        (*skipped)[n++] = (dc_note){ dc_loc_make(string_at(u, e->file), e->line, e->column),
                                     dc_format("%s", string_at(u, e->message)) };
    }
    return n;
}

bool fx_unit_has_main(const fx_unit *u) { return u->has_main; }
int fx_unit_ndefinitions(const fx_unit *u) { return (int)u->ndefs; }
fnode fx_unit_definition(const fx_unit *u, int i) { return node_at(u, u->defs[i]); }

void fx_unit_free(fx_unit *u)
{
    if (!u)
        return;
    free(u->nodes);
    free(u->types);
    free(u->list);
    free(u->pool);
    free(u->errors);
    free(u->defs);
    free(u->files);
    free(u->stamps);
    free(u);
}

/* ---- nodes ----------------------------------------------------------------------- */


/* Whether the walk under n was broken off. */
static bool visit_under(fnode n, fx_visitor visit, void *data)
{
    const fact_node *x = fx_node(n);
    for (uint32_t i = 0; i < x->nkids; i++) {
        fnode c = node_at(n.u, n.u->list[x->kids + i]);
        enum CXChildVisitResult r = visit(c, n, data);
        if (r == CXChildVisit_Break || (r == CXChildVisit_Recurse && visit_under(c, visit, data)))
            return true;
    }
    return false;
}

void fx_visit(fnode n, fx_visitor visit, void *data)
{
    if (!fx_is_null(n))
        visit_under(n, visit, data);
}

fnode fx_referenced(fnode n) { return node_at(n.u, fx_node(n)->ref); }
fnode fx_definition(fnode n) { return node_at(n.u, fx_node(n)->def); }
fnode fx_semantic_parent(fnode n) { return node_at(n.u, fx_node(n)->parent); }
int fx_nargs(fnode n) { return fx_node(n)->nargs; }

fnode fx_arg(fnode n, int i)
{
    const fact_node *x = fx_node(n);
    return i >= 0 && i < x->nargs ? node_at(n.u, n.u->list[x->args + (uint32_t)i]) : fx_null();
}

/* The nodes of a node's counted list (its reads). */
static int counted_list(fnode n, fnode *out, int max)
{
    const fact_node *x = fx_node(n);
    int k = x->reads ? (int)n.u->list[x->reads] : 0;
    for (int i = 0; i < k && i < max; i++)
        out[i] = node_at(n.u, n.u->list[x->reads + 1 + (uint32_t)i]);
    return k < max ? k : max;
}

int fx_param_reads(fnode param, fnode *reads, int max)
{
    return counted_list(param, reads, max);
}

int fx_overridden(fnode method, fnode *base, int max)
{
    return counted_list(method, base, max);
}

fnode fx_constructed(fnode call)
{
    fnode ctor = fx_null();
    return fx_kind(call) == CXCursor_CallExpr && counted_list(call, &ctor, 1) == 1 ? ctor : fx_null();
}

ftype fx_type(fnode n) { return type_at(n.u, fx_node(n)->type); }
ftype fx_result_type(fnode n) { return type_at(n.u, fx_node(n)->result); }

const char *fx_spelling(fnode n)
{
    const char *s = string_at(n.u, fx_node(n)->name);
    return s ? s : "";
}

const char *fx_usr(fnode n)
{
    const char *s = string_at(n.u, fx_node(n)->usr);
    return s ? s : "";
}

enum CXUnaryOperatorKind fx_unary_op(fnode n) { return fx_node(n)->unary; }
enum CXBinaryOperatorKind fx_binary_op(fnode n) { return fx_node(n)->binary; }

dc_loc fx_loc(fnode n)
{
    const fact_node *x = fx_node(n);
    return dc_loc_make(string_at(n.u, x->file), x->line, x->column);
}

const char *fx_text(fnode n)
{
    const char *s = string_at(n.u, fx_node(n)->text);
    return s ? s : "";
}

long long fx_int(fnode n) { return fx_node(n)->value.i; }

fnode fx_first_read(fnode n)
{
    return fx_has(n, FX_READ_FIRST) ? (fnode){ n.u, (uint32_t)fx_node(n)->value.i } : fx_null();
}
double fx_float(fnode n) { return fx_node(n)->value.f; }

static const fact_error *error_of(fnode n)
{
    for (uint32_t i = 0; n.id && i < n.u->nerrors; i++)
        if (n.u->errors[i].node == n.id)
            return &n.u->errors[i];
    return NULL;
}

const char *fx_unread(fnode n, int k)
{
    for (uint32_t i = 0; n.id && i < n.u->nerrors; i++)
        if (n.u->errors[i].node == n.id && k-- == 0)
            return string_at(n.u, n.u->errors[i].message);
    return NULL;
}

dc_loc fx_error_loc(fnode n)
{
    const fact_error *e = error_of(n);
    return e ? dc_loc_make(string_at(n.u, e->file), e->line, e->column) : (dc_loc){ 0 };
}

const char *fx_error(fnode n)
{
    const fact_error *e = error_of(n);
    return e ? string_at(n.u, e->message) : NULL;
}

/* ---- types ------------------------------------------------------------------------ */

enum CXTypeKind ft_kind(ftype t) { return (enum CXTypeKind)type_of(t)->kind; }

const char *ft_spelling(ftype t)
{
    const char *s = string_at(t.u, type_of(t)->spelling);
    return s ? s : "";
}

ftype ft_canonical(ftype t) { return type_at(t.u, type_of(t)->canonical); }
ftype ft_pointee(ftype t) { return type_at(t.u, type_of(t)->pointee); }
ftype ft_non_reference(ftype t) { return type_at(t.u, type_of(t)->non_reference); }
ftype ft_unqualified(ftype t) { return type_at(t.u, type_of(t)->unqualified); }
fnode ft_declaration(ftype t) { return node_at(t.u, type_of(t)->decl); }
int ft_ntemplate_args(ftype t) { return type_of(t)->ntargs; }

ftype ft_template_arg(ftype t, int i)
{
    return type_at(t.u, t.u->list[type_of(t)->targs + (uint32_t)i]);
}

int ft_nfields(ftype t) { return (int)type_of(t)->nfields; }

fnode ft_field(ftype t, int i)
{
    return node_at(t.u, t.u->list[type_of(t)->fields + (uint32_t)i]);
}
