# Tic-tac-toe in the web build (included by src/platform/CMakeLists.txt).

# Page weight: the rules (what the UI links) are built for size.
target_compile_options(games_tictactoe_rules PRIVATE -Oz -fno-rtti)
# Game review is left out of engine.wasm, a part of the first load (engine-scalar.wasm has it; the
# engine worker sends reviews there): engine.wasm links a copy of the engine without it.
miniarena_library_copy(games_tictactoe simd OPTIONS -DMINIARENA_NO_REVIEW=1)
miniarena_engine_simd(games_tictactoe)
