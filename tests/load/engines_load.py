#!/usr/bin/python3
"""Engines under load: the Gomocup brain and the NBoard engine for N consecutive games each.

    tests/load/engines_load.py [--games N] [--engine gomoku|othello|both] [--bin DIR] [--seed S]

A scripted opponent plays random legal moves at random speeds and mixes in the protocol's
other commands (Gomocup: TAKEBACK, RESTART, BOARD … DONE, ABOUT as a ping, INFO time
limits; NBoard: ping, hint, set depth, "set game" for take-backs and restarts, omitted
passes). The driver keeps its own board with its own rules (Gomoku freestyle: five or more
in a row wins; Othello) and checks every reply. It fails on: a crash or an unexpected exit,
an unknown or malformed reply, an illegal move, a Gomocup reply later than timeout_turn +
--margin-ms (when over in CPU time too, the same position is asked again through BOARD and
must come in time: a VM's CPU clock runs on while the host holds it) or an NBoard search
slower than --nboard-max-ms, and peak memory (VmHWM from
/proc/<pid>/status) growing by more than --rss-growth-mb between the end of the first game
and the end of the run. Standard library only (Debian's /usr/bin/python3).
"""
import argparse
import os
import queue
import random
import subprocess
import sys
import tempfile
import threading
import time


class Failure(Exception):
    pass


CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_ms(pid):
    """User + system CPU time of a live process (all threads), in ms (10 ms resolution)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / CLK_TCK
    except (OSError, IndexError, ValueError):
        return 0.0


def steal_ms():
    """Time the hypervisor took from this machine's CPUs (all of them, /proc/stat), in ms."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()
        return int(fields[8]) * 1000 / CLK_TCK if fields[0] == "cpu" and len(fields) > 8 else 0.0
    except (OSError, ValueError):
        return 0.0


def vm_kb(pid, key):
    """VmHWM / VmRSS of a live process, in kB (0 when unreadable)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Engine:
    """A child process spoken to line by line; a reader thread feeds a queue."""

    def __init__(self, argv, name):
        self.name = name
        self.argv = argv
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.transcript = []  # the last exchanges, for failure reports
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)  # EOF

    def _log(self, s):
        self.transcript.append(s)
        del self.transcript[:-40]

    def send(self, line):
        self._log("> " + line)
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self.fail(f"cannot write '{line}': the engine is gone")

    def recv(self, timeout):
        """The next line, or a failure when none comes in `timeout` seconds or on EOF."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.fail(f"no reply within {timeout:.1f} s")
        if line is None:
            self.proc.wait(timeout=5)
            self.fail(f"the engine exited (status {self.proc.returncode})")
        self._log("< " + line)
        return line

    def expect_silence(self, seconds=0.0):
        """Nothing may be pending (used after commands that have no reply)."""
        try:
            line = self.lines.get(timeout=seconds) if seconds else self.lines.get_nowait()
        except queue.Empty:
            return
        self.fail(f"unexpected output '{line}'")

    def fail(self, what):
        raise Failure(what)

    def report(self):
        self.err.seek(0)
        err = self.err.read().decode(errors="replace")[-3000:]
        return ("\n".join(self.transcript[-40:]) + ("\n--- stderr:\n" + err if err else ""))

    def close(self, quit_line):
        if self.proc.poll() is None:
            self.send(quit_line)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
                raise Failure(f"'{quit_line}' did not end the engine within 10 s")
        if self.proc.returncode != 0:
            raise Failure(f"exit status {self.proc.returncode} after '{quit_line}'")


class Stats:
    def __init__(self, name):
        self.name = name
        self.games = 0
        self.moves = 0  # engine replies checked
        self.max_reply_ms = 0.0
        self.max_over_ms = None  # Gomocup: max (reply - timeout_turn)
        self.max_cpu_ms = 0.0  # CPU time of the slowest reply
        self.starved = []  # late replies that used no more CPU than allowed (a busy machine)
        self.asked_again = []  # late replies over the CPU limit too, in time when asked again
        self.extras = {}
        self.hwm_first = 0
        self.hwm_end = 0
        self.rss_end = 0

    def bump(self, key, n=1):
        self.extras[key] = self.extras.get(key, 0) + n

    def summary(self):
        extras = ", ".join(f"{k} {v}" for k, v in sorted(self.extras.items()))
        over = "" if self.max_over_ms is None else (
            f" (timeout_turn {self.max_over_ms:+.0f} ms at worst; most CPU for one reply "
            f"{self.max_cpu_ms:.0f} ms)")
        if self.starved:
            over += (f"; {len(self.starved)} late replies on a busy machine (CPU within the limit): "
                     + ", ".join(self.starved[:5]))
        if self.asked_again:
            over += (f"; {len(self.asked_again)} replies over the limit in CPU time too, in time "
                     "when the position was asked again: " + "; ".join(self.asked_again[:3]))
        return (f"{self.name}: {self.games} games, {self.moves} engine moves checked, "
                f"max reply {self.max_reply_ms:.0f} ms{over}; peak RSS (VmHWM) {self.hwm_first // 1024} MB "
                f"after game 1 -> {self.hwm_end // 1024} MB at the end (RSS {self.rss_end // 1024} MB); {extras}")


