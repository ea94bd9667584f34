# Tic-tac-toe in the web build (included by src/platform/CMakeLists.txt).

# Page weight: the rules (what the UI links) are built for size.
target_compile_options(games_tictactoe_rules PRIVATE -Oz -fno-rtti)
