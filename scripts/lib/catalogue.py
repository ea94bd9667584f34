#!/usr/bin/python3
"""The game catalogue (src/games/common/catalogue.json): read and checked once, written out as
what each side needs.

  catalogue.py --cpp OUT     the C++ table behind games::catalogue() (src/games/common/catalogue.h)

assemble_site.py imports it for the site: miniapp.js's games (ids, board sizes, names in both
languages), the engine worker's assets (which requests need which file) and botlab/catalogue.js
(the Bot Lab's games and levels).
"""
import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
PATH = os.path.join(SOURCE, "src", "games", "common", "catalogue.json")


def fail(msg):
    sys.exit(f"catalogue: {msg}")


def load(path=PATH):
    """The catalogue, checked: every game has the keys the consumers read, ids are words, the
    levels are ladder rungs, the Bot Lab's list names games of the catalogue."""
    with open(path, encoding="utf-8") as f:
        cat = json.load(f)
    ladder = [l["id"] for l in cat.get("ladder", [])]
    ids = []
    for g in cat.get("games", []):
        for k in ("id", "page", "title", "name", "description", "rows", "cols", "sides", "levels", "defaultLevel", "rules", "assets", "look", "reasons", "start"):
            if k not in g:
                fail(f"{path}: game {g.get('id', '?')} has no \"{k}\"")
        if not re.fullmatch(r"[a-z]+", g["id"]) or g["page"] != f"pages/{g['id']}/{g['id']}":
            fail(f"{path}: game {g['id']}: an id is a lower-case word and its page pages/<id>/<id>")
        if g["look"] not in ("felt", "wood", "marks"):
            fail(f"{path}: game {g['id']}: look is felt, wood or marks")
        if len(g["sides"]) != 2:
            fail(f"{path}: game {g['id']}: two sides")
        for l in g["levels"]:
            if l["id"] not in ladder:
                fail(f"{path}: game {g['id']}: level {l['id']} is not on the ladder {ladder}")
        if g["defaultLevel"] not in [l["id"] for l in g["levels"]]:
            fail(f"{path}: game {g['id']}: defaultLevel {g['defaultLevel']} is not one of its levels")
        if not isinstance(g["start"], dict) or not isinstance(g["start"].get("position"), str):
            fail(f"{path}: game {g['id']}: start needs its position")
        for e in g.get("botExamples", []):
            if not all(isinstance(e.get(k), str) for k in ("id", "title", "file", "description", "label", "descriptionLabel")):
                fail(f"{path}: game {g['id']}: an example bot has id, title, file, description, label and descriptionLabel")
        for a in g["assets"]:
            if not re.fullmatch(r"[\w.-]+", a.get("file", "")):
                fail(f"{path}: game {g['id']}: an asset needs a plain file name")
            if not isinstance(a.get("alone", False), bool):
                fail(f"{path}: game {g['id']}: an asset's alone is true or false")
        ids.append(g["id"])
    if not ids or len(set(ids)) != len(ids):
        fail(f"{path}: no games, or one listed twice")
    for g in cat.get("botlab", []):
        if g not in ids:
            fail(f"{path}: botlab lists {g}, not a game of the catalogue")
    for c in cat.get("home", []):
        if "game" in c and c["game"] not in ids:
            fail(f"{path}: home lists {c['game']}, not a game of the catalogue")
        if "game" not in c and not all(isinstance(c.get(k), str) for k in ("control", "page", "name", "description")):
            fail(f"{path}: a home card is {{\"game\": id}} or has control, page, name and description")
    return cat


def game(cat, gid):
    return next(g for g in cat["games"] if g["id"] == gid)


def home_cards(cat):
    """The home page's cards: [(control id, page, name key, description key)], a game's from its
    entry (control game-<id>)."""
    out = []
    for c in cat.get("home", []):
        if "game" in c:
            g = game(cat, c["game"])
            out.append(("game-" + g["id"], g["page"], g["name"], g["description"]))
        else:
            out.append((c["control"], c["page"], c["name"], c["description"]))
    return out


# --- C++ ----------------------------------------------------------------------------------------

def c_str(s):
    return json.dumps(s, ensure_ascii=False)


