# devcheck --stats on SOURCES ("|" between them, each a file of DIR), with
# FLAGS after "--": the reach table, last on stderr, is EXPECTED's, with
# -j 1 and -j 2, and with a cache (--cache WORK/cache, twice: the second
# run reads every unit from it); and without --stats the run says the
# same otherwise (stdout, the rest of stderr, the exit status).  Then
# -p WORK FIRST, WORK/compile_commands.json naming every source: the table
# is EXPECTED_P's, the other files read for their facts only.
#   cmake -DDEVCHECK=PATH -DDIR=D -DSOURCES=A|B -DFLAGS=F|G -DEXPECTED=E
#         -DEXPECTED_P=E -DWORK=W -P stats.cmake
string(REPLACE "|" ";" sources "${SOURCES}")
string(REPLACE "|" ";" flags "${FLAGS}")
set(files "")
foreach(s IN LISTS sources)
  list(APPEND files ${DIR}/${s})
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# The run's table: what stderr says from "devcheck: reach" on, in *table;
# the rest of it in *before.
function(run_stats name)
  execute_process(COMMAND ${DEVCHECK} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  string(FIND "${err}" "devcheck: reach\n" at)
  if(at LESS 0)
    message(FATAL_ERROR "devcheck ${ARGN}: no reach table on stderr:\n${err}")
  endif()
  string(SUBSTRING "${err}" 0 ${at} before)
  string(SUBSTRING "${err}" ${at} -1 table)
  set(${name}_status ${status} PARENT_SCOPE)
  set(${name}_out "${out}" PARENT_SCOPE)
  set(${name}_before "${before}" PARENT_SCOPE)
  set(${name}_table "${table}" PARENT_SCOPE)
endfunction()

function(expect what got wanted)
  if(NOT "${got}" STREQUAL "${wanted}")
    message(FATAL_ERROR "${what}:\n${got}\nwanted:\n${wanted}")
  endif()
endfunction()

file(READ ${EXPECTED} expected)
execute_process(COMMAND ${DEVCHECK} -j 1 ${files} -- ${flags} RESULT_VARIABLE plain_status
                OUTPUT_VARIABLE plain_out ERROR_VARIABLE plain_err)
run_stats(j1 --stats -j 1 ${files} -- ${flags})
expect("the table, -j 1" "${j1_table}" "${expected}")
expect("the exit status with --stats" "${j1_status}" "${plain_status}")
expect("stdout with --stats" "${j1_out}" "${plain_out}")
expect("stderr before the table" "${j1_before}" "${plain_err}")
run_stats(j2 --stats -j 2 ${files} -- ${flags})
expect("the table, -j 2" "${j2_table}" "${expected}")
foreach(pass 1 2)
  run_stats(cached --stats --cache ${WORK}/cache ${files} -- ${flags})
  expect("the table, cache pass ${pass}" "${cached_table}" "${expected}")
endforeach()

string(REPLACE ";" " " command "cc ${flags} -c")
set(db "[")
foreach(f IN LISTS files)
  if(EXISTS ${f})
    string(APPEND db "{\"directory\": \"${WORK}\", \"file\": \"${f}\", \"command\": \"${command} ${f}\"},")
  endif()
endforeach()
string(REGEX REPLACE ",$" "]" db "${db}")
file(WRITE ${WORK}/compile_commands.json "${db}")
file(READ ${EXPECTED_P} expected_p)
list(GET files 0 first)
run_stats(p --stats --no-cache -p ${WORK} ${first})
expect("the table, -p" "${p_table}" "${expected_p}")
message(STATUS "devcheck --stats: the table expected, the same with -j 1, -j 2, a cache, and "
               "the run otherwise unchanged")
