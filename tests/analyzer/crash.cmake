# A crash in the analysis of one file (devcheck_crash: devcheck with its
# crash hook, DEVCHECK_CRASH_ON=CRASH_ON) leaves that file out: exit 2, the
# file, the signal and the stage said on stderr (and in SARIF's invocation),
# and on stdout, in text and in SARIF, with -j 1 and -j 4, exactly what
# devcheck says of the other files alone (they see the crashed file's
# functions as unknown).  Without
# the hook set, devcheck_crash says what devcheck says of all the files.
#   cmake -DDEVCHECK=PATH -DCRASHY=PATH -DCRASH_ON=[abort:]FUNCTION
#         -DCRASHED=FILE -DERROR=REGEX -DFILES=A|B -DFLAGS=F|G -P crash.cmake
string(REPLACE "|" ";" files "${FILES}")
string(REPLACE "|" ";" flags "${FLAGS}")
set(others ${files})
list(REMOVE_ITEM others ${CRASHED})

# run(VAR EXE ARGS...): VAR_out, VAR_err, VAR_status
function(run var)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${var}_out "${out}" PARENT_SCOPE)
  set(${var}_err "${err}" PARENT_SCOPE)
  set(${var}_status "${status}" PARENT_SCOPE)
endfunction()

function(expect_same what a b)
  if(NOT "${a}" STREQUAL "${b}")
    message(FATAL_ERROR "${what} differ:\n--- expected\n${b}\n--- got\n${a}")
  endif()
endfunction()

# The crash abandons what the crashed walk had made: leaks, by design.
set(crashy ${CMAKE_COMMAND} -E env DEVCHECK_CRASH_ON=${CRASH_ON} ASAN_OPTIONS=detect_leaks=0
           ${CRASHY})
foreach(format text sarif)
  run(all ${DEVCHECK} --format ${format} ${files} -- ${flags})
  run(alone ${DEVCHECK} --format ${format} ${others} -- ${flags})
  run(unhooked ${CRASHY} --format ${format} ${files} -- ${flags})
  expect_same("devcheck_crash with no crash and devcheck (${format})" "${unhooked_out}" "${all_out}")
  if(alone_out STREQUAL all_out)
    message(FATAL_ERROR "${CRASHED} changes nothing in the others' findings: nothing tested")
  endif()
  foreach(jobs 1 4)
    run(crash ${crashy} -j ${jobs} --format ${format} ${files} -- ${flags})
    set(expected "${alone_out}")
    if(format STREQUAL "sarif")   # the same results; the invocation says the crash
      string(JSON ok GET "${crash_out}" runs 0 invocations 0 executionSuccessful)
      string(JSON said GET "${crash_out}" runs 0 invocations 0 toolExecutionNotifications 0
             message text)
      if(ok OR NOT said MATCHES "${ERROR}")
        message(FATAL_ERROR "the SARIF's invocation does not say the crash:\n${crash_out}")
      endif()
      string(JSON crash_out REMOVE "${crash_out}" runs 0 invocations)
      string(JSON expected REMOVE "${alone_out}" runs 0 invocations)
    endif()
    expect_same("The findings with ${CRASHED} crashed and without it (${format}, -j ${jobs})"
                "${crash_out}" "${expected}")
    if(NOT crash_status EQUAL 2)
      message(FATAL_ERROR "exit status ${crash_status}, expected 2:\n${crash_err}")
    endif()
    if(NOT crash_err MATCHES "${ERROR}" OR NOT crash_err MATCHES "not analyzed.*${CRASHED}")
      message(FATAL_ERROR "stderr does not say the crash (${ERROR}):\n${crash_err}")
    endif()
  endforeach()
endforeach()
message(STATUS "${CRASH_ON}: ${crash_err}")