# --- Gomoku (freestyle: five or more in a row wins) -------------------------------------

GOMOKU_SIZE = 15


def five_from(board, size, x, y):
    c = board[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while board.get((x + s * k * dx, y + s * k * dy)) == c:
                n += 1
                k += 1
        if n >= 5:
            return True
    return False


def gomoku_opponent_move(board, size, rng):
    empty = [(x, y) for x in range(size) for y in range(size) if (x, y) not in board]
    if board and rng.random() < 0.7:  # mostly near the stones, so games last a while
        near = [(x, y) for (x, y) in empty
                if any((x + dx, y + dy) in board for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2))]
        if near:
            return rng.choice(near)
    return rng.choice(empty)


def parse_xy(line, size):
    parts = line.split(",")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        return None
    x, y = int(parts[0]), int(parts[1])
    return (x, y) if 0 <= x < size and 0 <= y < size else None


def run_gomoku(args, rng):
    st = Stats("gomoku brain (pbrain-miniarena)")
    eng = Engine([os.path.join(args.bin, "pbrain-miniarena")], "pbrain")
    try:
        eng.send(f"START {GOMOKU_SIZE}")
        if eng.recv(10) != "OK":
            eng.fail("START did not answer OK")
        eng.send("INFO timeout_match 100000000")
        eng.send("INFO time_left 100000000")
        eng.send(f"INFO seed {rng.randrange(1 << 30)}")
        for game in range(args.games):
            gomoku_game(eng, st, rng, args, game)
            st.games += 1
            if game == 0:
                st.hwm_first = vm_kb(eng.proc.pid, "VmHWM")
        st.hwm_end = vm_kb(eng.proc.pid, "VmHWM")
        st.rss_end = vm_kb(eng.proc.pid, "VmRSS")
        eng.close("END")
    except Failure as e:
        raise Failure(f"gomoku game {st.games + 1}: {e}\n{eng.report()}") from None
    finally:
        if eng.proc.poll() is None:
            eng.proc.kill()
    return st


