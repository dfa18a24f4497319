# A program linked with -lcuda alone, under devtrace run where the emulated
# device serves it: it must start (its libcuda.so.1 the emulated device's),
# run to its end, and have each marked mistake found at its line.
#   cmake -DDEVTRACE=path -DEXE=path -DPRELOAD=list -DSOURCE=file -DDIR=dir -P driver_only.cmake
string(REPLACE ":" ";" preload "${PRELOAD}")
list(POP_BACK preload shim)
string(REPLACE ";" ":" before "${preload}")
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1
                        LD_PRELOAD=${before} DEVTRACE_LIB=${shim}
                        ${DEVTRACE} run -o ${DIR}/run.db -- ${EXE}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "cuDevicePrimaryCtxRelease\\(dev\\): 0\n$")
  message(FATAL_ERROR "exit ${rc}:\n${out}\n${err}")
endif()
execute_process(COMMAND ${DEVTRACE} report ${DIR}/run.db findings --format csv
                OUTPUT_VARIABLE findings)
file(STRINGS ${SOURCE} lines)
set(n 0)
foreach(line IN LISTS lines)
  math(EXPR n "${n} + 1")
  if(line MATCHES "// devtrace: ([a-z_]+)")
    if(NOT findings MATCHES ",${CMAKE_MATCH_1},[^,\n]*driver_only\\.c,${n},")
      message(FATAL_ERROR "no ${CMAKE_MATCH_1} at line ${n}:\n${findings}")
    endif()
  endif()
endforeach()
