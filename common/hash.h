/*
 * FNV-1a, the one hash of short texts that every part uses: interned names
 * and hash tables' keys in devcheck and the shim, and SARIF's fingerprints
 * (whose values a baseline keeps across versions: the function is fixed).
 * Inline: it is on the analyzer's per-call lookups.
 */
#ifndef DEVCHECK_HASH_H
#define DEVCHECK_HASH_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_START 0xcbf29ce484222325u

/* h (FNV1A_START at first) and n more bytes */
static inline uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *s = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * 0x100000001b3u;
    return h;
}

/* a string's hash, up to its NUL */
static inline uint64_t fnv1a_string(const char *s)
{
    uint64_t h = FNV1A_START;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

/* h and a line without its blanks at either end, so that a line
   re-indented keeps its hash */
static inline uint64_t fnv1a_trimmed(uint64_t h, const char *line, size_t len)
{
    while (len > 0 && (*line == ' ' || *line == '\t'))
        line++, len--;
    while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
        len--;
    return fnv1a(h, line, len);
}

#endif