def cpp(cat):
    """The C++ table (included by src/games/common/catalogue.cpp)."""
    out = ["// Generated from src/games/common/catalogue.json by scripts/lib/catalogue.py: do not edit.", ""]
    ladder = ", ".join("LadderInfo{%s, %s, %s}" % (c_str(l["id"]), c_str(l["title"]), c_str(l["label"])) for l in cat["ladder"])
    out.append(f"constexpr LadderInfo kLadder[] = {{{ladder}}};")
    for g in cat["games"]:
        gid = g["id"]
        levels = ", ".join("LevelInfo{%s, %s, %s}" % (c_str(l["id"]), c_str(l["engine"]), c_str(l["label"])) for l in g["levels"])
        out.append(f"constexpr LevelInfo kLevels_{gid}[] = {{{levels}}};")
        rules = ", ".join("RuleInfo{%s, %s}" % (c_str(r["id"]), c_str(r["label"])) for r in g["rules"])
        out.append(f"constexpr RuleInfo kRules_{gid}[] = {{{rules}}};" if rules else f"constexpr std::span<const RuleInfo> kRules_{gid};")
        for i, a in enumerate(g["assets"]):
            out.append(f"constexpr std::string_view kAssetLevels_{gid}_{i}[] = {{{', '.join(c_str(x) for x in a['levels'])}}};")
            out.append(f"constexpr std::string_view kAssetVerbs_{gid}_{i}[] = {{{', '.join(c_str(x) for x in a['verbs'])}}};")
        reasons = ", ".join("RuleInfo{%s, %s}" % (c_str(k), c_str(v)) for k, v in g["reasons"].items())
        out.append(f"constexpr RuleInfo kReasons_{gid}[] = {{{reasons}}};" if reasons else f"constexpr std::span<const RuleInfo> kReasons_{gid};")
        assets = ", ".join(f"AssetInfo{{{c_str(a['file'])}, kAssetLevels_{gid}_{i}, kAssetVerbs_{gid}_{i}}}"
                           for i, a in enumerate(g["assets"]))
        out.append(f"constexpr AssetInfo kAssets_{gid}[] = {{{assets}}};" if assets else f"constexpr std::span<const AssetInfo> kAssets_{gid};")
        examples = ", ".join("ExampleInfo{%s, %s, %s}" % (c_str(e["id"]), c_str(e["label"]), c_str(e["descriptionLabel"]))
                             for e in g.get("botExamples", []))
        out.append(f"constexpr ExampleInfo kExamples_{gid}[] = {{{examples}}};" if examples else f"constexpr std::span<const ExampleInfo> kExamples_{gid};")
    out.append("constexpr GameInfo kGames[] = {")
    for g in cat["games"]:
        gid = g["id"]
        move = g.get("botPlaceholderMove", [0, 0])
        out.append("    GameInfo{%s, %s, %s, %s, %s, %d, %d, {%s, %s}, kLevels_%s, %s, kRules_%s, kAssets_%s, kReasons_%s, BoardLook::%s, {%d, %d}, kExamples_%s}," % (
            c_str(gid), c_str(g["page"]), c_str(g["title"]), c_str(g["name"]), c_str(g["description"]), g["rows"], g["cols"],
            c_str(g["sides"][0]), c_str(g["sides"][1]), gid, c_str(g["defaultLevel"]), gid, gid, gid,
            g["look"].capitalize(), move[0], move[1], gid))
    out.append("};")
    out.append(f"constexpr std::string_view kBotLab[] = {{{', '.join(c_str(x) for x in cat.get('botlab', []))}}};")
    cards = ", ".join("HomeCard{%s, %s, %s, %s}" % tuple(map(c_str, c)) for c in home_cards(cat))
    out.append(f"constexpr HomeCard kHome[] = {{{cards}}};")
    return "\n".join(out) + "\n"


def service(cat):
    """The service's dispatch table (included by src/games/service/service.cpp): each game's
    service.h and entry points, for the games the configuration builds (MINIARENA_HAS_<ID>)."""
    out = ["// Generated from src/games/common/catalogue.json by scripts/lib/catalogue.py: do not edit."]
    for g in cat["games"]:
        out += [f"#if MINIARENA_HAS_{g['id'].upper()}", f'#include "games/{g["id"]}/service.h"', "#endif"]
    out += ["namespace games::detail {", "constexpr GameService kServices[] = {"]
    for g in cat["games"]:
        gid = g["id"]
        loader = f"&{gid}::load_asset" if g["assets"] else "nullptr"
        out += [f"#if MINIARENA_HAS_{gid.upper()}", f"    GameService{{{c_str(gid)}, &{gid}::serve, {loader}}},", "#endif"]
    out += ["    GameService{{}, nullptr, nullptr}, // none may be built", "};", "} // namespace games::detail"]
    return "\n".join(out) + "\n"


# --- the site ------------------------------------------------------------------------------------

def shell_games(cat, strings):
    """miniapp.js's games: {id: {rows, cols, sides, coords, levels, name: {ko, en},
    positionByCommand?}} (levels: the ids setLevel takes; the names from the string table)."""
    out = {}
    for g in cat["games"]:
        if g["name"] not in strings:
            fail(f"the string table has no {g['name']} (game {g['id']})")
        ko, en = strings[g["name"]]
        out[g["id"]] = {"rows": g["rows"], "cols": g["cols"], "sides": g["sides"], "coords": g.get("coords", "letters"),
                        "levels": [l["id"] for l in g["levels"]], "name": {"ko": ko, "en": en}}
        if g.get("positionByCommand"):
            out[g["id"]]["positionByCommand"] = True
    return out


