// games_file.cpp — `othello pack-games` / `othello unpack-games`: self-play training records
// (train_data.h, 24 bytes a position) in a compact, committable form and back, byte for byte.
//
//   othello pack-games IN.bin OUT.games       records → games
//   othello unpack-games IN.games OUT.bin     games → the same records
//
// A record file holds whole games, each from the start position: the positions follow from the
// moves, so a game is stored as the move played from each position, its labels (flags, the
// search value) and the game's result; a record whose score is not that result (a relabelled
// exact solve) carries its own. About 3 bytes a position instead of 24, so the parts the weights
// are fitted on can be committed instead of replayed (hours of self-play on two cores).
//
// Format (little-endian): "MAOG", version (1), three zero bytes; then the games, each: game
// number (uint32), positions n (uint8), black's final score (int8), then per position the move
// to the next position (uint8 square, 255 after the last), flags (uint8: bit 0 exact, bit 1
// search value follows, bit 7 own score follows), the search value (int8) and the own score
// (int8) if flagged; then 0xFFFFFFFF, the number of records (uint64) and the FNV-1a hash (uint32)
// of everything before it. Unpacking checks every move, the count and the hash: a damaged file
// is refused with the reason, never half-written as records.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "games/othello/checksum.h"
#include "games/othello/patterns.h"
#include "games/othello/position.h"
#include "tools/othello/train_data.h"

using namespace othello;

bool read_file(const char* path, std::vector<unsigned char>& bytes); // main.cpp

namespace {

constexpr unsigned char MAGIC[4] = {'M', 'A', 'O', 'G'};
constexpr uint8_t VERSION = 1;
constexpr uint32_t TRAILER = 0xFFFFFFFFu;
constexpr uint8_t NO_MOVE = 255;
constexpr uint8_t FLAG_EXACT = 1, FLAG_SEARCH = 2, FLAG_OWN_SCORE = 128;

// Plays the forced passes: the position where the side to move has a move (or the game's end).
void skip_passes(Position& pos) {
    if (pos.must_pass()) pos.do_move(MOVE_PASS);
}

// The move from `from` that reaches the record's position (after a forced pass, if any), or
// NO_MOVE when none does.
uint8_t move_between(const Position& from, const TrainRecord& next) {
    for (Bitboard moves = from.legal_moves(); moves;) {
        const Square s = pop_lsb(moves);
        Position p = from;
        p.do_move(make_move(s));
        skip_passes(p);
        if (p.player() == next.player && p.opponent() == next.opponent) return uint8_t(s);
    }
    return NO_MOVE;
}

// The score a record of this game has unless it carries its own: black's result, from the
// side to move's point of view.
int8_t game_score(const Position& pos, int8_t black_score) {
    return pos.side_to_move() == BLACK ? black_score : int8_t(-black_score);
}

struct Writer {
    std::vector<unsigned char> out;
    void u8(unsigned v) { out.push_back((unsigned char)v); }
    void u32(uint32_t v) {
        for (int i = 0; i < 4; ++i) u8((v >> (8 * i)) & 0xFF);
    }
    void u64(uint64_t v) {
        for (int i = 0; i < 8; ++i) u8(unsigned(v >> (8 * i)) & 0xFF);
    }
};

// Reads fields, failing (ok = false) instead of reading past the end.
struct Reader {
    const std::vector<unsigned char>& in;
    std::size_t at = 0;
    bool ok = true;
    unsigned u8() {
        if (at >= in.size()) return ok = false, 0;
        return in[at++];
    }
    uint32_t u32() {
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= uint32_t(u8()) << (8 * i);
        return v;
    }
    uint64_t u64() {
        uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= uint64_t(u8()) << (8 * i);
        return v;
    }
};

// Packs one game's records (all with the same game number); an empty string or the reason it
// cannot be packed.
std::string pack_game(const TrainRecord* recs, std::size_t n, Writer& w) {
    if (n > 255) return "more than 255 positions in one game";
    Position pos = Position::start();
    if (recs[0].player != pos.player() || recs[0].opponent != pos.opponent())
        return "the game does not begin at the start position";
    const int8_t black_score = recs[0].score;
    w.u32(recs[0].game);
    w.u8(uint32_t(n));
    w.u8(uint8_t(black_score));
    for (std::size_t i = 0; i < n; ++i) {
        const TrainRecord& r = recs[i];
        if (r.empties != pos.empty_count() || (r.flags & ~(FLAG_EXACT | FLAG_SEARCH)) ||
            (!(r.flags & FLAG_SEARCH) && r.search != 0))
            return "position " + std::to_string(i) + " has fields no self-play record has";
        const uint8_t move = i + 1 < n ? move_between(pos, recs[i + 1]) : NO_MOVE;
        if (i + 1 < n && move == NO_MOVE)
            return "position " + std::to_string(i + 1) + " does not follow from the one before";
        const bool own = r.score != game_score(pos, black_score);
        w.u8(move);
        w.u8(r.flags | (own ? FLAG_OWN_SCORE : 0));
        if (r.flags & FLAG_SEARCH) w.u8(uint8_t(r.search));
        if (own) w.u8(uint8_t(r.score));
        if (move != NO_MOVE) {
            pos.do_move(make_move(Square(move)));
            skip_passes(pos);
        }
    }
    return "";
}

} // namespace

