#!/usr/bin/env python3
"""endgame_loss_test.py OTHELLO — src/tools/othello/endgame_loss.py with the othello tool: the
positions of one seeded self-play game (the same lines every run), then the judge on them with
two engines whose moves are fixed: MASTER at 14 empties or fewer (it solves them exactly, so
it loses nothing) and a stand-in that always plays its first legal move (a1, b1, … order),
whose losses are exact numbers."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
TOOL = os.path.join(ROOT, "src", "tools", "othello", "endgame_loss.py")
OTHELLO = sys.argv[1]

# The stand-in engine: answers `othello search <board> <side> …` with its first legal move.
FIRST_MOVE = r'''
import json, sys
sys.path.insert(0, sys.argv[1])
import anchor_match as am
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["quit"]:
        break
    board, side = list(words[2]), words[3]
    m = am.legal_moves(board, side)[0]
    print(json.dumps({"move": am.square_name(m), "row": m // 8, "col": m % 8}), flush=True)
'''


def run(args):
    r = subprocess.run([sys.executable, TOOL] + args, capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"endgame_loss.py {' '.join(args)} failed: {r.stderr.strip()[-300:]}")
    return r.stdout


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        out = run(["positions", "--othello", OTHELLO, "--seed", "5", "--games", "1",
                   "--empties", "12-14"])
        lines = out.splitlines()
        if run(["positions", "--othello", OTHELLO, "--seed", "5", "--games", "1",
                "--empties", "12-14"]) != out:
            failures.append("positions: two runs differ")
        if [line.split()[2] for line in lines] != ["14", "13", "12"]:
            failures.append(f"positions: empties {[line.split()[2:] for line in lines]}")
        pos = os.path.join(tmp, "pos.txt")
        with open(pos, "w") as f:
            f.write(out)
        fake = os.path.join(tmp, "first_move.py")
        with open(fake, "w") as f:
            f.write(FIRST_MOVE)
        tools = os.path.dirname(TOOL)
        cache = os.path.join(tmp, "cache.json")
        args = ["judge", "--othello", OTHELLO, "--positions", pos, "--time", "100",
                "--cache", cache, f"master={OTHELLO} serve",
                f"first={sys.executable} {fake} {tools}"]
        report = run(args)
        again = run(args)  # from the cache: the same figures
        print(report, end="")
        expected_first = "first: 18 discs lost over 3 positions | 12:10/1 13:8/1 14:0/0"
        for text, name in ((report, "first run"), (again, "from the cache")):
            got = text.splitlines()
            if got[:1] != ["master: 0 discs lost over 3 positions | 12:0/0 13:0/0 14:0/0"]:
                failures.append(f"{name}: master line {got[:1]}")
            if got[1:2] != [expected_first]:
                failures.append(f"{name}: first-move line {got[1:2]}")
    if failures:
        sys.exit("\n".join(failures))
    print("endgame_loss: positions reproducible; MASTER loses 0 in the exact range; the "
          "first-move engine's losses exact, also from the cache")


if __name__ == "__main__":
    main()
