// train.cpp — `othello train-eval`: fits the pattern evaluation (games/othello/patterns.h) to
// positions from games the engine played against itself (`othello selfplay`), and writes the
// weights file the engine reads (patterns.h; committed as src/games/othello/data/
// weights-<hash>.bin, see data/README.md there). No downloaded data.
//
//   othello train-eval OUT.bin DATA.bin... [iters=N] [lambda=X] [min=K] [holdout=M] [search=S]
//                      [measure=result|search]
//
// Model: for a position with n empties between phase anchors a and a + 1 (blend t / 64),
//   value = sum over the 46 pattern instances and the linear terms of
//           ((64 - t) * w[a][feature] + t * w[a + 1][feature]) / 64          (in discs).
// Fit: regularised least squares, min |A w - y|^2 + lambda * |w|^2 (the linear terms are
// barely regularised), by conjugate gradients on the normal equations (CGLS). Features seen
// fewer than `min` times in the training positions keep weight 0 (nothing to learn from, and
// zeros compress). Every `holdout`-th game (by index) is held out to measure the error.
// Labels: the game's final score for the side to move (exact from the selfplay's EXACT empties
// on, where both sides played perfectly); before EXACT empties, with search=S (0..1, default 0),
// (1 - S) * final score + S * the selfplay search's own value, a less noisy but biased label.
// Held-out positions are measured against the final score, or with measure=search against the
// selfplay search's value where there is one (less noisy: the better ranking of two fits when
// the games were searched deeply, `othello relabel` or a deep selfplay).
// Output: int8 weights per (anchor, type) with a power-of-two scale, zero runs packed, linear
// terms int16 (the file format of patterns.h). The trainer prints the rms error per phase on the
// training and held-out positions for the float model, the quantised model and the classic
// evaluation (evaluate.h), for comparison.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "games/othello/evaluate.h"
#include "games/othello/patterns.h"
#include "options.h"
#include "tools/othello/sha256.h"
#include "tools/othello/train_data.h"

using namespace othello;
namespace pt = othello::patterns;

