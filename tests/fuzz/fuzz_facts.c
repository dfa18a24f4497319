/*
 * Fuzz target: arbitrary bytes as a facts file (facts_file.c), twice: as
 * they are, and with their checksum made right, so that the checks behind
 * it (every number in range, no node its own descendant, no parent chain
 * going round) meet the fuzzer's bytes too.  A unit that passes is read
 * through every accessor the analysis uses.  Never a crash, a hang or a
 * leak.
 */
#include "facts.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static enum CXChildVisitResult each(fnode c, fnode parent, void *data)
{
    (void)parent;
    ++*(unsigned *)data;
    return fx_nchildren(c) && *(unsigned *)data < 100000 ? CXChildVisit_Recurse
                                                         : CXChildVisit_Continue;
}

static void read_type(ftype t)
{
    for (int i = 0; i < 4 && t.id; i++) {
        (void)ft_kind(t), (void)ft_spelling(t), (void)ft_declaration(t);
        for (int k = 0; k < ft_ntemplate_args(t); k++)
            (void)ft_template_arg(t, k);
        for (int k = 0; k < ft_nfields(t); k++)
            (void)fx_spelling(ft_field(t, k));
        (void)ft_non_reference(t), (void)ft_unqualified(t), (void)ft_canonical(t);
        t = ft_pointee(t);
    }
}

static void read_unit(const fx_unit *u)
{
    unsigned visited = 0;
    dc_note *skipped;
    int nskipped = fx_unit_skipped(u, &skipped);
    dc_notes_free(skipped, nskipped);
    (void)fx_unit_name(u), (void)fx_unit_said(u), (void)fx_unit_has_main(u);
    for (int i = 0; i < fx_unit_nfiles(u); i++)
        (void)fx_unit_file(u, i);
    for (int i = 0; i < fx_unit_ndefinitions(u); i++) {
        fnode n = fx_unit_definition(u, i);
        fx_visit(n, each, &visited);
        for (fnode p = n; !fx_is_null(p); p = fx_semantic_parent(p))
            (void)fx_spelling(p), (void)fx_usr(p);
        for (int k = 0; k < fx_nargs(n); k++)
            (void)fx_text(fx_arg(n, k));
        read_type(fx_type(n));
        read_type(fx_result_type(n));
        (void)fx_loc(fx_definition(fx_referenced(n)));
        (void)fx_error(n), (void)fx_error_loc(n);
    }
}

static void try_bytes(const uint8_t *data, size_t size)
{
    const char *why;
    fx_unit *u = fx_unit_from_bytes(data, size, &why);
    if (u)
        read_unit(u);
    fx_unit_free(u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    try_bytes(data, size);
    if (size < 16)
        return 0;
    uint8_t *fixed = malloc(size);
    memcpy(fixed, data, size);
    uint64_t sum = dc_hash64(fixed, size - 8, 0);
    memcpy(fixed + size - 8, &sum, 8);
    try_bytes(fixed, size);
    free(fixed);
    return 0;
}
