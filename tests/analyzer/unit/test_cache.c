/*
 * The cache of units' facts (analyzer/cache.c): what it keeps it gives
 * back, for that unit only and while its files are unchanged; an entry that
 * does not check is a miss and is removed; runs at once never read half of
 * an entry; a cache that cannot be written says why.
 */
#include "devcheck.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

static char root[] = "/tmp/devcheck-cache-test-XXXXXX";
static char *dir, *src, *header;
static const char *const flags[] = { "-DX=1", "-Iinc" };
static const char *deps[2];

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

/* Puts the facts of a parse that began after the files were last written. */
static int put(const char *file, const char *const *fl, int nfl, const char *data)
{
    char *key = dc_cache_key(file, root, fl, nfl, "clang 19");
    int rc = dc_cache_put(dir, key, deps, 2, INT64_MAX, data, strlen(data));
    free(key);
    return rc;
}

/* What the cache gives back for a unit, as a string (fresh), or NULL. */
static char *get(const char *file, const char *const *fl, int nfl)
{
    size_t len;
    char *key = dc_cache_key(file, root, fl, nfl, "clang 19");
    char *data = dc_cache_get(dir, key, &len);
    free(key);
    if (!data)
        return NULL;
    char *s = dc_format("%.*s", (int)len, data);
    free(data);
    return s;
}

static bool hit(const char *file, const char *const *fl, int nfl, const char *want)
{
    char *got = get(file, fl, nfl);
    bool same = got && want && strcmp(got, want) == 0;
    free(got);
    return same ? true : !got && !want;
}

/* The one entry the cache holds (fresh), or NULL. */
static char *the_entry(void)
{
    char *path = NULL;
    char *cmd = dc_format("find %s -type f ! -name '.*'", dir);
    FILE *p = popen(cmd, "r");
    char line[4096];
    for (int n = 0; fgets(line, sizeof line, p); n++) {
        free(path);
        line[strcspn(line, "\n")] = 0;
        path = n == 0 ? dc_format("%s", line) : NULL;
    }
    pclose(p);
    free(cmd);
    return path;
}

static void reset(void)
{
    char *cmd = dc_format("rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    free(cmd);
    write_text(src, "#include \"a.h\"\nint main(void) { return A; }\n");
    write_text(header, "#define A 1\n");
}

static void test_hash64(void)
{
    /* XXH64's published values */
    CHECK(dc_hash64("", 0, 0) == 0xEF46DB3751D8E999u);
    CHECK(dc_hash64("abc", 3, 0) == 0x44BC2CF5AD770999u);
    const char *s = "Nobody inspects the spammish repetition";
    CHECK(dc_hash64(s, strlen(s), 0) == 0xFBCEA83C8A378BF1u);
    s = "0123456789abcdef0123456789abcdef0123456789";
    CHECK(dc_hash64(s, strlen(s), 0) == 0xA76190C3ACF08A1Cu);
    CHECK(dc_hash64(s, strlen(s), 1) == 0x2B8D7720869B31A6u);
}

static void test_round_trip(void)
{
    reset();
    CHECK(hit("a.c", flags, 2, NULL));
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    CHECK(hit("a.c", flags, 2, "facts of a.c"));
    /* the same file by its absolute path */
    CHECK(hit(src, flags, 2, "facts of a.c"));
    CHECK(put("a.c", flags, 2, "") == 0);
    CHECK(hit("a.c", flags, 2, ""));
    /* its name: two hex digits, a folder, then 30 */
    char *entry = the_entry();
    CHECK(entry && strlen(entry) == strlen(dir) + 1 + 2 + 1 + 30);
    free(entry);
}

static void test_other_units_miss(void)
{
    reset();
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    CHECK(hit("a.c", flags, 1, NULL));
    CHECK(hit("a.c", (const char *const[]){ "-DX=2", "-Iinc" }, 2, NULL));
    CHECK(hit("a.h", flags, 2, NULL));
    /* fields that read alike when joined are other keys */
    CHECK(hit("a.c", (const char *const[]){ "-DX=1\n-Iinc" }, 1, NULL));
    CHECK(put("a.c", (const char *const[]){ "-DX=1\n-Iinc" }, 1, "joined") == 0);
    CHECK(hit("a.c", flags, 2, "facts of a.c"));
}

/* An entry whose key is another version's, its checksum right: the
   names of two keys that collide; a miss. */
static void test_other_version_misses(void)
{
    reset();
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    char *entry = the_entry();
    size_t len;
    char *data = dc_read_file(entry, &len);
    /* the key's text begins after the magic and its length */
    char *version = data && len > 12 ? strstr(data + 12, "devcheck " DEVCHECK_VERSION) : NULL;
    CHECK(version != NULL);
    if (version) {
        version[9] = version[9] == '9' ? '8' : '9';
        uint64_t sum = dc_hash64(data, len - 8, 0);
        memcpy(data + len - 8, &sum, 8);
        CHECK(dc_write_atomic(entry, data, len) == 0);
        CHECK(hit("a.c", flags, 2, NULL));
    }
    free(data);
    free(entry);
}

static void set_mtime(const char *path, time_t sec)
{
    struct timespec t[2] = { { sec, 0 }, { sec, 0 } };
    CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
}

static void test_changed_files_miss(void)
{
    reset();
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    write_text(header, "#define A 22\n");
    CHECK(hit("a.c", flags, 2, NULL));
    /* the same bytes again, at another time: unchanged */
    write_text(header, "#define A 1\n");
    CHECK(hit("a.c", flags, 2, "facts of a.c"));
    /* a header gone */
    CHECK(unlink(header) == 0);
    CHECK(hit("a.c", flags, 2, NULL));
    /* a file whose deps are gone is not kept */
    CHECK(put("a.c", flags, 2, "facts of a.c") == 1);
    CHECK(hit("a.c", flags, 2, NULL));
}

/* A header changed while the parse ran (its time after the parse began,
   and not ahead of the clock): the facts may be of its old bytes, the
   hash would be of its new; nothing is kept. */
static void test_changed_during_parse(void)
{
    reset();
    char *key = dc_cache_key("a.c", root, flags, 2, "clang 19");
    int64_t since = dc_cache_clock();
    struct timespec at[2] = { { 0, UTIME_OMIT }, { since / 1000000000, since % 1000000000 } };
    CHECK(utimensat(AT_FDCWD, header, at, 0) == 0);
    CHECK(dc_cache_put(dir, key, deps, 2, since, "old facts", 9) == 1);
    CHECK(hit("a.c", flags, 2, NULL));
    /* the next parse, begun after the change, is kept */
    CHECK(dc_cache_put(dir, key, deps, 2, since + 2000000000, "new facts", 9) == 0);
    CHECK(hit("a.c", flags, 2, "new facts"));
    free(key);
}

/* A header dated an hour ahead of the clock (an archive's times, another
   machine's clock): its time says nothing of a change during the parse,
   and would be "recent" for an hour; the unit is kept all the same, the
   header hashed on each read, so a change of the same size at the same
   time is seen. */
static void test_future_header_kept(void)
{
    reset();
    char *key = dc_cache_key("a.c", root, flags, 2, "clang 19");
    int64_t since = dc_cache_clock();
    time_t ahead = (time_t)(since / 1000000000) + 3600;
    set_mtime(src, 1000000000);
    set_mtime(header, ahead);
    CHECK(dc_cache_put(dir, key, deps, 2, since, "facts", 5) == 0);
    CHECK(hit("a.c", flags, 2, "facts"));
    write_text(header, "#define A 2\n");
    set_mtime(header, ahead);
    CHECK(hit("a.c", flags, 2, NULL));
    free(key);
}

/* The mode of path, less its type. */
static mode_t mode_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? st.st_mode & 07777 : (mode_t)-1;
}

