/*
 * devcheck's findings, suppressions and outputs, on findings made by hand
 * (no libclang): the text format exactly, the order and the repeats, each
 * way a comment silences a finding or does not, and the SARIF's details.
 *
 *   test_findings            runs the tests
 *   test_findings --sarif    prints the SARIF of a sample with every feature,
 *                            for check_sarif.py to hold against the schema
 *
 * The sources the findings point at are written into a fresh folder under
 * the current one, so that paths are relative, as a user's would be.
 */
#define _GNU_SOURCE
#include "devcheck.h"
#include "test.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "dcunit.XXXXXX";

/* The sample source: each line that a test points at says what it is for. */
static const char *const sample[] = {
    "int main(void)",
    "{",
    "    y = dt_forward(model, x);",
    "",
    "    dt_to(x, dev); // devcheck-ignore",
    "    below_trailing_marker();",
    "",
    "    // devcheck-ignore",
    "    below_alone_marker();",
    "",
    "    // devcheck-ignore(host-deref)",
    "    float v = *p;",
    "",
    "    /* devcheck-ignore( device-mismatch ,devcheck-dtype-mismatch) */ z = dt_add(a, b);",
    "",
    "    s = \"// devcheck-ignore\"; in_string();",
    "    s = \"\\\"/* devcheck-ignore */\"; in_string_escaped();",
    "    c = '\"'; after_char_literal(); // devcheck-ignore(memcpy-direction)",
    "",
    "    /* a comment",
    "       over lines: devcheck-ignore",
    "    */",
    "    below_block_marker();",
    "    two_below_block_marker();",
    "",
    "    // devcheck-ignore",
    "",
    "    two_below_marker();",
    "    t = 1; // devcheck-ignored, devcheck-ignore-all, no-devcheck-ignore",
    "    u = \"\xc3\xa9\xf0\x9f\x98\x80\"; v = dt_add(a, b);",
    "    w = dt_add(a, b);",
    "        w = dt_add(a, b);\t",
    "",
    "    // devcheck-ignore(memcpy_direction, host_deref_device)",
    "    shim_spelling();",
    "    x = 1; // devcheck-ignore(devcheck-memcpy-directon, leak,, host-pointer-kernel-arg)",
    "}",
};

static char *path_of(const char *name)
{
    return dc_format("%s/%s", dir, name);
}

static void write_lines(const char *name, const char *const *lines, size_t n)
{
    char *path = path_of(name);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    for (size_t i = 0; f && i < n; i++)
        fprintf(f, "%s\n", lines[i]);
    if (f)
        fclose(f);
    free(path);
}

/* The line of the sample that holds text (1-based). */
static unsigned line_with(const char *text)
{
    for (size_t i = 0; i < sizeof sample / sizeof sample[0]; i++)
        if (strstr(sample[i], text))
            return (unsigned)i + 1;
    fprintf(stderr, "no line with '%s' in the sample\n", text);
    exit(2);
}

/* The column (1-based, in bytes) where text starts on its line. */
static unsigned column_of(const char *text)
{
    return (unsigned)(strstr(sample[line_with(text) - 1], text) - sample[line_with(text) - 1]) + 1;
}

static dc_loc at(const char *file, const char *text)
{
    char *path = path_of(file);
    dc_loc loc = dc_loc_make(path, line_with(text), column_of(text));
    free(path);
    return loc;
}

static dc_loc shifted(dc_loc loc, unsigned columns)
{
    loc.column += columns;
    return loc;
}

static dc_finding *add(dc_findings *f, const char *rule, dc_loc loc, const char *message)
{
    return dc_findings_add(f, rule, loc, dc_format("%s", message));
}

/* What a print wrote to m, a temporary file, read back.  (Not
   open_memstream: its buffer's address, held in a local, makes gcc -O3 see
   a dangling pointer in every string found in the output.) */
static char *read_back(FILE *m)
{
    size_t n;
    rewind(m);
    char *text = dc_read_stream(m, &n);
    fclose(m);
    CHECK(text != NULL);
    return text;
}

static char *text_of(const dc_findings *f)
{
    FILE *m = tmpfile();
    dc_print_text(m, f, NULL);
    return read_back(m);
}

static char *sarif_of(const dc_findings *f)
{
    char cwd[PATH_MAX];
    FILE *m = tmpfile();
    dc_print_sarif(m, f, getcwd(cwd, sizeof cwd), NULL, 0);
    return read_back(m);
}

