/*
 * Compilation databases (analyzer/compile_db.c): a compile command's
 * arguments as devcheck's flags, and compile_commands.json read strictly,
 * each error said with its place.
 */
#include "devcheck.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test.h"

/* v joined by sep, fresh. */
static char *joined(char *const *v, int n, const char *sep)
{
    char *all = dc_format("%s", "");
    for (int i = 0; i < n; i++) {
        char *more = dc_format("%s%s%s", all, i ? sep : "", v[i]);
        free(all);
        all = more;
    }
    return all;
}

/* The flags of argv, joined by spaces, fresh. */
static char *flags_of(const char *const *argv, int argc, const char *file, const char *path)
{
    char **flags;
    int n = dc_command_flags(argv, argc, file, path, &flags);
    char *all = joined(flags, n, " ");
    for (int i = 0; i < n; i++)
        free(flags[i]);
    free(flags);
    return all;
}

#define FLAGS(file, path, ...)                                                          \
    flags_of((const char *const[]){__VA_ARGS__},                                        \
             (int)(sizeof((const char *const[]){__VA_ARGS__}) / sizeof(const char *)), \
             file, path)

static void check_flags(char *got, const char *want)
{
    CHECK_STR_EQ(got, want);
    free(got);
}

static void test_gcc_command(void)
{
    check_flags(FLAGS("a.c", "/src/a.c", "cc", "-DX=1", "-I", "inc", "-o", "a.o", "-c", "a.c",
                      "-MD", "-MF", "a.d", "-MT", "a.o", "-MQ", "q", "-MMD", "-Wall"),
                "-DX=1 -I inc -Wall");
    /* the file by its absolute path; "--" before it, as in a guessed command */
    check_flags(FLAGS("a.c", "/src/a.c", "clang", "-std=c11", "--", "/src/a.c"), "-std=c11");
    check_flags(FLAGS("a.c", "/src/a.c", "cc"), "");
    /* an -o at the end with no value: dropped, and nothing after it eaten */
    check_flags(FLAGS("a.c", "/src/a.c", "cc", "-O2", "-o"), "-O2");
    /* any flag with a value may have it joined with '=': "-o=x" is -o x;
       "-oa.o" is kept for clang to judge */
    check_flags(FLAGS("a.c", "/src/a.c", "cc", "-o=x", "-oa.o"), "-oa.o");
}

/* nvcc's command as CMake writes it (tests/cuda_project). */
static void test_nvcc_command(void)
{
    check_flags(FLAGS("/p/scale.cu", "/p/scale.cu", "/usr/local/cuda/bin/nvcc",
                      "-forward-unknown-to-host-compiler",
                      "--generate-code=arch=compute_90,code=[compute_90,sm_90]", "-arch", "sm_90",
                      "--expt-relaxed-constexpr", "-Xcompiler=-Wall", "-Xcompiler", "-fPIC,-Wextra",
                      "-x", "cu", "-rdc=true", "-c", "/p/scale.cu", "-o", "scale.o"),
                "-Wall -fPIC -Wextra -x cu");
    check_flags(FLAGS("k.cu", "/p/k.cu", "nvcc", "-gencode", "arch=compute_80,code=sm_80",
                      "-ccbin", "g++", "-Xptxas", "-v", "-lineinfo", "-G", "-use_fast_math",
                      "--compiler-options", ",-O3,,-g,", "-maxrregcount=32", "-DN=4", "k.cu"),
                "-O3 -g -DN=4");
    /* -Xcompiler with its value missing: nothing */
    check_flags(FLAGS("k.cu", "/p/k.cu", "nvcc", "-DA", "-Xcompiler"), "-DA");
    /* nvcc's response files, those not read */
    check_flags(FLAGS("k.cu", "/p/k.cu", "nvcc", "--options-file", "x.rsp", "-optf=y", "-DB"), "-DB");
}

/* ---- reading compile_commands.json ---------------------------------------------- */

static char folder[PATH_MAX];

