#!/usr/bin/python3
"""`othello serve`: request lines piped in, one exact JSON line out for each (the wall-clock
"ms" field blanked), `quit` ends the session with nothing after it; `othello weights=FILE`
puts a weights file's pattern weights in place of the compiled-in ones, and refuses a file that
is not one; `othello book=FILE` does the same for the opening book, and `book=none` plays
without one (CTest: othello_serve).

  serve_test.py PATH/TO/othello
"""
import json
import os
import re
import subprocess
import sys
import tempfile

START = "---------------------------OX------XO--------------------------- X"
AFTER_F5 = "---------------------------OX------XXX-------------------------- O"
CASES = [
    # a deterministic search (depth= overrides time=; the session runs without the book)
    (f"othello search {AFTER_F5} level=master depth=4",
     '{"move":"d6","row":5,"col":3,"eval":-2,"evalCenti":-179,"depth":4,"nodes":210,"exact":false,"ms":_,"book":false,"level":"master"}'),
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


if __name__ == "__main__":
    main()
