#!/usr/bin/python3
"""`othello serve`: request lines piped in, one exact JSON line out for each (the wall-clock
"ms" field blanked), `quit` ends the session with nothing after it; `othello weights=FILE`
puts a weights file's pattern weights in place of the compiled-in ones, and refuses a file that
is not one; `othello book=FILE` does the same for the opening book, and `book=none` plays
without one; `othello relabel` gives self-play records deeper labels; `othello pack-games` and
`unpack-games` carry records to the committable form and back, byte for byte (CTest:
othello_serve).

  serve_test.py PATH/TO/othello
"""
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

START = "---------------------------OX------XO--------------------------- X"
AFTER_F5 = "---------------------------OX------XXX-------------------------- O"
OPENING = "------------OX----O-XO----XXX-O---XXO--------------------------- X"  # 8 plies in
CASES = [
    # a deterministic search (depth= overrides time=; the session runs without the book)
    (f"othello search {AFTER_F5} level=master depth=4",
     '{"move":"d6","row":5,"col":3,"eval":-2,"evalCenti":-185,"depth":4,"nodes":162,"exact":false,"ms":_,"book":false,"level":"master"}'),
    # a search full width (probcut=off; with Multi-ProbCut, in a session of its own, 728 nodes)
    (f"othello search {OPENING} level=master depth=6 probcut=off",
     '{"move":"g3","row":2,"col":6,"eval":4,"evalCenti":404,"depth":6,"nodes":3137,"exact":false,"ms":_,"book":false,"level":"master"}'),
    (f"othello search {OPENING} level=master depth=6 probcut=no",
     '{"error":"probcut: \'no\' is not on or off"}'),
    # a broken board string
    ("othello search ---------------------------OX------XO--------------------------Z X depth=2",
     '{"error":"board: character 64 \'Z\' (square h8) is not X, O or -"}'),
    ("othello legal " + START + "\r", '{"legal":["d3","c4","f5","e6"],"pass":false,"over":false}'),
    ("", '{"error":"empty request"}'),
    ("ping", '{"pong":true}'),
    ("quit", None),
    ("ping", None),  # after quit: never answered
]


def blank(reply):
    return re.sub(r'"ms":\d+', '"ms":_', reply)


def main():
    tool = sys.argv[1]
    lines = "".join(request + "\n" for request, _ in CASES)
    run = subprocess.run([tool, "book=none", "serve"], input=lines, capture_output=True,
                         text=True, timeout=60)
    replies = run.stdout.split("\n")
    assert replies[-1] == "", f"output does not end in a newline: {run.stdout!r}"
    replies = replies[:-1]
    answered = CASES[: [r for r, _ in CASES].index("quit")]
    assert run.returncode == 0, f"exit status {run.returncode}"
    assert len(replies) == len(answered), f"{len(replies)} replies to {len(answered)} lines: {replies}"
    for (request, want), got in zip(answered, replies):
        assert blank(got) == want, f"{request!r}:\n  got  {got}\n  want {want}"
    print(f"othello serve: {len(replies)} replies exact; quit ends the session")
    check_weights_option(tool)
    check_book_option(tool)
    check_relabel(tool)
    check_selfplay_deviate(tool)
    check_pack_games(tool)


