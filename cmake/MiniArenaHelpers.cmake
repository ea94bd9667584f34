# Small helpers shared by every folder's CMakeLists.txt.

# miniarena_test(NAME SOURCES... LIBS ...) — a doctest executable registered with CTest, one
# CTest entry per TEST_CASE. Native only. Tests find shared fixtures through
# MINIARENA_TEST_DATA (tests/data in the source tree). The doctest main() is compiled once for
# all suites (it is the slowest file to compile).
function(miniarena_test name)
  cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
  find_package(doctest REQUIRED)
  if(NOT TARGET miniarena_doctest_main)
    add_library(miniarena_doctest_main OBJECT ${CMAKE_SOURCE_DIR}/tests/doctest_main.cpp)
    target_link_libraries(miniarena_doctest_main PRIVATE doctest::doctest)
  endif()
  add_executable(${name} ${T_SOURCES} $<TARGET_OBJECTS:miniarena_doctest_main>)
  target_link_libraries(${name} PRIVATE ${T_LIBS} doctest::doctest)
  target_compile_definitions(${name} PRIVATE MINIARENA_TEST_DATA="${CMAKE_SOURCE_DIR}/tests/data")
  # By its path: doctest's config puts its folder on CMAKE_MODULE_PATH only the first time it is
  # found in a directory, so a second suite in the same folder would not find it by name.
  include(${doctest_DIR}/doctest.cmake)
  doctest_discover_tests(${name} ADD_LABELS 1)
endfunction()

# miniarena_catalogue_games(OUT) — the ids of the games in src/games/common/catalogue.json, in
# its order: the build's one list of games (each game's folders are src/games/<id>/, …).
function(miniarena_catalogue_games out)
  set(_file ${CMAKE_SOURCE_DIR}/src/games/common/catalogue.json)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_file})
  file(READ ${_file} _json)
  string(JSON _count LENGTH "${_json}" games)
  set(_ids)
  if(_count GREATER 0)
    math(EXPR _last "${_count} - 1")
    foreach(_i RANGE ${_last})
      string(JSON _id GET "${_json}" games ${_i} id)
      list(APPEND _ids ${_id})
    endforeach()
  endif()
  set(${out} ${_ids} PARENT_SCOPE)
endfunction()
