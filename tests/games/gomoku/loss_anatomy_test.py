#!/usr/bin/env python3
"""loss_anatomy_test.py — src/tools/gomoku/loss_anatomy.py on a small hand-written match log:
its counts by colour, the anchor's first forced-win announcement in A's loss, the win A missed
and the positions file, line by line."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
TOOL = os.path.join(ROOT, "src", "tools", "gomoku", "loss_anatomy.py")


def speed(e):
    return f"<- B:rapfi: MESSAGE Speed 1K | Depth 5-9 | Eval {e} | Node 1K | Time 10ms"


# Game 1: A black wins after B saw itself mated. Game 2: A white loses, B announcing its forced
# win on its second move (+120 the move before). Game 3: A black loses although B had seen
# itself mated: a missed win.
LOG = "\n".join([
    "-> A:brain: START 15", "<- A:brain: OK", "-> B:rapfi: START 15", "<- B:rapfi: OK",
    "-> B:rapfi: BOARD", "-> B:rapfi: 7,7,2", "-> B:rapfi: 8,7,1", "-> B:rapfi: 7,8,2", "-> B:rapfi: DONE",
    speed("-40"), "<- B:rapfi: 9,9", "-> A:brain: BOARD", "-> A:brain: 7,7,1", "-> A:brain: DONE",
    "<- A:brain: 6,6", speed("-M3"), "<- B:rapfi: 1,1", "<- A:brain: 5,5",
    "-> A:brain: END", "-> B:rapfi: END",
    "== game 1: h8i8h9 A black, A wins (five)",
    "-> B:rapfi: START 15", "-> A:brain: START 15",
    "-> A:brain: BOARD", "-> A:brain: 7,7,2", "-> A:brain: 8,7,1", "-> A:brain: 7,8,2", "-> A:brain: DONE",
    "<- A:brain: 9,9", speed("120"), "<- B:rapfi: 6,6", "<- A:brain: 10,10",
    speed("+M9"), "<- B:rapfi: 5,5", "<- A:brain: 11,11", speed("+M7"), "<- B:rapfi: 4,4",
    "-> A:brain: END", "-> B:rapfi: END",
    "== game 2: h8i8h9 A white, B wins (five)",
    "-> A:brain: START 15", "-> B:rapfi: START 15",
    "-> B:rapfi: BOARD", "-> B:rapfi: 7,7,2", "-> B:rapfi: 8,7,1", "-> B:rapfi: 7,8,2", "-> B:rapfi: DONE",
    speed("-M21"), "<- B:rapfi: 2,2", "<- A:brain: 3,3", speed("+M5"), "<- B:rapfi: 2,3",
    "-> A:brain: END", "-> B:rapfi: END",
    "== game 3: h8i8h9 A black, B wins (five)",
]) + "\n"


def main():
    with tempfile.TemporaryDirectory() as tmp:
        log, positions = os.path.join(tmp, "match.log"), os.path.join(tmp, "won.txt")
        with open(log, "w") as f:
            f.write(LOG)
        out = subprocess.run([sys.executable, TOOL, log, "--positions", positions],
                             capture_output=True, text=True, check=True).stdout
        expected = [
            "3 games",
            "  A black: 1-1-0",
            "  A white: 0-1-0",
            "A's losses: 2; B announced a forced win in 2, never in 0",
            "  on B's move (median 2.0): 2 2",
            "  B's evaluation the move before (median 120): 120",
            "  plies from there to the end (median 2.0): 1 3",
            "B announced a forced loss in 2 games; A did not win 1 of them: h8i8h9 A black",
        ]
        got = out.splitlines()
        assert got == expected, "\n".join(["expected:"] + expected + ["got:"] + got)
        with open(positions) as f:
            assert f.read() == "h8i8h9j10g7k11 +M9\nh8i8h9c3d4 +M5\n", "positions file"
    print("loss_anatomy: ok")


if __name__ == "__main__":
    main()
