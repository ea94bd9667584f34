# Gomoku in the web build (included by src/platform/CMakeLists.txt; helpers in
# cmake/MiniArenaHelpers.cmake).

# Page weight: the rules' board is also the searches' hot data structure, so the engine keeps
# them at -O3; only their notation (service code, no search) is built for size.
set_source_files_properties(${CMAKE_SOURCE_DIR}/src/games/gomoku/notation.cpp
                            DIRECTORY ${CMAKE_SOURCE_DIR}/src/games/gomoku ${CMAKE_CURRENT_SOURCE_DIR}
                            PROPERTIES COMPILE_OPTIONS "-Oz;-fno-rtti")
# The UI links a copy of the rules built for size.
miniarena_library_copy(games_gomoku_rules ui OPTIONS -Oz -fno-rtti)
target_link_libraries(miniarena_ui PUBLIC games_gomoku_rules_ui)
