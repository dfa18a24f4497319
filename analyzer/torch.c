/*
 * devcheck --torch: the include folders a PyTorch extension is compiled
 * with, so that its files are read with no other flag: torch's, as
 * torch.utils.cpp_extension.include_paths() of the python3 on PATH gives
 * them (what BuildExtension passes), else Debian's libtorch-dev's; and
 * that python3's own (Python.h, which torch/extension.h includes).
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
    t->which = dc_format("%s; Python's headers: %s", torch,
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
