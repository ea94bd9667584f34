# Othello in the web build (included by src/platform/CMakeLists.txt; helpers in
# cmake/MiniArenaHelpers.cmake).

# Page weight: the rules (what the UI links) are built for size; the searches keep -O3.
target_compile_options(games_othello_rules PRIVATE -Oz -fno-rtti)
target_link_libraries(miniarena_ui PUBLIC games_othello_rules)

# engine-othello.wasm uses WebAssembly SIMD for the two-lane get_moves and flip (movegen.h); browsers
# without SIMD get engine-othello-scalar.wasm, the same engine without it. The libraries are compiled a
# second time with OTHELLO_WASM_SIMD (SIMD128 for those two functions alone): the rules as well
# as the engine, since get_moves and flip are inline and every file that uses them must make the
# same choice. The UI keeps the scalar rules, so index.wasm runs everywhere.
miniarena_library_copy(games_othello_rules simd)
target_compile_definitions(games_othello_rules_simd PUBLIC OTHELLO_WASM_SIMD=1)
miniarena_library_copy(games_othello simd SWAP games_othello_rules)
miniarena_engine_simd(games_othello)

# othello-weights.bin: MASTER's pattern weights, outside engine-othello.wasm. Page weight: compiled in,
# the weights would add ~80 KB gzip to engine-othello.wasm (part of the first load). The worker fetches
# this file the first time an Othello MASTER search needs it (web/engine-worker.js). It is the
# committed weights file (data/, named in CMakeLists.txt), copied as it is under the name the
# catalogue's assets give it.
get_target_property(_othello_weights_source games_othello OTHELLO_WEIGHTS_FILE)
miniarena_web_asset(FILE othello-weights.bin SOURCE ${_othello_weights_source})

# othello-book.bin: MASTER's opening book (data/, named in CMakeLists.txt), shipped and fetched
# like the weights: the first time an Othello MASTER search needs it, not in the first load.
get_target_property(_othello_book_source games_othello OTHELLO_BOOK_FILE)
miniarena_web_asset(FILE othello-book.bin SOURCE ${_othello_book_source})