def search(argv, request):
    run = subprocess.run(argv + ["serve"], input=request + "\n", capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, f"{argv}: exit status {run.returncode}: {run.stderr}"
    return blank(run.stdout.strip())


def check_weights_option(tool):
    """weights=FILE: the compiled-in file gives the compiled-in replies, other weights (fitted
    here on three short self-play games) other ones; a file that is no weights file stops the
    tool with exit status 2 and the reason."""
    request, want = CASES[0]
    with tempfile.TemporaryDirectory() as d:
        same, games, other = (os.path.join(d, n) for n in ("same.bin", "games.bin", "other.bin"))
        errors = []  # train-eval's "all" line: rms of fitted, quantised, in-use, classic
        for argv in ([tool, "weights-file", same], [tool, "selfplay", games, "3", "1", "2", "4"],
                     [tool, "train-eval", other, games, "iters=3"],
                     [tool, f"weights={same}", "train-eval", os.path.join(d, "x.bin"), games,
                      "iters=3"]):
            run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
            assert run.returncode == 0, f"{argv}: exit status {run.returncode}: {run.stderr}"
            errors += [line.split()[4:8] for line in run.stderr.splitlines()
                       if line.startswith("all ")]
        # The in-use column measures the weights in place (the same file both times), not the
        # classic evaluation.
        assert len(errors) == 2 and errors[0] == errors[1] and errors[0][2] != errors[0][3], errors
        assert search([tool, "book=none", f"weights={same}"], request) == want
        got = search([tool, "book=none", f"weights={other}"], request)
        assert got != want and got.startswith('{"move":'), f"other weights, same reply: {got}"
        for bad, reason in ((games, "is not a weights file"), (os.path.join(d, "none.bin"),
                                                                 "cannot read weights file")):
            run = subprocess.run([tool, "book=none", f"weights={bad}", "serve"], input=request + "\n",
                                 capture_output=True, text=True, timeout=60)
            assert run.returncode == 2 and run.stdout == "" and reason in run.stderr, \
                f"weights={bad}: exit status {run.returncode}, {run.stdout!r}, {run.stderr!r}"
    print("othello weights=FILE: the same file, the same reply; other weights, another; "
          "a bad file refused")


def ask(argv, request):
    """The reply of `argv serve` to one request, as an object without its wall-clock field."""
    reply = json.loads(search(argv, request).replace('"ms":_', '"ms":0'))
    reply.pop("ms", None)
    return reply


def check_book_option(tool):
    """The compiled-in book answers the reply to f5 at once (no search); book=FILE with the
    same file gives the same reply, book=none a searched one; a file that is no book stops the
    tool with exit status 2 and the reason."""
    request = f"othello search {AFTER_F5} level=master seed=1"
    reply = ask([tool], request)
    assert reply["book"] is True and reply["nodes"] == 0, reply
    with tempfile.TemporaryDirectory() as d:
        same = os.path.join(d, "book.bin")
        run = subprocess.run([tool, "book-file", same], capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, f"book-file: exit status {run.returncode}: {run.stderr}"
        assert ask([tool, f"book={same}"], request) == reply
        searched = ask([tool, "book=none"], request + " depth=4")
        assert searched["book"] is False and searched["nodes"] > 0, searched
        with open(same, "r+b") as f:  # one byte of the first position changed
            f.seek(30)
            byte = f.read(1)
            f.seek(30)
            f.write(bytes([byte[0] ^ 1]))
        for bad, reason in ((same, "opening book: checksum mismatch"),
                            (os.path.join(d, "none.bin"), "cannot read book file")):
            run = subprocess.run([tool, f"book={bad}", "serve"], input=request + "\n",
                                 capture_output=True, text=True, timeout=60)
            assert run.returncode == 2 and run.stdout == "" and reason in run.stderr, \
                f"book={bad}: exit status {run.returncode}, {run.stdout!r}, {run.stderr!r}"
    print("othello book=FILE: the first replies from the book without a search; book=none "
          "searches; a bad file refused")


def records(path):
    """The TrainRecords of a selfplay/relabel file (train_data.h): player, opponent, score,
    empties, flags, search, game."""
    with open(path, "rb") as f:
        data = f.read()
    assert len(data) % 24 == 0, f"{path}: {len(data)} bytes, not whole records"
    return [struct.unpack_from("<QQbBBbI", data, i) for i in range(0, len(data), 24)]


def check_relabel(tool):
    """`othello relabel`: the same positions in the same order, every one not exact given a
    search value (depth 3), those of at most 12 empties solved exactly (score = search, exact
    flag); the same bytes again, and the same bytes from two ranges of games run apart and
    concatenated; bad arguments refused with exit status 2."""
    with tempfile.TemporaryDirectory() as d:
        games, whole, first, second = (os.path.join(d, n) for n in
                                       ("games.bin", "whole.bin", "first.bin", "second.bin"))
        for argv in ([tool, "selfplay", games, "3", "7", "2", "6"],
                     [tool, "relabel", games, whole, "3", "12"],
                     [tool, "relabel", games, first, "3", "12", "0", "1"],
                     [tool, "relabel", games, second, "3", "12", "1", "3"]):
            run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
            assert run.returncode == 0, f"{argv}: exit status {run.returncode}: {run.stderr}"
        old, new = records(games), records(whole)
        assert len(new) == len(old) > 100, (len(old), len(new))
        solved = searched = 0
        for o, n in zip(old, new):
            assert n[:2] == o[:2] and n[3] == o[3] and n[6] == o[6], (o, n)
            if o[4] & 1:  # exact already (6 empties and below): unchanged
                assert n == o, (o, n)
                continue
            assert n[4] & 2, n
            searched += 1
            if n[3] <= 12:
                assert n[4] & 1 and n[2] == n[5], n
                solved += 1
            else:
                assert not n[4] & 1 and n[2] == o[2], (o, n)
        assert solved > 10 and searched > solved, (solved, searched)
        with open(whole, "rb") as w, open(first, "rb") as a, open(second, "rb") as b:
            assert w.read() == a.read() + b.read(), "two ranges of games differ from one run"
        for bad in (["0"], ["3", "40"], ["3", "0", "2", "1"]):
            run = subprocess.run([tool, "relabel", games, os.path.join(d, "x.bin")] + bad,
                                 capture_output=True, text=True, timeout=60)
            assert run.returncode == 2 and "relabel:" in run.stderr, (bad, run.returncode, run.stderr)
        run = subprocess.run([tool, "relabel", os.path.join(d, "none.bin"), whole, "3"],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "cannot read" in run.stderr, run.stderr
    print(f"othello relabel: {searched} positions searched, {solved} solved exactly; the same "
          "bytes in two ranges; bad arguments refused")


def check_selfplay_deviate(tool):
    """`othello selfplay … DEVIATE`: DEVIATE 0 writes the same bytes as no DEVIATE; with random
    midgame moves every position has a search value, each game's positions up to its last
    random move are scored by that value and the rest by the game's result; the records pack
    and unpack byte for byte; a DEVIATE outside 0..100 is refused with exit status 2."""
    with tempfile.TemporaryDirectory() as d:
        path = lambda n: os.path.join(d, n)
        base = ["6", "9", "2", "8", "patterns", "4", "8"]
        for argv in ([tool, "selfplay", path("plain.bin")] + base,
                     [tool, "selfplay", path("zero.bin")] + base + ["0"],
                     [tool, "selfplay", path("dev.bin")] + base + ["25"],
                     [tool, "pack-games", path("dev.bin"), path("dev.games")],
                     [tool, "unpack-games", path("dev.games"), path("dev.back")]):
            run = run_tool(argv)
            assert run.returncode == 0, f"{argv}: exit status {run.returncode}: {run.stderr}"
        with open(path("plain.bin"), "rb") as a, open(path("zero.bin"), "rb") as b:
            assert a.read() == b.read(), "DEVIATE 0 should play the games it played before"
        with open(path("dev.bin"), "rb") as a, open(path("dev.back"), "rb") as b:
            assert a.read() == b.read(), "deviating games should round-trip through pack-games"
        games = {}
        for rec in records(path("dev.bin")):
            assert rec[4] & 2, f"a position without a search value: {rec}"
            games.setdefault(rec[6], []).append(rec)
        assert len(games) == 6, sorted(games)
        searched_scores = midgame_results = 0
        for number, recs in games.items():
            # The last position is past any random move: its score is the game's result, R
            # discs for one side. A position scored by the result has +R or -R; one before
            # the game's last random move has its own search value; once a position is
            # plainly result-scored (its score is not its search value), so are all after it.
            result = abs(recs[-1][2])
            by_result = False
            for r in recs:
                assert abs(r[2]) == result or r[2] == r[5], \
                    f"game {number}: score {r[2]} is neither the result ±{result} nor its search"
                if by_result or r[4] & 1:
                    assert abs(r[2]) == result, f"game {number}: {r} after the last random move"
                if r[2] != r[5]:
                    by_result = True
                    midgame_results += not r[4] & 1
                elif abs(r[2]) != result:
                    searched_scores += 1
        assert searched_scores > 20 and midgame_results > 5, (searched_scores, midgame_results)
        for bad in ("101", "-1"):
            run = subprocess.run([tool, "selfplay", path("x.bin")] + base + [bad],
                                 capture_output=True, text=True, timeout=60)
            assert run.returncode == 2 and "selfplay:" in run.stderr, (bad, run.returncode, run.stderr)
    print(f"othello selfplay DEVIATE: the same bytes at 0; {searched_scores} positions before a "
          "random midgame move scored by their search; round-trips through pack-games")


def run_tool(argv):
    return subprocess.run(argv, capture_output=True, timeout=120)


def check_pack_games(tool):
    """`othello pack-games` / `unpack-games`: self-play records (a cut-off last game, relabelled
    exact scores) give back the same bytes, at under 4 bytes a position; a damaged, truncated or
    foreign file, and records that are not games, are refused with exit status 2 and the reason,
    and no output is written."""
    with tempfile.TemporaryDirectory() as d:
        path = lambda n: os.path.join(d, n)
        for argv in ([tool, "selfplay", path("games.bin"), "4", "5", "2", "8"],
                     [tool, "relabel", path("games.bin"), path("relabelled.bin"), "2", "14"]):
            run = run_tool(argv)
            assert run.returncode == 0, f"{argv}: exit status {run.returncode}: {run.stderr}"
        with open(path("games.bin"), "rb") as f:
            games = f.read()
        cut = len(games) - 24 * 20  # the last game stops 20 positions early
        with open(path("cut.bin"), "wb") as f:
            f.write(games[:cut])
        own_scores = sum(1 for o, n in zip(records(path("games.bin")),
                                           records(path("relabelled.bin"))) if o[2] != n[2])
        assert own_scores > 0, "the relabelled records should carry scores of their own"
        for name in ("games.bin", "relabelled.bin", "cut.bin"):
            packed, back = path(name + ".games"), path(name + ".back")
            for argv in ([tool, "pack-games", path(name), packed],
                         [tool, "unpack-games", packed, back]):
                run = run_tool(argv)
                assert run.returncode == 0, f"{argv}: exit status {run.returncode}: {run.stderr}"
            with open(path(name), "rb") as a, open(back, "rb") as b:
                original = a.read()
                assert b.read() == original, f"{name}: unpacked records differ"
            size = os.path.getsize(packed)
            assert size < len(original) / 6, f"{name}: {size} bytes packed of {len(original)}"
        with open(path("games.bin.games"), "rb") as f:
            packed = f.read()
        damaged = bytearray(packed)
        damaged[40] ^= 1
        moved = bytearray(packed)  # the first game's second move onto d4, the hash made good
        assert packed[15] == 0, "the first position is a random opening move: no labels"
        moved[16] = 27
        fnv = 2166136261
        for c in moved[:-4]:
            fnv = ((fnv ^ c) * 16777619) & 0xFFFFFFFF
        moved[-4:] = struct.pack("<I", fnv)
        swapped = bytearray(games)  # two positions of the first game swapped
        swapped[24:48], swapped[48:72] = games[48:72], games[24:48]
        cases = [("unpack-games", bytes(damaged), "checksum mismatch"),
                 ("unpack-games", packed[:-9], "checksum mismatch"),
                 ("unpack-games", b"MAOB" + packed[4:], "not a packed games file"),
                 ("unpack-games", bytes(moved), "is not a legal move"),
                 ("pack-games", bytes(swapped), "does not follow from the one before"),
                 ("pack-games", games[24:], "does not begin at the start position"),
                 ("pack-games", games[:-5], "not whole 24-byte records")]
        for command, data, reason in cases:
            bad, out = path("bad"), path("out")
            with open(bad, "wb") as f:
                f.write(data)
            run = subprocess.run([tool, command, bad, out], capture_output=True, text=True,
                                 timeout=60)
            assert run.returncode == 2 and reason in run.stderr and not os.path.exists(out), \
                (command, reason, run.returncode, run.stderr)
    print("othello pack-games / unpack-games: three record files round-trip byte for byte; "
          f"{len(cases)} bad inputs refused")


if __name__ == "__main__":
    main()
