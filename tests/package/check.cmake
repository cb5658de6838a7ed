# Configures, builds and runs the consumer project in tests/package (SOURCE_DIR), either against
# wafer installed from BUILD_DIR into a scratch prefix (find_package), or with WAFER_SOURCE set
# (add_subdirectory).
file(REMOVE_RECURSE ${WORK})
if(WAFER_SOURCE)
  set(how -DWAFER_SOURCE=${WAFER_SOURCE})
else()
  set(prefix ${WORK}/prefix)
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --component Unspecified
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(rc)
    message(FATAL_ERROR "install failed")
  endif()
  set(how -DCMAKE_PREFIX_PATH=${prefix})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK}/build -G Ninja ${how}
                        -DCMAKE_CXX_COMPILER=${CXX} RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "configuring the consumer failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "the consumer does not build")
endif()
execute_process(COMMAND ${WORK}/build/consumer RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "the consumer ran wrong")
endif()