def gomoku_game(eng, st, rng, args, game):
    size = GOMOKU_SIZE
    turn_ms = rng.choice(args.turn_ms)
    eng.send(f"INFO timeout_turn {turn_ms}")
    if game > 0:
        eng.send("RESTART")
        if eng.recv(10) != "OK":
            eng.fail("RESTART did not answer OK")
    board = {}  # (x, y) -> 1 brain, 2 opponent
    history = []
    n_set = 0  # stones set up by BOARD (not taken back)

    def send_board(stones):
        """BOARD, a line per stone ((x, y), 1 brain / 2 opponent); DONE is brain_reply's."""
        eng.send("BOARD")
        for (x, y), who in stones:
            eng.send(f"{x},{y},{who}")

    def brain_reply(cmd, asked_again=False):
        nonlocal n_set
        c0, s0, t0 = cpu_ms(eng.proc.pid), steal_ms(), time.monotonic()
        eng.send(cmd)
        line = eng.recv(turn_ms / 1000 + 10)
        ms = (time.monotonic() - t0) * 1000
        cpu = cpu_ms(eng.proc.pid) - c0
        xy = parse_xy(line, size)
        if xy is None:
            eng.fail(f"'{cmd}' answered '{line}', not a move x,y on the board")
        if xy in board:
            eng.fail(f"illegal move {line}: the cell is taken")
        st.moves += 1
        st.max_reply_ms = max(st.max_reply_ms, ms)
        over = ms - turn_ms
        st.max_over_ms = over if st.max_over_ms is None else max(st.max_over_ms, over)
        st.max_cpu_ms = max(st.max_cpu_ms, cpu)
        if ms > turn_ms + args.margin_ms:
            # Late. The brain's clock is the wall clock, so a late reply that used no more CPU
            # than allowed means the machine was busy (other builds on two cores), not that the
            # brain overran: reported, and fatal only with --strict-wall.
            what = (f"'{cmd}' took {ms:.0f} ms (CPU {cpu:.0f} ms, steal {steal_ms() - s0:.0f} ms) > "
                    f"timeout_turn {turn_ms} + {args.margin_ms} ms (load average "
                    f"{os.getloadavg()[0]:.1f})")
            if args.strict_wall or asked_again:
                eng.fail(what + ("; the same position asked again" if asked_again else ""))
            if cpu > turn_ms + args.margin_ms:
                # Over in CPU time too. A virtual machine's process CPU clock also runs while
                # the host holds the VM (steal time, not always reported), so one such reply
                # proves nothing alone: the same position is asked again, through BOARD, and
                # a brain that overruns there again fails.
                st.asked_again.append(what)
                send_board(board.items())
                n_set = len(history)  # the BOARD replay's move order is not the game's
                return brain_reply("DONE", asked_again=True)
            st.starved.append(f"{ms:.0f}/{turn_ms} ms")
        board[xy] = 1
        history.append(xy)
        return xy

    # The start: BEGIN, the opponent's first move, or a BOARD with a few stones on it.
    r = rng.random()
    if r < 0.15:
        n_own = rng.randrange(0, 4)
        n_opp = n_own + rng.randrange(0, 2)
        stones = []
        while len(stones) < n_own + n_opp:
            cell = (rng.randrange(size), rng.randrange(size))
            if cell not in [c for c, _ in stones]:
                stones.append((cell, 1 if len(stones) < n_own else 2))
        # No five can come out of so few stones; order them black, white, … for the driver.
        send_board(rng.sample(stones, len(stones)))
        for cell, who in stones:
            board[cell] = who
            history.append(cell)
        n_set = len(stones)
        st.bump("BOARD starts")
        brain_reply("DONE")
    elif r < 0.55:
        brain_reply("BEGIN")
    # else the opponent moves first, below.

    while True:
        if len(board) == size * size:
            st.bump("draws")
            return
        # Now and then: a take-back of the last two moves, or an ABOUT as a ping.
        # (Only moves played since the start: the brain takes back its own last moves.)
        if len(history) - n_set >= 2 and board[history[-1]] == 1 and rng.random() < 0.06:
            for _ in range(2):
                x, y = history.pop()
                del board[(x, y)]
                eng.send(f"TAKEBACK {x},{y}")
                if eng.recv(10) != "OK":
                    eng.fail("TAKEBACK did not answer OK")
            st.bump("TAKEBACKs", 2)
        if rng.random() < 0.03:
            eng.send("ABOUT")
            if not eng.recv(10).startswith("name="):
                eng.fail("ABOUT did not answer name=…")
            st.bump("ABOUTs")
        if rng.random() < 0.3:  # as Piskvork does before a move: the match clock
            eng.send(f"INFO time_left {rng.randrange(turn_ms * 20, 100000000)}")
        time.sleep(rng.random() * args.max_delay_ms / 1000)
        x, y = gomoku_opponent_move(board, size, rng)
        board[(x, y)] = 2
        history.append((x, y))
        if five_from(board, size, x, y):
            st.bump("opponent wins")
            return
        if len(board) == size * size:
            st.bump("draws")
            return
        bx, by = brain_reply(f"TURN {x},{y}")
        if five_from(board, size, bx, by):
            st.bump("brain wins")
            return


# --- Othello ------------------------------------------------------------------------------

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def othello_start():
    b = [0] * 64
    b[27], b[28], b[35], b[36] = 2, 1, 1, 2  # d4 O, e4 X, d5 X, e5 O (black = 1 moves first)
    return b


def flips(b, side, sq):
    if b[sq]:
        return []
    r0, c0 = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        r, c, line = r0 + dr, c0 + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and b[r * 8 + c] == 3 - side:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and b[r * 8 + c] == side:
            out += line
    return out


def legal(b, side):
    return [sq for sq in range(64) if flips(b, side, sq)]


def play(b, side, sq):
    f = flips(b, side, sq)
    assert f
    b[sq] = side
    for s in f:
        b[s] = side