namespace {

constexpr int T = pt::canonical_total();
constexpr int A = pt::ANCHORS;
constexpr int L = pt::LINEAR_NB;
constexpr int N_PATTERN_COLS = A * T;
constexpr int N_COLS = A * T + A * L;

struct Row {
    uint32_t id[pt::INSTANCES]; // column within an anchor block (type offset + rank)
    int8_t lin[L];
    uint8_t a, t, empties;
    bool holdout;
    float y;
    int classic; // classic evaluation, EVAL_UNITs
    int in_use;  // the pattern weights in use (compiled in, or weights=FILE), EVAL_UNITs
};

int type_offset(int type) {
    int o = 0;
    for (int t = 0; t < type; ++t) o += pt::canonical_count(t);
    return o;
}

// y_hat = A x for one row.
inline double predict(const Row& r, const std::vector<double>& x) {
    const double w1 = r.t / 64.0, w0 = 1 - w1;
    const double* x0 = x.data() + size_t(r.a) * T;
    const double* x1 = x0 + T;
    double s0 = 0, s1 = 0;
    for (uint32_t id : r.id) s0 += x0[id], s1 += x1[id];
    const double* l0 = x.data() + N_PATTERN_COLS + r.a * L;
    const double* l1 = l0 + L;
    for (int k = 0; k < L; ++k) s0 += l0[k] * r.lin[k], s1 += l1[k] * r.lin[k];
    return w0 * s0 + (r.t ? w1 * s1 : 0);
}

// g += A^T u (scatter).
inline void scatter(const Row& r, double u, std::vector<double>& g) {
    const double w1 = r.t / 64.0 * u, w0 = u - w1;
    double* g0 = g.data() + size_t(r.a) * T;
    double* g1 = g0 + T;
    for (uint32_t id : r.id) {
        g0[id] += w0;
        if (r.t) g1[id] += w1;
    }
    double* l0 = g.data() + N_PATTERN_COLS + r.a * L;
    double* l1 = l0 + L;
    for (int k = 0; k < L; ++k) {
        l0[k] += w0 * r.lin[k];
        if (r.t) l1[k] += w1 * r.lin[k];
    }
}

struct Quantised {
    std::vector<int8_t> pattern; // A x T
    std::vector<int16_t> linear; // A x L
    uint8_t shift[A][pt::TYPE_NB];
};

// Weights in 1/WEIGHT_SCALE disc: int8 << shift per (anchor, type), linear int16.
Quantised quantise(const std::vector<double>& x) {
    Quantised q;
    q.pattern.resize(size_t(A) * T);
    q.linear.resize(size_t(A) * L);
    for (int a = 0; a < A; ++a)
        for (int type = 0; type < pt::TYPE_NB; ++type) {
            const int off = type_offset(type), n = pt::canonical_count(type);
            double peak = 0;
            for (int i = 0; i < n; ++i)
                peak = std::max(peak, std::fabs(x[size_t(a) * T + off + i]) * pt::WEIGHT_SCALE);
            int shift = 0;
            while (peak / (1 << shift) > 127) ++shift;
            q.shift[a][type] = uint8_t(shift);
            for (int i = 0; i < n; ++i) {
                const double v = x[size_t(a) * T + off + i] * pt::WEIGHT_SCALE / (1 << shift);
                q.pattern[size_t(a) * T + off + i] =
                    int8_t(std::clamp<long>(std::lround(v), -127, 127));
            }
        }
    for (int i = 0; i < A * L; ++i)
        q.linear[i] = int16_t(
            std::clamp<long>(std::lround(x[N_PATTERN_COLS + i] * pt::WEIGHT_SCALE), -32767, 32767));
    return q;
}

// The quantised model as evaluate() computes it (discs).
double predict_quantised(const Row& r, const Quantised& q) {
    int s[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        const int a = r.a + side;
        if (a >= A) continue;
        for (int i = 0; i < pt::INSTANCES; ++i) {
            const int type = pt::INSTANCE_TYPE[i];
            s[side] += int(q.pattern[size_t(a) * T + r.id[i]]) << q.shift[a][type];
        }
        for (int k = 0; k < L; ++k) s[side] += q.linear[a * L + k] * r.lin[k];
    }
    const long blended = long(s[0]) * (64 - r.t) + long(s[1]) * r.t;
    return double(blended) / (64.0 * pt::WEIGHT_SCALE);
}

// Zero runs packed: a byte 0 is followed by the run length - 1 (0..255) of zeros; any other
// byte is an int8 weight. The stream decodes to A x T weights.
std::vector<uint8_t> pack(const std::vector<int8_t>& w) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i < w.size();) {
        if (w[i] != 0) {
            out.push_back(uint8_t(w[i]));
            ++i;
            continue;
        }
        size_t run = 1;
        while (i + run < w.size() && w[i + run] == 0 && run < 256) ++run;
        out.push_back(0);
        out.push_back(uint8_t(run - 1));
        i += run;
    }
    return out;
}

// The quantised model as a weights file (patterns.h: serialize_weights), written to `path`; its
// name in src/games/othello/data/ is printed (weights-<first 12 hex digits of its SHA-256>.bin).
bool write_weights(const char* path, const Quantised& q) {
    const std::vector<uint8_t> packed = pack(q.pattern);
    pt::WeightData data{};
    data.packed = packed.data();
    data.packed_size = packed.size();
    for (int i = 0; i < A * L; ++i) data.linear[i] = q.linear[size_t(i)];
    for (int a = 0; a < A; ++a)
        for (int t = 0; t < pt::TYPE_NB; ++t) data.shift[a][t] = q.shift[a][t];
    const std::vector<unsigned char> bytes = pt::serialize_weights(data);
    if (!pt::write_weights_file(bytes, path)) {
        std::fprintf(stderr, "train-eval: cannot write %s\n", path);
        return false;
    }
    std::printf("%s: %zu bytes (%zu packed bytes for %zu weights), sha256 %s\n"
                "commit it as src/games/othello/data/weights-%s.bin\n",
                path, bytes.size(), packed.size(), q.pattern.size(),
                tool::sha256_hex(bytes).c_str(), tool::sha256_hex(bytes).substr(0, 12).c_str());
    return true;
}

using tool::option;

} // namespace