/* Entries and their folders have the modes the umask gives, as any file
   the user makes: a group can share a cache (umask 002), and a private
   one stays private (077); not mkstemp's 0600 for every entry. */
static void test_entries_follow_umask(void)
{
    const struct {
        mode_t umask, file, folder;
    } cases[] = { { 002, 0664, 0775 }, { 077, 0600, 0700 }, { 022, 0644, 0755 } };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        reset();
        mode_t old = umask(cases[i].umask);
        CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
        umask(old);
        char *entry = the_entry(), *folder = dc_format("%s", entry ? entry : "");
        *strrchr(folder, '/') = 0;
        CHECK(entry && mode_of(entry) == cases[i].file);
        CHECK(mode_of(folder) == cases[i].folder && mode_of(dir) == cases[i].folder);
        free(folder);
        free(entry);
    }
}

/* A change of the same size at the same time: caught while the file's
   change was recent when the entry was written (its time untrusted), not
   after (size and time are trusted: the fast path). */
static void test_same_size_and_time(void)
{
    reset();
    struct stat st;
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    CHECK(stat(header, &st) == 0);
    write_text(header, "#define A 2\n");
    struct timespec t[2] = { st.st_mtim, st.st_mtim };
    CHECK(utimensat(AT_FDCWD, header, t, 0) == 0);
    CHECK(hit("a.c", flags, 2, NULL));

    reset();
    set_mtime(header, 1000000000);
    set_mtime(src, 1000000000);
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    write_text(header, "#define A 2\n");
    set_mtime(header, 1000000000);
    CHECK(hit("a.c", flags, 2, "facts of a.c"));
}

/* The entry's bytes changed by damage(data, len) and written back: a miss,
   and the entry is gone. */
static void check_damaged(void (*damage)(char *data, size_t *len), int line)
{
    reset();
    CHECK_AT(__FILE__, line, put("a.c", flags, 2, "facts of a.c") == 0);
    char *entry = the_entry();
    size_t len;
    char *data = dc_read_file(entry, &len);
    damage(data, &len);
    CHECK_AT(__FILE__, line, dc_write_atomic(entry, data, len) == 0);
    CHECK_AT(__FILE__, line, hit("a.c", flags, 2, NULL));
    CHECK_AT(__FILE__, line, access(entry, F_OK) != 0 && errno == ENOENT);
    CHECK_AT(__FILE__, line, put("a.c", flags, 2, "facts of a.c") == 0);
    CHECK_AT(__FILE__, line, hit("a.c", flags, 2, "facts of a.c"));
    free(data);
    free(entry);
}

