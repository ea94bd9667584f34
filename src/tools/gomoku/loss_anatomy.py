#!/usr/bin/env python3
"""loss_anatomy.py — where brain A's games against an anchor are lost, from match logs.

    src/tools/gomoku/loss_anatomy.py LOG... [--positions FILE]

LOG: what `gomocup_match.py … --log LOG` wrote (every protocol line, then a `== game N: …`
verdict after each game). The anchor is brain B; its evaluations are read from the
`MESSAGE … Eval E …` lines Rapfi prints before each move (E a number, or +Mn / -Mn: a forced
win / loss in n plies as its search sees it). Prints:

- A's wins, losses and draws by A's colour;
- in A's losses: on which of B's moves B first announced a forced win, what B's evaluation
  was the move before, and how many plies the game then lasted (does B win by a long forced
  sequence found early, or by a slow squeeze that ends in one?);
- the games in which B announced a forced loss (A had a forced win as B's search saw it) and
  A did not win: the wins A missed.

--positions FILE writes, one a line (pos notation), the position just before B's first
forced-win announcement in each of A's losses, with the announcement: the positions in which
to ask A's engine whether it finds that win too (`gomoku stats POS MS`).
"""
# Index
#   reading the log ...... read_games(), mate(), saw_forced_loss()
#   report ............... main()

import argparse
import re
import statistics

from gomocup_match import pos_name  # the match manager's pos notation (this script's folder)

LINE = re.compile(r"(->|<-) ([AB]):\S*: (.*)")
VERDICT = re.compile(r"== game (\d+): (\S+) A (black|white), (A wins|B wins|draw)")
EVAL = re.compile(r"MESSAGE .*\bEval (\S+)")
MOVE = re.compile(r"^(\d+),(\d+)$")


def read_games(path):
    """Each game of a log: its opening stones, moves (who, x, y, B's eval before it) and verdict."""
    games, game, pending = [], None, None
    with open(path) as log:
        for raw in log:
            line = raw.rstrip("\n")
            v = VERDICT.match(line)
            if v:
                if game is not None:
                    game.update(a_colour=v.group(3), result=v.group(4))
                    games.append(game)
                game, pending = None, None
                continue
            m = LINE.match(line)
            if not m:
                continue
            direction, who, msg = m.groups()
            if direction == "->" and msg.startswith("START") and game is None:
                game = {"opening": [], "moves": [], "board_to": None, "in_board": False}
                continue
            if game is None:
                continue
            if direction == "->":
                if msg == "BOARD" and game["board_to"] is None:
                    game["board_to"], game["in_board"] = who, True
                elif msg == "DONE":
                    game["in_board"] = False
                elif game["in_board"] and who == game["board_to"]:
                    x, y, _ = (int(f) for f in msg.split(","))
                    game["opening"].append((x, y))
                continue
            e = EVAL.match(msg)
            if e and who == "B":
                pending = e.group(1)
                continue
            mv = MOVE.match(msg)
            if mv:
                game["moves"].append((who, int(mv.group(1)), int(mv.group(2)), pending if who == "B" else None))
                pending = None
    return games


def mate(e):
    """+n for a forced win in n plies, -n for a forced loss, None for a plain evaluation."""
    if e and len(e) > 2 and e[1] == "M":
        return int(e[2:]) if e[0] == "+" else -int(e[2:])
    return None


def saw_forced_loss(game):
    """Whether B announced a forced loss (a forced win for A) at some move of the game."""
    return any((mate(e) or 0) < 0 for who, _, _, e in game["moves"] if who == "B")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logs", nargs="+")
    ap.add_argument("--positions")
    args = ap.parse_args()
    games = [g for path in args.logs for g in read_games(path)]
    by_colour = {}
    for g in games:
        row = by_colour.setdefault(g["a_colour"], [0, 0, 0])
        row[["A wins", "B wins", "draw"].index(g["result"])] += 1
    print(f"{len(games)} games")
    for colour in ("black", "white"):
        w, l, d = by_colour.get(colour, [0, 0, 0])
        print(f"  A {colour}: {w}-{l}-{d}")

    announced, before, after, positions, quiet = [], [], [], [], 0
    for g in games:
        if g["result"] != "B wins":
            continue
        stones = list(g["opening"])
        b_moves, found = 0, False
        previous = None
        for i, (who, x, y, e) in enumerate(g["moves"]):
            if who == "B":
                b_moves += 1
                n = mate(e)
                if n is not None and n > 0:
                    announced.append(b_moves)
                    before.append(previous)
                    after.append(len(g["moves"]) - i)
                    positions.append(f"{pos_name(stones)} {e}")
                    found = True
                    break
                previous = e
            stones.append((x, y))
        quiet += not found
    losses = sum(1 for g in games if g["result"] == "B wins")
    print(f"A's losses: {losses}; B announced a forced win in {len(announced)}, never in {quiet}")
    if announced:
        print(f"  on B's move (median {statistics.median(announced)}): "
              + " ".join(str(k) for k in sorted(announced)))
        evals = sorted(int(p) for p in before if p is not None and mate(p) is None)
        if evals:
            print(f"  B's evaluation the move before (median {statistics.median(evals)}): "
                  + " ".join(str(v) for v in evals))
        print(f"  plies from there to the end (median {statistics.median(after)}): "
              + " ".join(str(k) for k in sorted(after)))

    saw_loss = [g for g in games if saw_forced_loss(g)]
    missed = [pos_name(g["opening"]) + " A " + g["a_colour"] for g in saw_loss
              if g["result"] != "A wins"]
    print(f"B announced a forced loss in {len(saw_loss)} games; A did not win {len(missed)} of them"
          + (": " + ", ".join(missed) if missed else ""))
    if args.positions:
        with open(args.positions, "w") as out:
            out.write("".join(p + "\n" for p in positions))


if __name__ == "__main__":
    main()
