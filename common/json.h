/*
 * JSON out of C, for devtrace's json, trace and SARIF formats and devcheck's
 * SARIF: strings, where UTF-8 passes as it
 * is, bytes that are not UTF-8 become U+FFFD (a JSON text must be Unicode)
 * and control characters are escaped; a writer of indented documents; and
 * paths as URIs.
 */
#ifndef DEVTRACE_JSON_H
#define DEVTRACE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
   forms, no surrogates, nothing past U+10FFFF) within n bytes, or 0. */
size_t json_utf8_sequence(const unsigned char *s, size_t n);
/* The letter of a control character's one-letter escape (\n, \t, ...), or 0. */
char json_short_escape(unsigned char c);
/* s (n bytes) with its control characters and the bytes that are not
   UTF-8 spelled as escapes (\n, \x1b, \u009b), tabs kept where keep_tabs:
   text that cannot drive a terminal.  out holds 4 n + 1 bytes; returns the
   length written. */
size_t json_printable(char *out, const char *s, size_t n, bool keep_tabs);
/* s (n bytes) as a quoted JSON string. */
void json_put_string(FILE *out, const char *s, size_t n);

/* A writer of indented JSON: each value on its line, commas between.  A
   NULL key is an array's element (or the document). */
typedef struct {
    FILE *out;
    int depth;
    bool first;                     /* nothing yet in the innermost object or array */
} json;

/* Starts a value: the comma after the one before, a new line, the
   indentation, and the key when the value is an object's member. */
void j_item(json *j, const char *key);
/* An object ('{') or an array ('['), and its end. */
void j_open(json *j, const char *key, char bracket);
void j_close(json *j, char bracket);
void j_string(json *j, const char *key, const char *value);
void j_uint(json *j, const char *key, unsigned long value);
void j_bool(json *j, const char *key, bool value);
/* SARIF's message object: {"text": ...} */
void j_message(json *j, const char *key, const char *text);
/* SARIF's tool: j_sarif_tool opens tool.driver (name, version) and its
   rules array, j_sarif_rule adds one, j_sarif_tool_end closes them. */
void j_sarif_tool(json *j, const char *name, const char *version);
void j_sarif_rule(json *j, const char *id, const char *summary, const char *level);
void j_sarif_tool_end(json *j);
/* One issue of GitLab's Code Quality report: the fields GitLab reads, the
   severity as GitLab says it (mistake_gitlab_severity), the path relative
   to the project. */
typedef struct {
    const char *rule, *description, *severity, *fingerprint, *path;
    unsigned long line;
} codequality_issue;
void j_codequality_issue(json *j, const codequality_issue *issue);

/* A path as URI text (RFC 3986) after prefix (say "file://"): unreserved
   characters, sub-delimiters and slashes as they are, every other byte
   %-encoded (':' too, which would make a relative reference's first segment
   read as a scheme).  json_uri_size says how many bytes uri needs. */
size_t json_uri_size(const char *prefix, const char *path);
void json_uri_encode(char *uri, const char *prefix, const char *path);

#endif /* DEVTRACE_JSON_H */
