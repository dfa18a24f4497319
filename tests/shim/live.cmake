# Findings said as they are made (DEVTRACE_PRINT=1, which devtrace run
# sets): a compiler's line on stderr for each, the first at its line, before
# devtrace run's summary; and without it, where the program's output must
# stay its own, the shim's one line as the program exits (the findings it
# made, by_hand.sh), nothing at all with DEVTRACE_SUMMARY=0.
#   cmake -DDEVTRACE=path -DEXE=path -DPRELOAD=list -DDIR=dir -P live.cmake
string(REPLACE ":" ";" preload "${PRELOAD}")
list(POP_BACK preload shim)
string(REPLACE ";" ":" before "${preload}")
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(said "memcpy_direction\\.c:15: error\\[memcpy_direction\\]: a copy of 1024 bytes[^\n]*\n")
set(said_too "[^\n]*memcpy_direction\\.c:16: error\\[memcpy_direction\\]: [^\n]*\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1 DEVTRACE_PRINT=1
                        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=${DIR}/print.db ${EXE}
                OUTPUT_QUIET ERROR_VARIABLE err)
set(summary "devtrace: 2 errors and 0 warnings in this run \\(pid [0-9]+\\); see them with: ")
if(NOT err MATCHES "^devtrace: [^\n]*${said}${said_too}${summary}[^\n]*print\\.db findings\n$")
  message(FATAL_ERROR "DEVTRACE_PRINT=1, stderr:\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1 --unset=DEVTRACE_PRINT
                        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=${DIR}/quiet.db ${EXE}
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT err MATCHES "^${summary}devtrace report [^\n]*/quiet\\.db findings\n$")
  message(FATAL_ERROR "without DEVTRACE_PRINT, stderr:\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1 --unset=DEVTRACE_PRINT
                        DEVTRACE_SUMMARY=0 LD_PRELOAD=${PRELOAD} DEVTRACE_DB=${DIR}/quiet.db ${EXE}
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT err STREQUAL "")
  message(FATAL_ERROR "DEVTRACE_SUMMARY=0, stderr:\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1 --unset=DEVTRACE_PRINT
                        LD_PRELOAD=${before} DEVTRACE_LIB=${shim}
                        ${DEVTRACE} run -o ${DIR}/run.db -- ${EXE}
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT err MATCHES "^devtrace: [^\n]*${said}${said_too}devtrace: 2 errors and 0 warnings in 1 run")
  message(FATAL_ERROR "devtrace run, stderr:\n${err}")
endif()
