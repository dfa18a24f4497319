# Runs a program that forks once under the shim, with DEVTRACE_DB=DIR/run.%p.db:
#   cmake -DEXE=path -DPRELOAD=list -DDIR=folder -P report_per_process.cmake
# Each process must write its own report, named by its process id: two files.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DT_DEVICE DT_SIM_QUIET=1
                        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=${DIR}/run.%p.db ${EXE}
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
file(GLOB reports RELATIVE ${DIR} ${DIR}/*)
list(FILTER reports INCLUDE REGEX "^run\\.[0-9]+\\.db$")
list(LENGTH reports n)
if(NOT rc EQUAL 0 OR NOT n EQUAL 2)
  file(GLOB all RELATIVE ${DIR} ${DIR}/*)
  message(FATAL_ERROR "expected exit 0 and two reports run.PID.db, got exit ${rc} "
                      "and ${n}; ${DIR} holds: ${all}\noutput:\n${out}")
endif()
