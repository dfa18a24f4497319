# no_timeline.c under devtrace run, without --timeline and with it: the
# HTML page and the trace say how to get device times where a run has none,
# and not where it has them (--timeline reached the shim); the finding is
# in both.
#   cmake -DDEVTRACE=path -DPRELOAD=list -DEXE=path -DDIR=folder -P timeline.cmake
include(${CMAKE_CURRENT_LIST_DIR}/devtrace_run.cmake)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})

# says(DB FORMAT EXPECT): devtrace report DB --format FORMAT says the note
# when EXPECT is true, not when false, and has the finding either way.
function(says db format expect)
  execute_process(COMMAND ${DEVTRACE} report ${db} --format ${format}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(FIND "${out}" "devtrace run --timeline" at)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "host_pointer_kernel_arg")
    message(FATAL_ERROR "devtrace report ${db} --format ${format} exited ${rc}, or without "
                        "the finding:\n${out}${err}")
  endif()
  if(expect AND at LESS 0)
    message(FATAL_ERROR "${db} --format ${format}: no word of --timeline for a run without "
                        "device times:\n${out}")
  elseif(NOT expect AND NOT at LESS 0)
    message(FATAL_ERROR "${db} --format ${format}: says to run with --timeline, which it "
                        "was:\n${out}")
  endif()
endfunction()

devtrace_run(${EXE} ${DIR}/host.db)
says(${DIR}/host.db html TRUE)
says(${DIR}/host.db trace TRUE)
set(RUN_OPTIONS --timeline)
devtrace_run(${EXE} ${DIR}/device.db)
says(${DIR}/device.db html FALSE)
says(${DIR}/device.db trace FALSE)
