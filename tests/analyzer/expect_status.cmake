# Runs DEVCHECK with ARGS ("|" between arguments) and checks that it exits
# STATUS, prints nothing on stdout, and says something matching ERROR (a
# regular expression) on stderr.
#   cmake -DDEVCHECK=PATH -DARGS=A|B -DSTATUS=2 -DERROR=REGEX -P expect_status.cmake
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${DEVCHECK} ${args}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(problems "")
if(NOT status STREQUAL "${STATUS}")
  string(APPEND problems "exit status ${status}, expected ${STATUS}\n")
endif()
if(NOT out STREQUAL "")
  string(APPEND problems "stdout is not empty:\n${out}\n")
endif()
if(NOT err MATCHES "${ERROR}")
  string(APPEND problems "stderr does not match '${ERROR}':\n${err}\n")
endif()
if(problems)
  message(FATAL_ERROR "devcheck ${args}:\n${problems}")
endif()
message(STATUS "devcheck ${args}: exit ${status}, stderr: ${err}")
