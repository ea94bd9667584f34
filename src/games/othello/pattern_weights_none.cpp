// pattern_weights_none.cpp — no compiled-in pattern weights (the WebAssembly build): the engine
// module is handed othello-weights.bin at run time (patterns.h, load_weights); until then
// patterns::evaluate is the classic evaluation.
#include "games/othello/patterns.h"

namespace othello::patterns {

const WeightData WEIGHTS = {nullptr, 0, nullptr, {}};

} // namespace othello::patterns
