# EXE under devtrace run on the emulated device, --error-exitcode 9: with
# UNTRACED, a program whose CUDA calls the shim cannot see (a CUDA runtime
# of its own) must be said to be untraced, with what to do, and fail with 9;
# without, it must not be (a program on the shared libcudart).
#   cmake -DDEVTRACE=path -DEXE=path -DPRELOAD=list -DDIR=dir -DUNTRACED=1|0 -P untraced.cmake
string(REPLACE ":" ";" preload "${PRELOAD}")
list(POP_BACK preload shim)
string(REPLACE ";" ":" before "${preload}")
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${CMAKE_COMMAND} -E env DT_DEVICE=sim DT_SIM_QUIET=1
                        LD_PRELOAD=${before} DEVTRACE_LIB=${shim}
                        ${DEVTRACE} run --error-exitcode 9 -o ${DIR}/run.db -- ${EXE}
                OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE rc)
set(said "was not traced: its CUDA runtime is linked into it")
string(FIND "${err}" "${said}" at)
if(UNTRACED AND (NOT rc EQUAL 9 OR at EQUAL -1 OR NOT err MATCHES "-cudart shared"))
  message(FATAL_ERROR "expected 'not traced' and exit 9; exit ${rc}:\n${err}")
elseif(NOT UNTRACED AND NOT at EQUAL -1)
  message(FATAL_ERROR "said not traced, wrongly; exit ${rc}:\n${err}")
endif()
