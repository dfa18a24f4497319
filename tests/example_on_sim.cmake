# Runs one example on the emulated device (DT_DEVICE=sim) and judges it:
#   cmake -DEXE=path -DNAME=name -DEXPECT=kind [-DPATTERN=regex] -P example_on_sim.cmake
# EXPECT is one of
#   same      exits 0, printing on stdout exactly what it prints on the cpu
#   mismatch  fails with the runtime's device mismatch message, which names
#             both devices and the line of NAME.c that created each operand
#   fault     dies of a memory fault (a host write into device memory)
#   fails     exits non-zero with stderr matching PATTERN
#   prints    exits 0 with stdout matching PATTERN
function(run_on device out err rc)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=${device} ${EXE}
                  OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE r)
  set(${out} "${o}" PARENT_SCOPE)
  set(${err} "${e}" PARENT_SCOPE)
  set(${rc} "${r}" PARENT_SCOPE)
endfunction()

function(fail why)
  message(FATAL_ERROR "${NAME} on the emulated device: ${why}\n"
                      "exit: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endfunction()

run_on(sim out err rc)
set(dev "(cpu|cuda:[0-9]+)")
set(site "was created on ${dev} at ${NAME}\\.c:[0-9]+")
if(EXPECT STREQUAL "same")
  run_on(cpu cpu_out cpu_err cpu_rc)
  if(NOT rc EQUAL 0 OR NOT cpu_rc EQUAL 0)
    fail("expected success on both devices (cpu: ${cpu_rc})")
  elseif(NOT out STREQUAL cpu_out)
    fail("printed other numbers than on the cpu:\n${cpu_out}")
  endif()
elseif(EXPECT STREQUAL "mismatch")
  set(PATTERN "found at least two devices, ${dev} and ${dev}! \\(.*${site}; .*${site}\\)")
  if(rc EQUAL 0 OR NOT err MATCHES "${PATTERN}")
    fail("expected the device mismatch message naming both creation sites")
  endif()
elseif(EXPECT STREQUAL "fault")
  # the signal is told by cmake -E env, or by ASan in a sanitizer build
  if(rc EQUAL 0 OR NOT "${rc}${err}" MATCHES "Segmentation fault|Bus error|SEGV on unknown address")
    fail("expected a memory fault")
  endif()
elseif(EXPECT STREQUAL "fails")
  if(rc EQUAL 0 OR NOT err MATCHES "${PATTERN}")
    fail("expected failure with: ${PATTERN}")
  endif()
elseif(EXPECT STREQUAL "prints")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${PATTERN}")
    fail("expected success printing: ${PATTERN}")
  endif()
else()
  fail("unknown EXPECT=${EXPECT}")
endif()
