# Runs DEVCHECK with ARGS ("|" between arguments) with -j 1 and with -j 4,
# and checks that both say the same, on stdout and stderr, with the same
# exit status, and that there is something to compare (findings).
#   cmake -DDEVCHECK=PATH -DARGS=A|B -P same_for_any_jobs.cmake
string(REPLACE "|" ";" args "${ARGS}")
foreach(jobs 1 4)
  execute_process(COMMAND ${DEVCHECK} -j ${jobs} ${args}
                  RESULT_VARIABLE status_${jobs} OUTPUT_VARIABLE out_${jobs} ERROR_VARIABLE err_${jobs})
endforeach()
if(out_1 STREQUAL "")
  message(FATAL_ERROR "devcheck -j 1 ${args}: no findings to compare (exit ${status_1}):\n${err_1}")
endif()
foreach(what status out err)
  if(NOT "${${what}_1}" STREQUAL "${${what}_4}")
    message(FATAL_ERROR "devcheck ${args}: ${what} differs with -j 4:\n"
                        "-j 1:\n${${what}_1}\n-j 4:\n${${what}_4}")
  endif()
endforeach()
message(STATUS "devcheck -j 1 and -j 4: the same (exit ${status_1})")
