/*
 * A libclang cursor's place (where its macro expands) and name, as the
 * front end says them: lower.c's facts and unread.c's notes.
 */
#include "facts.h"

#include <stdio.h>

dc_loc cx_loc(CXCursor c)
{
    CXFile file;
    unsigned line, column;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &column, NULL);
    CXString name = clang_getFileName(file);
    dc_loc loc = dc_loc_make(clang_getCString(name), line, column);
    clang_disposeString(name);
    return loc;
}

void cx_spelling(CXCursor c, char *buf, size_t n)
{
    CXString s = clang_getCursorSpelling(c);
    snprintf(buf, n, "%s", clang_getCString(s));
    clang_disposeString(s);
}