static void write_db(const char *text)
{
    char *name = dc_format("%s/compile_commands.json", folder);
    FILE *f = fopen(name, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    free(name);
}

/* Opens the database text: NULL when it is refused, with err. */
static dc_compile_db *open_text(const char *text, char *err, size_t errlen)
{
    write_db(text);
    *err = '\0';
    return dc_compile_db_open(folder, err, errlen);
}

/* Databases refused, and what the error says (with the file's name before). */
static const struct {
    const char *text, *says;
} refused[] = {
    /* not JSON */
    {"", "1:1: expected an array of compile commands"},
    {"[{\"directory\": \"/\", \"file\": \"a.c\"", "1:34: the file ends where ',' or '}'"},
    {"[{\"directory\": \"/\", \"file\": \"a.c\", }]", "1:36: expected a string"},
    {"[{\"directory\": \"/\",\n \"file\": 'a.c'}]", "2:10: \"file\" wants a string"},
    {"[{\"directory\": \"/\", \"file\": \"a\x01.c\"}]", "a control character"},
    {"[{\"directory\": \"/\", \"file\": \"a\\q.c\"}]", "an unknown escape"},
    {"[{\"directory\": \"/\", \"file\": \"a\xff.c\"}]", "not UTF-8"},
    {"[{\"directory\": \"/\", \"file\": \"a\\u0000.c\"}]", "a NUL character"},
    {"[{\"directory\": \"/\", \"file\": \"\\ud800.c\"}]", "a lone UTF-16 surrogate"},
    {"[{\"directory\": \"/\", \"file\": \"a.c", "a string not closed"},
    {"[] []", "1:4: more after the array"},
    /* JSON, but no compilation database */
    {"{}", "expected an array of compile commands"},
    {"[1]", "1:2: expected a compile command: an object"},
    {"[{\"file\": \"a.c\", \"command\": \"cc a.c\"}]", "1:2: a compile command without \"directory\""},
    {"[{\"directory\": \"/\", \"command\": \"cc a.c\"}]", "without \"file\""},
    {"[{\"directory\": \"/\", \"file\": \"a.c\"}]", "without \"command\" or \"arguments\""},
    {"[{\"directory\": \"b\", \"file\": \"a.c\", \"command\": \"cc\"}]", "\"directory\" is not an absolute"},
    {"[{\"directory\": \"/\", \"file\": \"\", \"command\": \"cc\"}]", "\"file\" is empty"},
    {"[{\"directory\": \"/\", \"file\": \"a\", \"file\": \"b\", \"command\": \"cc\"}]", "\"file\" given twice"},
    {"[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": []}]", "\"arguments\" is empty"},
    {"[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": \"cc\"}]", "\"arguments\" wants an array"},
    {"[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": [\"cc\", 1]}]", "expected a string"},
    {"[{\"directory\": \"/\", \"file\": \"a.c\", \"output\": [\"a.o\"], \"command\": \"cc\"}]",
     "\"output\" wants a string"},
    /* response files libclang's reader would hang on, or be slow to read */
    {"[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": [\"cc\", \"@/dev/zero\"]}]",
     "1:2: response file /dev/zero: not a regular file"},
    {"[{\"directory\": \"/dev\", \"file\": \"a.c\", \"command\": \"cc '@zero' a.c\"}]",
     "response file /dev/zero: not a regular file"},
    /* libclang's reader knows no other key */
    {"[{\"directory\": \"/\", \"file\": \"a.c\", \"arguments\": [\"cc\"], \"x\": \"y\"}]", "unknown key \"x\""},
};

static void test_refused(void)
{
    char err[1024];
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        dc_compile_db *db = open_text(refused[i].text, err, sizeof err);
        CHECK(db == NULL);
        CHECK_STR_CONTAINS(err, "compile_commands.json:");
        CHECK_STR_CONTAINS(err, refused[i].says);
        if (db || !strstr(err, refused[i].says))
            fprintf(stderr, "  for %s\n", refused[i].text);
        dc_compile_db_close(db);
    }
    write_db("[]");         /* a NUL is no blank */
    char *name = dc_format("%s/compile_commands.json", folder);
    FILE *f = fopen(name, "a");
    CHECK(f && fputc('\0', f) == 0 && fclose(f) == 0);
    free(name);
    CHECK(dc_compile_db_open(folder, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "1:3: more after the array");
}

static void test_good(void)
{
    char err[1024];
    static const char *const good[] = {
        "[]",
        /* every escape, in a file's name; a command with its output */
        " [ {\"directory\":\"/\",\"command\":\"cc a.c\",\"output\":\"a.o\",\n"
        "\"file\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\"},\n"
        "{\"directory\":\"\\/x\",\"file\":\"b.c\",\"arguments\":[\"cc\",\"b.c\"]} ]\n",
    };
    for (int i = 0; i < 2; i++) {
        dc_compile_db *db = open_text(good[i], err, sizeof err);
        CHECK(db && dc_compile_db_size(db) == 2 * i);
        if (!db)
            fprintf(stderr, "  %s\n", err);
        dc_compile_db_close(db);
    }
}

/* The commands of a file the database names, translated; none for one it
   does not (libclang would guess one). */
static void test_commands(void)
{
    char *text = dc_format("[{\"directory\": \"%s\", \"file\": \"a.c\", "
                           "\"command\": \"cc -DX=\\\"a b\\\" -o a.o -c a.c\"},\n"
                           " {\"directory\": \"%s\", \"file\": \"%s/k.cu\", "
                           "\"arguments\": [\"nvcc\", \"-arch=sm_90\", \"-Xcompiler\", \"-fPIC\", "
                           "\"%s/k.cu\"]}]",
                           folder, folder, folder, folder);
    write_db(text);
    free(text);
    char err[1024] = "", *a = dc_format("%s/a.c", folder), *other = dc_format("%s/b.c", folder);
    dc_compile_db *db = dc_compile_db_open(folder, err, sizeof err);
    CHECK(db != NULL);
    if (!db) {
        fprintf(stderr, "  %s\n", err);
        return;
    }
    dc_command *cmds;
    int n = dc_compile_db_commands(db, a, &cmds);
    CHECK(n == 1);
    if (n == 1) {
        CHECK_STR_EQ(cmds[0].path, a);
        CHECK_STR_EQ(cmds[0].directory, folder);
        CHECK(cmds[0].nargs == 1);
        CHECK_STR_EQ(cmds[0].args[0], "-DX=a b");
    }
    dc_commands_free(cmds, n);
    CHECK(dc_compile_db_commands(db, other, &cmds) == 0);   /* not named: none guessed */
    dc_commands_free(cmds, 0);
    n = dc_compile_db_commands(db, NULL, &cmds);
    CHECK(n == 2);
    if (n == 2) {
        CHECK(cmds[1].nargs == 1);
        CHECK_STR_EQ(cmds[1].args[0], "-fPIC");
    }
    dc_commands_free(cmds, n);
    dc_compile_db_close(db);
    free(a);
    free(other);
}

/* The database made of text opens, with one command, whose flags joined by
   '|' are want. */
static void check_db_flags(const char *text, const char *want)
{
    char err[1024];
    dc_compile_db *db = open_text(text, err, sizeof err);
    CHECK(db != NULL);
    dc_command *cmds = NULL;
    int n = db ? dc_compile_db_commands(db, NULL, &cmds) : 0;
    CHECK(n == 1);
    char *all = n == 1 ? joined(cmds[0].args, cmds[0].nargs, "|") : NULL;
    CHECK_STR_EQ(all, want);
    if (!db)
        fprintf(stderr, "  %s\n", err);
    free(all);
    dc_commands_free(cmds, n);
    dc_compile_db_close(db);
}

static void write_file(const char *name, const char *text)
{
    char *path = dc_format("%s/%s", folder, name);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0);
    free(path);
}

