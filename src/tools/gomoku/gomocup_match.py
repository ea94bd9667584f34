#!/usr/bin/env python3
"""gomocup_match.py — a small Gomocup match manager for two pbrain executables (measuring only).

    src/tools/gomoku/gomocup_match.py BRAIN_A BRAIN_B [--games N] [--turn MS] [--match MS]
        [--openings FILE] [--first K] [--tolerance MS] [--log FILE]

Each brain runs as its own process speaking the Piskvork protocol on stdin/stdout, exactly as
under Piskvork or c-gomoku-cli: START 15, INFO timeout_turn / timeout_match / time_left /
max_memory / rule (freestyle), then BOARD … DONE with the opening's stones (field 1 own, 2 the
opponent's) for the side to move after the opening and TURN X,Y for every later move; END at
the end of each game. Opening k is played twice with colours swapped. A game is lost by a move
later than timeout_turn + tolerance, by running out of match time, by an illegal or malformed
answer, or by a crash; five or more in a row wins (freestyle); a full board is a draw.

Prints one line per game, the score with an Elo estimate, and each brain's move times (mean,
max, and how many came within 90 % / 100 % of the turn limit).
"""
import argparse
import math
import os
import queue
import subprocess
import sys
import threading
import time

SIZE = 15


def parse_openings(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            moves = []
            if "," in line:  # Gomocup offsets from the centre: x,y, x,y, ...
                nums = [int(t) for t in line.replace(",", " ").split()]
                for i in range(0, len(nums) - 1, 2):
                    moves.append((nums[i] + SIZE // 2, nums[i + 1] + SIZE // 2))
            else:  # pos notation: letter = x from 'a', number = y + 1 (from the top)
                i = 0
                while i < len(line):
                    x = ord(line[i]) - ord("a")
                    j = i + 1
                    while j < len(line) and line[j].isdigit():
                        j += 1
                    moves.append((x, int(line[i + 1:j]) - 1))
                    i = j
            out.append(moves)
    return out


class Brain:
    def __init__(self, cmd, name, log):
        self.name = name
        self.log = log
        self.proc = subprocess.Popen([os.path.abspath(cmd)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                     cwd=os.path.dirname(os.path.abspath(cmd)))
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, line):
        if self.log:
            self.log.write(f"-> {self.name}: {line}\n")
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, timeout):
        """Next reply that is not a MESSAGE/DEBUG line, or None on timeout/EOF."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if self.log:
                self.log.write(f"<- {self.name}: {line}\n")
            up = line.upper()
            if up.startswith("MESSAGE") or up.startswith("DEBUG") or up.startswith("UNKNOWN"):
                continue
            return line

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def five(board, x, y, c):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            i, j = x + s * dx, y + s * dy
            while 0 <= i < SIZE and 0 <= j < SIZE and board.get((i, j)) == c:
                n += 1
                i, j = i + s * dx, j + s * dy
        if n >= 5:
            return True
    return False


def play_game(cmds, names, opening, args, times, log):
    """cmds/names indexed by colour 0 = black (first in the opening), 1 = white.
    Returns 0 black wins, 1 white wins, 2 draw, and a reason."""
    brains = [Brain(cmds[c], names[c], log) for c in (0, 1)]
    try:
        left = [args.match, args.match]
        for b in brains:
            b.send(f"START {SIZE}")
            if b.expect(10) != "OK":
                return 1 - brains.index(b), f"{b.name} did not answer START"
            for k, v in (("timeout_turn", args.turn), ("timeout_match", args.match),
                         ("max_memory", 350 * 1024 * 1024), ("rule", 0), ("game_type", 1)):
                b.send(f"INFO {k} {v}")
        board = {}
        for i, m in enumerate(opening):
            board[m] = i % 2
        side = len(opening) % 2
        started = [False, False]
        last = None
        while True:
            if len(board) == SIZE * SIZE:
                return 2, "full board"
            b = brains[side]
            b.send(f"INFO time_left {left[side]}")
            t0 = time.monotonic()
            if not started[side]:
                started[side] = True
                b.send("BOARD")
                for (x, y), c in board.items():
                    b.send(f"{x},{y},{1 if c == side else 2}")
                b.send("DONE")
            else:
                b.send(f"TURN {last[0]},{last[1]}")
            limit = min(args.turn, left[side]) + args.tolerance
            reply = b.expect(limit / 1000.0 + 1.0)
            ms = (time.monotonic() - t0) * 1000.0
            times[b.name].append(ms)
            if reply is None:
                return 1 - side, f"{b.name} gave no move"
            if ms > limit:
                return 1 - side, f"{b.name} took {ms:.0f} ms (limit {limit} ms)"
            left[side] -= int(ms)
            try:
                x, y = (int(t) for t in reply.split(","))
            except ValueError:
                return 1 - side, f"{b.name} answered '{reply}'"
            if not (0 <= x < SIZE and 0 <= y < SIZE) or (x, y) in board:
                return 1 - side, f"{b.name} played an illegal move {x},{y}"
            board[(x, y)] = side
            if five(board, x, y, side):
                return side, "five"
            last = (x, y)
            side = 1 - side
    finally:
        for b in brains:
            b.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--turn", type=int, default=5000)
    ap.add_argument("--match", type=int, default=1000000)
    ap.add_argument("--tolerance", type=int, default=0)
    ap.add_argument("--openings", default="tests/data/gomoku/openings_freestyle15.txt")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--log")
    args = ap.parse_args()
    openings = parse_openings(args.openings)
    log = open(args.log, "w") if args.log else None
    names = {args.a: "A", args.b: "B"} if args.a != args.b else {args.a: "A"}
    na, nb = "A:" + os.path.basename(args.a), "B:" + os.path.basename(args.b)
    times = {na: [], nb: []}
    w = l = d = 0
    for g in range(args.games):
        op = openings[(args.first + g // 2) % len(openings)]
        a_black = g % 2 == 0
        cmds = [args.a, args.b] if a_black else [args.b, args.a]
        nm = [na, nb] if a_black else [nb, na]
        res, why = play_game(cmds, nm, op, args, times, log)
        if res == 2:
            d += 1
            who = "draw"
        elif (res == 0) == a_black:
            w += 1
            who = "A wins"
        else:
            l += 1
            who = "B wins"
        print(f"game {g + 1}: A {'black' if a_black else 'white'}, {who} ({why})", flush=True)
    n = w + l + d
    s = (w + d / 2) / n if n else 0.5
    sc = min(max(s, 0.001), 0.999)
    print(f"A={args.a} B={args.b}: +{w} -{l} ={d}, score {100 * s:.1f}%, "
          f"Elo {-400 * math.log10(1 / sc - 1):+.0f}")
    for k, v in times.items():
        if v:
            near = sum(1 for t in v if t > 0.9 * args.turn)
            over = sum(1 for t in v if t > args.turn)
            print(f"  {k}: {len(v)} moves, mean {sum(v) / len(v):.0f} ms, max {max(v):.0f} ms, "
                  f">90% of turn {near}, over the turn limit {over}")
    if log:
        log.close()


if __name__ == "__main__":
    sys.exit(main())