static void truncate_it(char *data, size_t *len) { (void)data, *len -= 5; }
static void flip_a_byte(char *data, size_t *len) { data[*len / 2] ^= 0x10; }
static void foreign(char *data, size_t *len) { *len = (size_t)sprintf(data, "#!/bin/sh\n"); }
static void empty(char *data, size_t *len) { (void)data, *len = 0; }

static void test_damaged_entries_miss(void)
{
    check_damaged(truncate_it, __LINE__);
    check_damaged(flip_a_byte, __LINE__);
    check_damaged(foreign, __LINE__);
    check_damaged(empty, __LINE__);
}

/* A FIFO in an entry's place: a miss, not a read that waits for a writer
   (a child, so that a wait ends in its alarm, not in the test's). */
static void test_fifo_in_place_misses(void)
{
    reset();
    CHECK(put("a.c", flags, 2, "facts of a.c") == 0);
    char *entry = the_entry();
    CHECK(unlink(entry) == 0 && mkfifo(entry, 0600) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(10);
        _exit(hit("a.c", flags, 2, NULL) ? 0 : 1);
    }
    int status;
    CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
    unlink(entry);
    free(entry);
}

enum { PUTS = 200, BIG = 100000 };

/* Writers 'a' and 'b' put one key PUTS times, each its own value (of its
   own size), while a reader gets it: the reader sees nothing, or one of
   the two whole. */
static void writer(char c, size_t n)
{
    char *value = dc_realloc(NULL, n + 1);
    memset(value, c, n);
    value[n] = 0;
    for (int i = 0; i < PUTS; i++)
        if (put("a.c", flags, 2, value) != 0)
            _exit(1);
    _exit(0);
}

static bool is_written(const char *data, size_t len)
{
    size_t want = len == BIG ? BIG : BIG / 2 + 7;
    char c = len == BIG ? 'a' : 'b';
    if (len != want)
        return false;
    for (size_t i = 0; i < len; i++)
        if (data[i] != c)
            return false;
    return true;
}

static void test_concurrent_puts(void)
{
    reset();
    pid_t a = fork();
    if (a == 0)
        writer('a', BIG);
    pid_t b = fork();
    if (b == 0)
        writer('b', BIG / 2 + 7);
    int bad = 0, hits = 0, status;
    bool done_a = false, done_b = false;
    char *key = dc_cache_key("a.c", root, flags, 2, "clang 19");
    while (!done_a || !done_b) {
        size_t len;
        char *data = dc_cache_get(dir, key, &len);
        hits += data != NULL;
        bad += data && !is_written(data, len);
        free(data);
        done_a = done_a || waitpid(a, &status, WNOHANG) == a;
        done_b = done_b || waitpid(b, &status, WNOHANG) == b;
    }
    CHECK(bad == 0);
    size_t len;
    char *data = dc_cache_get(dir, key, &len);
    CHECK(data && is_written(data, len));
    free(data);
    free(key);
    /* and no temporary file left behind */
    char *cmd = dc_format("test $(find %s -type f | wc -l) = 1", dir);
    CHECK(system(cmd) == 0);
    free(cmd);
    printf("concurrent puts: %d hits\n", hits);
}

static void test_unwritable_cache(void)
{
    reset();
    /* root writes where the mode says no: a folder under a file fails for all */
    char *under_file = dc_format("%s/cache", src), *key = dc_cache_key("a.c", root, flags, 2, "clang 19");
    errno = 0;
    CHECK(dc_cache_put(under_file, key, deps, 2, INT64_MAX, "x", 1) == -1);
    CHECK(errno == ENOTDIR);
    size_t len;
    CHECK(dc_cache_get(under_file, key, &len) == NULL);
    free(under_file);
    errno = 0;
    CHECK(dc_cache_put("/proc/devcheck-cache", key, deps, 2, INT64_MAX, "x", 1) == -1);
    CHECK(errno != 0);
    free(key);
}

int main(void)
{
    if (!mkdtemp(root))
        return perror("mkdtemp"), 2;
    dir = dc_format("%s/deep/cache", root);
    src = dc_format("%s/a.c", root);
    header = dc_format("%s/a.h", root);
    deps[0] = src;
    deps[1] = header;
    RUN(test_hash64);
    RUN(test_round_trip);
    RUN(test_other_units_miss);
    RUN(test_other_version_misses);
    RUN(test_changed_files_miss);
    RUN(test_changed_during_parse);
    RUN(test_same_size_and_time);
    RUN(test_future_header_kept);
    RUN(test_entries_follow_umask);
    RUN(test_damaged_entries_miss);
    RUN(test_fifo_in_place_misses);
    RUN(test_concurrent_puts);
    RUN(test_unwritable_cache);
    char *cmd = dc_format("rm -rf %s", root);
    if (system(cmd) != 0)
        perror(cmd);
    free(cmd);
    free(dir);
    free(src);
    free(header);
    return TEST_REPORT();
}
