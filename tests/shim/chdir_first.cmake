# chdir_first.c under the shim with a relative DEVTRACE_DB, run in DIR: the
# report is DIR/rel.db, with both runs; nothing in DIR/elsewhere.
#   cmake -DEXE=path -DPRELOAD=list -DDIR=dir -P chdir_first.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1
                        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=rel.db ${EXE}
                WORKING_DIRECTORY ${DIR} OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${DIR}/rel.db OR EXISTS ${DIR}/elsewhere/rel.db)
  file(GLOB_RECURSE made RELATIVE ${DIR} ${DIR}/*)
  message(FATAL_ERROR "exit ${rc}; the files made: ${made}")
endif()
execute_process(COMMAND ${DEVTRACE} report ${DIR}/rel.db summary --format csv
                OUTPUT_VARIABLE summary)
if(NOT summary MATCHES "^run,[^\n]*\r?\n1,[^\n]*\r?\n2,[^\n]*\r?\n\r?\n")
  message(FATAL_ERROR "two runs expected:\n${summary}")
endif()
