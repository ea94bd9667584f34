#!/usr/bin/env python3
"""balanced_openings_test.py — src/tools/gomoku/balanced_openings.py against a stand-in for the
gomoku tool whose values are a fixed function of the position: which openings it keeps (exactly
those within the margin, in the seed's order, the same with one job or three), that a mate is
never kept, that a failing tool stops it with a message; and the committed balanced opening files
(freestyle, standard and renju): read back by gomocup_match.py, three distinct stones each in the 7×7
square, no two alike, every value within the margin. Given
the real tool (argv[1]): `gomoku stats … rule=R` searches under R, the generator keeps the
same openings in two runs, and the tool's usage names every command it dispatches."""
import os
import re
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
TOOLS = os.path.join(ROOT, "src", "tools", "gomoku")
GEN = os.path.join(TOOLS, "balanced_openings.py")
COMMITTED_DIR = os.path.join(ROOT, "tests", "data", "gomoku")
sys.path.insert(0, TOOLS)
import balanced_openings  # noqa: E402
import gomocup_match  # noqa: E402

# The stand-in: `stats POS nodes=N rule=R` answers a value for the side to move that is a fixed
# function of POS (every tenth position a mate); `FAIL` in the environment makes it fail.
FAKE = r'''#!/usr/bin/env python3
import os, sys, zlib
if os.environ.get("FAIL"):
    print("bad position: refused", file=sys.stderr); sys.exit(2)
assert sys.argv[1] == "stats" and sys.argv[3].startswith("nodes=") and sys.argv[4] == "rule=freestyle"
h = zlib.crc32(sys.argv[2].encode())
v = 29990 if h % 10 == 0 else h % 801 - 400
print(f"move h8 source search value {v} depth 9 nodes 1024 ms 1")
'''


def fake_value(pos):
    """Black's value as the stand-in gives it (white is to move after three stones)."""
    import zlib
    h = zlib.crc32(pos.encode())
    return None if h % 10 == 0 else -(h % 801 - 400)


def run(fake, *extra, env=None):
    return subprocess.run([sys.executable, GEN, "--gomoku", fake, "--seed", "7", "--count", "12",
                           "--nodes", "1000", "--margin", "60", *extra],
                          capture_output=True, text=True, env=env)


