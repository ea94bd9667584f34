#!/usr/bin/env python3
"""Where the games of a match are decided: each game's position at E empties, solved exactly.

  decided_at.py obf E GAMES...            (the positions at E empties, as OBF lines, on stdout)
  decided_at.py report E SOLVED GAMES...  (SOLVED: what `othello solve` printed for those lines)

GAMES are the files `anchor_match.py --out FILE` writes (one JSON object a game) or its printed
log (the `game N: OPENING MASTER black|white: +D MOVES` lines). For each game the moves are
replayed to the first position with E empties or fewer where a side can move; `othello solve
FILE.obf` gives its exact value, and `report` compares it, from MASTER's side, with the final
result: how many games change their outcome (win, loss, draw) after that point and how many discs
MASTER gains or loses in that part of the game. Standard library only.

  python3 src/tools/othello/decided_at.py obf 24 s1.games s2.games > e24.obf
  build/native/bin/othello solve e24.obf > e24.out
  python3 src/tools/othello/decided_at.py report 24 e24.out s1.games s2.games
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import anchor_match as am  # noqa: E402  (the referee's rules)

LOG_LINE = re.compile(r"game \d+: \S+ MASTER (black|white): ([+-]?\d+)\s+([a-h][1-8]\S*)")


def read_games(paths):
    """(MASTER's colour, final disc difference for MASTER, moves) of every game, in order."""
    games = []
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("{") and '"moves"' in line:
                    g = json.loads(line)
                    games.append((g["master"], int(g["diff"]), g["opening"] + g["moves"]))
                elif (m := LOG_LINE.match(line)):
                    games.append((m.group(1), int(m.group(2)), m.group(3)))
    return games


def position_at(moves, empties):
    """The board and side to move at the first position with `empties` or fewer empty squares
    where a side can move (None if the game ends before)."""
    board, side = list(am.START), "X"
    squares = [am.parse_square(moves[i:i + 2]) for i in range(0, len(moves), 2)]
    k = 0
    while True:
        if not am.legal_moves(board, side):
            side = am.other(side)
            if not am.legal_moves(board, side):
                return None
        if board.count("-") <= empties:
            return "".join(board), side
        if k == len(squares):
            return None
        if squares[k] is None or not am.flips(board, squares[k], side):
            raise ValueError(f"illegal move {moves[2 * k:2 * k + 2]} at ply {k + 1}")
        board = am.play(board, squares[k], side)
        side, k = am.other(side), k + 1


def outcome(d):
    return "win" if d > 0 else "loss" if d < 0 else "draw"


def main(argv):
    if len(argv) < 3 or argv[0] not in ("obf", "report"):
        sys.exit(__doc__)
    empties = int(argv[1])
    if argv[0] == "obf":
        for _, _, moves in read_games(argv[2:]):
            at = position_at(moves, empties)
            if at:
                print(f"{at[0]} {at[1]};")
        return
    values = []
    with open(argv[2]) as f:
        for line in f:
            if (m := re.match(r"line \d+: \S+\s+([+-]?\d+)", line)):
                values.append(int(m.group(1)))
    rows = [(g, at) for g in read_games(argv[3:]) if (at := position_at(g[2], empties))]
    if len(values) != len(rows):
        sys.exit(f"report: {len(values)} solved lines for {len(rows)} games")
    sum_at, sum_end, table = 0, 0, {}
    for ((colour, final, _), (_, side)), v in zip(rows, values):
        master = "X" if colour == "black" else "O"
        at = v if side == master else -v
        sum_at, sum_end = sum_at + at, sum_end + final
        key = (outcome(at), outcome(final))
        table[key] = table.get(key, 0) + 1
    n = len(rows)
    changed = sum(c for (a, e), c in table.items() if a != e)
    points = {"win": 1.0, "draw": 0.5, "loss": 0.0}
    score_at = sum(c * points[a] for (a, _), c in table.items()) / n
    score_end = sum(c * points[e] for (_, e), c in table.items()) / n
    print(f"{n} games; at {empties} empties (exact) → the end, MASTER's side:")
    for (a, e), c in sorted(table.items()):
        print(f"  {a:>4} → {e:<4} {c}")
    print(f"  outcome changed after {empties} empties: {changed} games")
    print(f"  score {100 * score_at:.1f} % at {empties} empties, {100 * score_end:.1f} % at the end")
    print(f"  mean disc difference {sum_at / n:+.2f} at {empties} empties, {sum_end / n:+.2f} at the end")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"decided_at.py: {e}")
