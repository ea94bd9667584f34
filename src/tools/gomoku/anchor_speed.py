#!/usr/bin/env python3
"""anchor_speed.py — MASTER's and an anchor brain's search speed on the same positions (measuring only).

    src/tools/gomoku/anchor_speed.py --anchor PBRAIN --tool GOMOKU [--positions N] [--seed S] [--ms MS]

On each of the first N openings gomocup_match.py generates from seed S (three stones from the
centre, white to move), freestyle:
  - the anchor thinks MS ms as a Gomocup brain (START 15, INFO timeout_turn MS, thread_num 1,
    pondering 0, show_detail 1, then BOARD … DONE). Rapfi then reports its search in a line
    "MESSAGE Speed 859K | Depth 20-38 | Eval -169 | Node 1694K | Time 1971ms"; a brain that
    prints no such line cannot be measured here (a clear error, not a guess);
  - MASTER thinks MS ms through `GOMOKU stats POS MS` (the project's `gomoku` tool): its line
    "move … depth D nodes N ms T".
Prints one row per position (nodes, time, nodes/s, depth of each), the totals (nodes/s over the
summed nodes and times) and one JSON line. Speed is compared where the work differs: the depth
columns say how far each search got with its nodes.
"""
import argparse
import json
import os
import queue
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gomocup_match import Brain, generate_openings, pos_name  # noqa: E402

SPEED_LINE = re.compile(r"Depth (\d+)-(\d+) .*\| Node ([\d.]+)([KMG]?) \| Time (\d+)ms")
MOVE_LINE = re.compile(r"^\s*\d+\s*,\s*\d+\s*$")
STATS_LINE = re.compile(r"^move \S+ source \S+ value -?\d+ depth (\d+) nodes (\d+) ms (\d+)")


def count(number, suffix):
    """'1694', 'K' -> 1694000: Rapfi's node counts come rounded to K or M."""
    return int(float(number) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[suffix])


def anchor_search(path, opening, ms):
    """The anchor's last search report on `opening` (white to move): nodes, ms, depth, selective.
    The brain runs as gomocup_match.py runs it (its Brain: started in its own directory, END to
    close); its MESSAGE lines are read here, where Brain.expect would skip them."""
    to_move = len(opening) % 2
    lines = ["START 15", f"INFO timeout_turn {ms}", "INFO timeout_match 100000000",
             "INFO thread_num 1", "INFO pondering 0", "INFO rule 0", "INFO show_detail 1", "BOARD"]
    lines += [f"{x},{y},{1 if i % 2 == to_move else 2}" for i, (x, y) in enumerate(opening)]
    lines.append("DONE")
    brain = Brain(path, "anchor", None)
    deadline = time.monotonic() + ms / 1000 * 3 + 10  # a brain that never answers
    report = None
    try:
        for line in lines:
            brain.send(line)
        while True:
            try:
                line = brain.lines.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                line = None
            if line is None:
                raise RuntimeError(f"{path} gave no move for {pos_name(opening)}")
            m = SPEED_LINE.search(line)
            if m:
                report = m
            if MOVE_LINE.match(line):
                break
    finally:
        brain.close()
    if not report:
        raise RuntimeError(f"{path} printed no 'MESSAGE Speed … | Depth … | Node … | Time …ms' line "
                           "(Rapfi does with INFO show_detail 1)")
    return {"nodes": count(report.group(3), report.group(4)), "ms": int(report.group(5)),
            "depth": int(report.group(1)), "selective": int(report.group(2))}


def master_search(tool, opening, ms):
    """MASTER's search of `opening` for `ms` ms through `gomoku stats`: nodes, ms, depth."""
    out = subprocess.run([tool, "stats", pos_name(opening), str(ms)], capture_output=True,
                         text=True, timeout=ms / 1000 * 3 + 30)
    for line in out.stdout.splitlines():
        m = STATS_LINE.match(line)
        if m:
            return {"nodes": int(m.group(2)), "ms": int(m.group(3)), "depth": int(m.group(1))}
    raise RuntimeError(f"`{tool} stats` printed no 'move … depth D nodes N ms T' line: "
                       f"{(out.stdout + out.stderr).strip()[:200]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--anchor", required=True, help="the anchor's pbrain executable")
    ap.add_argument("--tool", required=True, help="the project's gomoku tool")
    ap.add_argument("--positions", type=int, default=8, help="openings (8)")
    ap.add_argument("--seed", type=int, default=1, help="opening generator seed (1)")
    ap.add_argument("--ms", type=int, default=2000, help="milliseconds a search (2000)")
    args = ap.parse_args()
    for p in (args.anchor, args.tool):
        if not (os.path.isfile(p) and os.access(p, os.X_OK)):
            sys.exit(f"anchor_speed: {p} is not an executable")
    if args.positions < 1 or args.ms < 10:
        sys.exit("anchor_speed: --positions wants at least 1, --ms at least 10")
    rows, total = [], {"anchor": [0, 0], "master": [0, 0]}
    print(f"{'position':<10} {'anchor nodes':>12} {'ms':>5} {'k/s':>6} {'depth':>6}   "
          f"{'MASTER nodes':>12} {'ms':>5} {'k/s':>6} {'depth':>5}")
    for opening in generate_openings(args.seed, args.positions):
        try:
            a = anchor_search(args.anchor, opening, args.ms)
            m = master_search(args.tool, opening, args.ms)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
            sys.exit(f"anchor_speed: {e}")
        for name, r in (("anchor", a), ("master", m)):
            total[name][0] += r["nodes"]
            total[name][1] += r["ms"]
        rows.append({"position": pos_name(opening), "anchor": a, "master": m})
        print(f"{pos_name(opening):<10} {a['nodes']:>12} {a['ms']:>5} {a['nodes'] // max(a['ms'], 1):>6} "
              f"{a['depth']:>3}-{a['selective']:<2}   {m['nodes']:>12} {m['ms']:>5} "
              f"{m['nodes'] // max(m['ms'], 1):>6} {m['depth']:>5}")
    nps = {k: round(v[0] * 1000 / max(v[1], 1)) for k, v in total.items()}
    print(f"nodes/s over all positions: anchor {nps['anchor']}, MASTER {nps['master']} "
          f"(MASTER / anchor {nps['master'] / max(nps['anchor'], 1):.2f})")
    print(json.dumps({"ms": args.ms, "seed": args.seed, "nps": nps, "positions": rows}))


if __name__ == "__main__":
    main()
