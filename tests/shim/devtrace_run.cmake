# devtrace_run(EXE DB [FOLDER]): EXE under devtrace run on the emulated
# device, its report DB, run in FOLDER (default: here).  The libraries of
# PRELOAD before the shim (ASan's runtime) stay preloaded; the shim, last,
# is what devtrace run loads (DEVTRACE_LIB).  RUN_OPTIONS, where the caller
# sets it, goes to devtrace run.
function(devtrace_run exe db)
  string(REPLACE ":" ";" preload "${PRELOAD}")
  list(POP_BACK preload shim)
  string(REPLACE ";" ":" before "${preload}")
  set(folder .)
  if(ARGC GREATER 2)
    set(folder ${ARGV2})
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DT_DEVICE DT_SIM_QUIET=1
                          LD_PRELOAD=${before} DEVTRACE_LIB=${shim}
                          ${DEVTRACE} run ${RUN_OPTIONS} -o ${db} -- ${exe}
                  WORKING_DIRECTORY ${folder} OUTPUT_QUIET ERROR_QUIET)
endfunction()
