/*
 * Facts files (analyzer/facts_file.c), on units made by hand: what is
 * written reads back; a file that is no unit's facts is refused from its
 * header, before the rest of it is read; a unit whose nodes go round (a
 * node its own descendant, semantic parents in a ring) is refused when it
 * is read, and so is one whose list of a parameter's reads runs past the
 * list, or whose node numbers name no node; a capture's stamps name the
 * files changed since.
 */
#include "facts.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"

static char root[] = "/tmp/devcheck-facts-test-XXXXXX";

/* A unit of n nodes in a chain: node i > 1 is node i-1's child and has it
   for its semantic parent; with one file, path, if any. */
static fx_unit *chain(uint32_t n, const char *path)
{
    fx_unit *u = dc_realloc(NULL, sizeof *u);
    size_t pool = path ? strlen(path) + 2 : 1;
    *u = (fx_unit){ .nnodes = n, .ntypes = 1, .nlist = n, .npool = (uint32_t)pool };
    u->nodes = calloc(n, sizeof *u->nodes);
    u->types = calloc(1, sizeof *u->types);
    u->list = calloc(n, sizeof *u->list);
    u->pool = calloc(pool, 1);
    for (uint32_t i = 1; i + 1 < n; i++) {
        u->nodes[i].kids = i, u->nodes[i].nkids = 1, u->list[i] = i + 1;
        u->nodes[i + 1].parent = i;
    }
    if (path) {
        memcpy(u->pool + 1, path, pool - 2);
        u->files = dc_realloc(NULL, sizeof *u->files);
        u->files[0] = 1, u->nfiles = 1;
    }
    return u;
}

/* Why the unit's bytes are refused when read back, or NULL. */
static const char *refused(const fx_unit *u)
{
    size_t len;
    const char *why;
    void *bytes = fx_unit_bytes(u, &len);
    fx_unit *back = fx_unit_from_bytes(bytes, len, &why);
    free(bytes);
    fx_unit_free(back);
    return back ? NULL : why;
}

static bool said(const char *why, const char *want)
{
    return why && strcmp(why, want) == 0;
}

static void test_round_trip(void)
{
    fx_unit *u = chain(5, NULL);
    CHECK(refused(u) == NULL);
    fx_unit_free(u);
}

/* Cycles are refused at load (the walks over children and parents would
   not end). */
static void test_cycles_refused(void)
{
    fx_unit *u = chain(5, NULL);
    u->list[1] = 1;                     /* node 1 its own child */
    CHECK(said(refused(u), "a node is its own descendant"));
    u->list[1] = 2, u->list[3] = 2;     /* 2 -> 3 -> 2 */
    CHECK(said(refused(u), "a node is its own descendant"));
    u->list[3] = 4;
    u->nodes[1].parent = 4;             /* 4 -> 3 -> 2 -> 1 -> 4 */
    CHECK(said(refused(u), "its semantic parents go round"));
    u->nodes[1].parent = 1;
    CHECK(said(refused(u), "its semantic parents go round"));
    u->nodes[1].parent = 0;
    CHECK(refused(u) == NULL);
    fx_unit_free(u);
}

/* A parameter's device reads (a count in the list, then the nodes) are
   checked as the other lists are: all of them in the list, each a node. */
static void test_reads_checked(void)
{
    fx_unit *u = chain(5, NULL);
    fnode read[2];
    u->list = dc_realloc(u->list, 7 * sizeof *u->list);
    u->nlist = 7;
    u->list[5] = 1, u->list[6] = 4;     /* one read: node 4 */
    u->nodes[2].reads = 5;
    CHECK(refused(u) == NULL);
    CHECK(fx_param_reads((fnode){ u, 2 }, read, 2) == 1 && read[0].id == 4);
    CHECK(fx_param_reads((fnode){ u, 3 }, read, 2) == 0);
    u->list[5] = 2;                     /* two: past the list's end */
    CHECK(said(refused(u), "a node names what is not there"));
    u->list[5] = 1, u->list[6] = 9;     /* no node 9 */
    CHECK(said(refused(u), "a node names what is not there"));
    u->list[6] = 4, u->nodes[2].reads = 7;
    CHECK(said(refused(u), "a node names what is not there"));
    fx_unit_free(u);
}