def worker_assets(cat):
    """The engine worker's assets: [{game, file, verbs, others (the engine's spellings and the
    ladder's ids of the levels that do not need it), alone}]. A request of one of `verbs` needs
    the file unless its level= is one of `others`; an `alone` file may answer a request before
    the game's other files are in (the worker tries it with partial=1 first)."""
    out = []
    for g in cat["games"]:
        for a in g["assets"]:
            need = [l for l in g["levels"] if l["id"] in a["levels"]]
            rest = [l for l in g["levels"] if l["id"] not in a["levels"]]
            out.append({"game": g["id"], "file": a["file"], "verbs": a["verbs"],
                        "others": sorted(set([l["id"] for l in rest] + [l["engine"] for l in rest])),
                        "alone": bool(a.get("alone", False))})
    return out


def botlab_examples(cat):
    """botlab.js's examples: [{id, game, title, file, description}], the Bot Lab's games in its order."""
    return [{"id": e["id"], "game": gid, "title": e["title"], "file": e["file"], "description": e["description"]}
            for gid in cat.get("botlab", []) for e in game(cat, gid).get("botExamples", [])]


def reason_words(g, strings):
    """A game's endings in the Bot Lab referee's English: {code: words} from the string table."""
    for key in g["reasons"].values():
        if key not in strings:
            fail(f"the string table has no {key} (game {g['id']})")
    return {code: strings[key][1] for code, key in g["reasons"].items()}


def botlab_games(cat, strings):
    """The games as the Bot Lab reads them (botlab/catalogue.js; web/botlab/catalogue.js builds
    the same under Node): the catalogue's entries with their endings' English (reasonWords)."""
    keys = ("id", "title", "rows", "cols", "sides", "levels", "defaultLevel", "rules", "start")
    return [{**{k: g[k] for k in keys}, "coords": g.get("coords", "letters"), "legalList": bool(g.get("legalList")),
             "reasonWords": reason_words(g, strings), "assets": [{"file": a["file"]} for a in g["assets"]]}
            for g in cat["games"]]


def botlab_js(cat, strings):
    """botlab/catalogue.js of the site: the catalogue's data as window.BotLab.catalogue (and, under
    Node, module.exports), loaded before games.js."""
    data = {"ladder": cat["ladder"], "botlab": cat.get("botlab", []), "games": botlab_games(cat, strings)}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return ("// catalogue.js — written by scripts/lib/assemble_site.py from src/games/common/catalogue.json.\n"
            "(function (root, data) {\n  'use strict';\n"
            "  if (typeof module === 'object' && module.exports) module.exports = data;\n"
            "  else (root.BotLab = root.BotLab || {}).catalogue = data;\n"
            f"}})(typeof self !== 'undefined' ? self : this, {text});\n")


def fill(path, token, value):
    """Replaces the string literal "token" in a script with `value` as a JSON literal; a script
    without it stops the build."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    literal = f"'{token}'"
    if text.count(literal) != 1:
        sys.exit(f"assemble_site: {path} must hold {literal} once")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(literal, json.dumps(value, ensure_ascii=False, separators=(",", ":"))))


def write_site(cat, strings, site):
    """The catalogue's parts of the assembled site (before minification)."""
    fill(os.path.join(site, "miniapp.js"), "@GAMES@", shell_games(cat, strings))
    fill(os.path.join(site, "engine-worker.js"), "@ASSETS@", worker_assets(cat))
    fill(os.path.join(site, "botlab", "botlab.js"), "@BOTLAB_GAMES@", cat.get("botlab", []))
    fill(os.path.join(site, "botlab", "botlab.js"), "@BOTLAB_EXAMPLES@", botlab_examples(cat))
    with open(os.path.join(site, "botlab", "catalogue.js"), "w", encoding="utf-8") as f:
        f.write(botlab_js(cat, strings))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalogue", default=PATH)
    ap.add_argument("--cpp", help="the C++ table to write (games::catalogue())")
    ap.add_argument("--service", help="the service's dispatch table to write")
    a = ap.parse_args()
    if not a.cpp and not a.service:
        ap.error("--cpp or --service")
    cat = load(a.catalogue)
    for out, text in ((a.cpp, cpp(cat) if a.cpp else None), (a.service, service(cat) if a.service else None)):
        if not out:
            continue
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        old = open(out, encoding="utf-8").read() if os.path.exists(out) else None
        if old != text:
            with open(out, "w", encoding="utf-8") as f:
                f.write(text)


if __name__ == "__main__":
    main()
