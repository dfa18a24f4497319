# A run under `devtrace run`, then `devtrace report` on a copy of its .db
# file alone, in another folder:
#   cmake -DDEVTRACE=path -DPRELOAD=list -DEXE=path -DDIR=folder -DKIND=kind
#         -P standalone_report.cmake
# devtrace run --error-exitcode 7 must exit 7 (the report holds an error),
# leave nothing beside the report, and the copy must show a KIND finding;
# `devtrace report --fail-on error` on it exits 1.  PRELOAD's last entry is
# the shim; what comes before it (a sanitizer's runtime) stays first.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR}/copy)
string(REPLACE ":" ";" preload "${PRELOAD}")
list(POP_BACK preload shim)
string(REPLACE ";" ":" before "${preload}")
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DT_DEVICE DT_SIM_QUIET=1
                        LD_PRELOAD=${before} DEVTRACE_LIB=${shim}
                        ${DEVTRACE} run --error-exitcode 7 -o ${DIR}/run.db -- ${EXE}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 7)
  message(FATAL_ERROR "devtrace run --error-exitcode 7 exited ${rc}:\n${err}")
endif()
file(GLOB beside ${DIR}/run.db-*)
if(beside)
  message(FATAL_ERROR "left beside the report: ${beside}")
endif()
configure_file(${DIR}/run.db ${DIR}/copy/alone.db COPYONLY)
execute_process(COMMAND ${DEVTRACE} report ${DIR}/copy/alone.db findings --fail-on error
                WORKING_DIRECTORY ${DIR}/copy
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT out MATCHES "error\\[${KIND}\\]")
  message(FATAL_ERROR "devtrace report on the copy exited ${rc} (expected 1, with "
                      "error[${KIND}]):\n${out}${err}")
endif()
