# devcheck for teams, one behaviour per MODE, in a scratch folder WORK:
#   cmake -DDEVCHECK=PATH -DWORK=DIR
#         -DMODE=baseline|fix|rules|config|dirs|usage|ignores|summary|same_file
#         -P team.cmake
# A source with two findings: a dropped dt_to (line 7, with a fix-it) and a
# host read of device memory (line 15).
file(READ ${CMAKE_CURRENT_LIST_DIR}/team_source.c source)

# devcheck ARGS... in WORK: sets status, out, err
function(devcheck)
  execute_process(COMMAND ${DEVCHECK} ${ARGN} WORKING_DIRECTORY ${WORK}
                  RESULT_VARIABLE s OUTPUT_VARIABLE o ERROR_VARIABLE e)
  set(status "${s}" PARENT_SCOPE)
  set(out "${o}" PARENT_SCOPE)
  set(err "${e}" PARENT_SCOPE)
endfunction()

# expect(STATUS RULES...): the last run exited STATUS with findings of
# exactly these rules, in order ("none" for none)
function(expect want)
  string(REGEX MATCHALL "\\[devcheck-[a-z-]+\\]" got "${out}")
  string(REGEX REPLACE "\\[devcheck-([a-z-]+)\\]" "\\1" got "${got}")
  if(NOT got)
    set(got none)
  endif()
  if(NOT status STREQUAL "${want}" OR NOT "${got}" STREQUAL "${ARGN}")
    message(FATAL_ERROR "${MODE}: expected exit ${want} with ${ARGN}, got exit ${status} with "
                        "${got}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/a.c "${source}")

if(MODE STREQUAL "baseline")
  devcheck(--write-baseline known.txt a.c)
  expect(0 discarded-transfer host-deref)             # written, and said, and exit 0
  devcheck(--baseline known.txt a.c)
  expect(0 none)
  # lines move and a new mistake comes: only the new one is reported
  string(REPLACE "float g(void)" "/* moved */\n\n\nfloat g(void)" moved "${source}")
  file(WRITE ${WORK}/a.c "${moved}float h(void)\n{\n    float *e = NULL;\n"
                         "    cudaMalloc((void **)&e, 4);\n    return e[0];\n}\n")
  devcheck(--baseline known.txt a.c)
  expect(1 host-deref)
  if(NOT out MATCHES "a.c:24:12: error")
    message(FATAL_ERROR "baseline: the new finding is not the one at line 24:\n${out}")
  endif()
  # devcheck's own SARIF serves as a baseline too
  devcheck(--format sarif a.c)
  file(WRITE ${WORK}/known.sarif "${out}")
  devcheck(--baseline known.sarif a.c)
  expect(0 none)
  devcheck(--baseline missing.txt a.c)
  expect(2 discarded-transfer host-deref host-deref)
  if(NOT err MATCHES "baseline missing.txt: No such file")
    message(FATAL_ERROR "baseline: a missing baseline is not said:\n${err}")
  endif()
  # a baseline named where a source or another input goes (the baseline's
  # name forgotten: --write-baseline a.c b.c; --baseline *.c) is refused,
  # the file untouched: a.c was overwritten with the baseline, exit 0
  file(WRITE ${WORK}/b.c "${source}")
  file(WRITE ${WORK}/b.h "int b;\n")
  file(WRITE ${WORK}/model.txt "# no entries\n")
  file(CREATE_LINK a.c ${WORK}/link.txt SYMBOLIC)
  file(CREATE_LINK ${WORK}/a.c ${WORK}/hard.txt)
  foreach(case "--write-baseline;a.c;b.c@a.c: a source \\(by its name\\)"
               "--baseline;a.c;b.c@a.c: a source \\(by its name\\)"
               "--write-baseline;b.h;a.c@b.h: a source"
               "--write-baseline;link.txt;a.c@link.txt: a file to analyze"
               "--write-baseline;hard.txt;a.c@hard.txt: a file to analyze"
               "--model;model.txt;--write-baseline;model.txt;a.c@model.txt: a model file")
    string(REPLACE "@" ";" case "${case}")
    list(POP_BACK case said)
    file(READ ${WORK}/a.c a_before)
    file(READ ${WORK}/b.h h_before)
    file(READ ${WORK}/model.txt model_before)
    devcheck(${case})
    expect(2 none)
    file(READ ${WORK}/a.c a_after)
    file(READ ${WORK}/b.h h_after)
    file(READ ${WORK}/model.txt model_after)
    if(NOT err MATCHES "^devcheck: ${said}[^\n]*, not a baseline: --[a-z-]+ refused\n$"
       OR NOT a_before STREQUAL a_after OR NOT h_before STREQUAL h_after
       OR NOT model_before STREQUAL model_after)
      message(FATAL_ERROR "baseline: ${case}: not refused, or a file written:\n${err}")
    endif()
  endforeach()
elseif(MODE STREQUAL "fix")
  file(CHMOD ${WORK}/a.c PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ)
  devcheck(--fix a.c)
  expect(1 discarded-transfer host-deref)
  file(READ ${WORK}/a.c fixed)
  string(REPLACE "    dt_to(x, dt_cuda(0));" "    x = dt_to(x, dt_cuda(0));" want "${source}")
  if(NOT fixed STREQUAL want OR NOT err MATCHES "a.c: 1 fix applied")
    message(FATAL_ERROR "fix: the file is not fixed as it should be:\n${fixed}\nstderr:\n${err}")
  endif()
  file(GLOB left ${WORK}/*)
  execute_process(COMMAND stat -c %a ${WORK}/a.c OUTPUT_VARIABLE mode
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT left STREQUAL "${WORK}/a.c" OR NOT mode STREQUAL "640")
    message(FATAL_ERROR "fix: left ${left}, mode ${mode} (not 640)")
  endif()
  devcheck(a.c)
  expect(1 host-deref)                                # the fixed finding is gone
elseif(MODE STREQUAL "rules")
  devcheck(--list-rules)                              # with severity and devtrace's names
  if(NOT out MATCHES "\nmemspace-mismatch +error +Host memory [^\n]*\\. \\(devtrace: host_pointer_kernel_arg, host_memory_as_device\\)\n"
     OR NOT out MATCHES "\ndiscarded-transfer +error +[^\n]*where it was\\.\n")     # none
    message(FATAL_ERROR "rules: --list-rules does not say severities and kinds:\n${out}")
  endif()
  devcheck(--rules host-deref a.c)
  expect(1 host-deref)
  devcheck(--disable host-deref a.c)
  expect(1 discarded-transfer)
  devcheck(--rules "discarded-transfer,host-deref" --disable discarded-transfer a.c)
  expect(1 host-deref)
  devcheck(--rules nope a.c)
  expect(2 none)
  if(NOT err MATCHES "^devcheck: unknown rule 'nope' \\(devcheck --list-rules\\)\nTry 'devcheck --help' for more information.\n$")
    message(FATAL_ERROR "rules: not a short usage error:\n${err}")
  endif()
  devcheck(--disable host_deref_device a.c)          # devtrace's name for it
  expect(1 discarded-transfer)
  devcheck(--disable leak a.c)
  expect(2 none)
  if(NOT err MATCHES "^devcheck: unknown rule 'leak' \\(a kind of devtrace's: devcheck has no rule for it\\)\n")
    message(FATAL_ERROR "rules: a kind of devtrace's only is not said so:\n${err}")
  endif()
  devcheck(--rules host-deref,memcpy-directon a.c)
  expect(2 none)
  if(NOT err MATCHES "^devcheck: unknown rule 'memcpy-directon' \\(did you mean 'memcpy-direction'\\?\\)\n")
    message(FATAL_ERROR "rules: a near miss is not said:\n${err}")
  endif()
elseif(MODE STREQUAL "config")
  file(MAKE_DIRECTORY ${WORK}/sub/deeper)
  file(RENAME ${WORK}/a.c ${WORK}/sub/deeper/a.c)
  file(WRITE ${WORK}/sub/.devcheck "# this folder's rules\n\ndisable: host-deref\n")
  devcheck(sub/deeper/a.c)
  expect(1 discarded-transfer)
  devcheck(--rules host-deref sub/deeper/a.c)         # the command line comes after
  expect(1 host-deref)
  file(WRITE ${WORK}/sub/deeper/.devcheck "rules: host-deref, memcpy-direction\n")
  devcheck(sub/deeper/a.c)                            # the nearest file wins
  expect(1 host-deref)
  file(WRITE ${WORK}/sub/deeper/.devcheck "rules: host-deref\nfrobnicate: yes\n")
  devcheck(sub/deeper/a.c)
  expect(2 host-deref)
  if(NOT err MATCHES "deeper/\\.devcheck:2: expected 'rules: \\.\\.\\.' or 'disable: \\.\\.\\.'")
    message(FATAL_ERROR "config: a bad .devcheck is not said with its line:\n${err}")
  endif()
elseif(MODE STREQUAL "dirs")
  file(MAKE_DIRECTORY ${WORK}/src/sub ${WORK}/src/.hidden)
  file(RENAME ${WORK}/a.c ${WORK}/src/sub/b.c)
  string(REPLACE "dt_tensor *f(" "dt_tensor *f2(" other "${source}")
  string(REPLACE "float g(" "float g2(" other "${other}")
  file(WRITE ${WORK}/src/a.c "${other}")
  file(WRITE ${WORK}/src/.hidden/c.c "${source}")
  file(WRITE ${WORK}/src/notes.txt "not C\n")
  # C++ by the names a compiler knows it by; headers are no folder's sources
  foreach(name upper.C plus.c++)
    string(MAKE_C_IDENTIFIER "${name}" id)
    string(REPLACE "f2(" "f_${id}(" cxx "${other}")
    string(REPLACE "g2(" "g_${id}(" cxx "${cxx}")
    file(WRITE ${WORK}/src/${name} "${cxx}")
  endforeach()
  foreach(header h hpp cuh)
    file(WRITE ${WORK}/src/header.${header} "${source}")
  endforeach()
  devcheck(src)
  expect(1 discarded-transfer host-deref discarded-transfer host-deref discarded-transfer host-deref
         discarded-transfer host-deref)
  if(NOT out MATCHES "^src/a.c:7:5: .*\nsrc/plus.c\\+\\+:7:5: .*\nsrc/sub/b.c:7:5: .*\nsrc/upper.C:7:5: "
     OR out MATCHES "hidden|header")
    message(FATAL_ERROR "dirs: not src/a.c, src/plus.c++, src/sub/b.c, src/upper.C alone:\n${out}")
  endif()
  # a header named is parsed in its language: a .cuh as CUDA
  file(WRITE ${WORK}/launch.cuh "#include <cuda_runtime.h>\n#include <stdlib.h>\n"
       "__global__ void k(float *p) { p[0] = 1; }\n"
       "static inline void run(int n) {\n"
       "    float *h = (float *)malloc(n * sizeof(float));\n    k<<<1, 1>>>(h);\n}\n")
  devcheck(launch.cuh)
  expect(1 memspace-mismatch)
elseif(MODE STREQUAL "ignores")
  # An ignore comment's bad name is an error in a file with no finding too,
  # in SARIF as well (the run unsuccessful); devtrace's name is a rule's.
  file(WRITE ${WORK}/clean.c "int f(void)\n{\n    return 0; /* devcheck-ignore(memcpy-directon) */\n}\n")
  devcheck(clean.c)
  expect(2 none)
  if(NOT err MATCHES "^clean\\.c:3:34: error: unknown rule 'memcpy-directon' in devcheck-ignore \\(did you mean 'memcpy-direction'\\?\\)\n1 file analyzed: no findings\n$")
    message(FATAL_ERROR "ignores: the bad name is not said at its place:\n${err}")
  endif()
  devcheck(--format sarif clean.c)
  expect(2 none)
  if(NOT out MATCHES "\"executionSuccessful\": false" OR NOT out MATCHES "clean\\.c:3:34: error: unknown rule")
    message(FATAL_ERROR "ignores: SARIF's invocation does not say it:\n${out}")
  endif()
  string(REPLACE "    return d[0];" "    return d[0]; // devcheck-ignore(host_deref_device)" named "${source}")
  file(WRITE ${WORK}/a.c "${named}")
  devcheck(a.c)
  expect(1 discarded-transfer)
elseif(MODE STREQUAL "summary")
  # The summary line counts the files analyzed, what was found and in how
  # many files, and what was found and is not reported: suppressed (a
  # comment, a rule turned off) and baselined.
  function(expect_summary want)
    if(NOT err STREQUAL "${want}\n")
      message(FATAL_ERROR "summary: expected '${want}', got:\n${err}")
    endif()
  endfunction()
  devcheck(--write-baseline known.txt a.c)
  expect(0 discarded-transfer host-deref)
  expect_summary("1 file analyzed: 2 errors and 0 warnings in 1 file")
  devcheck(--baseline known.txt a.c)
  expect(0 none)
  expect_summary("1 file analyzed: no findings (2 baselined)")
  string(REPLACE "dt_to(x, dt_cuda(0));" "dt_to(x, dt_cuda(0)); // devcheck-ignore" ignored
         "${source}")
  file(WRITE ${WORK}/a.c "${ignored}")
  devcheck(a.c)
  expect(1 host-deref)
  expect_summary("1 file analyzed: 1 error and 0 warnings in 1 file (1 suppressed)")
  devcheck(--baseline known.txt a.c)
  expect(0 none)
  expect_summary("1 file analyzed: no findings (1 suppressed, 1 baselined)")
  devcheck(--disable host-deref a.c)
  expect(0 none)
  expect_summary("1 file analyzed: no findings (2 suppressed)")
  # the files read, and of them those with findings; said when none has one
  file(WRITE ${WORK}/a.c "${source}")
  file(WRITE ${WORK}/b.c "int b(void) { return 0; }\n")
  file(WRITE ${WORK}/c.c "int c(void) { return 1; }\n")
  devcheck(a.c b.c c.c)
  expect(1 discarded-transfer host-deref)
  expect_summary("3 files analyzed: 2 errors and 0 warnings in 1 file")
  devcheck(b.c c.c)
  expect(0 none)
  expect_summary("2 files analyzed: no findings")
elseif(MODE STREQUAL "same_file")
  # One file named four ways, and in its folder: analyzed and reported once,
  # under its first name.
  file(CREATE_LINK ${WORK}/a.c ${WORK}/b.c)          # a hard link
  file(CREATE_LINK a.c ${WORK}/c.c SYMBOLIC)
  devcheck(a.c ./a.c ${WORK}/a.c b.c c.c .)
  expect(1 discarded-transfer host-deref)
  if(NOT out MATCHES "^a\\.c:7:5: [^\n]*\n(.*\n)?a\\.c:15:12: ")
    message(FATAL_ERROR "same_file: not reported once, as a.c:\n${out}")
  endif()
elseif(MODE STREQUAL "usage")
  devcheck(--no-such-option a.c)
  expect(2 none)
  if(NOT err MATCHES "^devcheck: unknown option '--no-such-option'\nTry 'devcheck --help' for more information.\n$")
    message(FATAL_ERROR "usage: not a short usage error:\n${err}")
  endif()
else()
  message(FATAL_ERROR "unknown MODE ${MODE}")
endif()
