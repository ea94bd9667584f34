#!/usr/bin/python3
"""A game's id stays home: the ids of src/games/common/catalogue.json may appear as literals
("othello", 'gomoku', pages/tictactoe/…) only in the game's own folders, the catalogue, the
page registry, app.json and the tests. Everything else reads the catalogue; a literal anywhere
else fails this check (CTest: game_ids_stay_home).

  check_game_ids.py SOURCE_DIR
"""
import json
import os
import re
import sys

# Allowed for every game (with <id> the game's id).
OWN = ["src/games/<id>/", "src/ui/pages/<id>/", "src/tools/<id>/", "web/pages/<id>/", "tests/",
       "src/games/common/catalogue.json", "src/ui/pages/registry.cpp", "web/app.json"]

# Files that name games outside those folders, each with why: none. (A file added here must say
# why the catalogue cannot serve it.)
EXCEPTIONS = {}

SKIP_DIRS = {".git", "node_modules"}
SKIP_EXT = (".md", ".bin", ".png", ".ttf", ".otf", ".obf", ".gz", ".wasm")


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    with open(os.path.join(root, "src", "games", "common", "catalogue.json"), encoding="utf-8") as f:
        ids = [g["id"] for g in json.load(f)["games"]]
    alt = "|".join(map(re.escape, ids))
    literal = re.compile(rf"""(["'`])({alt})\1|pages/({alt})\b|\bgame-({alt})\b""")
    problems = []
    for d, dirs, files in os.walk(root):
        rel_d = os.path.relpath(d, root).replace(os.sep, "/")
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS and not (rel_d == "." and x.startswith("build"))]
        for name in files:
            rel = (name if rel_d == "." else rel_d + "/" + name)
            if name.endswith(SKIP_EXT) or rel in EXCEPTIONS:
                continue
            try:
                with open(os.path.join(d, name), encoding="utf-8") as f:
                    text = f.read()
            except (UnicodeDecodeError, OSError):
                continue
            for n, line in enumerate(text.split("\n"), 1):
                for m in literal.finditer(line):
                    gid = m.group(2) or m.group(3) or m.group(4)
                    if any(rel.startswith(p.replace("<id>", gid)) for p in OWN):
                        continue
                    problems.append(f"{rel}:{n}: {m.group(0)} (the game id {gid} outside its folders: read src/games/common/catalogue.json)")
    for p in problems:
        print(p, flush=True)
    if problems:
        sys.exit(f"{len(problems)} game id literal(s) outside their games' folders")
    print(f"game ids stay home: {', '.join(ids)}")


if __name__ == "__main__":
    main()
