#!/usr/bin/env python3
"""Exact loss of an engine's endgame moves: the discs its chosen move gives away.

  endgame_loss.py positions --othello TOOL [--seed S] [--games N] [--empties 20-26] > POS
  endgame_loss.py judge --othello TOOL --positions POS --time MS [--cache FILE]
                  [--max-empties E] NAME=ENGINE [NAME=ENGINE ...]

`positions` plays MASTER against itself at 50,000 nodes a move (`TOOL serve`; the same games
every run) from the seeded 8-ply openings of anchor_match.py and prints every position it
reaches with the empties asked for: `<board> <side> <empties>` a line.

`judge` asks each ENGINE (a command answering `othello search <board> <side> level=master
time=MS`, e.g. `build/native/bin/othello serve`; a wrapper script for a variant) for its move in
each position, in order, one process per engine, then solves every position and every chosen
move that is not the solver's own exactly (`othello solve` through TOOL) and prints, per engine,
the discs lost against the best move in all and by empties (`empties:discs/moves that lost`).
The exact values are kept in the cache file (JSON) between runs: they do not depend on the
engine. The engines' moves depend on the clock, so two runs of one engine differ a little;
run each twice to see how much.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import anchor_match as am  # noqa: E402  (rules, openings)


class Serve(am.Engine):
    """One `serve` process: a request line in, a JSON line out (stop() is the referee's)."""

    def __init__(self, argv):
        super().__init__(argv[0], argv, "")
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def request(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if not reply:
            raise SystemExit(f"endgame_loss: no reply to '{line}'")
        r = json.loads(reply)
        if "error" in r:
            raise SystemExit(f"endgame_loss: '{line}': {r['error']}")
        return r


def empties_of(board):
    return board.count("-")


def positions(a):
    low, _, high = a.empties.partition("-")
    low, high = int(low), int(high or low)
    engine = Serve([a.othello, "serve"])
    for _, board, side in am.openings(a.games, a.seed):
        board = list(board)
        while empties_of(board) >= low:
            if not am.legal_moves(board, side):
                side = am.other(side)
                if not am.legal_moves(board, side):
                    break
                continue
            if empties_of(board) <= high:
                print("".join(board), side, empties_of(board), flush=True)
            r = engine.request(f"othello search {''.join(board)} {side} level=master nodes=50000")
            board = am.play(board, r["row"] * 8 + r["col"], side)
            side = am.other(side)
    engine.stop()


def judge(a):
    lines = [line.split() for line in open(a.positions) if line.strip()]
    lines = [(b, s) for b, s, e in lines if int(e) <= a.max_empties]
    moves = {}
    for spec in a.engines:
        name, _, command = spec.partition("=")
        engine = Serve(shlex.split(command))
        moves[name] = [engine.request(f"othello search {b} {s} level=master time={a.time}")["move"]
                       for b, s in lines]
        engine.stop()
    cache = json.load(open(a.cache)) if a.cache and os.path.exists(a.cache) else {}
    solver = Serve([a.othello, "serve"])

    def solve(board, side):  # (exact score for side to move, best move)
        key = "".join(board) + side
        if key not in cache:
            if not am.legal_moves(board, side) and not am.legal_moves(board, am.other(side)):
                black = am.final_difference(board)
                cache[key] = [black if side == "X" else -black, "none"]
            else:
                r = solver.request(f"othello solve {''.join(board)} {side}")
                cache[key] = [r["score"], r["move"]]
        return cache[key]

    loss = {name: {} for name in moves}
    for i, (board, side) in enumerate(lines):
        best, best_move = solve(board, side)
        for name in moves:
            move = moves[name][i]
            if move == best_move:
                lost = 0
            else:
                child = am.play(list(board), am.parse_square(move), side)
                lost = best + solve(child, am.other(side))[0]
            t = loss[name].setdefault(empties_of(board), [0, 0, 0])
            t[0] += lost
            t[1] += 1
            t[2] += lost > 0
        if a.cache and i % 10 == 9:
            json.dump(cache, open(a.cache, "w"))
    solver.stop()
    if a.cache:
        json.dump(cache, open(a.cache, "w"))
    for name, by in loss.items():
        total = sum(v[0] for v in by.values())
        count = sum(v[1] for v in by.values())
        detail = " ".join(f"{e}:{v[0]}/{v[2]}" for e, v in sorted(by.items()))
        print(f"{name}: {total} discs lost over {count} positions | {detail}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("positions")
    g.add_argument("--othello", required=True)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--games", type=int, default=30)
    g.add_argument("--empties", default="20-26")
    j = sub.add_parser("judge")
    j.add_argument("--othello", required=True)
    j.add_argument("--positions", required=True)
    j.add_argument("--time", type=int, required=True)
    j.add_argument("--cache")
    j.add_argument("--max-empties", type=int, default=64)
    j.add_argument("engines", nargs="+", metavar="NAME=ENGINE")
    a = p.parse_args()
    positions(a) if a.command == "positions" else judge(a)


if __name__ == "__main__":
    main()