// `othello pack-games IN.bin OUT.games`.
int pack_games(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: othello pack-games IN.bin OUT.games\n");
        return 2;
    }
    std::vector<unsigned char> bytes;
    if (!read_file(argv[2], bytes)) {
        std::fprintf(stderr, "pack-games: cannot read %s\n", argv[2]);
        return 2;
    }
    if (bytes.size() % sizeof(TrainRecord)) {
        std::fprintf(stderr, "pack-games: %s is not whole %zu-byte records\n", argv[2],
                     sizeof(TrainRecord));
        return 2;
    }
    std::vector<TrainRecord> recs(bytes.size() / sizeof(TrainRecord));
    if (!recs.empty()) std::memcpy(recs.data(), bytes.data(), bytes.size());
    Writer w;
    for (unsigned char c : MAGIC) w.u8(c);
    w.u8(VERSION);
    w.u8(0), w.u8(0), w.u8(0);
    std::size_t games = 0;
    for (std::size_t first = 0, end; first < recs.size(); first = end) {
        for (end = first + 1; end < recs.size() && recs[end].game == recs[first].game;) ++end;
        const std::string error = recs[first].game == TRAILER
                                      ? "game number 4294967295 is reserved"
                                      : pack_game(&recs[first], end - first, w);
        if (!error.empty()) {
            std::fprintf(stderr, "pack-games: %s, record %zu (game %u): %s\n", argv[2], first,
                         recs[first].game, error.c_str());
            return 2;
        }
        ++games;
    }
    w.u32(TRAILER);
    w.u64(recs.size());
    w.u32(fnv1a(w.out.data(), w.out.size()));
    if (!patterns::write_weights_file(w.out, argv[3])) {
        std::fprintf(stderr, "pack-games: cannot write %s\n", argv[3]);
        return 2;
    }
    std::fprintf(stderr, "pack-games: %zu games, %zu positions, %zu bytes (%.2f a position)\n",
                 games, recs.size(), w.out.size(),
                 recs.empty() ? 0.0 : double(w.out.size()) / double(recs.size()));
    return 0;
}

// `othello unpack-games IN.games OUT.bin`.
int unpack_games(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: othello unpack-games IN.games OUT.bin\n");
        return 2;
    }
    std::vector<unsigned char> in;
    if (!read_file(argv[2], in)) {
        std::fprintf(stderr, "unpack-games: cannot read %s\n", argv[2]);
        return 2;
    }
    auto fail = [&](const std::string& why) {
        std::fprintf(stderr, "unpack-games: %s: %s\n", argv[2], why.c_str());
        return 2;
    };
    if (in.size() < 8 + 16 || !std::equal(MAGIC, MAGIC + 4, in.begin()))
        return fail("not a packed games file");
    if (in[4] != VERSION) return fail("version " + std::to_string(in[4]) + ", not 1");
    if (Reader{in, in.size() - 4}.u32() != fnv1a(in.data(), in.size() - 4))
        return fail("checksum mismatch (the file is damaged)");
    Reader r{in, 8};
    std::vector<TrainRecord> out;
    for (;;) {
        const uint32_t game = r.u32();
        if (!r.ok) return fail("truncated");
        if (game == TRAILER) break;
        const unsigned n = r.u8();
        const int8_t black_score = int8_t(r.u8());
        Position pos = Position::start();
        for (unsigned i = 0; i < n && r.ok; ++i) {
            const unsigned move = r.u8(), flags = r.u8();
            TrainRecord rec{};
            rec.player = pos.player();
            rec.opponent = pos.opponent();
            rec.empties = uint8_t(pos.empty_count());
            rec.flags = uint8_t(flags & (FLAG_EXACT | FLAG_SEARCH));
            rec.search = flags & FLAG_SEARCH ? int8_t(r.u8()) : int8_t(0);
            rec.score = flags & FLAG_OWN_SCORE ? int8_t(r.u8()) : game_score(pos, black_score);
            rec.game = game;
            out.push_back(rec);
            const bool last = i + 1 == n;
            if (last != (move == NO_MOVE) ||
                (!last && !(move < 64 && (pos.legal_moves() & square_bb(Square(move))))))
                return fail("game " + std::to_string(game) + ": move " + std::to_string(i) +
                            " is not a legal move");
            if (!last) {
                pos.do_move(make_move(Square(move)));
                skip_passes(pos);
            }
        }
    }
    const uint64_t count = r.u64();
    if (!r.ok || r.at + 4 != in.size()) return fail("truncated");
    if (count != out.size())
        return fail("holds " + std::to_string(out.size()) + " positions, its count says " +
                    std::to_string(count));
    const auto* records = reinterpret_cast<const unsigned char*>(out.data());
    if (!patterns::write_weights_file({records, out.size() * sizeof(TrainRecord)}, argv[3])) {
        std::fprintf(stderr, "unpack-games: cannot write %s\n", argv[3]);
        return 2;
    }
    std::fprintf(stderr, "unpack-games: %zu positions\n", out.size());
    return 0;
}
