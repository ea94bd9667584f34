#!/usr/bin/env python3
"""MASTER against an anchor engine at equal time per move, both colours from seeded openings.

  anchor_match.py --othello build/native/bin/othello --anchor PATH [--weights W.bin] [--book B.bin|none]
                  [--games N] [--time MS | --depth D [--exact E]] [--seed S] [--plies K] [--out FILE]
  anchor_match.py --openings N [--seed S] [--plies K]     (print the openings and stop)

Both engines speak the service protocol of src/games/README.md on stdin/stdout, one request
line in and one JSON line out: MASTER through `othello serve` (`othello search <board> <side>
level=master time=MS`), the anchor through its driver (`othello search <board> <side>
time=MS`; scripts/build-othello-anchor builds one for Egaroucid for Web). This script is the
referee: it keeps the position, checks every move, plays forced passes itself and scores the
games (the winner takes the empty squares).

Openings: random legal K-ply move sequences from the start position (K = 8), drawn by the
project's own generator (splitmix64 from the seed, below), so the same seed gives the same
openings with any Python; none repeats (not even as a mirror image or rotation of another) and
none ends the game. Each opening is played twice, MASTER black then MASTER white.

--depth D: no clock; both sides search full width (no ProbCut) to D plies, or solve exactly
from E empties down (default 20): MASTER with `depth=D probcut=off exact=E`, the anchor's driver
with `depth=D exact=E`. With the same search on both sides, what differs is the evaluation (and
the move ordering, which changes the nodes, not the values).

Report: W-L-D from MASTER's side, score, Elo with a 95 % interval (from the spread of the
opening pairs' scores), mean disc difference, forfeits (an illegal move, an error reply, a
crash: the game is lost), and the slowest reply of each side. Standard library only.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

# ---------------------------------------------------------------------------------------------
# Rules (square index = row * 8 + col, a1 = 0; board: list of '-', 'X', 'O')

DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
START = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27


def other(side):
    return "O" if side == "X" else "X"


def flips(board, square, side):
    """The squares a move of `side` on `square` turns over ([] if illegal)."""
    if board[square] != "-":
        return []
    row, col = divmod(square, 8)
    out = []
    for dr, dc in DIRECTIONS:
        r, c, line = row + dr, col + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == other(side):
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == side:
            out.extend(line)
    return out


def legal_moves(board, side):
    return [s for s in range(64) if flips(board, s, side)]


def play(board, square, side):
    """The board after `side` plays the legal move `square`."""
    b = list(board)
    for s in flips(board, square, side) + [square]:
        b[s] = side
    return b


def square_name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


def parse_square(name):
    if len(name) == 2 and name[0].lower() in "abcdefgh" and name[1] in "12345678":
        return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0].lower())
    return None


def final_difference(board):
    """Black's disc difference, empties to the winner."""
    x, o = board.count("X"), board.count("O")
    e = 64 - x - o
    return x - o + (e if x > o else -e if o > x else 0)


# ---------------------------------------------------------------------------------------------
# Openings


