/* JSON strings, documents and URIs (json.h). */
#include "json.h"

#include <string.h>

size_t json_utf8_sequence(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : s[0] < 0xc2 ? 0 : s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3
               : s[0] < 0xf5 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    unsigned char lo = s[0] == 0xe0 ? 0xa0 : s[0] == 0xf0 ? 0x90 : 0x80;
    unsigned char hi = s[0] == 0xed ? 0x9f : s[0] == 0xf4 ? 0x8f : 0xbf;
    for (size_t i = 1; i < len; i++, lo = 0x80, hi = 0xbf)
        if (s[i] < lo || s[i] > hi)
            return 0;
    return len;
}

char json_short_escape(unsigned char c)
{
    static const char letters[0x20] = {
        ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't',
    };
    return c < 0x20 ? letters[c] : 0;
}

size_t json_printable(char *out, const char *str, size_t n, bool keep_tabs)
{
    const unsigned char *s = (const unsigned char *)str;
    char *o = out;
    for (size_t i = 0, len; i < n; i += len) {
        len = json_utf8_sequence(s + i, n - i);
        bool c1 = len == 2 && s[i] == 0xc2 && s[i + 1] < 0xa0;     /* U+0080..U+009F */
        if (len == 0 || c1 || s[i] < 0x20 || s[i] == 0x7f) {
            if (s[i] == '\t' && keep_tabs)
                *o++ = '\t';
            else if (json_short_escape(s[i]))
                o += sprintf(o, "\\%c", json_short_escape(s[i]));
            else
                o += sprintf(o, c1 ? "\\u%04x" : "\\x%02x", c1 ? s[i + 1] : s[i]);
            len = len ? len : 1;
        } else {
            memcpy(o, s + i, len);
            o += len;
        }
    }
    *o = '\0';
    return (size_t)(o - out);
}

void json_put_string(FILE *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    putc('"', out);
    for (size_t i = 0, len; i < n; i += len) {
        size_t plain = i;       /* the bytes that go out as they are, in one write */
        while (plain < n && s[plain] >= 0x20 && s[plain] < 0x80 && s[plain] != '"' && s[plain] != '\\')
            plain++;
        fwrite(s + i, 1, plain - i, out);
        if ((i = plain) == n)
            break;
        len = json_utf8_sequence(s + i, n - i);
        if (len == 0) {
            fputs("\\ufffd", out);
            len = 1;
        } else if (s[i] == '"' || s[i] == '\\') {
            fprintf(out, "\\%c", s[i]);
        } else if (json_short_escape(s[i])) {
            fprintf(out, "\\%c", json_short_escape(s[i]));
        } else if (s[i] < 0x20) {
            fprintf(out, "\\u%04x", s[i]);
        } else {
            fwrite(s + i, 1, len, out);
        }
    }
    putc('"', out);
}

void j_item(json *j, const char *key)
{
    if (j->depth > 0)
        fputs(j->first ? "\n" : ",\n", j->out);
    fprintf(j->out, "%*s", 2 * j->depth, "");
    if (key) {
        json_put_string(j->out, key, strlen(key));
        fputs(": ", j->out);
    }
    j->first = false;
}

void j_open(json *j, const char *key, char bracket)
{
    j_item(j, key);
    putc(bracket, j->out);
    j->depth++;
    j->first = true;
}

void j_close(json *j, char bracket)
{
    j->depth--;
    if (!j->first)
        fprintf(j->out, "\n%*s", 2 * j->depth, "");
    putc(bracket, j->out);
    j->first = false;
}

void j_string(json *j, const char *key, const char *value)
{
    j_item(j, key);
    json_put_string(j->out, value, strlen(value));
}

void j_uint(json *j, const char *key, unsigned long value)
{
    j_item(j, key);
    fprintf(j->out, "%lu", value);
}

void j_bool(json *j, const char *key, bool value)
{
    j_item(j, key);
    fputs(value ? "true" : "false", j->out);
}

void j_message(json *j, const char *key, const char *text)
{
    j_open(j, key, '{');
    j_string(j, "text", text);
    j_close(j, '}');
}

void j_sarif_tool(json *j, const char *name, const char *version)
{
    j_open(j, "tool", '{');
    j_open(j, "driver", '{');
    j_string(j, "name", name);
    j_string(j, "version", version);
    j_open(j, "rules", '[');
}

void j_sarif_rule(json *j, const char *id, const char *summary, const char *level)
{
    j_open(j, NULL, '{');
    j_string(j, "id", id);
    j_message(j, "shortDescription", summary);
    j_open(j, "defaultConfiguration", '{');
    j_string(j, "level", level);
    j_close(j, '}');
    j_close(j, '}');
}

void j_sarif_tool_end(json *j)
{
    j_close(j, ']');
    j_close(j, '}');
    j_close(j, '}');
}

void j_codequality_issue(json *j, const codequality_issue *issue)
{
    j_open(j, NULL, '{');
    j_string(j, "type", "issue");
    j_string(j, "check_name", issue->rule);
    j_string(j, "description", issue->description);
    j_string(j, "severity", issue->severity);
    j_string(j, "fingerprint", issue->fingerprint);
    j_open(j, "location", '{');
    j_string(j, "path", issue->path);
    j_open(j, "lines", '{');
    j_uint(j, "begin", issue->line);
    j_close(j, '}');
    j_close(j, '}');
    j_close(j, '}');
}

size_t json_uri_size(const char *prefix, const char *path)
{
    return strlen(prefix) + 3 * strlen(path) + 1;
}

void json_uri_encode(char *uri, const char *prefix, const char *path)
{
    static const char keep[] = "-._~/!$&'()*+,;=@";
    size_t plen = strlen(prefix);
    char *o = uri + plen;
    memcpy(uri, prefix, plen);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
            || strchr(keep, *p))
            *o++ = (char)*p;
        else
            o += sprintf(o, "%%%02X", *p);
    }
    *o = '\0';
}
