#!/usr/bin/python3
"""`othello serve`: request lines piped in, one exact JSON line out for each (the wall-clock
"ms" field blanked), `quit` ends the session with nothing after it (CTest: othello_serve).

  serve_test.py PATH/TO/othello
"""
import re
import subprocess
import sys

START = "---------------------------OX------XO--------------------------- X"
AFTER_F5 = "---------------------------OX------XXX-------------------------- O"
CASES = [
    # a deterministic search (depth= overrides time=)
    (f"othello search {AFTER_F5} level=master depth=4",
     '{"move":"f6","row":5,"col":5,"eval":-2,"evalCenti":-204,"depth":4,"nodes":214,"exact":false,"ms":_,"level":"master"}'),
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
    run = subprocess.run([tool, "serve"], input=lines, capture_output=True, text=True, timeout=60)
    replies = run.stdout.split("\n")
    assert replies[-1] == "", f"output does not end in a newline: {run.stdout!r}"
    replies = replies[:-1]
    answered = CASES[: [r for r, _ in CASES].index("quit")]
    assert run.returncode == 0, f"exit status {run.returncode}"
    assert len(replies) == len(answered), f"{len(replies)} replies to {len(answered)} lines: {replies}"
    for (request, want), got in zip(answered, replies):
        assert blank(got) == want, f"{request!r}:\n  got  {got}\n  want {want}"
    print(f"othello serve: {len(replies)} replies exact; quit ends the session")


if __name__ == "__main__":
    main()