/* A kernel parameter's first read (FX_READ_FIRST) is a node's number,
   checked as every other is. */
static void test_first_read_checked(void)
{
    fx_unit *u = chain(5, NULL);
    u->nodes[2].flags = FX_READ_FIRST;
    u->nodes[2].value.i = 4;
    CHECK(refused(u) == NULL);
    u->nodes[2].value.i = 5;
    CHECK(said(refused(u), "a node names what is not there"));
    u->nodes[2].value.i = -1;
    CHECK(said(refused(u), "a node names what is not there"));
    u->nodes[2].flags = 0;              /* without the flag, the value is a number */
    CHECK(refused(u) == NULL);
    fx_unit_free(u);
}

/* The bytes this process has read (Linux's count, for every read). */
static long long bytes_read(void)
{
    FILE *in = fopen("/proc/self/io", "r");
    long long n = -1;
    if (in && fscanf(in, "rchar: %lld", &n) != 1)
        n = -1;
    if (in)
        fclose(in);
    return n;
}

/* Why fx_unit_read refuses path, having read less than 1 MiB of it. */
static const char *refused_early(const char *path, int line)
{
    const char *why = NULL;
    long long before = bytes_read();
    fx_unit *u = fx_unit_read(path, &why);
    long long read = bytes_read() - before;
    CHECK_AT(__FILE__, line, u == NULL);
    CHECK_AT(__FILE__, line, before >= 0 && read < (1 << 20));
    fx_unit_free(u);
    return u ? NULL : why;
}

/* A large file that is no facts is refused from its first bytes, not read
   whole (3 GB took 23 s and 3.2 GB): its magic, or a length that is not
   the one its header gives. */
static void test_header_read_first(void)
{
    char *path = dc_format("%s/big.dcfacts", root);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && ftruncate(fd, 64 << 20) == 0 && close(fd) == 0);
    CHECK(said(refused_early(path, __LINE__), "not a devcheck facts file"));

    fx_unit *u = chain(3, NULL);
    CHECK(fx_unit_write(u, path) == 0);
    fx_unit_free(u);
    const char *why = NULL;
    u = fx_unit_read(path, &why);
    CHECK(u != NULL);
    fx_unit_free(u);
    CHECK(truncate(path, 64 << 20) == 0);
    CHECK(said(refused_early(path, __LINE__),
               "truncated or damaged (its length is not the one its header gives)"));
    CHECK(unlink(path) == 0 && mkfifo(path, 0600) == 0);
    CHECK(said(refused_early(path, __LINE__), "not a regular file"));
    unlink(path);
    free(path);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

/* A facts file records what each file its parse read held; read back, it
   names the one that changed since, or went. */
static void test_changed_files_named(void)
{
    char *header = dc_format("%s/a.h", root), *path = dc_format("%s/a.dcfacts", root);
    write_text(header, "#define A 1\n");
    fx_unit *u = chain(3, header);
    CHECK(fx_unit_write(u, path) == 0);
    fx_unit_free(u);
    const char *why = NULL;
    u = fx_unit_read(path, &why);
    CHECK(u != NULL);
    if (u) {
        char *changed = fx_unit_changed(u);
        CHECK(changed == NULL);
        free(changed);
        write_text(header, "#define A 2\n");        /* the same size */
        changed = fx_unit_changed(u);
        char *want = dc_format("%s changed since the capture", header);
        CHECK(changed && strcmp(changed, want) == 0);
        free(changed);
        unlink(header);
        changed = fx_unit_changed(u);
        CHECK(changed && strcmp(changed, want) == 0);
        free(changed);
        free(want);
    }
    fx_unit_free(u);
    unlink(path);
    free(path);
    free(header);
}

int main(void)
{
    if (!mkdtemp(root))
        return perror("mkdtemp"), 2;
    RUN(test_round_trip);
    RUN(test_cycles_refused);
    RUN(test_reads_checked);
    RUN(test_first_read_checked);
    RUN(test_header_read_first);
    RUN(test_changed_files_named);
    rmdir(root);
    return TEST_REPORT();
}
