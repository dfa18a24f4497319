/* JSON strings (json.h). */
#include "json.h"

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

void json_put_string(FILE *out, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    putc('"', out);
    for (size_t i = 0, len; i < n; i += len) {
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