/* ---- findings ------------------------------------------------------------- */

static unsigned bit(const char *name)
{
    return dc_rule_bit(name, strlen(name));
}

/* devcheck's rules, in their order, each named in either tool's words. */
static void test_rules_table(void)
{
    static const char *const ids[] = {"device-mismatch", "discarded-transfer", "host-deref",
                                      "memspace-mismatch", "memcpy-direction",
                                      "unregistered-tensor", "dtype-mismatch", "free-mismatch",
                                      "uninitialized-read"};
    int n = 0;
    unsigned all = 0;
    for (int i = 0; i < nmistakes; i++) {
        if (!mistakes[i].rule)
            continue;
        CHECK(n < 9 && strcmp(mistakes[i].rule, ids[n]) == 0);
        CHECK(bit(mistakes[i].rule) != 0 && !(all & bit(mistakes[i].rule)));
        all |= bit(mistakes[i].rule);
        n++;
    }
    CHECK(n == 9);
    CHECK(bit("memcpy_direction") == bit("memcpy-direction"));
    CHECK(bit("host_deref_device") == bit("host-deref"));
    CHECK(bit("host_pointer_kernel_arg") == bit("memspace-mismatch"));
    CHECK(bit("leak") == 0 && bit("use-after-free") == 0 && bit("nope") == 0);
    CHECK_STR_EQ(dc_severity("device-mismatch"), "error");
}

static void test_loc_interned(void)
{
    char name[] = "some/file.c";
    dc_loc a = dc_loc_make(name, 3, 4);
    name[0] = 'S';                  /* the loc keeps its own copy */
    dc_loc b = dc_loc_make("some/file.c", 5, 6);
    CHECK_STR_EQ(a.file, "some/file.c");
    CHECK(a.file == b.file);
    CHECK(dc_loc_make(name, 1, 1).file != a.file);
    CHECK(dc_loc_make(NULL, 1, 1).file == NULL);
    CHECK(a.line == 3 && a.column == 4);
    char *s = dc_format("%s:%d", "x", 42);
    CHECK_STR_EQ(s, "x:42");
    free(s);
}