/* A response file is read by libclang, its own ones too; one that is not a
   regular file, at any depth, is refused before libclang would hang on it. */
static void test_response_files(void)
{
    char err[1024], *fifo = dc_format("%s/fifo", folder);
    CHECK(mkfifo(fifo, 0600) == 0);
    write_file("good.rsp", "-DX=1 '@inner.rsp'\n");
    write_file("inner.rsp", "-DY=2");
    write_file("bad.rsp", "-DX=1\n  @fifo");
    char *text = dc_format("[{\"directory\": \"%s\", \"file\": \"a.c\", "
                           "\"arguments\": [\"cc\", \"@good.rsp\", \"@none.rsp\", \"a.c\"]}]", folder);
    check_db_flags(text, "-DX=1|-DY=2|@none.rsp");
    free(text);
    /* a command with both forms is its "arguments", as libclang reads it */
    text = dc_format("[{\"directory\": \"%s\", \"file\": \"a.c\", \"command\": \"cc @fifo a.c\", "
                     "\"arguments\": [\"cc\", \"-DA\", \"a.c\"]}]", folder);
    check_db_flags(text, "-DA");
    free(text);
    /* nvcc's, which CMake writes a CUDA target's include folders to */
    write_file("includes_CUDA.rsp", "-I\"/a b\"  -I/c\n'-DZ=3'");
    text = dc_format("[{\"directory\": \"%s\", \"file\": \"k.cu\", \"command\": "
                     "\"nvcc --options-file includes_CUDA.rsp -optf=none.rsp -DW -optf -c k.cu\"}]",
                     folder);
    check_db_flags(text, "-I/a b|-I/c|-DZ=3|-DW");
    free(text);
    /* and one that may not be read, at any depth, in any form */
    static const char *const bad[] = {"cc @bad.rsp a.c", "nvcc -optf bad.rsp a.c",
                                      "nvcc --options-file=fifo a.c"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        text = dc_format("[{\"directory\": \"%s\", \"file\": \"a.c\", \"command\": \"%s\"}]",
                         folder, bad[i]);
        CHECK(open_text(text, err, sizeof err) == NULL);
        CHECK_STR_CONTAINS(err, "/fifo: not a regular file");
        free(text);
    }
    static const char *const made[] = {"good.rsp", "inner.rsp", "bad.rsp", "fifo",
                                       "includes_CUDA.rsp"};
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        char *path = dc_format("%s/%s", folder, made[i]);
        unlink(path);
        free(path);
    }
    free(fifo);
}

