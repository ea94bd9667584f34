#include "games/common/snapshot.h"

#include <algorithm>
#include <charconv>

namespace games {

namespace {

void write_points(JsonOut& j, const std::vector<Snapshot::Point>& points) {
    j.begin_array();
    for (const auto& p : points) j.begin_array().value(p[0]).value(p[1]).end_array();
    j.end_array();
}

bool whole(const std::string& s, int& v) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

} // namespace

void Snapshot::legal_from_empty() {
    legal.clear();
    if (winner >= 0) return;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (at(r, c) == 0 &&
                std::find(forbidden.begin(), forbidden.end(), Point{r, c}) == forbidden.end())
                legal.push_back({r, c});
}

void Snapshot::write(JsonOut& j) const {
    j.key("cells").begin_array();
    for (int r = 0; r < rows; ++r) {
        j.begin_array();
        for (int c = 0; c < cols; ++c) j.value(cells[size_t(r * cols + c)]);
        j.end_array();
    }
    j.end_array();
    j.field("turn", turn);
    j.key("legalMoves");
    write_points(j, legal);
    j.key("forbiddenPoints");
    write_points(j, forbidden);
    j.key("last");
    if (last)
        j.begin_array().value((*last)[0]).value((*last)[1]).end_array();
    else
        j.null();
    j.key("outcome");
    if (winner >= 0) {
        j.begin_object().field("winner", winner).field("reason", reason).key("line");
        write_points(j, line);
        j.end_object();
    } else
        j.null();
    j.field("position", position);
}

bool read_row_col(const Request& request, size_t first, int rows, int cols, int& row, int& col,
                  std::string& error) {
    error.clear();
    if (request.positional.size() < first + 2) return false;
    const std::string& rs = request.positional[first];
    const std::string& cs = request.positional[first + 1];
    if (!whole(rs, row) || !whole(cs, col)) return false;
    if (row < 0 || row >= rows || col < 0 || col >= cols)
        error = "move (" + rs + ", " + cs + "): outside the board (rows 0.." +
                std::to_string(rows - 1) + ", columns 0.." + std::to_string(cols - 1) + ")";
    return error.empty();
}

} // namespace games
