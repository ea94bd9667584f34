// othello_nboard — the NBoard protocol: the input is one session, a command per line, fed to a
// fresh NBoardSession. Searches are kept tiny: "set depth N" above 1 is lowered to 1 (so the
// exact search starts at 11 empties) and at most 4 go/hint commands run per input.
// Promises: every output line is one of the protocol's replies; "=== <move>" answers a legal
// move (or PA only when the side must pass) of the position go was asked about.
#include <sstream>

#include "fuzz_common.h"
#include "games/othello/nboard.h"

using namespace othello;

namespace {

// The command word as the session reads it: a line ending in CR ("go\r") is "go" there too.
std::string_view first_word(std::string_view s) {
    auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    size_t i = 0;
    while (i < s.size() && !blank(s[i])) ++i;
    return s.substr(0, i);
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "set depth N" with N above 1 becomes "set depth 1"; anything else passes unchanged.
std::string clamp_depth(const std::string& line) {
    std::istringstream in(line);
    std::string set, depth, n;
    if (!(in >> set >> depth >> n) || set != "set" || depth != "depth") return line;
    if (n.find_first_not_of("0123456789") != std::string::npos) return line;
    return n.size() > 1 || n[0] > '1' ? std::string("set depth 1") : line;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::ostringstream out;
    NBoardSession session(out, /*report_time=*/false, /*log2_entries=*/12);
    int searches = 0;
    for (std::string_view raw : fuzz::lines(fuzz::as_text(data, size), 128)) {
        std::string line = clamp_depth(std::string(raw));
        const std::string cmd(first_word(line));
        if (cmd == "go" || cmd == "hint") {
            if (++searches > 4) continue;
        }
        const Position before = session.position();
        out.str("");
        const bool more = session.handle(line);
        std::istringstream replies(out.str());
        std::string reply;
        while (std::getline(replies, reply)) {
            const bool known = starts_with(reply, "set myname ") || starts_with(reply, "pong ") ||
                               reply == "status" || starts_with(reply, "status ") ||
                               starts_with(reply, "search ") || starts_with(reply, "=== ") ||
                               starts_with(reply, "nodestats ") || reply == "learned";
            FUZZ_CHECK(known, "unexpected reply '" + fuzz::printable(reply) + "' to '" +
                                  fuzz::printable(line) + "'");
            if (starts_with(reply, "=== ")) {
                FUZZ_CHECK(cmd == "go", "=== only answers go");
                const std::string mv = reply.substr(4, reply.find('/') - 4);
                const auto m = parse_move(mv);
                FUZZ_CHECK(m.has_value(), "=== move '" + mv + "'");
                if (*m == MOVE_PASS)
                    FUZZ_CHECK(before.must_pass(), "PA while a move exists");
                else
                    FUZZ_CHECK(before.is_legal(*m), "illegal " + mv + " for " + position_string(before));
            }
            if (starts_with(reply, "search ")) {
                const std::string rest = reply.substr(7);
                const auto m = parse_move(rest.substr(0, rest.find(' ')));
                FUZZ_CHECK(m && (*m == MOVE_PASS ? before.must_pass() : before.is_legal(*m)),
                           "hint '" + reply + "' for " + position_string(before));
            }
        }
        if (!more) break;
        // The session's own default depth (12: exact from 22 empties) is far too slow here.
        if (cmd == "nboard") session.handle("set depth 1");
    }
    return 0;
}
