/*
 * Which rules are on.  A `.devcheck` file, found upward from the folder of
 * each finding's file (as clang-tidy finds `.clang-tidy`), says it for the
 * files below it:
 *
 *     # comments and blank lines are ignored
 *     rules: device-mismatch, host-deref     only these rules
 *     disable: dtype-mismatch                all but these
 *     cache: build/.devcheck-cache           the launchers' cache (launch.c)
 *
 * The command line's --rules and --disable come after it: --rules replaces
 * the file's set, --disable turns more off.  With neither, every rule is on.
 */
#include "devcheck.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
    unsigned only, off;             /* the command line's: only 0 means not given */
    struct answer {
        char *path;
        unsigned on;
    } *folders, *files;             /* what each folder, and each file, asked so
                                       far found: a file's folder is found by
                                       realpath, once */
    int nfolders, nfiles;
} config;

/* Reads a list of rule ids ("a, b c"; devtrace's kinds for them too) into *mask;
   0, or -1 with err. */
static int parse_rules(const char *list, unsigned *mask, char *err, size_t errlen)
{
    *mask = 0;
    for (const char *p = list; *p;) {
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        size_t n = strcspn(p, ", \t\r\n");
        if (!n)
            break;
        unsigned bit = dc_rule_bit(p, n);
        if (!bit) {
            char hint[96];
            mistake_hint(hint, sizeof hint, p, n, MISTAKE_RULE);
            snprintf(err, errlen, "unknown rule '%.*s' (%s)", (int)n, p,
                     *hint ? hint : "devcheck --list-rules");
            return -1;
        }
        *mask |= bit;
        p += n;
    }
    return 0;
}

int dc_config_command_line(const char *only, const char *off, char *err, size_t errlen)
{
    return (only && parse_rules(only, &config.only, err, errlen) != 0) ||
                   (off && parse_rules(off, &config.off, err, errlen) != 0)
               ? -1
               : 0;
}

/* A .devcheck file's rules; -1 with err when it says what devcheck cannot read. */
static int read_config(const char *path, FILE *in, unsigned *on, char *err, size_t errlen)
{
    char line[4096], why[512];
    for (int n = 1; fgets(line, sizeof line, in); n++) {
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            continue;
        unsigned mask;
        char *value = strchr(p, ':');
        size_t key = value ? (size_t)(value - p) : 0;
        if (value && key == 5 && !strncmp(p, "rules", 5) &&
            parse_rules(value + 1, &mask, why, sizeof why) == 0)
            *on = mask;
        else if (value && key == 7 && !strncmp(p, "disable", 7) &&
                 parse_rules(value + 1, &mask, why, sizeof why) == 0)
            *on &= ~mask;
        else if (value && key == 5 && !strncmp(p, "cache", 5))
            continue;               /* the launchers' (dc_config_cache) */
        else {
            snprintf(err, errlen, "%s:%d: %s", path, n,
                     value && (key == 5 || key == 7) ? why
                                                     : "expected 'rules: ...' or 'disable: ...' "
                                                       "(or the launchers' 'cache: DIR')");
            return -1;
        }
    }
    return 0;
}

/* Whether path's answer is known already: into *on. */
static bool known(const struct answer *v, int n, const char *path, unsigned *on)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(v[i].path, path))
            return *on = v[i].on, true;
    return false;
}

static struct answer *remember(struct answer *v, int *n, const char *path, unsigned on)
{
    v = dc_realloc(v, (size_t)(*n + 1) * sizeof *v);
    v[(*n)++] = (struct answer){dc_format("%s", path), on};
    return v;
}

/* The rules on in a folder, from the nearest .devcheck at or above it. */
static int folder_rules(const char *folder, unsigned *on, char *err, size_t errlen)
{
    if (known(config.folders, config.nfolders, folder, on))
        return 0;
    *on = ~0u;                      /* every rule */
    char *file = dc_format("%s/.devcheck", folder);
    FILE *in = fopen(file, "r");
    int status = 0;
    if (in) {
        status = read_config(file, in, on, err, errlen);
        fclose(in);
    } else if (strcmp(folder, "/") != 0) {
        char *parent = dc_format("%s", folder);
        char *slash = strrchr(parent, '/');
        slash[slash == parent ? 1 : 0] = '\0';
        status = folder_rules(parent, on, err, errlen);
        free(parent);
    }
    free(file);
    config.folders = remember(config.folders, &config.nfolders, folder, *on);
    return status;
}

int dc_config_rules(const char *file, unsigned *on, char *err, size_t errlen)
{
    int status = 0;
    if (!known(config.files, config.nfiles, file, on)) {
        char *abs = dc_absolute_path(file);
        char *slash = strrchr(abs, '/');
        slash[slash == abs ? 1 : 0] = '\0';
        status = folder_rules(abs, on, err, errlen);
        free(abs);
        config.files = remember(config.files, &config.nfiles, file, *on);
    }
    if (config.only)
        *on = config.only;
    *on &= ~config.off;
    return status;
}

bool dc_rule_on(unsigned on, const char *rule)
{
    return on & dc_rule_bit(rule, strlen(rule));
}

/* A .devcheck's `cache: DIR`, relative to its folder; fresh, or NULL. */
static char *cache_in(const char *folder, FILE *in)
{
    char line[4096];
    while (fgets(line, sizeof line, in)) {
        char *p = line + strspn(line, " \t");
        if (strncmp(p, "cache:", 6) != 0)
            continue;
        p += 6 + strspn(p + 6, " \t");
        p[strcspn(p, "\r\n")] = '\0';
        for (size_t n = strlen(p); n > 0 && isspace((unsigned char)p[n - 1]); n--)
            p[n - 1] = '\0';
        if (*p)
            return *p == '/' ? dc_format("%s", p) : dc_format("%s/%s", folder, p);
    }
    return NULL;
}

char *dc_config_cache(void)
{
    char *folder = getcwd(NULL, 0), *cache = NULL;
    while (folder && !cache) {
        char *file = dc_format("%s/.devcheck", strcmp(folder, "/") ? folder : "");
        FILE *in = fopen(file, "r");
        if (in) {
            cache = cache_in(folder, in);
            fclose(in);
        }
        free(file);
        char *slash = strrchr(folder, '/');
        if (!slash || !strcmp(folder, "/"))
            break;
        slash[slash == folder ? 1 : 0] = '\0';
    }
    free(folder);
    return cache;
}

void dc_config_reset(void)
{
    for (int i = 0; i < config.nfolders; i++)
        free(config.folders[i].path);
    for (int i = 0; i < config.nfiles; i++)
        free(config.files[i].path);
    free(config.folders);
    free(config.files);
    memset(&config, 0, sizeof config);
}
