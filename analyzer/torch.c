/*
 * devcheck --torch: the include folders a PyTorch extension is compiled
 * with, so that its files are read with no other flag: torch's, as
 * torch.utils.cpp_extension.include_paths() of the python3 on PATH gives
 * them (what BuildExtension passes), else Debian's libtorch-dev's; and
 * that python3's own (Python.h, which torch/extension.h includes); and
 * the define c10's CUDA headers want where a generated header is missing.
 */
#include "devcheck.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Says a line a folder: "python DIR", "torch VERSION DIR", "include DIR". */
static const char script[] =
    "python3 -c \""
    "import sysconfig\n"
    "print('python', sysconfig.get_paths()['include'])\n"
    "import torch, torch.utils.cpp_extension as c\n"
    "print('torch', torch.__version__, torch.__path__[0])\n"
    "[print('include', p) for p in c.include_paths()]\n"
    "\" 2>/dev/null";

/* Debian's libtorch-dev: torch/torch.h under its API folder, and
   ATen/c10 in /usr/include, which the parse reads anyway. */
static const char libtorch_api[] = "/usr/include/torch/csrc/api/include";

static void add(dc_torch *t, const char *flag, const char *dir)
{
    t->flags = dc_realloc(t->flags, (size_t)(t->n + 1) * sizeof *t->flags);
    t->flags[t->n++] = dc_format("%s%s", flag, dir);
}

/* Reads python3's lines into t, and its include folder into *python;
   false when it gave no torch. */
static bool from_python(dc_torch *t, char **python)
{
    FILE *in = popen(script, "r");
    char line[4096];
    bool torch = false;
    while (in && fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = '\0';
        char *value = strchr(line, ' ');
        if (!value)
            continue;
        *value++ = '\0';
        if (strcmp(line, "python") == 0 && !*python)
            *python = dc_format("%s", value);
        if (strcmp(line, "python") == 0 || strcmp(line, "include") == 0)
            add(t, "-I", value);
        else if (strcmp(line, "torch") == 0) {
            size_t n = strcspn(value, " ");
            free(t->which);
            t->which = dc_format("torch %.*s of python3 (%s)", (int)n, value, value + n + !!value[n]);
            torch = true;
        }
    }
    if (in)
        pclose(in);
    return torch;
}

/* Whether folder dir of a -I flag (or /usr/include) holds file. */
static bool torch_has(const dc_torch *t, const char *file)
{
    bool found = false;
    for (int i = -1; i < t->n && !found; i++) {
        if (i >= 0 && strncmp(t->flags[i], "-I", 2) != 0)
            continue;
        char *path = dc_format("%s/%s", i < 0 ? "/usr/include" : t->flags[i] + 2, file);
        found = access(path, R_OK) == 0;
        free(path);
    }
    return found;
}

/* c10's CUDA headers include cuda_cmake_macros.h, which torch's CMake
   generates and Debian's libtorch-dev lacks: there, the headers' own
   switch for its absence, or every file that reaches them (ATen/cuda/,
   c10/cuda/) stops at the missing include. */
static const char *cuda_macros(dc_torch *t)
{
    if (!torch_has(t, "c10/cuda/CUDAMacros.h") || torch_has(t, "c10/cuda/impl/cuda_cmake_macros.h"))
        return "";
    add(t, "-D", "C10_CUDA_NO_CMAKE_CONFIGURE_FILE");
    return "; -DC10_CUDA_NO_CMAKE_CONFIGURE_FILE (its c10/cuda/impl/cuda_cmake_macros.h is missing)";
}

int dc_torch_flags(dc_torch *t, char **err)
{
    char *python = NULL, *torch;
    *t = (dc_torch){0};
    if (from_python(t, &python))
        torch = t->which;
    else if (access(libtorch_api, R_OK) == 0) {
        add(t, "-I", libtorch_api);
        torch = dc_format("libtorch-dev's headers (%s): python3 on PATH has no torch", libtorch_api);
    } else {
        dc_torch_free(t);
        free(python);
        *err = dc_format("--torch: no torch: python3 on PATH cannot import torch, and there is "
                         "no libtorch-dev (%s)", libtorch_api);
        return -1;
    }
    const char *macros = cuda_macros(t);
    t->which = dc_format("%s%s; Python's headers: %s", torch, macros,
                         python ? python : "none (no python3 on PATH)");
    free(torch);
    free(python);
    return 0;
}

void dc_torch_free(dc_torch *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->flags[i]);
    free(t->flags);
    free(t->which);
    *t = (dc_torch){0};
}
