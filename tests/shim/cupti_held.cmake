# CUPTI held by another tool (cupti_holder, preloaded first): the shim says
# so once on stderr, and interposition alone still finds every mistake of a
# program that calls the driver by name.
#   cmake -DEXPECT=expect_findings -DPRELOAD=list -DSOURCE=file.c -DEXE=path -P cupti_held.cmake
execute_process(COMMAND ${EXPECT} --preload ${PRELOAD} --source ${SOURCE} --db held.db -- ${EXE}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
string(REGEX MATCHALL "devtrace: another tool \\(a profiler\\?\\) holds CUPTI" said "${err}")
list(LENGTH said lines)
if(NOT rc EQUAL 0 OR NOT lines EQUAL 1 OR err MATCHES "cupti_holder")
  message(FATAL_ERROR "expect_findings exit ${rc}, ${lines} messages:\n${err}\n${out}")
endif()
