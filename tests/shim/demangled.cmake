# A C++ program without debug information under devtrace run: its sites'
# functions are demangled in every format, and a suppression matches the
# demangled name.
#   cmake -DDEVTRACE=path -DPRELOAD=list -DEXE=path -DDIR=folder -P demangled.cmake
include(${CMAKE_CURRENT_LIST_DIR}/devtrace_run.cmake)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
devtrace_run(${EXE} ${DIR}/run.db)

# report(EXPECT ARGS...): devtrace report run.db ARGS... exits 0 and prints
# what matches EXPECT, and no mangled name.
function(report expect)
  execute_process(COMMAND ${DEVTRACE} report ${DIR}/run.db ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${expect}" OR out MATCHES "_Z")
    message(FATAL_ERROR "devtrace report ${ARGN} exited ${rc}; expected it to match\n${expect}\n"
                        "and to hold no mangled name; got:\n${out}${err}")
  endif()
endfunction()
# (gcc may name a clone: "memcpy_direction(...) [clone .constprop.0]")
report("[^\n]+\\+0x[0-9a-f]+: in memcpy_direction\\(float\\*, float\\*, unsigned long\\)[^\n]*\n"
       findings)
report("[^\n]+\\+0x[0-9a-f]+: in app::copy_back\\(float\\*, float\\*\\)\n" findings)
report(",\"memcpy_direction\\(float\\*, float\\*, unsigned long\\)[^\"\n]*\"," findings --format csv)
report("\"function\": \"app::copy_back\\(float\\*, float\\*\\)\"" findings --format json)
file(WRITE ${DIR}/suppressions.txt "function:memcpy_direction(*\nfunction:app::*\n")
report("no findings" findings --suppressions ${DIR}/suppressions.txt --fail-on error)
