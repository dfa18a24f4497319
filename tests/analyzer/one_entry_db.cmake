# Runs devcheck_verify on SOURCE with flags from this build's own compile
# database, cut down to SOURCE's entries: the whole database would have
# devcheck read every one of its 300 files for their facts (minutes, and
# ten of them under AddressSanitizer) to say what one file's entry says.
#   cmake -DVERIFY=PATH -DDEVCHECK=PATH -DDB=BUILD -DSOURCE=FILE -DOUT=DIR
#         -P one_entry_db.cmake
file(READ ${DB}/compile_commands.json all)
string(JSON n LENGTH "${all}")
set(kept "")
math(EXPR last "${n} - 1")
foreach(i RANGE ${last})
  string(JSON file GET "${all}" ${i} file)
  if(file STREQUAL "${SOURCE}")
    string(JSON entry GET "${all}" ${i})
    list(APPEND kept "${entry}")
  endif()
endforeach()
if(NOT kept)
  message(FATAL_ERROR "${DB}/compile_commands.json has no entry for ${SOURCE}")
endif()
list(JOIN kept ",\n" body)
file(WRITE ${OUT}/compile_commands.json "[\n${body}\n]\n")
execute_process(COMMAND ${VERIFY} --devcheck ${DEVCHECK} --source ${SOURCE} -- -p ${OUT}
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "devcheck_verify exited ${status}")
endif()