/* name.rsp holding "@next.rsp" k times (next NULL: "-DX"). */
static void write_fan(const char *name, const char *next, int k)
{
    char text[4096] = "-DX";
    for (int i = 0, used = 0; next && i < k; i++)
        used += snprintf(text + used, sizeof text - used, "@%s ", next);
    write_file(name, text);
}

static char *response_db(const char *first)
{
    return dc_format("[{\"directory\": \"%s\", \"file\": \"a.c\", "
                     "\"arguments\": [\"cc\", \"@%s\", \"a.c\"]}]", folder, first);
}

/* Response files that name each other are refused at once, where each
   read again for every time it is named made K^depth reads; those that
   name the next ones K times each are measured with a read of each, and
   refused past 1,024 reads or 16 MiB.  A file named twice is no cycle. */
static void test_response_fan_out(void)
{
    static const char *const made[] = {"r0.rsp", "r1.rsp", "r2.rsp", "r3.rsp", "r4.rsp",
                                       "r5.rsp", "r6.rsp", "big.rsp"};
    char err[1024];
    write_fan("r0.rsp", "r1.rsp", 16);
    write_fan("r1.rsp", "r0.rsp", 16);
    char *text = response_db("r0.rsp");
    CHECK(open_text(text, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "/r0.rsp: names itself, through the response files it names");
    free(text);
    for (int i = 0; i < 6; i++) {               /* 16^6 reads */
        char name[16], next[16];
        snprintf(name, sizeof name, "r%d.rsp", i);
        snprintf(next, sizeof next, "r%d.rsp", i + 1);
        write_fan(name, next, 16);
    }
    write_fan("r6.rsp", NULL, 0);
    text = response_db("r0.rsp");
    CHECK(open_text(text, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "response files name response files more than 1,024 times here");
    free(text);
    text = response_db("r5.rsp");               /* 17 reads, 16 -DX: fine */
    check_db_flags(text, "-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX|-DX");
    free(text);
    char *big = dc_realloc(NULL, 1 << 20);      /* 1 MiB, named 32 times */
    memset(big, 'x', (1 << 20) - 1);
    big[0] = '-', big[1] = 'D', big[(1 << 20) - 1] = 0;
    write_file("big.rsp", big);
    write_fan("r0.rsp", "big.rsp", 32);
    text = response_db("r0.rsp");
    CHECK(open_text(text, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "/big.rsp: the command's response files expand to more than 16 MiB");
    free(text);
    free(big);
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        char *path = dc_format("%s/%s", folder, made[i]);
        unlink(path);
        free(path);
    }
}

int main(void)
{
    char tmpl[] = "/tmp/test_compile_db_XXXXXX";
    if (!mkdtemp(tmpl))
        return 2;
    char *real = realpath(tmpl, NULL);
    snprintf(folder, sizeof folder, "%s", real);
    free(real);
    RUN(test_gcc_command);
    RUN(test_nvcc_command);
    RUN(test_refused);
    RUN(test_good);
    RUN(test_commands);
    RUN(test_response_files);
    RUN(test_response_fan_out);
    char *name = dc_format("%s/compile_commands.json", folder);
    unlink(name);
    free(name);
    rmdir(folder);
    return TEST_REPORT();
}
