#!/usr/bin/env python3
"""gomocup_match.py — a small Gomocup match manager for two pbrain executables (measuring only).

    src/tools/gomoku/gomocup_match.py BRAIN_A BRAIN_B [--games N] [--turn MS] [--match MS]
        [--openings FILE | --seed S] [--first K] [--tolerance MS] [--rule R]
        [--referee GOMOKU] [--nodes N|NA,NB] [--log FILE]

Each brain runs as its own process speaking the Piskvork protocol on stdin/stdout, exactly as
under Piskvork or c-gomoku-cli: START 15, INFO timeout_turn / timeout_match / time_left /
max_memory / rule / thread_num 1 / pondering 0 and ABOUT (its answer awaited, so
that setting up is not timed), then BOARD … DONE with the opening's stones
(field 1 own, 2 the opponent's) for the side to move after the opening and TURN X,Y for every
later move; END at the end of each game. Opening k is played twice with colours swapped (a
pair). A game is lost by a move later than timeout_turn + tolerance, by running out of match
time, by an illegal or malformed answer, or by a crash (a forfeit); under freestyle five or
more in a row wins, under standard exactly five; a full board is a draw. Renju (and, when given,
the other rules too) is refereed by the project's own rules through `gomoku referee RULE`
(--referee: the path of the `gomoku` tool): black's forbidden move loses.

Openings: a file (--openings; pos notation or Gomocup offsets, one a line) or, with --seed,
generated: three stones in the 5×5 square around the centre (black on the centre, then a white
and a black stone drawn from the square), no two the same up to the board's 8 symmetries,
deterministic from the seed.

Prints one line per game; then W–L–D for A, the score, the Elo with a 95 % interval computed
over opening pairs (each pair's score is one sample, so the colour advantage of an opening
cancels), forfeits by kind and side, and each brain's move times (mean, max, and how many came
within 90 % / 100 % of the turn limit). --log FILE keeps every protocol line sent and received
and, after each game, its verdict line (`== game N: …`), which loss_anatomy.py reads.
"""
# Index
#   openings ........... parse_openings(), symmetries(), generate_openings(), pos_name()
#   processes .......... Referee (`gomoku referee` or the fives checked here), Brain (a pbrain)
#   a game ............. five(), RULE_CODE, play_game(): one game under the protocol
#   report ............. elo(), pair_interval()
#   main ............... main(): the games in colour-swapped pairs, then the totals
import argparse
import math
import os
import queue
import random
import subprocess
import sys
import threading
import time

SIZE = 15


# --- openings -------------------------------------------------------------------------------------

