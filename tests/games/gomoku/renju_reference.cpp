#include "renju_reference.h"

namespace gomoku::reference {

namespace {

// The four line directions as (row, col) steps: horizontal, vertical, both diagonals.
constexpr int DR[4] = {0, 1, 1, 1};
constexpr int DC[4] = {1, 0, 1, -1};

bool inside(const Grid& g, int r, int c) {
    return r >= 0 && c >= 0 && r < g.size && c < g.size;
}

bool black_at(const Grid& g, int r, int c) {
    return inside(g, r, c) && g.cell[r][c] == BLACK;
}

bool empty_at(const Grid& g, int r, int c) {
    return inside(g, r, c) && g.cell[r][c] == EMPTY;
}

// The black run through black cell (r, c) along d, as offsets [lo, hi] from (r, c).
void run_bounds(const Grid& g, int r, int c, int d, int& lo, int& hi) {
    lo = 0, hi = 0;
    while (black_at(g, r + (lo - 1) * DR[d], c + (lo - 1) * DC[d])) --lo;
    while (black_at(g, r + (hi + 1) * DR[d], c + (hi + 1) * DC[d])) ++hi;
}

int run_length(const Grid& g, int r, int c, int d) {
    int lo, hi;
    run_bounds(g, r, c, d, lo, hi);
    return hi - lo + 1;
}

// With black on (r, c): does one more black stone on empty (r + k·d) make exactly five in
// line d that contains (r, c)?
bool completes_five(Grid& g, int r, int c, int d, int k) {
    const int qr = r + k * DR[d], qc = c + k * DC[d];
    if (!empty_at(g, qr, qc)) return false;
    g.cell[qr][qc] = BLACK;
    int lo, hi;
    run_bounds(g, qr, qc, d, lo, hi);
    g.cell[qr][qc] = EMPTY;
    return hi - lo + 1 == 5 && lo <= -k && -k <= hi;
}

// Number of fours through black (r, c) in line d (0, 1 or 2): its completions to exactly
// five, the two ends of one straight four counting once (9.3: X.XXX.X is two fours).
int fours_in_line(Grid& g, int r, int c, int d) {
    int ks[9], n = 0;
    for (int k = -4; k <= 4; ++k)
        if (k && completes_five(g, r, c, d, k)) ks[n++] = k;
    if (n == 0) return 0;
    if (n == 1) return 1;
    if (n == 2 && ks[1] - ks[0] == 5) return 1; // .XXXX. : the stones between are all black
    return 2;
}

// With black on (r, c) and empty (qr, qc) in line d: would black on q make a straight four
// through both (four in a row, both ends empty, each end making exactly five)?
bool makes_straight_four(Grid& g, int r, int c, int d, int k) {
    const int qr = r + k * DR[d], qc = c + k * DC[d];
    g.cell[qr][qc] = BLACK;
    int lo, hi;
    run_bounds(g, qr, qc, d, lo, hi);
    bool straight = hi - lo + 1 == 4 && lo <= -k && -k <= hi;
    for (int end : {lo - 1, hi + 1}) {
        const int step = end < lo ? -1 : 1;
        straight = straight && empty_at(g, qr + end * DR[d], qc + end * DC[d]) &&
                   !black_at(g, qr + (end + step) * DR[d], qc + (end + step) * DC[d]);
    }
    g.cell[qr][qc] = EMPTY;
    return straight;
}

// Would black on empty (r, c) make exactly five in some line?
bool makes_five(Grid& g, int r, int c) {
    g.cell[r][c] = BLACK;
    bool five = false;
    for (int d = 0; d < 4; ++d) five = five || run_length(g, r, c, d) == 5;
    g.cell[r][c] = EMPTY;
    return five;
}

// With black on (r, c): is line d a three, i.e. can one more black stone make a straight
// four through it without making a five at the same time (RIF's definition of a three) and
// without being itself a forbidden move (tested with (r, c) on the board)?
bool three_in_line(Grid& g, int r, int c, int d) {
    for (int k = -3; k <= 3; ++k) {
        const int qr = r + k * DR[d], qc = c + k * DC[d];
        if (!k || !empty_at(g, qr, qc) || !makes_straight_four(g, r, c, d, k)) continue;
        if (!makes_five(g, qr, qc) && forbidden_kind(g, qr, qc) == Kind::NONE) return true;
    }
    return false;
}

// forbidden_kind with black already on (r, c).
Kind judge_placed(Grid& g, int r, int c) {
    for (int d = 0; d < 4; ++d)
        if (run_length(g, r, c, d) == 5) return Kind::NONE; // a five is never forbidden
    for (int d = 0; d < 4; ++d)
        if (run_length(g, r, c, d) >= 6) return Kind::OVERLINE;
    int fours = 0, threes = 0;
    bool four_in[4];
    for (int d = 0; d < 4; ++d) {
        const int n = fours_in_line(g, r, c, d);
        four_in[d] = n > 0;
        fours += n;
    }
    if (fours >= 2) return Kind::DOUBLE_FOUR;
    for (int d = 0; d < 4 && threes < 2; ++d)
        if (!four_in[d] && three_in_line(g, r, c, d)) ++threes;
    return threes >= 2 ? Kind::DOUBLE_THREE : Kind::NONE;
}

} // namespace

const char* kind_name(Kind k) {
    switch (k) {
    case Kind::OVERLINE: return "overline";
    case Kind::DOUBLE_FOUR: return "double-four";
    case Kind::DOUBLE_THREE: return "double-three";
    default: return "none";
    }
}

Grid grid_of(const Board& board) {
    Grid g;
    g.size = board.size();
    for (int r = 0; r < g.size; ++r)
        for (int c = 0; c < g.size; ++c) g.cell[r][c] = board.at(r, c);
    return g;
}

Kind forbidden_kind(Grid& g, int row, int col) {
    if (!empty_at(g, row, col)) return Kind::NONE;
    g.cell[row][col] = BLACK;
    const Kind k = judge_placed(g, row, col);
    g.cell[row][col] = EMPTY;
    return k;
}

std::vector<Pos> forbidden_points(const Board& board) {
    std::vector<Pos> points;
    Grid g = grid_of(board);
    for (int r = 0; r < g.size; ++r)
        for (int c = 0; c < g.size; ++c)
            if (forbidden_kind(g, r, c) != Kind::NONE) points.push_back(make_pos(r, c));
    return points;
}

} // namespace gomoku::reference
