# Runs COMMAND (a ;-list), then checks its exit status is STATUS and its output (stdout and
# stderr together) matches every regex in MATCH (separated by @@). Used for the CLI tests.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err
                WORKING_DIRECTORY ${WORKDIR})
set(all "${out}${err}")
if(NOT status EQUAL STATUS)
  message(FATAL_ERROR "exit status ${status}, expected ${STATUS}\n--- output ---\n${all}")
endif()
string(REPLACE "@@" ";" MATCH "${MATCH}")
foreach(re IN LISTS MATCH)
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "output does not match '${re}'\n--- output ---\n${all}")
  endif()
endforeach()
message(STATUS "${all}")