def main():
    failures = 0

    def check(cond, what):
        nonlocal failures
        if not cond:
            failures += 1
            print("FAIL:", what)

    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, "gomoku")
        with open(fake, "w") as f:
            f.write(FAKE)
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)

        one, three = run(fake, "--jobs", "1"), run(fake, "--jobs", "3")
        check(one.returncode == 0, f"exit status {one.returncode}: {one.stderr}")
        check(one.stdout == three.stdout, "one job and three jobs keep different openings")

        # What it should keep: the seed's candidates in order, those within ±60, the first 12.
        expected, judged = [], 0
        for moves in balanced_openings.candidates(7):
            if len(expected) == 12:
                break
            judged += 1
            pos = balanced_openings.pos_name(moves)
            v = fake_value(pos)
            if v is not None and abs(v) <= 60:
                expected.append(f"{pos}  # {v:+d}")
        lines = one.stdout.splitlines()
        body = [ln for ln in lines if not ln.startswith("#")]
        check(body == expected, f"kept {body}, expected {expected}")
        check(lines[-1] == f"# 12 kept of {judged} judged", f"last line {lines[-1]!r}, {judged} judged")
        check(any("--seed 7 --count 12 --nodes 1000 --margin 60" in ln for ln in lines[:3]),
              "the header gives the command")

        # The file reads back through the match manager, inline comments and all.
        path = os.path.join(tmp, "openings.txt")
        with open(path, "w") as f:
            f.write(one.stdout)
        back = [balanced_openings.pos_name(m) for m in gomocup_match.parse_openings(path)]
        check(back == [e.split()[0] for e in expected], f"read back {back}")

        failed = run(fake, env=dict(os.environ, FAIL="1"))
        check(failed.returncode == 2 and "refused" in failed.stderr and "Traceback" not in failed.stderr,
              f"a failing tool: status {failed.returncode}, stderr {failed.stderr!r}")
        missing = run(os.path.join(tmp, "no-such-tool"))
        check(missing.returncode == 2 and "not an executable" in missing.stderr,
              f"a missing tool: status {missing.returncode}, stderr {missing.stderr!r}")

    # Every shape once: the seeded order runs through all 1,026 and stops; judged to the end
    # (no --count), every shape within the margin is kept, and no more than there are.
    shapes = list(balanced_openings.candidates(7))
    keys = {balanced_openings.shape_key([((x, y), i % 2) for i, (x, y) in enumerate(m)]) for m in shapes}
    check(len(shapes) == 1026 and len(keys) == 1026, f"{len(shapes)} candidates, {len(keys)} shapes")
    within = [balanced_openings.pos_name(m) for m in shapes
              if fake_value(balanced_openings.pos_name(m)) is not None
              and abs(fake_value(balanced_openings.pos_name(m))) <= 60]
    emitted = []
    for count in (None, len(within) + 5):
        emitted.clear()
        result = balanced_openings.select(balanced_openings.candidates(7), fake_value, count, 60, 2,
                                          lambda pos, v: emitted.append(pos))
        check(result == (len(within), 1026) and emitted == within,
              f"count {count}: kept and judged {result}, expected ({len(within)}, 1026)")

    # Two openings that are images of each other under a symmetry and a shift share a key.
    a = [((0, 0), 0), ((1, 2), 1), ((-1, 0), 0)]
    b = [((y + 1, -x + 2), c) for (x, y), c in a]  # rotated a quarter turn, then shifted
    check(balanced_openings.shape_key(a) == balanced_openings.shape_key(b), "symmetric images differ")
    check(balanced_openings.shape_key(a) != balanced_openings.shape_key([((0, 0), 1), ((1, 2), 0), ((-1, 0), 1)]),
          "swapping the colours gives the same key")

    # The committed files: their openings and their values, as the footer counts them.
    for name, count in (("openings_balanced_freestyle15.txt", 82), ("openings_balanced_standard15.txt", 92),
                        ("openings_balanced_renju15.txt", 71)):
        path = os.path.join(COMMITTED_DIR, name)
        openings = gomocup_match.parse_openings(path)
        check(len(openings) == count, f"{name}: {len(openings)} openings, expected {count}")
        keys = set()
        for moves in openings:
            check(len(moves) == 3 and len(set(moves)) == 3, f"{name} {moves}: not three distinct stones")
            check(all(abs(x - 7) <= 3 and abs(y - 7) <= 3 for x, y in moves),
                  f"{name} {moves}: outside the 7×7 square")
            keys.add(balanced_openings.shape_key([((x, y), i % 2) for i, (x, y) in enumerate(moves)]))
        check(len(keys) == len(openings), f"{name}: two openings are alike")
        with open(path) as f:
            lines = f.read().splitlines()
        values = [int(ln.split("#")[1]) for ln in lines if ln.strip() and not ln.startswith("#")]
        check(len(values) == count and all(abs(v) <= 100 for v in values), f"{name}: a value beyond ±100")
        check(lines[-1] == f"# {count} kept of 1026 judged", f"{name}: last line {lines[-1]!r}")

    if len(sys.argv) > 1:  # the real tool
        tool = sys.argv[1]
        # Black to move, c8-f8 and h8 with b8 white: g8 makes six. A win under freestyle only.
        pos = "c8b8d8a1e8a3f8o1h8o15"
        for rule, wins in (("freestyle", True), ("standard", False), ("renju", False)):
            out = subprocess.run([tool, "stats", pos, "nodes=2000", f"rule={rule}"],
                                 capture_output=True, text=True)
            words = out.stdout.split()
            won = out.returncode == 0 and words[1] == "g8" and int(words[words.index("value") + 1]) >= 29000
            check(out.returncode == 0 and won == wins, f"stats under {rule}: {out.stdout.splitlines()[:1]}")
        # The usage (no command, or an unknown one) lists every command main() dispatches.
        with open(os.path.join(TOOLS, "gomoku_main.cpp")) as f:
            commands = re.findall(r'!std::strcmp\(argv\[1\], "([a-z-]+)"\)', f.read())
        check(len(commands) >= 10, f"dispatched commands: {commands}")
        for argv in ([tool], [tool, "play"]):
            out = subprocess.run(argv, capture_output=True, text=True)
            listed = re.findall(r"gomoku ([a-z-]+)", out.stderr)
            check(out.returncode == 2 and sorted(listed) == sorted(commands),
                  f"usage of {argv[1:]}: {listed} against {commands}")
        # Every command that takes a rule refuses an unknown one with the same message.
        with tempfile.TemporaryDirectory() as tmp:
            for argv in ([tool, "stats", pos, "rule=gomoku"], [tool, "vcf", pos, "gomoku"],
                         [tool, "search", pos, "2", "gomoku"], [tool, "match", "master", "3", "--rule", "gomoku"],
                         [tool, "selfplay", os.path.join(tmp, "sp.txt"), "--rule", "gomoku"]):
                bad = subprocess.run(argv, capture_output=True, text=True)
                check(bad.returncode == 2 and "unknown rule 'gomoku' (freestyle, standard, renju)" in bad.stderr,
                      f"a bad rule, {argv[1:]}: {bad.returncode} {bad.stderr!r}")
        runs = [subprocess.run([sys.executable, GEN, "--gomoku", tool, "--seed", "3", "--count", "2",
                                "--nodes", "20000", "--margin", "150"], capture_output=True, text=True)
                for _ in range(2)]
        kept = [ln for ln in runs[0].stdout.splitlines() if not ln.startswith("#")]
        check(runs[0].returncode == 0 and len(kept) == 2 and runs[0].stdout == runs[1].stdout,
              f"two runs with the tool: {runs[0].stdout!r} / {runs[1].stdout!r} {runs[0].stderr!r}")
        check(all(abs(int(ln.split("#")[1])) <= 150 for ln in kept), f"kept beyond the margin: {kept}")

    print("balanced_openings_test:", "FAILED" if failures else "ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