def sq_name(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def parse_sq(text):
    t = text.strip().lower()
    if len(t) == 2 and t[0] in "abcdefgh" and t[1] in "12345678":
        return (int(t[1]) - 1) * 8 + "abcdefgh".index(t[0])
    return None


def ggf(moves):
    """A GGF game from the start position with the given moves ('pa' for passes)."""
    start = "---------------------------O*------*O---------------------------"
    s = f"(;GM[Othello]PC[load-driver]PB[driver]PW[engine]TY[8]BO[8 {start} *]"
    side = 1
    for m in moves:
        s += ("B[" if side == 1 else "W[") + m.upper() + "]"
        side = 3 - side
    return s + ";)"


class NBoard:
    def __init__(self, eng, st, args):
        self.eng, self.st, self.args = eng, st, args
        self.ping_id = 0

    def sync(self, timeout=30):
        """ping; every line up to the pong (the replies of the commands sent before)."""
        self.ping_id += 1
        self.eng.send(f"ping {self.ping_id}")
        out = []
        while True:
            line = self.eng.recv(timeout)
            if line == f"pong {self.ping_id}":
                return out
            if line.startswith("pong "):
                self.eng.fail(f"'{line}' while waiting for pong {self.ping_id}")
            if line.startswith("status error"):
                self.eng.fail(f"the engine refused a command: '{line}'")
            out.append(line)


def run_othello(args, rng):
    st = Stats("othello NBoard engine (othello nboard)")
    eng = Engine([os.path.join(args.bin, "othello"), "nboard"], "othello")
    nb = NBoard(eng, st, args)
    try:
        eng.send("nboard 2")
        if eng.recv(10) != "set myname MiniArena":
            eng.fail("nboard 2 did not answer 'set myname …'")
        for game in range(args.games):
            othello_game(nb, st, rng, args)
            st.games += 1
            if game == 0:
                st.hwm_first = vm_kb(eng.proc.pid, "VmHWM")
        nb.sync()
        st.hwm_end = vm_kb(eng.proc.pid, "VmHWM")
        st.rss_end = vm_kb(eng.proc.pid, "VmRSS")
        eng.close("quit")
    except Failure as e:
        raise Failure(f"othello game {st.games + 1}: {e}\n{eng.report()}") from None
    finally:
        if eng.proc.poll() is None:
            eng.proc.kill()
    return st


def othello_game(nb, st, rng, args):
    eng = nb.eng
    depth = rng.choice(args.depths)
    eng.send(f"set depth {depth}")
    engine_side = rng.choice((1, 2))
    b, side, moves = othello_start(), 1, []
    eng.send("set game " + ggf(moves))
    nb.sync()
    omitted_pass = False  # the engine's last pass was not sent back to it

    def restart_from(ms):
        """A take-back as NBoard does it: the game again with fewer moves."""
        nonlocal b, side, omitted_pass
        b, side, omitted_pass = othello_start(), 1, False
        for m in ms:
            if m != "pa":
                play(b, side, parse_sq(m))
            side = 3 - side
        eng.send("set game " + ggf(ms))

    while True:
        mine, theirs = legal(b, side), legal(b, 3 - side)
        if not mine and not theirs:
            st.bump("games to the end")
            return
        if side == engine_side:
            t0 = time.monotonic()
            eng.send("go")
            replies = nb.sync(timeout=max(30, args.nboard_max_ms / 1000 * 3))
            ms = (time.monotonic() - t0) * 1000
            res = [r for r in replies if r.startswith("=== ")]
            other = [r for r in replies if not (r.startswith("=== ") or r.startswith("status")
                                                or r.startswith("nodestats "))]
            if len(res) != 1 or other:
                eng.fail(f"go answered {replies}")
            mv = res[0][4:].split("/")[0]
            st.moves += 1
            st.max_reply_ms = max(st.max_reply_ms, ms)
            if ms > args.nboard_max_ms:
                eng.fail(f"go took {ms:.0f} ms > {args.nboard_max_ms} ms at depth {depth}")
            if mv.upper() == "PA":
                if mine:
                    eng.fail(f"=== PA while {[sq_name(s) for s in mine]} are legal")
                st.bump("engine passes")
                moves.append("pa")
                if rng.random() < 0.5:
                    eng.send("move PA")
                else:  # left out, as some GUIs do: the engine inserts it with the next move
                    omitted_pass = True
                    st.bump("omitted passes")
            else:
                sq = parse_sq(mv)
                if sq is None or sq not in mine:
                    eng.fail(f"illegal move '{mv}' (legal: {[sq_name(s) for s in mine]})")
                play(b, side, sq)
                eng.send(f"move {mv}/{rng.uniform(-64, 64):.2f}/{rng.random():.2f}")
                moves.append(sq_name(sq))
            side = 3 - side
            continue
        # The opponent: now and then hints, a take-back or a whole new game of the same moves.
        if mine and not omitted_pass and rng.random() < 0.08:
            n = rng.randrange(1, 4)
            t0 = time.monotonic()
            eng.send(f"hint {n}")
            replies = nb.sync(timeout=max(30, args.nboard_max_ms / 1000 * 3))
            ms = (time.monotonic() - t0) * 1000
            st.max_reply_ms = max(st.max_reply_ms, ms)
            if ms > args.nboard_max_ms * 2:
                eng.fail(f"hint {n} took {ms:.0f} ms at depth {depth}")
            hints = [r for r in replies if r.startswith("search ")]
            if not 1 <= len(hints) <= n:
                eng.fail(f"hint {n} answered {replies}")
            for h in hints:
                sq = parse_sq(h.split()[1])
                if sq is None or sq not in mine:
                    eng.fail(f"hint '{h}' is not a legal move")
            st.bump("hints")
        if len(moves) >= 2 and rng.random() < 0.04:
            moves = moves[:-2]
            restart_from(moves)
            st.bump("take-backs")
            continue
        if rng.random() < 0.02:
            restart_from(moves)  # the GUI re-sends the game (e.g. after a reconnect)
            st.bump("game re-sent")
            continue
        time.sleep(rng.random() * args.max_delay_ms / 1000)
        if not mine:
            moves.append("pa")
            eng.send("move PA")
            side = 3 - side
            continue
        sq = rng.choice(mine)
        play(b, side, sq)
        moves.append(sq_name(sq))
        suffix = f"/{rng.uniform(-9, 9):.2f}/{rng.random() * 3:.2f}" if rng.random() < 0.5 else ""
        eng.send(f"move {sq_name(sq)}{suffix}")
        omitted_pass = False
        side = 3 - side


# --- main ---------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per engine (default 200)")
    ap.add_argument("--engine", choices=("gomoku", "othello", "both"), default="both")
    ap.add_argument("--bin", default=os.environ.get("MINIARENA_BIN", "build/native/bin"),
                    help="where pbrain-miniarena and othello are (default $MINIARENA_BIN or build/native/bin)")
    ap.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock, printed)")
    ap.add_argument("--turn-ms", type=lambda s: [int(v) for v in s.split(",")], default=[100, 200, 300, 500],
                    help="Gomocup timeout_turn values to draw from (ms, comma-separated)")
    ap.add_argument("--margin-ms", type=int, default=250,
                    help="a Gomocup reply may come this late after timeout_turn (default 250)")
    ap.add_argument("--strict-wall", action="store_true",
                    help="a late Gomocup reply fails even when the brain used no more CPU than allowed")
    ap.add_argument("--depths", type=lambda s: [int(v) for v in s.split(",")], default=[1, 2, 3, 4],
                    help="NBoard 'set depth' values to draw from")
    ap.add_argument("--nboard-max-ms", type=int, default=3000, help="slowest allowed NBoard go (ms)")
    ap.add_argument("--max-delay-ms", type=int, default=30, help="the opponent thinks 0..this long (ms)")
    ap.add_argument("--rss-growth-mb", type=int, default=64,
                    help="allowed VmHWM growth from the end of game 1 to the end (MB, default 64)")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % (1 << 31)
    print(f"engines under load: {args.games} games per engine, seed {seed}, binaries in {args.bin}", flush=True)
    failed = False
    for name, fn in (("gomoku", run_gomoku), ("othello", run_othello)):
        if args.engine not in (name, "both"):
            continue
        rng = random.Random(f"{seed}-{name}")
        t0 = time.monotonic()
        try:
            st = fn(args, rng)
        except Failure as e:
            print(f"FAIL {name} (seed {seed}): {e}", flush=True)
            failed = True
            continue
        growth_mb = (st.hwm_end - st.hwm_first) / 1024
        print(f"{st.summary()}; {time.monotonic() - t0:.1f} s", flush=True)
        if growth_mb > args.rss_growth_mb:
            print(f"FAIL {name}: peak RSS grew by {growth_mb:.0f} MB (> {args.rss_growth_mb} MB)", flush=True)
            failed = True
    print("engines under load: " + ("FAILED" if failed else "passed"), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
