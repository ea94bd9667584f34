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

# --- the web build: what a game adds to it (src/games/<id>/web.cmake) ---------------------------
# src/platform/CMakeLists.txt includes each game's src/games/<id>/web.cmake, when there is one, in
# its own scope after the link-time-optimisation options are set, so a game's copies of its
# libraries inherit them. A web.cmake sets its libraries' options and calls the helpers below.

# miniarena_library_copy(LIB SUFFIX [SWAP regex] [OPTIONS option...]): LIB_SUFFIX, built from LIB's
# sources with LIB's definitions, include folders and options, then OPTIONS; linked to what LIB
# links, with each library matching the regex SWAP replaced by its _SUFFIX copy. For one library
# built two ways in the same build: the engine's and the UI's (a game's rules built for speed and
# for size) or with and without WebAssembly SIMD; CMake has no target that compiles a library's
# sources twice with other options.
function(miniarena_library_copy lib suffix)
  cmake_parse_arguments(C "" "SWAP" "OPTIONS" ${ARGN})
  foreach(_p SOURCES SOURCE_DIR LINK_LIBRARIES INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS)
    get_target_property(_${_p} ${lib} ${_p})
  endforeach()
  list(TRANSFORM _SOURCES PREPEND ${_SOURCE_DIR}/)
  if(_LINK_LIBRARIES AND C_SWAP)
    list(TRANSFORM _LINK_LIBRARIES REPLACE "^(${C_SWAP})$" "\\1_${suffix}")
  endif()
  add_library(${lib}_${suffix} STATIC ${_SOURCES})
  if(_INCLUDE_DIRECTORIES)
    target_include_directories(${lib}_${suffix} PUBLIC ${_INCLUDE_DIRECTORIES})
  endif()
  if(_LINK_LIBRARIES)
    target_link_libraries(${lib}_${suffix} PUBLIC ${_LINK_LIBRARIES})
  endif()
  if(_COMPILE_DEFINITIONS)
    target_compile_definitions(${lib}_${suffix} PRIVATE ${_COMPILE_DEFINITIONS})
  endif()
  if(_COMPILE_OPTIONS)
    target_compile_options(${lib}_${suffix} PRIVATE ${_COMPILE_OPTIONS})
  endif()
  target_compile_options(${lib}_${suffix} PRIVATE ${C_OPTIONS})
endfunction()

# miniarena_web_asset(FILE name SOURCE path): ships `path` beside engine.wasm as `name`, a file of
# the game's catalogue entry's "assets" (the engine worker fetches it when a request needs it).
# Copied to <build>/generated/<name>, where the site's assembly takes every catalogue asset from;
# the site depends on it (global property MINIARENA_WEB_ASSETS).
function(miniarena_web_asset)
  cmake_parse_arguments(A "" "FILE;SOURCE" "" ${ARGN})
  set(_out ${CMAKE_BINARY_DIR}/generated/${A_FILE})
  add_custom_command(OUTPUT ${_out}
    COMMAND ${CMAKE_COMMAND} -E copy ${A_SOURCE} ${_out}
    DEPENDS ${A_SOURCE} COMMENT "Copying ${A_SOURCE} to ${A_FILE}")
  set_property(GLOBAL APPEND PROPERTY MINIARENA_WEB_ASSETS ${_out})
endfunction()

# miniarena_engine_simd(LIB...): LIB has a copy LIB_simd built with WebAssembly SIMD
# (miniarena_library_copy), which engine.wasm links in its place; engine-scalar.wasm links LIB.
function(miniarena_engine_simd)
  set_property(GLOBAL APPEND PROPERTY MINIARENA_ENGINE_SIMD ${ARGN})
endfunction()