def parse_openings(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()  # a comment: a whole line or after the moves
            if not line:
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


def symmetries(moves):
    """The 8 images of a list of offsets from the centre under the square's symmetries."""
    out = []
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                out.append(tuple(((sy * y, sx * x) if swap else (sx * x, sy * y)) for x, y in moves))
    return out


def generate_openings(seed, count):
    """`count` three-stone openings from the centre, deterministic from `seed` (see the top)."""
    rng = random.Random(seed)
    square = [(x, y) for y in range(-2, 3) for x in range(-2, 3) if (x, y) != (0, 0)]
    seen, out = set(), []
    while len(out) < count:
        white, black = rng.sample(square, 2)
        moves = [(0, 0), white, black]
        key = min(symmetries(moves))
        if key in seen:
            continue
        seen.add(key)
        out.append([(x + SIZE // 2, y + SIZE // 2) for x, y in moves])
    return out


def pos_name(moves):
    """Pos notation of (x, y) moves: letter = x from 'a', number = y + 1."""
    return "".join(f"{chr(ord('a') + x)}{y + 1}" for x, y in moves)


# --- processes ------------------------------------------------------------------------------------

class Referee:
    """The game's verdicts: the project's `gomoku referee RULE` when given, else freestyle or
    standard fives checked here."""

    def __init__(self, tool, rule):
        self.rule = rule
        self.board = {}
        self.proc = None
        if tool:
            self.proc = subprocess.Popen([os.path.abspath(tool), "referee", rule], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, text=True, bufsize=1)

    def play(self, x, y, c):
        """Plays colour c at (x, y); returns None (game on), "five", "forbidden" or "draw"."""
        self.board[(x, y)] = c
        if self.proc:
            self.proc.stdin.write(f"{x},{y}\n")
            self.proc.stdin.flush()
            v = self.proc.stdout.readline().split()
            if not v or v[0] == "refused":
                raise RuntimeError(f"referee refused {x},{y}: {' '.join(v)}")
            if v[0] == "none":
                return None
            if v[0] == "draw":
                return "draw"
            return "forbidden" if v[-1] == "forbidden" else "five"
        if five(self.board, x, y, c, self.rule == "standard"):
            return "five"
        return "draw" if len(self.board) == SIZE * SIZE else None

    def close(self):
        if self.proc:
            self.proc.stdin.close()
            self.proc.wait()


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


# --- a game ---------------------------------------------------------------------------------------

def five(board, x, y, c, exact=False):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            i, j = x + s * dx, y + s * dy
            while 0 <= i < SIZE and 0 <= j < SIZE and board.get((i, j)) == c:
                n += 1
                i, j = i + s * dx, j + s * dy
        if n == 5 or (n > 5 and not exact):
            return True
    return False


RULE_CODE = {"freestyle": 0, "standard": 1, "renju": 4}


def play_game(cmds, names, opening, args, times, log):
    """cmds/names indexed by colour 0 = black (first in the opening), 1 = white.
    Returns 0 black wins, 1 white wins, 2 draw, a reason and the forfeit kind (or None)."""
    brains = [Brain(cmds[c], names[c], log) for c in (0, 1)]
    referee = Referee(args.referee, args.rule)
    try:
        left = [args.match, args.match]
        for b in brains:
            b.send(f"START {SIZE}")
            if b.expect(10) != "OK":
                return 1 - brains.index(b), f"{b.name} did not answer START", "crash"
            for k, v in (("timeout_turn", args.turn), ("timeout_match", args.match),
                         ("max_memory", 350 * 1024 * 1024), ("rule", RULE_CODE[args.rule]),
                         ("game_type", 1), ("thread_num", 1), ("pondering", 0)):
                b.send(f"INFO {k} {v}")
            if args.nodes:  # a node budget a move: the load on the host no longer decides
                b.send(f"INFO max_node {args.nodes[0 if b.name.startswith('A:') else -1]}")
            # ABOUT's answer says the INFO lines are done (Rapfi allocates its hash table on
            # max_memory, over a second for 350 MB): setting up is not the first move's time.
            b.send("ABOUT")
            if b.expect(30) is None:
                return 1 - brains.index(b), f"{b.name} did not answer ABOUT", "crash"
        board = {}
        for i, m in enumerate(opening):
            board[m] = i % 2
            if referee.play(m[0], m[1], i % 2):
                raise RuntimeError(f"opening {pos_name(opening)} ends the game")
        side = len(opening) % 2
        started = [False, False]
        last = None
        while True:
            if len(board) == SIZE * SIZE:
                return 2, "full board", None
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
                return 1 - side, f"{b.name} gave no move", ("crash" if b.proc.poll() is not None else "late")
            if ms > limit:
                return 1 - side, f"{b.name} took {ms:.0f} ms (limit {limit} ms)", "late"
            left[side] -= int(ms)
            try:
                x, y = (int(t) for t in reply.split(","))
            except ValueError:
                return 1 - side, f"{b.name} answered '{reply}'", "illegal"
            if not (0 <= x < SIZE and 0 <= y < SIZE) or (x, y) in board:
                return 1 - side, f"{b.name} played an illegal move {x},{y}", "illegal"
            board[(x, y)] = side
            verdict = referee.play(x, y, side)
            if verdict == "five":
                return side, "five", None
            if verdict == "forbidden":
                return 1 - side, f"{b.name} played the forbidden {x},{y}", None
            if verdict == "draw":
                return 2, "full board", None
            last = (x, y)
            side = 1 - side
    finally:
        for b in brains:
            b.close()
        referee.close()


# --- report ---------------------------------------------------------------------------------------

def elo(s):
    s = min(max(s, 0.001), 0.999)
    return -400 * math.log10(1 / s - 1)


def pair_interval(pair_scores):
    """Elo of the mean score and its 95 % interval, each opening pair's mean score one sample."""
    n = len(pair_scores)
    mean = sum(pair_scores) / n
    var = sum((p - mean) ** 2 for p in pair_scores) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n)
    return elo(mean), elo(mean - half), elo(mean + half)


# --- main -----------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--turn", type=int, default=5000)
    ap.add_argument("--match", type=int, default=1000000)
    ap.add_argument("--tolerance", type=int, default=0)
    ap.add_argument("--openings", default="tests/data/gomoku/openings_freestyle15.txt")
    ap.add_argument("--seed", type=int, help="generated openings from this seed instead of --openings")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--rule", choices=sorted(RULE_CODE), default="freestyle")
    ap.add_argument("--referee", help="the project's gomoku tool (required for renju)")
    ap.add_argument("--nodes", type=lambda t: [int(n) for n in t.split(",")],
                    help="INFO max_node for both brains, or A,B (each then still bound by --turn)")
    ap.add_argument("--log")
    args = ap.parse_args()
    if args.rule == "renju" and not args.referee:
        ap.error("--rule renju needs --referee GOMOKU (the project's gomoku tool)")
    if args.seed is not None:
        openings = generate_openings(args.seed, args.first + (args.games + 1) // 2)
        print(f"openings: seed {args.seed}, " + " ".join(pos_name(o) for o in openings[args.first:]))
    else:
        openings = parse_openings(args.openings)
    log = open(args.log, "w") if args.log else None
    names = {args.a: "A", args.b: "B"} if args.a != args.b else {args.a: "A"}
    na, nb = "A:" + os.path.basename(args.a), "B:" + os.path.basename(args.b)
    times = {na: [], nb: []}
    w = l = d = 0
    pairs = {}
    forfeits = {}
    for g in range(args.games):
        op = openings[(args.first + g // 2) % len(openings)]
        a_black = g % 2 == 0
        cmds = [args.a, args.b] if a_black else [args.b, args.a]
        nm = [na, nb] if a_black else [nb, na]
        res, why, forfeit = play_game(cmds, nm, op, args, times, log)
        if res == 2:
            d += 1
            who, pts = "draw", 0.5
        elif (res == 0) == a_black:
            w += 1
            who, pts = "A wins", 1.0
        else:
            l += 1
            who, pts = "B wins", 0.0
        if forfeit:
            loser = "A" if pts == 0.0 else "B"
            forfeits[(loser, forfeit)] = forfeits.get((loser, forfeit), 0) + 1
        pairs.setdefault(g // 2, []).append(pts)
        line = f"game {g + 1}: {pos_name(op)} A {'black' if a_black else 'white'}, {who} ({why})"
        print(line, flush=True)
        if log:
            log.write(f"== {line}\n")  # the game's verdict in the log (loss_anatomy.py reads it)
    n = w + l + d
    s = (w + d / 2) / n if n else 0.5
    e, lo, hi = pair_interval([sum(p) / len(p) for p in pairs.values()]) if n else (0, 0, 0)
    print(f"A={args.a} B={args.b}: +{w} -{l} ={d}, score {100 * s:.1f}%, "
          f"Elo {e:+.0f} (95 % by {len(pairs)} opening pairs: {lo:+.0f} … {hi:+.0f}); "
          f"rule {args.rule}, {args.turn} ms a move")
    print("  forfeits: " + (", ".join(f"{who} {kind} {k}" for (who, kind), k in sorted(forfeits.items()))
                            if forfeits else "none"))
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
