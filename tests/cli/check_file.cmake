# Checks that a file a CLI test wrote (a map, a note) matches every regex in MATCH (separated by @@):
#   cmake -DFILE=F.map "-DMATCH=^row.a \\[ i<8@@..." -P check_file.cmake
file(READ "${FILE}" text)
string(REPLACE "@@" ";" MATCH "${MATCH}")
foreach(re IN LISTS MATCH)
  if(NOT text MATCHES "${re}")
    message(FATAL_ERROR "${FILE} does not match '${re}'\n--- file ---\n${text}")
  endif()
endforeach()
