// gomoku_brain — the Gomocup (Piskvork) brain: the input is one session, a command per line,
// fed to a Brain with a 1 MB hash table. Building a Brain costs more than most sessions, so
// one is kept across inputs (a new one after END) and reset at the start of each input:
// a bad line and DONE (which end BOARD mode with an ERROR, and are UNKNOWN outside it), the
// INFO defaults, START 15. Thinking is kept short: after every INFO line the harness reads
// move_budget_ms() and, when above 20 ms, sends "INFO timeout_turn 20"; it also sends
// "INFO max_node 300"; at most 4 thinking commands run per input.
// Promises: replies are OK / ERROR … / UNKNOWN … / name=… / "x,y", or "MESSAGE game over: …"
// directly followed by an "x,y"; a "x,y" reply is a cell on the board that was empty and now
// holds the brain's stone; a quoted input in a reply is printable ASCII.
#include <charconv>
#include <memory>

#include "fuzz_common.h"
#include "games/gomoku/brain.h"

using namespace gomoku;

namespace {

std::string upper_first_word(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    std::string w;
    for (char c : s) {
        if (c == ' ' || c == '\t' || c == '\r') break;
        w += char(std::toupper(static_cast<unsigned char>(c)));
    }
    return w;
}

bool parse_xy(const std::string& s, int& x, int& y) {
    const size_t comma = s.find(',');
    if (comma == std::string::npos) return false;
    auto a = std::from_chars(s.data(), s.data() + comma, x);
    auto b = std::from_chars(s.data() + comma + 1, s.data() + s.size(), y);
    return a.ec == std::errc() && a.ptr == s.data() + comma && b.ec == std::errc() &&
           b.ptr == s.data() + s.size();
}

bool starts_with(const std::string& s, std::string_view p) { return s.compare(0, p.size(), p) == 0; }

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static std::unique_ptr<Brain> kept;
    if (!kept || kept->quit()) kept = std::make_unique<Brain>(1);
    Brain& brain = *kept;
    for (const char* reset : {"-", "DONE", "INFO rule 0", "INFO timeout_turn 20", "INFO timeout_match 1000000000",
                              "INFO time_left 1000000000", "INFO max_memory 0", "INFO max_depth 0",
                              "INFO max_node 300", "INFO seed 0", "START 15"})
        brain.handle(reset);
    int thinks = 0;
    for (std::string_view line : fuzz::lines(fuzz::as_text(data, size), 400)) {
        const std::string cmd = upper_first_word(line);
        if (cmd == "BEGIN" || cmd == "TURN" || cmd == "DONE") {
            if (++thinks > 4) continue;
        }
        const Board before = brain.board();
        const std::vector<std::string> replies = brain.handle(line);
        for (size_t i = 0; i < replies.size(); ++i) {
            const std::string& r = replies[i];
            for (char c : r)
                FUZZ_CHECK(c >= 0x20 && c < 0x7F, "unprintable reply '" + fuzz::printable(r) + "'");
            int x = -1, y = -1;
            if (starts_with(r, "MESSAGE game over: ")) {
                FUZZ_CHECK(i + 1 < replies.size() && parse_xy(replies[i + 1], x, y),
                           "no move after '" + r + "'");
            } else if (parse_xy(r, x, y)) {
                const Board& b = brain.board();
                FUZZ_CHECK(b.inside(y, x), "move " + r + " outside the board");
                FUZZ_CHECK(b.last_move() == make_pos(y, x), "move " + r + " is the last stone");
                FUZZ_CHECK(cmd == "PLAY" || cmd == "DONE" || before.is_empty(make_pos(y, x)),
                           "move " + r + " on an occupied cell");
            } else {
                FUZZ_CHECK(r == "OK" || starts_with(r, "ERROR") || starts_with(r, "UNKNOWN") ||
                               starts_with(r, "name="),
                           "unexpected reply '" + fuzz::printable(r) + "' to '" + fuzz::printable(line) + "'");
            }
        }
        // A take-back removes that stone and leaves every other stone its colour.
        if (cmd == "TAKEBACK" && replies.size() == 1 && replies[0] == "OK") {
            const Board& b = brain.board();
            FUZZ_CHECK(b.ply() == before.ply() - 1, "TAKEBACK removes one stone");
            for (int r = 0; r < b.size(); ++r)
                for (int c = 0; c < b.size(); ++c)
                    if (!b.is_empty(make_pos(r, c)))
                        FUZZ_CHECK(b.at(r, c) == before.at(r, c),
                                   "stone " + std::to_string(c) + "," + std::to_string(r) +
                                       " changed colour after '" + fuzz::printable(line) + "'");
        }
        if (brain.quit()) break;
        if (cmd == "INFO") {
            const int64_t budget = brain.move_budget_ms();
            FUZZ_CHECK(budget >= 5, "budget " + std::to_string(budget));
            if (budget > 20) brain.handle("INFO timeout_turn 20");
            brain.handle("INFO max_node 300");
        }
    }
    return 0;
}
