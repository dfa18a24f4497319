# A user's program against an installed devtensor, built both ways a user
# would: with pkg-config, and with find_package.
#   cmake -DBUILD=dir -DWORK=dir -DAPP=dir -DCC=compiler -P check.cmake
# Installs the build into WORK/prefix, builds APP twice, and runs each on
# the cpu and on the emulated device (the plugin must be found beside the
# installed library).
function(must what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(runs exe)
  foreach(device cpu sim)
    if(device STREQUAL "sim")
      set(expect "sum 12.0 on cuda:0")
    else()
      set(expect "sum 12.0 on cpu")
    endif()
    must("${exe} on ${device}" ${CMAKE_COMMAND} -E env DT_DEVICE=${device} DT_SIM_QUIET=1 ${exe})
    if(NOT out MATCHES "^${expect}\n$")
      message(FATAL_ERROR "${exe} on ${device} printed '${out}', not '${expect}'")
    endif()
  endforeach()
endfunction()

set(prefix ${WORK}/prefix)
file(REMOVE_RECURSE ${WORK})
must("install" ${CMAKE_COMMAND} --install ${BUILD} --prefix ${prefix})

# The man pages and devtrace's completion, where man and bash look.
foreach(file man/man1/devtrace.1 man/man7/libdevtrace.7 bash-completion/completions/devtrace)
  if(NOT EXISTS ${prefix}/share/${file})
    message(FATAL_ERROR "no ${file} installed under ${prefix}/share")
  endif()
endforeach()

# pkg-config: flags from the installed devtensor.pc, and an rpath to its libdir.
file(GLOB_RECURSE pc ${prefix}/*/devtensor.pc)
if(NOT pc)
  message(FATAL_ERROR "no devtensor.pc installed under ${prefix}")
endif()
get_filename_component(pcdir ${pc} DIRECTORY)
must("pkg-config" ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pcdir}
     pkg-config --cflags --libs devtensor)
separate_arguments(flags UNIX_COMMAND "${out}")
must("pkg-config libdir" ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pcdir}
     pkg-config --variable=libdir devtensor)
string(STRIP "${out}" libdir)
must("compile with pkg-config's flags" ${CC} ${APP}/app.c ${flags} -Wl,-rpath,${libdir}
     -o ${WORK}/app_pkgconfig)
runs(${WORK}/app_pkgconfig)

# find_package(devtensor) and the imported target devtensor::devtensor.
must("configure with find_package" ${CMAKE_COMMAND} -S ${APP} -B ${WORK}/app_build -G Ninja
     -DCMAKE_C_COMPILER=${CC} -DCMAKE_PREFIX_PATH=${prefix})
must("build with find_package" ${CMAKE_COMMAND} --build ${WORK}/app_build)
runs(${WORK}/app_build/app)
