# A program whose umask is 0777 under the shim: its report is still its
# owner's to read and write (mode u+rw), not a file of mode 000.
#   cmake -DEXE=path -DPRELOAD=list -DDIR=dir -P umask.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND /bin/sh -c "umask 0777 && exec \"$0\" -E env DT_DEVICE=sim DT_SIM_QUIET=1 LD_PRELOAD=\"$1\" DEVTRACE_DB=\"$2\" \"$3\""
                        ${CMAKE_COMMAND} ${PRELOAD} ${DIR}/run.db ${EXE}
                OUTPUT_QUIET RESULT_VARIABLE rc)
execute_process(COMMAND stat -c %a ${DIR}/run.db OUTPUT_VARIABLE mode OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0 OR NOT mode MATCHES "^[67][0-7][0-7]$")
  message(FATAL_ERROR "exit ${rc}, the report's mode: '${mode}'")
endif()
