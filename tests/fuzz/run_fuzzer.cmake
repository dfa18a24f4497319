# One short libFuzzer run of a target, on a copy of its seed corpus:
#   cmake -DEXE=fuzz_x -DCORPUS=dir -DWORK=dir -DSECONDS=n -DLEAKS=0|1 -P run_fuzzer.cmake
# Fails on the first input that crashes, leaks, times out or trips a
# sanitizer; that input is left in WORK and belongs in tests/fuzz/crashes/,
# where every build replays it from then on.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus)
file(GLOB seeds ${CORPUS}/*)
file(COPY ${seeds} DESTINATION ${WORK}/corpus)
execute_process(COMMAND ${EXE} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
                        -detect_leaks=${LEAKS}
                        -artifact_prefix=${WORK}/ -print_final_stats=1 ${WORK}/corpus
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" runs "${err}")
message("${runs}")
if(NOT rc EQUAL 0)
  file(GLOB found ${WORK}/crash-* ${WORK}/leak-* ${WORK}/timeout-* ${WORK}/oom-*)
  message(FATAL_ERROR "${EXE} failed (${rc}) on ${found}: keep it in tests/fuzz/crashes/ "
                      "once fixed\n${err}")
endif()
