/*
 * A unit's facts as a file (docs/facts.md): what `devcheck capture` leaves
 * beside an object file and what the cache keeps.  Read back, a file is
 * trusted only when all of it checks: its magic, its version, the sizes
 * of its records, its length against the one its counts give (all from
 * its header, before the rest is read: a large file that is no facts
 * costs a read of 72 bytes), its checksum, and then every number in it
 * that names a node, a type, a list or a string, and that no node is its
 * own descendant or its own semantic parent (the walk would not end).
 *
 *   header   "DCFACTS1", then 16 little-endian uint32: the format's
 *            version, sizeof of a node, a type and an error record, the
 *            counts (nodes, types, list, pool, errors, definitions,
 *            files), the unit's name, its front end's word, has_main,
 *            the count of stamps (0, or that of files), and 0
 *   arrays   nodes, types, list, pool, errors, definitions, files,
 *            stamps: the records as facts.h and devcheck.h (dc_stamp) lay
 *            them out, in that order; a capture's stamps say what each
 *            file held, for `analyze` to tell a header changed since
 *   checksum 8 bytes: dc_hash64 of everything before it
 */
#include "facts.h"

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "DCFACTS1"
#define VERSION 7
#define HEADER_WORDS 16
#define HEAD (8 + HEADER_WORDS * 4)     /* the magic and the header, in bytes */

enum {
    H_VERSION, H_NODE_SIZE, H_TYPE_SIZE, H_ERROR_SIZE, H_NODES, H_TYPES, H_LIST, H_POOL,
    H_ERRORS, H_DEFS, H_FILES, H_NAME, H_SAID, H_HAS_MAIN, H_STAMPS
};

/* The unit's arrays in the file's order.  Each is named by the offset of
   the unit's pointer to it, not by the pointer's address, so that the
   writer reads a const unit and the reader fills a new one with the same
   table; a record's size is the array's own. */
#define SECTION(array, word) { offsetof(fx_unit, array), sizeof *((fx_unit *)0)->array, word }

static const struct {
    size_t at;                          /* offsetof the unit's pointer */
    size_t size;                        /* of a record */
    int count;                          /* the header's word with their number */
} sections[] = {
    SECTION(nodes, H_NODES), SECTION(types, H_TYPES), SECTION(list, H_LIST),
    SECTION(pool, H_POOL), SECTION(errors, H_ERRORS), SECTION(defs, H_DEFS),
    SECTION(files, H_FILES), SECTION(stamps, H_STAMPS),
};

#define NSECTIONS (int)(sizeof sections / sizeof *sections)

static void header_of(const fx_unit *u, uint32_t h[HEADER_WORDS])
{
    memset(h, 0, HEADER_WORDS * sizeof *h);
    h[H_VERSION] = VERSION;
    h[H_NODE_SIZE] = sizeof(fact_node);
    h[H_TYPE_SIZE] = sizeof(fact_type);
    h[H_ERROR_SIZE] = sizeof(fact_error);
    h[H_NODES] = u->nnodes, h[H_TYPES] = u->ntypes, h[H_LIST] = u->nlist;
    h[H_POOL] = u->npool, h[H_ERRORS] = u->nerrors, h[H_DEFS] = u->ndefs;
    h[H_FILES] = u->nfiles, h[H_NAME] = u->name, h[H_SAID] = u->said;
    h[H_HAS_MAIN] = u->has_main, h[H_STAMPS] = u->nstamps;
}

/* The length of a file with header h: its arrays' and the rest's. */
static uint64_t length_of(const uint32_t h[HEADER_WORDS])
{
    uint64_t n = HEAD + 8;
    for (int i = 0; i < NSECTIONS; i++)
        n += (uint64_t)sections[i].size * h[sections[i].count];
    return n;
}

/* ---- writing ---------------------------------------------------------------------- */

void *fx_unit_bytes(const fx_unit *u, size_t *len)
{
    uint32_t h[HEADER_WORDS];
    header_of(u, h);
    size_t n = (size_t)length_of(h) - 8;
    char *out = dc_realloc(NULL, n + 8), *p = out;
    memcpy(p, MAGIC, 8), p += 8;
    memcpy(p, h, sizeof h), p += sizeof h;
    for (int i = 0; i < NSECTIONS; i++) {
        size_t bytes = sections[i].size * h[sections[i].count];
        if (bytes)
            memcpy(p, *(void *const *)((const char *)u + sections[i].at), bytes);
        p += bytes;
    }
    uint64_t sum = dc_hash64(out, n, 0);
    memcpy(p, &sum, 8);
    *len = n + 8;
    return out;
}

int fx_unit_write(const fx_unit *u, const char *path)
{
    size_t len;
    fx_unit stamped = *u;
    stamped.nstamps = u->nfiles;
    stamped.stamps = dc_realloc(NULL, (size_t)u->nfiles * sizeof *stamped.stamps + 1);
    for (uint32_t i = 0; i < u->nfiles; i++)
        if (!dc_stamp_file(fx_unit_file(u, (int)i), INT64_MAX, &stamped.stamps[i]))
            stamped.stamps[i] = (dc_stamp){ UINT64_MAX, -1, 0 };    /* gone: never unchanged */
    char *bytes = fx_unit_bytes(&stamped, &len);
    int rc = dc_write_atomic(path, bytes, len), err = errno;
    free(bytes);
    free(stamped.stamps);
    errno = err;
    return rc;
}

