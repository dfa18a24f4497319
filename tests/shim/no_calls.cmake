# A process that loads the shim and makes no CUDA call (a shell, a tool that
# inherited LD_PRELOAD) leaves the report as it was: the traced program's
# findings stay, and no run of its own is added.
#   cmake -DEXE=path -DPRELOAD=list -DDEVTRACE=path -DDIR=dir -P no_calls.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(env ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1 --unset=DEVTRACE_SESSION
        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=${DIR}/run.db)
execute_process(COMMAND ${env} ${EXE} OUTPUT_QUIET)
execute_process(COMMAND ${env} /bin/sh -c "true" RESULT_VARIABLE rc)
execute_process(COMMAND ${DEVTRACE} report ${DIR}/run.db findings --format csv
                OUTPUT_VARIABLE findings RESULT_VARIABLE report_rc)
string(REGEX MATCHALL ",memcpy_direction," found "${findings}")
list(LENGTH found n)
if(NOT rc EQUAL 0 OR NOT report_rc EQUAL 0 OR NOT n EQUAL 2)
  message(FATAL_ERROR "after a process with no CUDA call, ${n} findings (2 before):\n${findings}")
endif()
execute_process(COMMAND ${DEVTRACE} report ${DIR}/run.db summary --format csv OUTPUT_VARIABLE runs)
if(NOT runs MATCHES "^run,[^\n]*\r?\n1,[^\n]*\r?\n\r?\n")
  message(FATAL_ERROR "one run expected:\n${runs}")
endif()
