# Tic-tac-toe in the web build (included by src/platform/CMakeLists.txt).

# Page weight: the rules (what the UI links) are built for size. One exception to "rules only":
# the tic-tac-toe page plays the AI's move itself when the engine worker fails, so the UI links
# this game's levels (games_tictactoe) too.
target_compile_options(games_tictactoe_rules PRIVATE -Oz -fno-rtti)
target_link_libraries(miniarena_ui PUBLIC games_tictactoe_rules games_tictactoe)
