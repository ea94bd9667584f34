// A pasted position that does not read, in the player's language: every fault kind has a Korean
// and an English string; the English one says word for word what the engine says (tools and
// the embed API keep the engine's text); the Korean one is Korean throughout, keeping only the
// quoted characters, the moves and squares, and the notation's own X, O, -, PA as written.
// The faults' data itself is tested with the engines (tests/games/*/test_notation.cpp).
#include "ui/pages/gomoku/gomoku_faults.h"
#include "ui/pages/othello/othello_faults.h"

#include <doctest/doctest.h>

#include <cstring>
#include <set>
#include <string>

using miniapp::Lang;
using miniapp::Str;

namespace {

// The Latin letters of `s` that belong to its sentence: not inside '…', not a square or move
// (a letter before a digit), not the notation's own words.
std::string sentence_latin(std::string s) {
    for (const char* own : {"X, O, -", "PA", "a–h"})
        for (size_t p; (p = s.find(own)) != std::string::npos;) s.erase(p, std::strlen(own));
    std::string latin;
    bool quoted = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '\'') quoted = !quoted;
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool square = i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9';
        if (letter && !quoted && !square) latin += c;
    }
    return latin;
}

// Hangul syllables are U+AC00..U+D7A3: UTF-8 lead bytes EA..ED.
bool has_hangul(const std::string& s) {
    for (unsigned char c : s)
        if (c >= 0xEA && c <= 0xED) return true;
    return false;
}

bool has_placeholder(const std::string& s) {
    for (size_t i = 0; i + 2 < s.size(); ++i)
        if (s[i] == '{' && s[i + 1] >= '0' && s[i + 1] <= '9' && s[i + 2] == '}') return true;
    return false;
}

// A fault as the page words it: English word for word as the engine, Korean throughout.
void check_worded(const std::string& en, const std::string& ko, const std::string& error,
                  const char* korean) {
    CHECK(en == error);
    CHECK(ko == korean);
    CHECK(has_hangul(ko));
    CHECK(sentence_latin(ko) == "");
    CHECK_FALSE(has_placeholder(ko));
}

} // namespace

TEST_CASE("Othello: every board and transcript fault reads in Korean, and in English as the engine "
          "says it") {
    using namespace othello;
    const std::string board = "---------------------------OX------XO---------------------------";
    const std::string bad_c7 = "---------------------------OX------XO-------------Z-------------";
    struct Case {
        std::string text; // as pasted
        bool position;    // read by parse_position (else parse_transcript from the start)
        const char* korean;
    };
    const Case cases[] = {
        {board.substr(1), true, "판 문자열이 63글자입니다. 판은 64글자여야 합니다"},
        {"--Q-", true, "판 문자열의 3번째 글자('Q')는 X, O, - 중 하나가 아닙니다"},
        {bad_c7 + " X", true,
         "판 문자열의 51번째 글자('Z', c7 칸)는 X, O, - 중 하나가 아닙니다"},
        {board + " Q", true, "차례 표시('Q')는 X, O, - 중 하나가 아닙니다"},
        {board + " \x07", true, "차례 표시('\\x07')는 X, O, - 중 하나가 아닙니다"},
        {board + " -", true, "차례가 '-'(대국 끝)인데 흑이 아직 둘 수 있습니다"},
        {board, true, "64글자 판 다음에 둘 차례(X, O, -)가 없습니다"},
        {board + "XO X", true,
         "판 문자열이 66글자입니다. 64글자 다음에 차례가 와야 합니다(65번째 글자: 'X')"},
        {"f5d", false, "기보의 3번째 글자('d') 다음에 글자가 없습니다. 수는 두 글자입니다(예: f5)"},
        {"f5d6c3z3", false, "기보의 7번째 글자('z3'의 'z')는 a–h 열도 PA도 아닙니다"},
        {"f5d9", false, "기보의 4번째 글자('d9'의 '9')는 1–8 행이 아닙니다"},
        {"d3c3b3d2e1d6d7e3f4a1", false,
         "기보의 10번째 수('a1', 19번째 글자)는 대국이 끝난 뒤에 둔 수입니다"},
        {"f5PA", false, "기보의 2번째 수('PA', 3번째 글자): 백은 둘 곳이 있어 패스할 수 없습니다"},
        {"f5 f5", false,
         "기보의 2번째 수('f5', 4번째 글자)는 백이 둘 수 없습니다. 이미 돌이 있는 칸입니다"},
        {"f5a1", false,
         "기보의 2번째 수('a1', 3번째 글자)는 백이 둘 수 없습니다. 뒤집히는 돌이 없습니다"},
    };
    std::set<FaultKind> seen;
    for (const Case& c : cases) {
        CAPTURE(c.korean);
        Position pos, end;
        std::vector<Move> moves;
        std::string error;
        Fault f;
        if (c.position)
            CHECK_FALSE(parse_position(c.text, pos, error, &f));
        else
            CHECK_FALSE(parse_transcript(c.text, Position::start(), moves, end, error, &f));
        check_worded(ui::fault_text(f, Lang::En, error), ui::fault_text(f, Lang::Ko, error), error,
                     c.korean);
        seen.insert(f.kind);
    }
    CHECK(seen.size() == size_t(FaultKind::KIND_NB) - 1); // every kind is worded here
}

