# A report that cannot be written: one line on stderr, and the program runs
# on as it would have, exit status and output unchanged.
#   cmake -DEXE=path -DPRELOAD=list -P unwritable_report.cmake
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1 ${EXE}
                OUTPUT_VARIABLE alone RESULT_VARIABLE alone_rc)
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1
                        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=/nonexistent/dir/report.db ${EXE}
                OUTPUT_VARIABLE traced ERROR_VARIABLE err RESULT_VARIABLE traced_rc)
string(REGEX MATCHALL "devtrace:" said "${err}")
list(LENGTH said lines)
if(NOT traced_rc EQUAL alone_rc OR NOT traced STREQUAL alone OR NOT lines EQUAL 1
   OR NOT err MATCHES "devtrace: /nonexistent/dir/report.db: unable to open database file")
  message(FATAL_ERROR "exit ${traced_rc} (alone ${alone_rc}), ${lines} devtrace lines:\n"
                      "${err}\noutput:\n${traced}\nalone:\n${alone}")
endif()
