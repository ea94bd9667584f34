# Small helpers shared by every folder's CMakeLists.txt.

# miniarena_test(NAME SOURCES... LIBS ...) — a doctest executable registered with CTest, one
# CTest entry per TEST_CASE. Native only. Tests find shared fixtures through
# MINIARENA_TEST_DATA (tests/data in the source tree).
function(miniarena_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
  find_package(doctest REQUIRED)
  add_executable(${name} ${T_SOURCES} ${CMAKE_SOURCE_DIR}/tests/doctest_main.cpp)
  target_link_libraries(${name} PRIVATE ${T_LIBS} doctest::doctest)
  target_compile_definitions(${name} PRIVATE MINIARENA_TEST_DATA="${CMAKE_SOURCE_DIR}/tests/data")
  include(doctest)
  doctest_discover_tests(${name} ADD_LABELS 1)
endfunction()