TEST_CASE("Gomoku: every move list fault reads in Korean, and in English as the engine says it") {
    using namespace gomoku;
    struct Case {
        const char* pos;
        const char* korean;
    };
    const Case cases[] = {
        {"8h", "1번째 수('8')가 열 글자로 시작하지 않습니다"},
        {"h8i", "2번째 수('i')에 행이 없습니다"},
        {"h8z9", "2번째 수('z9'): 'z' 열은 판에 없습니다"},
        {"h16", "1번째 수('h16'): 16행은 판에 없습니다"},
        {"h8h8", "2번째 수('h8')는 이미 돌이 있는 자리입니다"},
        {"h8a1i8a2j8a3k8a4l8a5m8", "10번째 수('a5'): 대국이 이미 끝났습니다"},
    };
    std::set<FaultKind> seen;
    for (const Case& c : cases) {
        CAPTURE(c.korean);
        Board b(15, Rule::FREESTYLE);
        std::string error;
        Fault f;
        CHECK_FALSE(load_pos(b, c.pos, error, nullptr, &f));
        check_worded(ui::fault_text(f, Lang::En, error), ui::fault_text(f, Lang::Ko, error), error,
                     c.korean);
        seen.insert(f.kind);
    }
    // A cell outside the board never gets past parse_moves: worded from the data alone.
    const Fault outside{.kind = FaultKind::OUTSIDE, .number = 3, .token = "p1", .cell = {0, 15}};
    const std::string error = fault_message(outside);
    check_worded(ui::fault_text(outside, Lang::En, error), ui::fault_text(outside, Lang::Ko, error),
                 error, "3번째 수('p1')는 판에 없는 자리입니다");
    seen.insert(outside.kind);
    CHECK(seen.size() == size_t(FaultKind::KIND_NB) - 1);
}

// Each kind's strings: present in both languages, one string per kind, Korean in Korean, and
// no placeholder in the Korean that the English lacks.
template <class Kind> void check_every_kind(const char* game) {
    std::set<Str> ids;
    for (int k = 1; k < int(Kind::KIND_NB); ++k) {
        CAPTURE(game);
        CAPTURE(k);
        const auto id = ui::fault_string(Kind(k));
        REQUIRE(id.has_value());
        CAPTURE(miniapp::str_name(*id));
        CHECK(ids.insert(*id).second);
        const std::string ko = miniapp::tr(*id, Lang::Ko), en = miniapp::tr(*id, Lang::En);
        CHECK(has_hangul(ko));
        CHECK(sentence_latin(en) != ""); // the check above would see English
        CHECK_FALSE(has_hangul(en));
        for (int n = 0; n < 10; ++n) {
            const std::string ph = "{" + std::to_string(n) + "}";
            if (ko.find(ph) != std::string::npos) CHECK(en.find(ph) != std::string::npos);
        }
    }
    CHECK_FALSE(ui::fault_string(Kind::NONE).has_value());
    CHECK_FALSE(ui::fault_string(Kind::KIND_NB).has_value());
}

TEST_CASE("every fault kind has a Korean and an English string") {
    check_every_kind<othello::FaultKind>("othello");
    check_every_kind<gomoku::FaultKind>("gomoku");
}

TEST_CASE("a fault with no string falls back to the engine's English, never to nothing") {
    const std::string english = "transcript: something new";
    CHECK(ui::fault_text(othello::Fault{}, Lang::Ko, english) == english);
    CHECK(ui::fault_text(othello::Fault{.kind = othello::FaultKind::KIND_NB}, Lang::Ko, english) ==
          english);
    CHECK(ui::fault_text(gomoku::Fault{.kind = gomoku::FaultKind::KIND_NB}, Lang::En, english) ==
          english);
}
