// service — games::serve_line, every engine request ("<game> <verb> …"), one per input line;
// this is what validates the moves that pages and Bot Lab bots send (`<game> play …` with
// arbitrary move text). Searches are kept tiny: the harness inserts node limits right after
// the game name (the first key=value wins), skips bench and perft deeper than 3.
// Promises: every reply is one JSON object (nothing throws, nothing aborts); a refused request
// says why in "error"; an accepted `play` answers the referee fields.
#include <charconv>

#include <nlohmann/json.hpp>

#include "fuzz_common.h"
#include "games/common/request.h"
#include "games/service/service.h"

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The line with `limits` inserted after its first token, or "" to skip the line.
std::string tame(std::string_view line) {
    const games::Request r = games::parse_request(line);
    const std::string& game = r.verb;
    const std::string verb = r.positional.empty() ? std::string() : r.positional.front();
    std::string limits;
    if (verb == "bench") return "";
    if (game == "othello" && verb == "perft" && r.positional.size() > 1) {
        const std::string& d = r.positional[1];
        int depth = 0;
        const auto [p, ec] = std::from_chars(d.data(), d.data() + d.size(), depth);
        if (ec == std::errc() && p == d.data() + d.size() && depth > 3) return "";
    }
    if (game == "othello" && (verb == "search" || verb == "hints" || verb == "solve"))
        limits = " nodes=300";
    if (game == "gomoku" && verb == "search") limits = " nodes=300";
    if (game == "gomoku" && (verb == "vcf" || verb == "vct")) limits = " nodes=2000";
    size_t i = 0;
    while (i < line.size() && is_space(line[i])) ++i;
    while (i < line.size() && !is_space(line[i])) ++i;
    std::string out(line.substr(0, i));
    out += limits;
    out += line.substr(i);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    int searches = 0;
    for (std::string_view raw : fuzz::lines(fuzz::as_text(data, size), 32)) {
        const std::string line = tame(raw);
        if (line.empty()) continue;
        if (line.find("search") != std::string::npos || line.find("hints") != std::string::npos ||
            line.find("solve") != std::string::npos) {
            if (++searches > 4) continue;
        }
        const std::string reply = games::serve_line(line);
        // Structure only: invalid UTF-8 echoed from the request is the caller's to replace.
        std::string ascii = reply;
        for (char& c : ascii)
            if (static_cast<unsigned char>(c) >= 0x80) c = '?';
        const auto j = nlohmann::json::parse(ascii, nullptr, false);
        FUZZ_CHECK(!j.is_discarded() && j.is_object(),
                   "reply is not a JSON object: " + fuzz::printable(reply) + " to " + fuzz::printable(line));
        if (j.contains("error")) {
            FUZZ_CHECK(j["error"].is_string() && !j["error"].get<std::string>().empty(),
                       "an error says why: " + fuzz::printable(reply));
            continue;
        }
        const games::Request r = games::parse_request(line);
        const std::string verb = r.positional.empty() ? std::string() : r.positional.front();
        if (verb == "play" && r.verb == "othello")
            FUZZ_CHECK(j.contains("board") && j["board"].is_string() &&
                           j["board"].get<std::string>().size() == 64 && j.contains("flipped"),
                       fuzz::printable(reply));
        if (verb == "play" && r.verb == "gomoku")
            FUZZ_CHECK(j.contains("pos") && j.contains("toMove") && j.contains("result"),
                       fuzz::printable(reply));
        if (verb == "play" && r.verb == "tictactoe")
            FUZZ_CHECK(j.contains("board") && j.contains("toMove"), fuzz::printable(reply));
    }
    return 0;
}
