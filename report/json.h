/*
 * JSON strings out of C strings, for devtrace's json format and devcheck's
 * SARIF (analyzer/ builds this file too): UTF-8 passes as it is, bytes that
 * are not UTF-8 become U+FFFD (a JSON text must be Unicode), control
 * characters are escaped.
 */
#ifndef DEVTRACE_JSON_H
#define DEVTRACE_JSON_H

#include <stddef.h>
#include <stdio.h>

/* The length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
   forms, no surrogates, nothing past U+10FFFF) within n bytes, or 0. */
size_t json_utf8_sequence(const unsigned char *s, size_t n);
/* The letter of a control character's one-letter escape (\n, \t, ...), or 0. */
char json_short_escape(unsigned char c);
/* s (n bytes) as a quoted JSON string. */
void json_put_string(FILE *out, const char *s, size_t n);

#endif /* DEVTRACE_JSON_H */
