# A raw program without debug information, under devtrace run, and its
# lines found later:
#   cmake -DDEVTRACE=path -DPRELOAD=list -DEXE=path -DOBJCOPY=path -DDIR=folder
#         -DSOURCE=file.c -DKIND=kind -DFUNCTION=name -P lines_later.cmake
# EXE is built with -g; its copy DIR/app is stripped of its debug information,
# which goes to DIR/app.debug (named in app by debuglink), kept away while it
# runs.  The report then holds the site as app+offset, and devtrace report
# says how to get its line; with app.debug back, it shows the finding of
# KIND at the line of SOURCE's first "devtrace: KIND" marker, in FUNCTION.
# A FUNCTION other than main is called from main: its chain's next frame is
# app+offset too, and then a line of SOURCE.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
configure_file(${EXE} ${DIR}/app COPYONLY)
execute_process(COMMAND ${OBJCOPY} --only-keep-debug ${DIR}/app ${DIR}/app.debug
                COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${OBJCOPY} --strip-debug --add-gnu-debuglink=app.debug app
                WORKING_DIRECTORY ${DIR} COMMAND_ERROR_IS_FATAL ANY)
file(RENAME ${DIR}/app.debug ${DIR}/away.debug)
include(${CMAKE_CURRENT_LIST_DIR}/devtrace_run.cmake)
devtrace_run(${DIR}/app ${DIR}/run.db)
get_filename_component(name ${SOURCE} NAME)
file(READ ${SOURCE} text)
string(FIND "${text}" "// devtrace: ${KIND}" at)
string(SUBSTRING "${text}" 0 ${at} before)
string(REGEX MATCHALL "\n" newlines "${before}")
list(LENGTH newlines LINE)
math(EXPR LINE "${LINE} + 1")

function(report expect)
  execute_process(COMMAND ${DEVTRACE} report ${DIR}/run.db findings
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${expect}")
    message(FATAL_ERROR "devtrace report exited ${rc}; expected it to match\n${expect}\n"
                        "got:\n${out}${err}")
  endif()
endfunction()
set(caller_away "")
set(caller_back "")
if(NOT FUNCTION STREQUAL "main")
  set(caller_away "\n[^\n]*\n      called from app\\+0x[0-9a-f]+: in main\n")
  set(caller_back "\n      called from [^\n]*${name}:[0-9]+: in main\n")
endif()
report("(^|\n)app\\+0x[0-9a-f]+: in ${FUNCTION}\n *\\(no line: [^\n]*/app has no debug information; build it with -g[^\n]*${caller_away}")
file(RENAME ${DIR}/away.debug ${DIR}/app.debug)
report("(^|\n)[^\n]*${name}:${LINE}: in ${FUNCTION}\n +${LINE} \\|[^\n]*\n    error\\[${KIND}\\][^\n]*${caller_back}")
