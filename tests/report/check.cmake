# Runs one command and judges what it did:
#   cmake -DCOMMAND=prog;args... [options] -P check.cmake
# with options
#   -DBEFORE=prog;args...     run first; must succeed
#   -DSTATUS=n                the exit status (default 0); a crash never passes
#   -DSTDOUT=file             stdout is exactly that file's text
#   -DSTDOUT_MATCH=regex      stdout matches
#   -DSTDOUT_EMPTY=ON         nothing on stdout
#   -DSTDERR_MATCH=regex      stderr matches
#   -DABSENT=path             no such file afterwards
#   -DPRESENT=path            that file is still there afterwards
function(fail why)
  message(FATAL_ERROR "${why}\ncommand: ${COMMAND}\nexit: ${rc}\n"
                      "stdout:\n${out}\nstderr:\n${err}")
endfunction()

if(BEFORE)
  execute_process(COMMAND ${BEFORE} RESULT_VARIABLE before_rc)
  if(NOT before_rc EQUAL 0)
    message(FATAL_ERROR "setup failed (${before_rc}): ${BEFORE}")
  endif()
endif()

execute_process(COMMAND ${COMMAND} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)

if(NOT DEFINED STATUS)
  set(STATUS 0)
endif()
if(NOT rc STREQUAL STATUS)
  fail("expected exit status ${STATUS}")
endif()
if(STDOUT)
  file(READ "${STDOUT}" expected)
  if(NOT out STREQUAL expected)
    fail("stdout differs from ${STDOUT}:\n${expected}")
  endif()
endif()
if(DEFINED STDOUT_MATCH AND NOT out MATCHES "${STDOUT_MATCH}")
  fail("stdout does not match: ${STDOUT_MATCH}")
endif()
if(STDOUT_EMPTY AND NOT out STREQUAL "")
  fail("expected nothing on stdout")
endif()
if(DEFINED STDERR_MATCH AND NOT err MATCHES "${STDERR_MATCH}")
  fail("stderr does not match: ${STDERR_MATCH}")
endif()
if(ABSENT AND EXISTS "${ABSENT}")
  fail("${ABSENT} should not exist")
endif()
if(PRESENT AND NOT EXISTS "${PRESENT}")
  fail("${PRESENT} should still exist")
endif()