int train_eval(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: othello train-eval OUT.bin DATA.bin... [iters=N] "
                             "[lambda=X] [min=K] [holdout=M] [search=S] "
                             "[measure=result|search]\n");
        return 2;
    }
    const int iters = std::atoi(option(argc, argv, "iters", "150"));
    const double lambda = std::atof(option(argc, argv, "lambda", "1"));
    const int min_count = std::atoi(option(argc, argv, "min", "4"));
    const int holdout = std::atoi(option(argc, argv, "holdout", "10"));
    const double search_share = std::clamp(std::atof(option(argc, argv, "search", "0")), 0.0, 1.0);
    const std::string measure = option(argc, argv, "measure", "result");
    if (measure != "result" && measure != "search") {
        std::fprintf(stderr, "train-eval: measure=result or measure=search\n");
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };

    // Positions.
    std::vector<Row> rows;
    int file_index = 0;
    const bool in_use = pt::weights_loaded();
    for (int i = 3; i < argc; ++i) {
        if (std::strchr(argv[i], '=')) continue;
        std::FILE* in = std::fopen(argv[i], "rb");
        if (!in) {
            std::fprintf(stderr, "train-eval: cannot read %s\n", argv[i]);
            return 2;
        }
        TrainRecord rec;
        while (std::fread(&rec, sizeof rec, 1, in) == 1) {
            Row r{};
            uint16_t idx[pt::INSTANCES];
            pt::pattern_indices(rec.player, rec.opponent, idx);
            for (int k = 0; k < pt::INSTANCES; ++k) {
                const int type = pt::INSTANCE_TYPE[k];
                r.id[k] = uint32_t(type_offset(type) +
                                   pt::canonical_rank(type, pt::canonical_index(type, idx[k])));
            }
            int lin[L];
            pt::linear_terms(rec.player, rec.opponent, lin);
            for (int k = 0; k < L; ++k) r.lin[k] = int8_t(lin[k]);
            const pt::Blend b = pt::blend_of(rec.empties);
            r.a = uint8_t(b.a);
            r.t = uint8_t(b.t);
            r.empties = rec.empties;
            r.holdout = holdout > 0 && (rec.game + 7919u * uint32_t(file_index)) % holdout == 0;
            // Held-out rows keep the game's result: an unbiased label, however noisy, ranks
            // models fairly whatever `search` is (or, measure=search, the search's value).
            r.y = rec.score;
            if (r.holdout && measure == "search" && (rec.flags & 2)) r.y = rec.search;
            if (!r.holdout && (rec.flags & 3) == 2)
                r.y = float((1 - search_share) * rec.score + search_share * rec.search);
            r.classic = othello::evaluate(rec.player, rec.opponent);
            r.in_use = in_use ? pt::evaluate(rec.player, rec.opponent) : r.classic;
            rows.push_back(r);
        }
        std::fclose(in);
        ++file_index;
    }
    std::fprintf(stderr, "%zu positions (%.0f s)\n", rows.size(), seconds());

    // Columns seen often enough; the others stay 0.
    std::vector<int> count(N_COLS, 0);
    for (const Row& r : rows) {
        if (r.holdout) continue;
        for (uint32_t id : r.id) {
            ++count[size_t(r.a) * T + id];
            if (r.t) ++count[size_t(r.a + 1) * T + id];
        }
    }
    std::vector<char> active(N_COLS, 1);
    size_t n_active = 0;
    for (int c = 0; c < N_PATTERN_COLS; ++c) {
        active[c] = count[c] >= min_count;
        n_active += active[c];
    }
    std::fprintf(stderr, "%zu of %d pattern weights seen at least %d times\n", n_active,
                 N_PATTERN_COLS, min_count);

    // CGLS on min |A x - y|^2 + sum d_c x_c^2.
    std::vector<double> d(N_COLS, lambda);
    for (int c = N_PATTERN_COLS; c < N_COLS; ++c) d[c] = 1e-3;
    std::vector<double> x(N_COLS, 0), s(N_COLS, 0), p;
    std::vector<double> r_res(rows.size());
    auto gradient = [&](std::vector<double>& g) { // g = A^T r - D x, masked
        std::fill(g.begin(), g.end(), 0.0);
        for (size_t i = 0; i < rows.size(); ++i)
            if (!rows[i].holdout) scatter(rows[i], r_res[i], g);
        for (int c = 0; c < N_COLS; ++c) g[c] = active[c] ? g[c] - d[c] * x[c] : 0;
    };
    for (size_t i = 0; i < rows.size(); ++i) r_res[i] = rows[i].holdout ? 0 : rows[i].y;
    gradient(s);
    p = s;
    double gamma = 0;
    for (double v : s) gamma += v * v;
    std::vector<double> qv(rows.size());
    for (int it = 0; it < iters && gamma > 1e-12; ++it) {
        double delta = 0;
        for (size_t i = 0; i < rows.size(); ++i) {
            qv[i] = rows[i].holdout ? 0 : predict(rows[i], p);
            delta += qv[i] * qv[i];
        }
        for (int c = 0; c < N_COLS; ++c) delta += d[c] * p[c] * p[c];
        const double alpha = gamma / delta;
        for (int c = 0; c < N_COLS; ++c) x[c] += alpha * p[c];
        for (size_t i = 0; i < rows.size(); ++i) r_res[i] -= alpha * qv[i];
        gradient(s);
        double gamma_new = 0;
        for (double v : s) gamma_new += v * v;
        const double beta = gamma_new / gamma;
        for (int c = 0; c < N_COLS; ++c) p[c] = s[c] + beta * p[c];
        gamma = gamma_new;
        if (it % 10 == 9 || it + 1 == iters) {
            double e_train = 0, e_hold = 0;
            size_t n_train = 0, n_hold = 0;
            for (const Row& r : rows) {
                const double e = predict(r, x) - r.y;
                (r.holdout ? e_hold : e_train) += e * e;
                ++(r.holdout ? n_hold : n_train);
            }
            std::fprintf(stderr, "iteration %3d: rms train %.3f, held out %.3f discs (%.0f s)\n",
                         it + 1, std::sqrt(e_train / double(n_train)),
                         std::sqrt(e_hold / double(std::max<size_t>(n_hold, 1))), seconds());
        }
    }

    // Errors by phase: float model, quantised model, the weights in use (compiled in or
    // weights=FILE: the set a new one would replace), classic evaluation.
    const Quantised qz = quantise(x);
    std::fprintf(stderr, "empties    positions  | train: patterns quantised in-use classic | held "
                         "out: patterns quantised in-use classic\n");
    auto rms = [](double v, size_t k) { return k ? std::sqrt(v / double(k)) : 0.0; };
    // One line: the four errors on the training rows, then on the held-out ones.
    auto print_errors = [&](const char* label, const double(&e)[2][4], const size_t(&n)[2]) {
        std::fprintf(stderr,
                     "%-5s  %7zu %6zu  |  %6.2f %6.2f %6.2f %6.2f  |  %6.2f %6.2f %6.2f %6.2f\n",
                     label, n[0], n[1], rms(e[0][0], n[0]), rms(e[0][1], n[0]), rms(e[0][2], n[0]),
                     rms(e[0][3], n[0]), rms(e[1][0], n[1]), rms(e[1][1], n[1]), rms(e[1][2], n[1]),
                     rms(e[1][3], n[1]));
    };
    double total[2][4] = {};
    size_t total_n[2] = {};
    for (int lo = 0; lo < 60; lo += 6) {
        double e[2][4] = {};
        size_t n[2] = {};
        for (const Row& r : rows) {
            if (r.empties < lo || r.empties >= lo + 6) continue;
            const int h = r.holdout;
            const double f = predict(r, x) - r.y, qq = predict_quantised(r, qz) - r.y,
                         u = r.in_use / double(EVAL_UNIT) - r.y,
                         c = r.classic / double(EVAL_UNIT) - r.y;
            e[h][0] += f * f, e[h][1] += qq * qq, e[h][2] += u * u, e[h][3] += c * c;
            ++n[h];
        }
        for (int h = 0; h < 2; ++h) {
            for (int k = 0; k < 4; ++k) total[h][k] += e[h][k];
            total_n[h] += n[h];
        }
        char label[8];
        std::snprintf(label, sizeof label, "%2d-%2d", lo, lo + 5);
        print_errors(label, e, n);
    }
    print_errors("all", total, total_n);
    size_t nonzero = 0;
    for (int8_t v : qz.pattern) nonzero += v != 0;
    std::fprintf(stderr, "%zu non-zero int8 weights, %zu packed bytes\n", nonzero,
                 pack(qz.pattern).size());
    return write_weights(argv[2], qz) ? 0 : 1;
}
