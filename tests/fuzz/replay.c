/*
 * The fuzz targets' inputs as ordinary tests, in every build: each file
 * named, or each file in each folder named, goes once through the target's
 * LLVMFuzzerTestOneInput (the seed corpus, and every input that ever made a
 * target fail).  A crash, a sanitizer's report or a hang fails the test.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, n = 0, got;
    uint8_t *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        uint8_t *more = (n += got) == cap ? realloc(buf, cap *= 2) : buf;
        if (!more)
            free(buf);
        buf = more;
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int replay(const char *path, int *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return ++*count, replay_file(path);
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return 1;
    }
    int failed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, e->d_name);
        failed |= replay(child, count);
    }
    closedir(d);
    return failed;
}

int main(int argc, char **argv)
{
    int failed = 0, count = 0;
    for (int i = 1; i < argc; i++)
        failed |= replay(argv[i], &count);
    printf("%d inputs replayed\n", count);
    return failed || count == 0;
}