/* ---- reading ---------------------------------------------------------------------- */

static bool within(uint32_t id, uint32_t n) { return id < n; }

static bool range_within(uint32_t at, uint32_t n, uint32_t limit)
{
    return at <= limit && n <= limit - at;
}

static bool list_names(const fx_unit *u, uint32_t at, uint32_t n, uint32_t limit)
{
    if (!range_within(at, n, u->nlist))
        return false;
    for (uint32_t i = 0; i < n; i++)
        if (!within(u->list[at + i], limit))
            return false;
    return true;
}

static bool node_checks(const fx_unit *u, const fact_node *x)
{
    uint32_t n = u->nnodes;
    return (!x->reads || (within(x->reads, u->nlist) &&
                          list_names(u, x->reads + 1, u->list[x->reads], n))) &&
           list_names(u, x->kids, x->nkids, n) &&
           (x->nargs <= 0 || list_names(u, x->args, (uint32_t)x->nargs, n)) &&
           within(x->ref, n) && within(x->def, n) && within(x->parent, n) &&
           within(x->type, u->ntypes) && within(x->result, u->ntypes) &&
           within(x->name, u->npool) && within(x->usr, u->npool) &&
           within(x->text, u->npool) && within(x->file, u->npool) &&
           (!(x->flags & FX_READ_FIRST) || (x->value.i > 0 && x->value.i < n));
}

static bool type_checks(const fx_unit *u, const fact_type *t)
{
    uint32_t n = u->ntypes;
    return within(t->spelling, u->npool) && within(t->canonical, n) && within(t->pointee, n) &&
           within(t->non_reference, n) && within(t->unqualified, n) &&
           within(t->decl, u->nnodes) &&
           (t->ntargs <= 0 || list_names(u, t->targs, (uint32_t)t->ntargs, n)) &&
           list_names(u, t->fields, t->nfields, u->nnodes);
}

/* Whether following semantic parents from any node ends (at node 0). */
static bool parents_end(const fx_unit *u, unsigned char *mark)
{
    memset(mark, 0, u->nnodes);
    for (uint32_t i = 1; i < u->nnodes; i++) {
        uint32_t at = i;
        while (at && !mark[at]) {
            mark[at] = 1;               /* on this chain */
            at = u->nodes[at].parent;
        }
        if (at && mark[at] == 1)
            return false;
        for (at = i; at && mark[at] == 1; at = u->nodes[at].parent)
            mark[at] = 2;               /* ends */
    }
    return true;
}

/* Whether no node is its own descendant: a depth-first walk over the
   children, with an explicit stack (facts may nest deep). */
static bool children_acyclic(const fx_unit *u, unsigned char *mark)
{
    uint32_t *stack = dc_realloc(NULL, (size_t)u->nnodes * 2 * sizeof *stack);
    bool ok = true;
    memset(mark, 0, u->nnodes);
    for (uint32_t root = 1; root < u->nnodes && ok; root++) {
        if (mark[root])
            continue;
        uint32_t depth = 0;
        stack[0] = root, stack[1] = 0, mark[root] = 1;
        depth = 1;
        while (depth && ok) {
            uint32_t id = stack[2 * (depth - 1)], next = stack[2 * (depth - 1) + 1]++;
            if (next == u->nodes[id].nkids) {
                mark[id] = 2, depth--;
                continue;
            }
            uint32_t c = u->list[u->nodes[id].kids + next];
            if (mark[c] == 1)
                ok = false;
            else if (!mark[c])
                mark[c] = 1, stack[2 * depth] = c, stack[2 * depth + 1] = 0, depth++;
        }
    }
    free(stack);
    return ok;
}

static const char *contents_wrong(const fx_unit *u)
{
    if (!u->nnodes || !u->ntypes || !u->npool || u->pool[u->npool - 1] || u->pool[0])
        return "its arrays are malformed";
    for (uint32_t i = 0; i < u->nnodes; i++)
        if (!node_checks(u, &u->nodes[i]))
            return "a node names what is not there";
    for (uint32_t i = 0; i < u->ntypes; i++)
        if (!type_checks(u, &u->types[i]))
            return "a type names what is not there";
    for (uint32_t i = 0; i < u->nerrors; i++) {
        const fact_error *e = &u->errors[i];
        if (!within(e->node, u->nnodes) || !within(e->file, u->npool) ||
            !within(e->message, u->npool))
            return "an error names what is not there";
    }
    for (uint32_t i = 0; i < u->ndefs; i++)
        if (!within(u->defs[i], u->nnodes))
            return "a definition is not there";
    for (uint32_t i = 0; i < u->nfiles; i++)
        if (!within(u->files[i], u->npool))
            return "a file name is not there";
    if (!within(u->name, u->npool) || !within(u->said, u->npool))
        return "its name is not there";
    if (u->nstamps && u->nstamps != u->nfiles)
        return "its files' stamps are not one a file";
    unsigned char *mark = dc_realloc(NULL, u->nnodes);
    const char *why = !parents_end(u, mark)      ? "its semantic parents go round"
                      : !children_acyclic(u, mark) ? "a node is its own descendant"
                                                   : NULL;
    free(mark);
    return why;
}

