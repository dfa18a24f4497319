/*
 * parse_only: what devcheck's front end alone costs.  Parses each FILE with
 * libclang the way analyzer/frontend.c does (one index, the same flags,
 * CXTranslationUnit_KeepGoing), reads its diagnostics, and analyzes nothing.
 * bench/analyzer.sh builds it and times it beside devcheck, so that
 * devcheck's time splits into parsing and analysis.
 *
 *   parse_only FILE... -- FLAGS...
 *
 * Exit status: 0, or 1 when a file has errors (said on stderr).
 */
#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int nfiles = 1, errors = 0;
    while (nfiles < argc && strcmp(argv[nfiles], "--") != 0)
        nfiles++;
    const char *const *flags = (const char *const *)argv + nfiles + 1;
    int nflags = nfiles < argc ? argc - nfiles - 1 : 0;
    CXIndex index = clang_createIndex(0, 0);
    for (int i = 1; i < nfiles; i++) {
        CXTranslationUnit tu;
        if (clang_parseTranslationUnit2(index, argv[i], flags, nflags, NULL, 0,
                                        CXTranslationUnit_KeepGoing, &tu) != CXError_Success) {
            fprintf(stderr, "parse_only: %s: libclang could not parse it\n", argv[i]);
            errors++;
            continue;
        }
        for (unsigned k = 0, n = clang_getNumDiagnostics(tu); k < n; k++) {
            CXDiagnostic d = clang_getDiagnostic(tu, k);
            if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
                CXString s = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
                fprintf(stderr, "%s\n", clang_getCString(s));
                clang_disposeString(s);
                errors++;
            }
            clang_disposeDiagnostic(d);
        }
        clang_disposeTranslationUnit(tu);
    }
    clang_disposeIndex(index);
    return errors ? 1 : 0;
}
