# Paths as the report shows them, from wherever devtrace report runs:
#   cmake -DDEVTRACE=path -DPRELOAD=list -DEXE=path -DRUN_IN=folder -DDIR=folder
#         -DEXPECT=regex -P paths.cmake
# EXE runs under devtrace run in RUN_IN (its report in DIR); devtrace report,
# run in DIR, must show its findings' files relative to RUN_IN, with their
# source lines (EXPECT).
include(${CMAKE_CURRENT_LIST_DIR}/devtrace_run.cmake)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
devtrace_run(${EXE} ${DIR}/run.db ${RUN_IN})
execute_process(COMMAND ${DEVTRACE} report run.db findings WORKING_DIRECTORY ${DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "devtrace report exited ${rc}; expected it to match\n${EXPECT}\n"
                      "got:\n${out}${err}")
endif()