/* The header's checks, on its HEAD bytes and the file's length: what the
   file must be before the rest of it is read. */
static const char *header_wrong(const char *head, uint64_t len, uint32_t h[HEADER_WORDS])
{
    if (len < HEAD + 8 || memcmp(head, MAGIC, 7) != 0)
        return "not a devcheck facts file";
    memcpy(h, head + 8, HEADER_WORDS * 4);
    if (head[7] != MAGIC[7] || h[H_VERSION] != VERSION)
        return "facts of another version of devcheck";
    if (h[H_NODE_SIZE] != sizeof(fact_node) || h[H_TYPE_SIZE] != sizeof(fact_type) ||
        h[H_ERROR_SIZE] != sizeof(fact_error))
        return "facts of another machine's layout";
    if (length_of(h) != len)
        return "truncated or damaged (its length is not the one its header gives)";
    return NULL;
}

fx_unit *fx_unit_from_bytes(const void *data, size_t len, const char **why)
{
    const char *bytes = data;
    uint32_t h[HEADER_WORDS];
    uint64_t sum;
    if ((*why = header_wrong(bytes, len, h)))
        return NULL;
    memcpy(&sum, bytes + len - 8, 8);
    if (dc_hash64(bytes, len - 8, 0) != sum) {
        *why = "truncated or damaged (its checksum does not match)";
        return NULL;
    }
    fx_unit *u = dc_realloc(NULL, sizeof *u);
    *u = (fx_unit){ .nnodes = h[H_NODES], .ntypes = h[H_TYPES], .nlist = h[H_LIST],
                    .npool = h[H_POOL], .nerrors = h[H_ERRORS], .ndefs = h[H_DEFS],
                    .nfiles = h[H_FILES], .name = h[H_NAME], .said = h[H_SAID],
                    .has_main = h[H_HAS_MAIN] != 0, .nstamps = h[H_STAMPS] };
    size_t at = HEAD;                   /* the arrays fill the file: its length checked */
    for (int i = 0; i < NSECTIONS; i++) {
        size_t n = h[sections[i].count] * sections[i].size;
        void **array = (void **)((char *)u + sections[i].at);
        *array = dc_realloc(NULL, n + 1);
        memcpy(*array, bytes + at, n);
        at += n;
    }
    *why = contents_wrong(u);
    if (*why) {
        fx_unit_free(u);
        return NULL;
    }
    return u;
}

/* All of a facts file's bytes, its header checked first (fresh, into
   *len); NULL with why.  A FIFO, which would block a read, is refused. */
static char *facts_bytes(const char *path, size_t *len, const char **why)
{
    struct stat st;
    uint32_t h[HEADER_WORDS];
    char *bytes = NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    *why = fd < 0 || fstat(fd, &st) != 0 ? strerror(errno)
           : !S_ISREG(st.st_mode)        ? "not a regular file"
                                         : NULL;
    if (!*why) {
        bytes = dc_realloc(NULL, HEAD);
        ssize_t n = read(fd, bytes, HEAD);
        *why = n < 0 ? strerror(errno)
               : header_wrong(bytes, n < HEAD ? 0 : (uint64_t)st.st_size, h);
    }
    if (!*why) {
        *len = (size_t)st.st_size;
        bytes = dc_realloc(bytes, *len);
        ssize_t n = 0;
        for (size_t at = HEAD; at < *len && (n = read(fd, bytes + at, *len - at)) > 0;)
            at += (size_t)n;
        if (n <= 0)
            *why = n < 0 ? strerror(errno) : "truncated or damaged (it shrank as it was read)";
    }
    if (fd >= 0)
        close(fd);
    if (*why) {
        free(bytes);
        return NULL;
    }
    return bytes;
}

fx_unit *fx_unit_read(const char *path, const char **why)
{
    size_t len = 0;
    char *bytes = facts_bytes(path, &len, why);
    fx_unit *u = bytes ? fx_unit_from_bytes(bytes, len, why) : NULL;
    free(bytes);
    return u;
}

char *fx_unit_changed(const fx_unit *u)
{
    const char *first = NULL;
    int n = 0;
    for (uint32_t i = 0; i < u->nstamps; i++)
        if (!dc_stamp_unchanged(fx_unit_file(u, (int)i), &u->stamps[i]) && n++ == 0)
            first = fx_unit_file(u, (int)i);
    if (n == 0)
        return NULL;
    return n == 1 ? dc_format("%s changed since the capture", first)
                  : dc_format("%s and %d more of its files changed since the capture", first, n - 1);
}
