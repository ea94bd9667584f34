// nboard.h — the NBoard protocol (engine side), so NBoard and match tools can use the engine.
//
// Commands: nboard <version>, set depth <n>, set game <GGF>, set contempt <n>, move <mv>[/eval/
// time], hint <n>, go, ping <n>, learn, quit (analyze answers that it is not supported). Replies: "set myname", "pong", "status",
// "search <mv> <eval> 0 <depth>", "=== <mv>/<eval>/<seconds>", "nodestats <nodes> <seconds>",
// "learned". A forced pass answers "=== PA"; a `move PA` is accepted, and omitted passes are
// inserted. Anything unknown, malformed or out of order gets "status error: ..." and the
// session goes on. Lines may end in CRLF. Searches run on the caller's thread; set_stop lets
// an input thread cut one short.
#pragma once
#include <atomic>
#include <ostream>
#include <string_view>

#include "games/othello/notation.h"
#include "games/othello/search.h"

namespace othello {

class NBoardSession {
  public:
    // report_time = false prints 0 for every time (reproducible transcripts in tests);
    // hash tables of 2^log2_entries entries.
    explicit NBoardSession(std::ostream& out, bool report_time = true, int log2_entries = 20);

    // Handles one line; false after "quit".
    bool handle(std::string_view line);

    const Position& position() const { return pos_; }

    // A flag another thread sets to stop the search in progress (the tool's input reader, on
    // `ping` or `quit`, as the protocol asks); the answer then comes from what was searched.
    void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }

  private:
    void status(std::string_view text);
    void error(std::string_view text) { status("error: " + std::string(text)); }
    bool ready(std::string_view command);
    void go();
    void hint(int count);
    SearchLimits limits() const;

    std::ostream& out_;
    bool report_time_;
    bool started_ = false;
    bool have_game_ = false;
    int depth_ = 12;
    int contempt_ = 0;
    GgfGame game_;
    Position pos_;
    Searcher searcher_;
    const std::atomic<bool>* stop_ = nullptr;
};

} // namespace othello