static void test_sort_and_repeats(void)
{
    dc_findings f = {0};
    add(&f, "host-deref", dc_loc_make("b.c", 2, 1), "m");
    add(&f, "device-mismatch", dc_loc_make("a.c", 10, 5), "m");
    add(&f, "device-mismatch", dc_loc_make("a.c", 9, 7), "m");
    add(&f, "device-mismatch", dc_loc_make("a.c", 10, 2), "m");
    dc_finding *d = add(&f, "dtype-mismatch", dc_loc_make("a.c", 10, 5), "m");
    dc_finding_note(d, dc_loc_make("a.c", 1, 1), dc_format("a note"));
    /* the same finding again, from another translation unit: notes and all */
    d = add(&f, "dtype-mismatch", dc_loc_make("a.c", 10, 5), "m");
    dc_finding_note(d, dc_loc_make("a.c", 1, 1), dc_format("a note"));
    dc_finding_fix(d, dc_loc_make("a.c", 10, 5), dc_loc_make("a.c", 10, 6), dc_format("x"));
    add(&f, "device-mismatch", dc_loc_make("a.c", 10, 5), "another message");
    dc_findings_sort(&f);
    static const struct {
        const char *file;
        unsigned line, column;
        const char *rule, *message;
    } want[] = {
        {"a.c", 9, 7, "device-mismatch", "m"},
        {"a.c", 10, 2, "device-mismatch", "m"},
        {"a.c", 10, 5, "device-mismatch", "another message"},
        {"a.c", 10, 5, "device-mismatch", "m"},
        {"a.c", 10, 5, "dtype-mismatch", "m"},
        {"b.c", 2, 1, "host-deref", "m"},
    };
    CHECK(f.n == (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < f.n && i < (int)(sizeof want / sizeof want[0]); i++) {
        CHECK_STR_EQ(f.v[i].loc.file, want[i].file);
        CHECK(f.v[i].loc.line == want[i].line && f.v[i].loc.column == want[i].column);
        CHECK_STR_EQ(f.v[i].rule, want[i].rule);
        CHECK_STR_EQ(f.v[i].message, want[i].message);
    }
    dc_findings_free(&f);
    CHECK(f.n == 0 && f.v == NULL);
    dc_findings_sort(&f);           /* empty: nothing to do */
    CHECK(f.n == 0);
}

static bool is_host_deref(const dc_finding *d, void *unused)
{
    (void)unused;
    return strcmp(d->rule, "host-deref") == 0;
}

static void test_drop(void)
{
    dc_findings f = {0};
    add(&f, "host-deref", dc_loc_make("a.c", 1, 1), "1");
    add(&f, "device-mismatch", dc_loc_make("a.c", 2, 1), "2");
    dc_finding_note(add(&f, "host-deref", dc_loc_make("a.c", 3, 1), "3"), dc_loc_make("a.c", 1, 1),
                    dc_format("n"));
    add(&f, "dtype-mismatch", dc_loc_make("a.c", 4, 1), "4");
    CHECK(dc_findings_drop(&f, is_host_deref, NULL) == 2);
    CHECK(f.n == 2);
    CHECK_STR_EQ(f.v[0].message, "2");
    CHECK_STR_EQ(f.v[1].message, "4");
    dc_findings_free(&f);
}

/* ---- text ---------------------------------------------------------------- */

static void test_text_output(void)
{
    dc_findings f = {0};
    dc_finding *d = add(&f, "device-mismatch", at("a.c", "dt_forward"),
                        "'x' is on cpu but 'model' is on 'dev' (cuda:0 when a GPU is present)");
    dc_finding_note(d, at("a.c", "x);"), dc_format("'x' created on cpu here"));
    dc_finding_note(d, dc_loc_make(NULL, 0, 0), dc_format("a note with no place"));
    dc_finding_fix(d, at("a.c", "x);"), shifted(at("a.c", "x);"), 1), dc_format("dt_to(x, dev)"));
    d = add(&f, "discarded-transfer", at("a.c", "dt_to(x, dev)"), "the result of dt_to is dropped");
    dc_finding_fix(d, at("a.c", "dt_to(x, dev)"), at("a.c", "dt_to(x, dev)"), dc_format("x = "));
    d = add(&f, "host-deref", at("a.c", "*p"), "'p' is device memory");
    dc_finding_fix(d, at("a.c", "float v"), shifted(at("a.c", "float v"), 6), dc_format("%s", ""));
    dc_finding_fix(d, at("a.c", "a comment"), at("a.c", "below_block"), dc_format("a\n\"b\"\t\\"));
    dc_finding_fix(d, dc_loc_make("no/such/file.c", 2, 3), dc_loc_make("no/such/file.c", 2, 9),
                   dc_format("y"));
    char *out = text_of(&f);
    char *want = dc_format(
        "%1$s/a.c:3:9: error: 'x' is on cpu but 'model' is on 'dev' (cuda:0 when a GPU is present) [devcheck-device-mismatch]\n"
        "%1$s/a.c:3:27: note: 'x' created on cpu here\n"
        "note: a note with no place\n"
        "%1$s/a.c:3:27: note: fix: replace 'x' with 'dt_to(x, dev)'\n"
        "fix-it:\"%1$s/a.c\":{3:27-3:28}:\"dt_to(x, dev)\"\n"
        "%1$s/a.c:5:5: error: the result of dt_to is dropped [devcheck-discarded-transfer]\n"
        "%1$s/a.c:5:5: note: fix: insert 'x = '\n"
        "fix-it:\"%1$s/a.c\":{5:5-5:5}:\"x = \"\n"
        "%1$s/a.c:12:15: error: 'p' is device memory [devcheck-host-deref]\n"
        "%1$s/a.c:12:5: note: fix: remove 'float '\n"
        "fix-it:\"%1$s/a.c\":{12:5-12:11}:\"\"\n"
        "%1$s/a.c:20:8: note: fix: replace the text up to 23:5 with 'a\\n\"b\"\\t\\'\n"
        "fix-it:\"%1$s/a.c\":{20:8-23:5}:\"a\\n\\\"b\\\"\\t\\\\\"\n"
        "no/such/file.c:2:3: note: fix: replace the text up to 2:9 with 'y'\n"
        "fix-it:\"no/such/file.c\":{2:3-2:9}:\"y\"\n",
        dir);
    CHECK_STR_EQ(out, want);
    free(out);
    free(want);

    dc_findings none = {0};
    out = text_of(&none);
    CHECK_STR_EQ(out, "");
    free(out);
    dc_findings_free(&f);
}

/* ---- suppression ----------------------------------------------------------- */

static bool suppressed(const char *rule, unsigned line)
{
    char *path = path_of("a.c");
    dc_finding d = {.rule = rule, .loc = dc_loc_make(path, line, 1)};
    free(path);
    return dc_suppressed(&d);
}

static void test_suppression(void)
{
    /* on the finding's line, every rule */
    CHECK(suppressed("discarded-transfer", line_with("dt_to(x, dev);")));
    CHECK(suppressed("device-mismatch", line_with("dt_to(x, dev);")));
    /* alone on the line above */
    CHECK(suppressed("device-mismatch", line_with("below_alone_marker")));
    /* beside code on the line above: meant for that line only */
    CHECK(!suppressed("device-mismatch", line_with("below_trailing_marker")));
    /* a rule's id: that rule only */
    CHECK(suppressed("host-deref", line_with("float v")));
    CHECK(!suppressed("device-mismatch", line_with("float v")));
    /* several ids, spaces, devcheck- before one, in a block comment */
    CHECK(suppressed("device-mismatch", line_with("z = dt_add")));
    CHECK(suppressed("dtype-mismatch", line_with("z = dt_add")));
    CHECK(!suppressed("host-deref", line_with("z = dt_add")));
    /* inside string literals it is no comment */
    CHECK(!suppressed("device-mismatch", line_with("in_string()")));
    CHECK(!suppressed("device-mismatch", line_with("in_string_escaped")));
    /* a character literal holding a quote does not open a string */
    CHECK(suppressed("memcpy-direction", line_with("after_char_literal")));
    CHECK(!suppressed("host-deref", line_with("after_char_literal")));
    /* a block comment over lines: the marker's own line counts */
    CHECK(suppressed("host-deref", line_with("over lines")));
    CHECK(!suppressed("host-deref", line_with("below_block_marker")));
    CHECK(!suppressed("host-deref", line_with("two_below_block_marker")));
    /* two lines above is too far */
    CHECK(!suppressed("device-mismatch", line_with("two_below_marker")));
    /* longer words are no markers */
    CHECK(!suppressed("device-mismatch", line_with("devcheck-ignored")));
    CHECK(!suppressed("device-mismatch", line_with("devcheck-ignored") + 1));
    /* devtrace's names for the rules, in either spelling */
    CHECK(suppressed("memcpy-direction", line_with("shim_spelling")));
    CHECK(suppressed("host-deref", line_with("shim_spelling")));
    CHECK(!suppressed("device-mismatch", line_with("shim_spelling")));
    CHECK(suppressed("memspace-mismatch", line_with("host-pointer-kernel-arg")));
    /* a name that is no rule silences nothing */
    CHECK(!suppressed("memcpy-direction", line_with("host-pointer-kernel-arg")));
    /* the first line, a file that cannot be read, a finding with no file */
    CHECK(!suppressed("device-mismatch", 1));
    dc_finding gone = {.rule = "host-deref", .loc = dc_loc_make("no/such/file.c", 1, 1)};
    CHECK(!dc_suppressed(&gone));
    dc_finding nowhere = {.rule = "host-deref"};
    CHECK(!dc_suppressed(&nowhere));
}

/* A name in an ignore comment that is no rule of devcheck's is an error at
   its place, said once however often its file is read, with the rule meant
   or why it is none. */
static void test_ignore_errors(void)
{
    static const char *const lines[] = {"x(); /* devcheck-ignore( nope ) */", "y();"};
    write_lines("nope.c", lines, 2);
    char *a = path_of("a.c"), *nope = path_of("nope.c");
    dc_suppress_reset();
    dc_ignores_read(a);
    dc_ignores_read(a);                         /* not kept: read again */
    CHECK(suppressed("memspace-mismatch", line_with("host-pointer-kernel-arg")));   /* kept */
    dc_ignores_read(nope);
    dc_ignores_read("no/such/file.c");
    int n;
    const dc_note *e = dc_ignore_errors(&n);
    CHECK(n == 3);
    static const struct {
        const char *name, *message;
    } want[] = {
        {"memcpy-directon", "unknown rule 'memcpy-directon' in devcheck-ignore "
                            "(did you mean 'memcpy-direction'?)"},
        {"leak", "unknown rule 'leak' in devcheck-ignore "
                 "(a kind of devtrace's: devcheck has no rule for it)"},
    };
    for (int i = 0; i < 2 && i < n; i++) {
        CHECK_STR_EQ(e[i].loc.file, a);
        CHECK(e[i].loc.line == line_with("host-pointer-kernel-arg"));
        CHECK(e[i].loc.column == column_of(want[i].name));
        CHECK_STR_EQ(e[i].message, want[i].message);
    }
    if (n == 3) {
        CHECK_STR_EQ(e[2].loc.file, nope);
        CHECK(e[2].loc.line == 1);
        CHECK(e[2].loc.column == (unsigned)(strstr(lines[0], "nope") - lines[0]) + 1);
        CHECK_STR_EQ(e[2].message, "unknown rule 'nope' in devcheck-ignore");
    }
    dc_suppress_reset();
    dc_ignore_errors(&n);
    CHECK(n == 0);
    free(nope);
    free(a);
}

/* The block comment's marker silences the line it is on, which holds
   nothing else: so the line below the comment's last line is not silenced,
   but the line below the marker's is. */
static void test_block_marker_line(void)
{
    static const char *const lines[] = {
        "/*",
        "  devcheck-ignore",
        "*/ x = 1;",
        "y = 2;",
    };
    write_lines("block.c", lines, 4);
    char *path = path_of("block.c");
    dc_finding d = {.rule = "host-deref", .loc = dc_loc_make(path, 3, 4)};
    CHECK(dc_suppressed(&d));
    d.loc.line = 4;
    CHECK(!dc_suppressed(&d));
    free(path);
}

static void test_source_line(void)
{
    char *path = path_of("a.c");
    size_t len;
    const char *line = dc_source_line(path, 3, &len);
    CHECK(line && len == strlen(sample[2]) && memcmp(line, sample[2], len) == 0);
    CHECK(dc_source_line(path, 0, &len) == NULL);
    CHECK(dc_source_line(path, 1000, &len) == NULL);
    CHECK(dc_source_line("no/such/file.c", 1, &len) == NULL);
    free(path);

    static const char *const crlf[] = {"first\r", "second\r"};
    write_lines("crlf.c", crlf, 2);
    path = path_of("crlf.c");
    line = dc_source_line(path, 2, &len);
    CHECK(line && len == 6 && memcmp(line, "second", 6) == 0);
    free(path);
}

/* ---- SARIF ------------------------------------------------------------------ */

/* The sample of the SARIF test and of --sarif: every kind of thing SARIF
   carries, in findings on the sample source and outside the base. */
static void sample_findings(dc_findings *f)
{
    dc_finding *d = add(f, "device-mismatch", at("a.c", "dt_forward"),
                        "'x' is on cpu but 'model' is on 'dev' (cuda:0 when a GPU is present)");
    dc_finding_note(d, at("a.c", "x);"), dc_format("'x' created on cpu here"));
    dc_finding_note(d, at("a.c", "model"), dc_format("'model' moved to 'dev' here"));
    dc_finding_fix(d, at("a.c", "x);"), shifted(at("a.c", "x);"), 1), dc_format("dt_to(x, dev)"));
    d = add(f, "discarded-transfer", at("a.c", "dt_to(x, dev)"), "the result of dt_to is dropped");
    dc_finding_fix(d, at("a.c", "dt_to(x, dev)"), at("a.c", "dt_to(x, dev)"), dc_format("x = "));
    add(f, "dtype-mismatch", at("a.c", "v = dt_add"),
        "escapes: \"quoted\" back\\slash \x01 tab\t newline\n bad \xff utf-8 \xc3\xa9");
    add(f, "host-deref", at("a.c", "w = dt_add"), "same text, first");
    add(f, "host-deref", at("a.c", "        w = dt_add"), "same text, second");
    add(f, "memspace-mismatch", dc_loc_make("/no such dir/x#1.c", 4, 2), "outside the base");
    dc_findings_sort(f);
}

/* The value of the first "key": "..." at or after *from; *from moves past. */
static char *json_value(const char *json, const char *key, const char **from)
{
    char *pattern = dc_format("\"%s\": \"", key);
    const char *p = strstr(*from ? *from : json, pattern);
    char *value = NULL;
    if (p) {
        p += strlen(pattern);
        size_t n = strcspn(p, "\"");
        value = strndup(p, n);
        *from = p + n;
    }
    free(pattern);
    return value;
}

static void test_sarif_details(void)
{
    dc_findings f = {0};
    sample_findings(&f);
    char *out = sarif_of(&f);
    char cwd[PATH_MAX];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    char *base = dc_format("\"uri\": \"file://%s/\"", cwd);
    CHECK_STR_CONTAINS(out, base);
    char *rel = dc_format("\"uri\": \"%s/a.c\",\n", dir);
    CHECK_STR_CONTAINS(out, rel);
    CHECK_STR_CONTAINS(out, "\"uriBaseId\": \"%SRCROOT%\"");
    CHECK_STR_CONTAINS(out, "\"version\": \"2.1.0\"");
    CHECK_STR_CONTAINS(out, "\"ruleId\": \"discarded-transfer\",\n"
                            "          \"ruleIndex\": 1,\n"
                            "          \"level\": \"error\",\n");   /* the mistake's severity */
    /* outside the base: an absolute URI, %-encoded, and no uriBaseId */
    CHECK_STR_CONTAINS(out, "\"uri\": \"file:///no%20such%20dir/x%231.c\"\n");
    /* JSON escapes; UTF-8 as it is; a byte that is not UTF-8 as U+FFFD */
    CHECK_STR_CONTAINS(out, "\"text\": \"escapes: \\\"quoted\\\" back\\\\slash \\u0001 tab\\t "
                            "newline\\n bad \\ufffd utf-8 \xc3\xa9\"");
    /* columns in UTF-16 code units: é is one, U+1F600 two, for 2 and 4 bytes */
    char *column = dc_format("\"startLine\": %u,\n                  \"startColumn\": %u\n",
                             line_with("v = dt_add"), column_of("v = dt_add") - 3);
    CHECK_STR_CONTAINS(out, column);
    /* an insertion: an empty deleted region */
    char *insert = dc_format("\"deletedRegion\": {\n"
                             "                        \"startLine\": 5,\n"
                             "                        \"startColumn\": 5,\n"
                             "                        \"endLine\": 5,\n"
                             "                        \"endColumn\": 5\n");
    CHECK_STR_CONTAINS(out, insert);
    CHECK_STR_CONTAINS(out, "\"insertedContent\": {\n"
                            "                        \"text\": \"x = \"\n");
    CHECK_STR_CONTAINS(out, "\"text\": \"insert 'x = '\"");

    /* fingerprints: the two lines of the same text differ by occurrence only */
    const char *from = NULL;
    char *print[6];
    for (int i = 0; i < 6; i++) {
        print[i] = json_value(out, "primaryLocationLineHash", &from);
        CHECK(print[i] && strlen(print[i]) >= 18 && print[i][16] == ':');
    }
    /* sorted: outside the base ("/..."), then in a.c device-mismatch,
       discarded-transfer, dtype-mismatch, and the two host-derefs */
    CHECK(print[4] && print[5] && strncmp(print[4], print[5], 16) == 0);
    CHECK(print[4] && strcmp(print[4] + 16, ":1") == 0);
    CHECK(print[5] && strcmp(print[5] + 16, ":2") == 0);
    CHECK(print[1] && print[2] && strncmp(print[1], print[2], 16) != 0);
    for (int i = 0; i < 6; i++)
        free(print[i]);
    free(insert);
    free(column);
    free(rel);
    free(base);
    free(out);
    dc_findings_free(&f);
}

/* A fingerprint follows its line when lines above it come and go. */
static void test_fingerprint_stable(void)
{
    static const char *const before[] = {"a();", "  b = dt_add(x, y);"};
    static const char *const moved[] = {"a();", "", "// more", "\tb = dt_add(x, y);   "};
    char *path = path_of("moving.c");
    char *print[3];
    for (int i = 0; i < 3; i++) {
        write_lines("moving.c", i == 0 ? before : moved, i == 0 ? 2 : 4);
        dc_suppress_reset();        /* the file changed: read it again */
        dc_findings f = {0};
        add(&f, i == 2 ? "host-deref" : "device-mismatch", dc_loc_make(path, i ? 4 : 2, 3), "m");
        char *out = sarif_of(&f);
        const char *from = NULL;
        print[i] = json_value(out, "primaryLocationLineHash", &from);
        free(out);
        dc_findings_free(&f);
    }
    CHECK(print[0] && print[1] && strcmp(print[0], print[1]) == 0);
    CHECK(print[0] && print[2] && strcmp(print[0], print[2]) != 0);     /* another rule */
    for (int i = 0; i < 3; i++)
        free(print[i]);
    free(path);
}

static void test_sarif_empty(void)
{
    dc_findings none = {0};
    char *out = sarif_of(&none);
    CHECK_STR_CONTAINS(out, "\"results\": []\n");
    CHECK_STR_CONTAINS(out, "\"id\": \"unregistered-tensor\"");
    free(out);
}

/* ---- the run ------------------------------------------------------------------ */

static void remove_folder(void)
{
    static const char *const files[] = {"a.c", "block.c", "crlf.c", "moving.c", "nope.c",
                                        "fixme.c"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char *path = path_of(files[i]);
        unlink(path);
        free(path);
    }
    rmdir(dir);
}


/* The file at path as it is now, as the parse takes it. */
static dc_snapshot snapshot(const char *path)
{
    struct stat st;
    size_t len = 0;
    char *text = stat(path, &st) == 0 ? dc_read_file(path, &len) : NULL;
    dc_snapshot s = text ? dc_snapshot_of(&st, text, len) : (dc_snapshot){ 0 };
    free(text);
    return s;
}

/* --fix: fixes in order of position; the same fix twice applied once; one
   that overlaps an earlier one, or whose place the file no longer has, left
   out and said; the file otherwise rewritten whole. */
static void test_apply_fixes(void)
{
    static const char *const lines[] = {"dt_to(x, d);", "dt_to(y, d);", "done();"};
    write_lines("fixme.c", lines, 3);
    char *path = path_of("fixme.c");
    dc_findings f = {0};
    dc_finding *a = add(&f, "discarded-transfer", dc_loc_make(path, 1, 1), "m");
    dc_finding_fix(a, dc_loc_make(path, 1, 1), dc_loc_make(path, 1, 1), dc_format("x = "));
    dc_finding_fix(a, dc_loc_make(path, 1, 1), dc_loc_make(path, 1, 1), dc_format("x = "));
    dc_finding *b = add(&f, "discarded-transfer", dc_loc_make(path, 2, 1), "m");
    dc_finding_fix(b, dc_loc_make(path, 2, 1), dc_loc_make(path, 2, 6), dc_format("dt_pin"));
    dc_finding_fix(b, dc_loc_make(path, 2, 3), dc_loc_make(path, 2, 4), dc_format("??"));
    dc_finding_fix(b, dc_loc_make(path, 9, 1), dc_loc_make(path, 9, 1), dc_format("gone"));
    char *log = NULL;
    size_t loglen = 0;
    FILE *out = open_memstream(&log, &loglen);
    dc_snapshot seen = snapshot(path);
    CHECK(dc_apply_fixes(&f, &seen, 1, out) == 0);
    fclose(out);
    FILE *in = fopen(path, "r");
    char text[256] = "";
    size_t n = in ? fread(text, 1, sizeof text - 1, in) : 0;
    text[n] = '\0';
    if (in)
        fclose(in);
    CHECK_STR_EQ(text, "x = dt_to(x, d);\ndt_pin(y, d);\ndone();\n");
    CHECK_STR_CONTAINS(log, "fixme.c:2:3: fix not applied: it overlaps the fix at 2:1");
    CHECK_STR_CONTAINS(log, "fixme.c:9:1: fix not applied: the file no longer has its place");
    CHECK_STR_CONTAINS(log, "fixme.c: 2 fixes applied");
    free(log);
    free(path);
    dc_findings_free(&f);
}

int main(int argc, char **argv)
{
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    write_lines("a.c", sample, sizeof sample / sizeof sample[0]);
    if (argc == 2 && strcmp(argv[1], "--sarif") == 0) {
        dc_findings f = {0};
        sample_findings(&f);
        char cwd[PATH_MAX];
        dc_print_sarif(stdout, &f, getcwd(cwd, sizeof cwd), NULL, 0);
        dc_findings_free(&f);
        dc_suppress_reset();
        remove_folder();
        return 0;
    }
    RUN(test_rules_table);
    RUN(test_loc_interned);
    RUN(test_sort_and_repeats);
    RUN(test_drop);
    RUN(test_text_output);
    RUN(test_suppression);
    RUN(test_ignore_errors);
    RUN(test_block_marker_line);
    RUN(test_source_line);
    RUN(test_sarif_details);
    RUN(test_fingerprint_stable);
    RUN(test_sarif_empty);
    RUN(test_apply_fixes);
    dc_suppress_reset();
    remove_folder();
    return TEST_REPORT();
}