class SplitMix64:
    """The project's own generator: splitmix64, the same stream everywhere."""

    def __init__(self, seed):
        self.state = seed & (2**64 - 1)

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        return z ^ (z >> 31)

    def below(self, n):
        """Uniform in [0, n), by rejection."""
        limit = (2**64 // n) * n
        while True:
            v = self.next()
            if v < limit:
                return v % n


def symmetries(board):
    """The 8 images of a board under the square's symmetries."""
    out = []
    for t in range(8):
        img = ["-"] * 64
        for s in range(64):
            r, c = divmod(s, 8)
            if t & 1:
                r, c = c, r
            if t & 2:
                r = 7 - r
            if t & 4:
                c = 7 - c
            img[r * 8 + c] = board[s]
        out.append("".join(img))
    return out


def openings(count, seed, plies=8):
    """`count` distinct random `plies`-ply openings: (moves, board, side to move)."""
    rng = SplitMix64(seed)
    seen, out = set(), []
    tries = 0
    while len(out) < count:
        tries += 1
        if tries > 1000 * count + 1000:
            raise SystemExit(f"openings: cannot find {count} distinct {plies}-ply openings")
        board, side, moves = list(START), "X", []
        for _ in range(plies):
            legal = legal_moves(board, side)
            if not legal:
                break
            m = legal[rng.below(len(legal))]
            board, side = play(board, m, side), other(side)
            moves.append(m)
        # No passes inside, and the game goes on: the side to move has a move.
        if len(moves) < plies or not legal_moves(board, side):
            continue
        key = min(symmetries(board)) + side
        if key in seen:
            continue
        seen.add(key)
        out.append(("".join(square_name(m) for m in moves), "".join(board), side))
    return out


# ---------------------------------------------------------------------------------------------
# Engines


class Engine:
    """A process answering `othello search …` lines with JSON lines."""

    def __init__(self, name, argv, extra):
        self.name, self.argv, self.extra = name, argv, extra
        self.proc = None
        self.slowest = 0.0
        self.thinking = 0.0  # seconds spent on all replies
        self.replies = 0
        self.depths = []

    def start(self):
        """Starts the process and waits for its first reply (a 10 ms search of the start
        position, not counted): an engine's start-up stays out of the reply times."""
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        try:
            self.proc.stdin.write(f"othello search {START} X {self.extra} time=10\n")
            self.proc.stdin.flush()
            self.proc.stdout.readline()
        except OSError:
            pass  # the first real request reports the failure

    def ask(self, board, side, ms):
        """(move square or 'pass', reply dict) or raises RuntimeError with why."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        line = f"othello search {''.join(board)} {side} {self.extra} time={ms}\n"
        t0 = time.monotonic()
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
            reply = self.proc.stdout.readline()
        except OSError as e:
            self.proc = None
            raise RuntimeError(f"{self.name}: {e}")
        spent = time.monotonic() - t0
        self.slowest = max(self.slowest, spent)
        self.thinking += spent
        self.replies += 1
        if not reply:
            self.proc = None
            raise RuntimeError(f"{self.name}: no reply (the process ended)")
        try:
            r = json.loads(reply)
        except ValueError:
            raise RuntimeError(f"{self.name}: not JSON: {reply.strip()[:80]}")
        if "error" in r or "move" not in r:
            raise RuntimeError(f"{self.name}: {reply.strip()[:120]}")
        if isinstance(r.get("depth"), int) and not r.get("book"):  # searched, not from the book
            self.depths.append(r["depth"])
        return r["move"], r

    def stop(self):
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()


def play_game(board, side, black, white, ms):
    """Plays from (board, side) to the end. Returns (black's disc difference, moves, forfeit)
    where forfeit is None or (the side that forfeited, why)."""
    board, moves = list(board), []
    engines = {"X": black, "O": white}
    while True:
        legal = legal_moves(board, side)
        if not legal:
            if not legal_moves(board, other(side)):
                return final_difference(board), moves, None
            side = other(side)  # a forced pass, played by the referee
            continue
        try:
            move, _ = engines[side].ask(board, side, ms)
        except RuntimeError as e:
            return None, moves, (side, str(e))
        sq = parse_square(move)
        if sq is None or sq not in legal:
            return None, moves, (side, f"{engines[side].name}: illegal move {move!r}")
        board = play(board, sq, side)
        moves.append(square_name(sq))
        side = other(side)


# ---------------------------------------------------------------------------------------------
# Statistics


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def report(results, ms, anchor, master, stream=sys.stdout, depth=None):
    """Prints the summary and returns it as a dict. results: per opening, two game records.
    depth: the match was played to that depth (--depth), not by the clock."""
    games = [g for pair in results for g in pair]
    w = sum(g["score"] == 1 for g in games)
    l = sum(g["score"] == 0 for g in games)
    d = sum(g["score"] == 0.5 for g in games)
    n = len(games)
    score = (w + d / 2) / n if n else 0.0
    pairs = [sum(g["score"] for g in pair) / len(pair) for pair in results]
    m = len(pairs)
    sd = math.sqrt(sum((p - score) ** 2 for p in pairs) / (m - 1)) if m > 1 else 0.0
    half = 1.96 * sd / math.sqrt(m) if m else 0.0
    diffs = [g["diff"] for g in games if g["diff"] is not None]
    mean_diff = sum(diffs) / len(diffs) if diffs else 0.0
    forfeits = [g for g in games if g["forfeit"]]
    summary = {
        "games": n, "wins": w, "losses": l, "draws": d, "score": score,
        "elo": elo(score), "elo_low": elo(score - half), "elo_high": elo(score + half),
        "mean_disc_difference": mean_diff, "time_ms": None if depth else ms, "depth": depth,
        "forfeits_master": sum(g["forfeit"][0] == "master" for g in forfeits),
        "forfeits_anchor": sum(g["forfeit"][0] == "anchor" for g in forfeits),
        "slowest_reply_s": {"master": round(master.slowest, 3), "anchor": round(anchor.slowest, 3)},
        "mean_reply_s": {e.name: round(e.thinking / e.replies, 3) if e.replies else None
                         for e in (master, anchor)},
        "mean_depth": {e.name: round(sum(e.depths) / len(e.depths), 2) if e.depths else None
                       for e in (master, anchor)},
    }
    limit = f"depth {depth}, full width" if depth else f"{ms} ms per move"
    print(f"MASTER vs {os.path.basename(anchor.argv[0])}, {limit}, {n} games "
          f"({m} openings x both colours)", file=stream)
    print(f"  W-L-D {w}-{l}-{d}  score {100 * score:.1f} %  Elo {summary['elo']:+.0f} "
          f"[{summary['elo_low']:+.0f}, {summary['elo_high']:+.0f}] (95 %, by opening pairs)",
          file=stream)
    print(f"  mean disc difference {mean_diff:+.2f} (MASTER's view, empties to the winner)",
          file=stream)
    print(f"  forfeits: MASTER {summary['forfeits_master']}, anchor {summary['forfeits_anchor']}"
          f"; reply time mean / slowest: MASTER {summary['mean_reply_s']['master']} / "
          f"{master.slowest:.3f} s, anchor {summary['mean_reply_s']['anchor']} / "
          f"{anchor.slowest:.3f} s"
          f"; mean depth: MASTER {summary['mean_depth']['master']}, "
          f"anchor {summary['mean_depth']['anchor']}", file=stream)
    for g in forfeits:
        print(f"  forfeit ({g['opening']}, MASTER {g['master']}): {g['forfeit'][1]}", file=stream)
    print(json.dumps(summary), file=stream)
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--othello", default="build/native/bin/othello", help="the othello tool")
    ap.add_argument("--weights", help="MASTER plays with this weights file (othello weights=FILE)")
    ap.add_argument("--book", help="MASTER plays with this opening book, or none (othello book=FILE|none)")
    ap.add_argument("--anchor", help="the anchor's driver (speaks `othello search … time=MS`)")
    ap.add_argument("--games", type=int, default=80, help="games, an even number (80)")
    ap.add_argument("--time", type=int, default=1000, help="milliseconds per move (1000)")
    ap.add_argument("--depth", type=int, help="no clock: both sides full width to D plies")
    ap.add_argument("--exact", type=int, default=20, help="with --depth: exact from E empties (20)")
    ap.add_argument("--seed", type=int, default=1, help="opening generator seed (1)")
    ap.add_argument("--plies", type=int, default=8, help="plies per opening (8)")
    ap.add_argument("--openings", type=int, help="print N openings and stop")
    ap.add_argument("--out", help="write each game (opening, colours, moves, result) here")
    a = ap.parse_args()
    if a.openings:
        for moves, board, side in openings(a.openings, a.seed, a.plies):
            print(moves, board, side)
        return 0
    if not a.anchor or a.games < 2 or a.games % 2:
        ap.error("--anchor PATH is required and --games must be even")
    master = Engine("master", [a.othello] + ([f"weights={a.weights}"] if a.weights else []) +
                    ([f"book={a.book}"] if a.book else []) +
                    ["serve"], "level=master" + (f" depth={a.depth} probcut=off exact={a.exact}"
                                                 if a.depth else ""))
    anchor = Engine("anchor", [a.anchor], f"depth={a.depth} exact={a.exact}" if a.depth else "")
    out = open(a.out, "w") if a.out else None
    results = []
    try:
        for i, (moves, board, side) in enumerate(openings(a.games // 2, a.seed, a.plies)):
            pair = []
            for colour in ("X", "O"):
                black, white = (master, anchor) if colour == "X" else (anchor, master)
                diff, played, forfeit = play_game(board, side, black, white, a.time)
                if forfeit:
                    loser = forfeit[0]
                    who = "master" if (loser == colour) else "anchor"
                    score = 0.0 if who == "master" else 1.0
                    g = {"diff": None, "score": score, "forfeit": (who, forfeit[1])}
                else:
                    d = diff if colour == "X" else -diff
                    g = {"diff": d, "score": 1.0 if d > 0 else 0.0 if d < 0 else 0.5,
                         "forfeit": None}
                g.update({"opening": moves, "master": "black" if colour == "X" else "white",
                          "moves": "".join(played)})
                pair.append(g)
                result = (f"forfeit by {g['forfeit'][0]}" if g["forfeit"] else f"{g['diff']:+d}")
                line = (f"game {2 * i + len(pair)}: {moves} MASTER {g['master']}: {result}"
                        f"  {moves}{g['moves']}")
                print(line, file=sys.stderr, flush=True)
                if out:
                    out.write(json.dumps(g) + "\n")
                    out.flush()
            results.append(pair)
    finally:
        master.stop()
        anchor.stop()
        if out:
            out.close()
    report(results, a.time, anchor, master, depth=a.depth)
    return 0


if __name__ == "__main__":
    sys.exit(main())
