# A program without debug information, under the shim with a debuginfod
# server named (DEBUGINFOD_URLS, as Debian's profile sets it): its lines are
# looked for on this machine alone.  libdwfl's last resort, debuginfod,
# would load libcurl and OpenSSL into the program (whose exit handlers tear
# them down while the writer still looks lines up) and make its cache
# folder before anything else: the folder must not appear.
#   cmake -DEXE=path -DPRELOAD=list -DDEVTRACE=path -DDIR=dir -P no_network.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1
                        LD_PRELOAD=${PRELOAD} DEVTRACE_DB=${DIR}/run.db
                        DEBUGINFOD_URLS=http://127.0.0.1:9/ DEBUGINFOD_CACHE_PATH=${DIR}/cache
                        DEBUGINFOD_TIMEOUT=1 ${EXE}
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
if(EXISTS ${DIR}/cache)
  message(FATAL_ERROR "debuginfod ran in the traced program: it made ${DIR}/cache")
endif()
execute_process(COMMAND ${DEVTRACE} report ${DIR}/run.db findings --format csv
                OUTPUT_VARIABLE findings RESULT_VARIABLE report_rc)
if(NOT rc EQUAL 0 OR NOT findings MATCHES "memcpy_direction")
  message(FATAL_ERROR "exit ${rc}, report exit ${report_rc}:\n${err}\n${findings}")
endif()
