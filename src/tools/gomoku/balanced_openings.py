#!/usr/bin/env python3
"""balanced_openings.py — Gomoku match openings that the project's own deep search values near even.

    src/tools/gomoku/balanced_openings.py --gomoku GOMOKU [--seed S] [--count N] [--nodes N]
        [--margin V] [--rule R] [--jobs J] > FILE

Three-stone openings from the centre (gomocup_match.py --seed) favour black heavily: one engine
against itself wins four games in five as black, and a match between two engines then measures
mostly who converts black's head start. Engine testers play balanced openings instead. This
takes every three-stone opening of the 7×7 square around the centre (black, white, black; white
to move) once up to the board's symmetries and a shift — 1,026 shapes — in an order drawn from
the seed, asks MASTER for each (`GOMOKU stats POS nodes=N rule=R`: a fixed-node search, so the
same engine gives the same value every run) and keeps those whose value lies within ±V of even
(MASTER's value units, about 500 to a factor e of win odds), until N are kept (by default it
judges them all; fewer than N in all exits 1). It prints the kept openings in pos
notation, one a line with black's value as a comment, under a header with the command: the file
gomocup_match.py --openings reads (pair k of a match plays line first + k with both colours).

The file is committed, not regenerated per match: the selection depends on the engine that
judged it, and a match's openings must not change when the engine does.
"""
# Index
#   candidates ......... shape_key(), all_shapes(), candidates(): every three-stone opening once,
#                        in a seeded order
#   judging ............ value_of(): MASTER's value of one opening through `gomoku stats`
#   main ............... select(): judge in order (J at a time), keep those within the margin;
#                        main()
import argparse
import concurrent.futures
import functools
import itertools
import os
import random
import subprocess
import sys

from gomocup_match import SIZE, pos_name, symmetries  # the match manager's board and notation

HALF = 3  # stones within HALF of the centre: the 7x7 square
SQUARE = [(x, y) for y in range(-HALF, HALF + 1) for x in range(-HALF, HALF + 1)]


# --- candidates -----------------------------------------------------------------------------------

def shape_key(stones):
    """One key for an opening and its images under the 8 symmetries and any shift: the smallest
    (sorted black offsets, sorted white offsets) over the images, each shifted to the origin."""
    colours = [c for _, c in stones]
    keys = []
    for img in symmetries([p for p, _ in stones]):
        mx, my = min(x for x, _ in img), min(y for _, y in img)
        keys.append(tuple(tuple(sorted((x - mx, y - my) for (x, y), c in zip(img, colours) if c == want))
                          for want in (0, 1)))
    return min(keys)


@functools.lru_cache(maxsize=None)
def all_shapes():
    """The keys of every three-stone opening (black, white, black) in the square: 1,026."""
    return frozenset(shape_key([(b1, 0), (w, 1), (b2, 0)])
                     for w in SQUARE for i, b1 in enumerate(SQUARE) for b2 in SQUARE[i + 1:]
                     if w not in (b1, b2))


def candidates(seed):
    """Every three-stone opening in the square once (up to symmetry and shift), in an order
    drawn from `seed`: black, white, black as board (x, y)."""
    rng = random.Random(seed)
    total = len(all_shapes())
    seen = set()
    while len(seen) < total:
        offsets = rng.sample(SQUARE, 3)
        key = shape_key([(offsets[0], 0), (offsets[1], 1), (offsets[2], 0)])
        if key in seen:
            continue
        seen.add(key)
        yield [(x + SIZE // 2, y + SIZE // 2) for x, y in offsets]


# --- judging --------------------------------------------------------------------------------------

def value_of(gomoku, pos, nodes, rule):
    """MASTER's value of `pos` from black's view (the tool answers for the side to move), or None
    when the search ends the game (a forced win: not an opening)."""
    out = subprocess.run([gomoku, "stats", pos, f"nodes={nodes}", f"rule={rule}"],
                         capture_output=True, text=True, check=False)
    words = out.stdout.split()
    if out.returncode != 0 or "value" not in words:
        raise RuntimeError(f"{gomoku} stats {pos}: {out.stderr.strip() or out.stdout.strip()}")
    value = int(words[words.index("value") + 1])
    if abs(value) >= 29000:  # a mate score (VALUE_MATE - plies)
        return None
    stones = sum(1 for ch in pos if ch.isalpha())
    return value if stones % 2 == 0 else -value


# --- main -----------------------------------------------------------------------------------------

def select(openings, judge, count, margin, jobs, emit, progress=None):
    """Judge `openings` in order, `jobs` at a time, and emit (pos, black's value) for those within
    ±margin until `count` are kept (None: all of them). Returns (kept, judged)."""
    kept = judged = 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        while count is None or kept < count:
            batch = [pos_name(m) for m in itertools.islice(openings, jobs)]
            if not batch:
                break
            for pos, v in zip(batch, pool.map(judge, batch)):
                if kept == count:
                    break  # the batch's rest: judged only because it ran alongside
                judged += 1
                if v is not None and abs(v) <= margin:
                    kept += 1
                    emit(pos, v)
            if progress:
                progress(kept, judged)
    return kept, judged


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gomoku", required=True, help="the project's gomoku tool")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, help="stop after this many (default: judge every shape)")
    ap.add_argument("--nodes", type=int, default=1000000)
    ap.add_argument("--margin", type=int, default=100)
    ap.add_argument("--rule", choices=("freestyle", "standard", "renju"), default="freestyle")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if (args.count is not None and args.count < 1) or args.nodes < 1 or args.margin < 0 or args.jobs < 1:
        ap.error("--count, --nodes and --jobs must be positive, --margin not negative")
    if not os.access(args.gomoku, os.X_OK):
        ap.error(f"--gomoku {args.gomoku}: not an executable (build the gomoku tool first)")

    count = f" --count {args.count}" if args.count is not None else ""
    print(f"# Balanced {args.rule} openings, 15x15: three stones (black, white, black), white to move.")
    print(f"# Kept where MASTER's value at {args.nodes} nodes is within ±{args.margin} of even; the "
          "comment is black's value.")
    print(f"#   src/tools/gomoku/balanced_openings.py --gomoku GOMOKU --seed {args.seed}{count} "
          f"--nodes {args.nodes} --margin {args.margin} --rule {args.rule}")
    try:
        kept, judged = select(
            candidates(args.seed), lambda p: value_of(args.gomoku, p, args.nodes, args.rule),
            args.count, args.margin, args.jobs,
            lambda pos, v: print(f"{pos}  # {v:+d}", flush=True),
            lambda k, j: print(f"balanced_openings: {k} kept of {j} judged", file=sys.stderr, flush=True))
    except RuntimeError as err:
        print(f"balanced_openings: {err}", file=sys.stderr)
        return 2
    print(f"# {kept} kept of {judged} judged")
    if args.count is not None and kept < args.count:
        print(f"balanced_openings: only {kept} of the {judged} shapes are within ±{args.margin}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
