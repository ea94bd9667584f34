#include "games/service/service.h"

#include "games/common/json_out.h"
#include "games/common/request.h"
#include "games/tictactoe/service.h"
#if MINIARENA_HAS_OTHELLO
#include "games/othello/service.h"
#endif
#if MINIARENA_HAS_GOMOKU
#include "games/gomoku/service.h"
#endif

namespace games {

std::string serve_line(std::string_view line) {
    Request all = parse_request(line);
    if (all.verb.empty()) return json_error("empty request");
    // Shift: the game name was the verb; the next token becomes the verb.
    Request req;
    req.options = std::move(all.options);
    if (!all.positional.empty()) {
        req.verb = all.positional.front();
        req.positional.assign(all.positional.begin() + 1, all.positional.end());
    }
    if (all.verb == "tictactoe") return tictactoe::serve(req);
#if MINIARENA_HAS_OTHELLO
    if (all.verb == "othello") return othello::serve(req);
#endif
#if MINIARENA_HAS_GOMOKU
    if (all.verb == "gomoku") return gomoku::serve(req);
#endif
    if (all.verb == "ping") return R"({"pong":true})";
    return json_error("unknown game \"" + all.verb + "\"");
}

} // namespace games
