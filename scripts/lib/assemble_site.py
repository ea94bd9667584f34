#!/usr/bin/python3
"""Assemble the static site (build/web) from shell/, web/ and the Emscripten outputs.

The result is self-contained: copy the folder to any static host, at any sub-path.
"""
# Index
#   app.json ........... write_web_manifest(), write_page_hint()
#   policy hashes ...... INLINE, csp_hash(), inline_code(), fill_policy_hashes()
#   the first paint .... read_strings(), both(), both_text(), write_first_paint()
#   page minifying ..... minify_page(): index.html without comments and spare white space
#   service worker ..... site_files(), content_hash(), write_service_worker()
#   scripts ............ MINIFIED, join_miniapp(), join_engine_parts(), minify_scripts()
#   example bots ....... copy_example_bots(): each game's bots/ to botlab/examples/
#   engines ............ copy_engines(): each game's engine module, @ENGINES@
#   main ............... main(): the steps into OUT.tmp, then the swap
import argparse
import base64
import filecmp
import hashlib
import html
import json
import re
import os
import shutil
import subprocess
import sys

import catalogue  # scripts/lib/catalogue.py

# Never precached: the service worker itself (the browser re-checks it on every navigation).
NOT_PRECACHED = {"sw.js"}


# --- app.json -------------------------------------------------------------------------------------

def write_web_manifest(app_json, out):
    """manifest.webmanifest from app.json: name <- navigationBarTitleText, theme_color <-
    navigationBarBackgroundColor, background_color <- backgroundColor; relative start_url and
    scope so the site works from any sub-path."""
    with open(app_json, encoding="utf-8") as f:
        app = json.load(f)
    window = app.get("window", {})
    name = window.get("navigationBarTitleText", "Mini Arena")
    manifest = {
        "name": name,
        "short_name": name,
        "description": "보드게임 AI 대전 · Board games against real AI",
        "lang": "ko",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": window.get("navigationBarBackgroundColor", "#07C160"),
        "background_color": window.get("backgroundColor", "#FFFFFF"),
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=2)


def write_page_hint(app_json, index_html):
    """index.html's <meta name="miniapp-pages">: the pages of app.json that have a json file, so
    miniapp.js fetches them together with app.json (app.json stays the authority)."""
    with open(app_json, encoding="utf-8") as f:
        pages = json.load(f).get("pages", [])
    site = os.path.dirname(index_html)
    have = [p for p in pages if isinstance(p, str) and re.fullmatch(r"[\w/-]+", p)
            and os.path.isfile(os.path.join(site, p + ".json"))]
    with open(index_html, encoding="utf-8") as f:
        html = f.read()
    tag = '<meta name="miniapp-pages" content="">'
    if tag not in html:
        sys.exit("assemble_site: index.html has no " + tag)
    with open(index_html, "w", encoding="utf-8") as f:
        f.write(html.replace(tag, f'<meta name="miniapp-pages" content="{",".join(have)}">'))


# --- policy hashes --------------------------------------------------------------------------------

# An inline <script> or <style> (no src): its text, as the browser hashes it for the policy.
INLINE = {"script": re.compile(r"<script>(.*?)</script>", re.S), "style": re.compile(r"<style>(.*?)</style>", re.S)}


def csp_hash(text):
    """The Content-Security-Policy source for an inline element's text: 'sha256-<base64>'."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def inline_code(path, kind):
    """The texts of a page's inline <script>s or <style>s."""
    with open(path, encoding="utf-8") as f:
        return INLINE[kind].findall(f.read())


def fill_policy_hashes(path, child_scripts=()):
    """Writes the hashes of a page's inline scripts and styles into its Content-Security-Policy
    (the tokens @SCRIPT_HASHES@ and @STYLE_HASHES@), so the policy allows exactly the inline code
    the page ships, and that of `child_scripts`: the scripts of srcdoc frames the page makes,
    which run under its policy too. A page with inline code but no token for it stops the
    build: the browser would refuse that code."""
    with open(path, encoding="utf-8") as f:
        html = f.read()
    for kind, pattern in INLINE.items():
        token = f"@{kind.upper()}_HASHES@"
        texts = pattern.findall(html) + (list(child_scripts) if kind == "script" else [])
        hashes = " ".join(csp_hash(t) for t in texts)
        if hashes and token not in html:
            sys.exit(f"assemble_site: {path} has an inline <{kind}> but its policy has no {token}")
        html = html.replace(token, hashes) if hashes else html.replace(" " + token, "").replace(token, "")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


# --- the first paint -------------------------------------------------------------------------------
# index.html shows the app's look in HTML and CSS until the canvas has drawn its first frame: the
# nav bar, the home page's title and cards and the tab bar (or, embedded, the game's name and its
# board's outline), in both languages (an inline script picks one), with a quiet loading state,
# and the words to say if the app cannot start. Every text comes from the app's string table
# (src/miniapp/strings_table.inc) and app.json, the cards from the home page's own list.

STRING_LINE = re.compile(r'MINIAPP_(?:PAGE_)?STRING\((\w+), "((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\)')


def c_unescape(text):
    """A C string literal's text: \\" \\\\ and \\n as the compiler reads them."""
    return re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def read_strings(path):
    """The string table, the app's strings and the page's: {id: (Korean, English)}. A line that
    starts like an entry but does not read as one stops the build."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.startswith(("MINIAPP_STRING(", "MINIAPP_PAGE_STRING(")):
                continue
            m = STRING_LINE.fullmatch(line.strip())
            if not m:
                sys.exit(f"assemble_site: {path}:{n}: not a MINIAPP_STRING(Id, \"ko\", \"en\") line")
            table[m.group(1)] = (c_unescape(m.group(2)), c_unescape(m.group(3)))
    return table


def both(table, sid, tag="span"):
    """The two languages of string `sid` as two elements; the page shows the visitor's."""
    if sid not in table:
        sys.exit(f"assemble_site: the string table has no {sid}")
    ko, en = (html.escape(t) for t in table[sid])
    return f'<{tag} lang="ko">{ko}</{tag}><{tag} lang="en">{en}</{tag}>'


def both_text(table, ko_text):
    """A Korean text of app.json in both languages: its English is the table's entry with that
    Korean (as the app translates app.json's texts), else the text itself."""
    en = next((e for k, e in table.values() if k == ko_text), ko_text)
    return f'<span lang="ko">{html.escape(ko_text)}</span><span lang="en">{html.escape(en)}</span>'


def write_first_paint(source, app_json, index_html):
    """Fills index.html's @SPLASH@ (the markup), @EMBED_SHOWN@ (which embed look its style shows
    for which game), @FIRST_GAME@ (the game an embed without game= shows), @GAME_TITLES@ (the
    games the page's description names) and the @NAV_…@ colours of its style from app.json, the
    string table and the game catalogue (the home page's cards, the games)."""
    table = read_strings(os.path.join(source, "src", "miniapp", "strings_table.inc"))
    cat = catalogue.load(os.path.join(source, "src", "games", "common", "catalogue.json"))
    entries = catalogue.home_cards(cat)
    with open(app_json, encoding="utf-8") as f:
        app = json.load(f)
    pages = set(p for p in app.get("pages", []) if isinstance(p, str))
    window = app.get("window", {})
    title = window.get("navigationBarTitleText", "")
    cards = "".join(f'<div class="card"><b>{both(table, t)}</b><small>{both(table, d)}</small></div>'
                    for _, path, t, d in entries if path in pages)
    tabs = "".join(f'<span class="tab">{both_text(table, item.get("text", ""))}</span>'
                   for item in app.get("tabBar", {}).get("list", []) if isinstance(item, dict))
    embeddable = [g for g in cat["games"] if g["page"] in pages]
    games = "".join(f'<div class="embed" data-game="{html.escape(g["id"])}"><p class="name">{both(table, g["name"])}</p>'
                    f'<div class="board"></div></div>' for g in embeddable)
    embed_shown = ",".join(f'html[data-splash="embed"][data-game="{g["id"]}"] #splash .embed[data-game="{g["id"]}"]'
                           for g in embeddable) or "#splash .embed.none"
    markup = (
        '<div id="splash" aria-hidden="true">'
        f'<div class="home"><div class="nav">{both_text(table, title)}</div>'
        f'<div class="body"><h1>{both(table, "HomeTitle")}</h1><p class="sub">{both(table, "HomeSubtitle")}</p>{cards}</div>'
        + (f'<div class="tabs">{tabs}</div>' if tabs else "") + '</div>'
        f'{games}<p class="loading">{both(table, "Loading")}</p>'
        f'<div class="failed"><p class="why">{both(table, "StartupFailed")}</p>'
        f'<p class="advice" data-kind="network">{both(table, "StartupAdviceNetwork")}</p>'
        f'<p class="advice" data-kind="browser">{both(table, "StartupAdviceBrowser")}</p>'
        f'<p class="advice" data-kind="app">{both(table, "StartupAdviceApp")}</p></div>'
        '</div>')
    colours = {k: window.get(k, d) for k, d in (("navigationBarBackgroundColor", "#07C160"), ("backgroundColor", "#EDEDED"))}
    for k, v in colours.items():
        if not re.fullmatch(r"#[0-9A-Fa-f]{6}", str(v)):
            sys.exit(f"assemble_site: app.json window.{k} must be a colour like #07C160, not {v!r}")
    text_style = window.get("navigationBarTextStyle", "white")
    with open(index_html, encoding="utf-8") as f:
        page = f.read()
    for token in ("@SPLASH@", "@EMBED_SHOWN@", "@FIRST_GAME@", "@GAME_TITLES@", "@NAV_BACKGROUND@", "@NAV_TEXT@", "@BACKGROUND@"):
        if token not in page:
            sys.exit(f"assemble_site: index.html has no {token}")
    page = (page.replace("@SPLASH@", markup)
            .replace("@EMBED_SHOWN@", embed_shown)
            .replace("@FIRST_GAME@", cat["games"][0]["id"])
            .replace("@GAME_TITLES@", html.escape(", ".join(g["title"] for g in embeddable)))
            .replace("@NAV_BACKGROUND@", colours["navigationBarBackgroundColor"])
            .replace("@NAV_TEXT@", "#000000" if text_style == "black" else "#FFFFFF")
            .replace("@BACKGROUND@", colours["backgroundColor"]))
    with open(index_html, "w", encoding="utf-8") as f:
        f.write(page)


# --- page minifying -------------------------------------------------------------------------------

def minify_page(path):
    """index.html without what only a reader needs (it is part of every first load): comments
    go, and runs of white space in its markup, style and inline script shrink. Written for this
    page's own plain HTML and CSS (no <pre>, no white space that matters between tags)."""
    with open(path, encoding="utf-8") as f:
        page = f.read()
    page = re.sub(r"<!--.*?-->", "", page, flags=re.S)

    def style(m):
        css = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
        css = re.sub(r"\s+", " ", css)
        css = re.sub(r"\s*([{};,])\s*", r"\1", css)
        css = re.sub(r":\s+", ":", css)
        return "<style>" + css.strip() + "</style>"

    def script(m):
        lines = [ln.strip() for ln in m.group(1).split("\n")]
        return "<script>" + "\n".join(ln for ln in lines if ln and not ln.startswith("//")) + "</script>"

    page = INLINE["style"].sub(style, page)
    page = INLINE["script"].sub(script, page)
    page = re.sub(r">\s+<", "><", page)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page.strip() + "\n")


# --- service worker -------------------------------------------------------------------------------

def site_files(site):
    """Every file of the site, as sorted '/'-separated paths relative to it, sw.js excepted."""
    out = []
    for d, _, fs in os.walk(site):
        for f in fs:
            rel = os.path.relpath(os.path.join(d, f), site).replace(os.sep, "/")
            if rel not in NOT_PRECACHED:
                out.append(rel)
    return sorted(out)


def content_hash(site, files):
    """sha256 over every (path, contents) pair: any change to any precached file changes it."""
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode("utf-8") + b"\0")
        with open(os.path.join(site, rel), "rb") as f:
            data = f.read()
        h.update(str(len(data)).encode("ascii") + b"\0" + data)
    return h.hexdigest()[:16]


def write_service_worker(site, template):
    """sw.js from shell/sw.template.js: the precache list is the whole site (one atomic set:
    index.html, app.json and page json, the js/wasm pairs, the worker scripts, icons, the
    manifest; the fonts live inside index.wasm) and the cache name is its content hash."""
    files = site_files(site)
    version = content_hash(site, files)
    with open(template, encoding="utf-8") as f:
        text = f.read()
    if "@VERSION@" not in text or "@FILES@" not in text:
        sys.exit(f"assemble_site: {template} lacks @VERSION@ or @FILES@")
    text = text.replace("@VERSION@", version).replace("@FILES@", json.dumps(files, indent=2, ensure_ascii=False))
    with open(os.path.join(site, "sw.js"), "w", encoding="utf-8") as f:
        f.write(text)
    size = sum(os.path.getsize(os.path.join(site, rel)) for rel in files)
    print(f"assemble_site: sw.js precaches {len(files)} files ({size} bytes), cache version {version}")
    return version, files


# --- scripts --------------------------------------------------------------------------------------

# The scripts of the first load (README "Web budgets"), with each game's engine-<id>.js; the Bot
# Lab's files stay as written (its example bots are meant to be read).
MINIFIED = ("index.js", "miniapp.js", "engine-worker.js", "renderer.js")


# shell/miniapp/'s files in the order miniapp.js runs them (page.js's index lists them).
MINIAPP_PARTS = ("page.js", "embed.js", "config.js", "fatal.js", "engine.js", "frames.js", "module.js",
                 "prompts.js", "input.js", "api.js", "text.js", "sync.js", "history.js", "a11y.js",
                 "bridge.js", "offline.js")


def join_miniapp(source, out):
    """The site's miniapp.js: the parts in one strict-mode function scope, as one file would be,
    web/engine-client.js (the engine worker's client, shared with the Bot Lab) before engine.js.
    Stops the build if a .js file of the folder is not in MINIAPP_PARTS (it would be left out)."""
    folder = os.path.join(source, "shell", "miniapp")
    present = sorted(f for f in os.listdir(folder) if f.endswith(".js"))
    if sorted(MINIAPP_PARTS) != present:
        sys.exit(f"assemble_site: shell/miniapp has {present}; MINIAPP_PARTS lists {sorted(MINIAPP_PARTS)}")
    text = ["(function () {\n'use strict';\n"]
    for name in MINIAPP_PARTS:
        if name == "engine.js":
            text.append("\n// ---- web/engine-client.js\n" + read_text(os.path.join(source, "web", "engine-client.js")))
        text.append(f"\n// ---- shell/miniapp/{name}\n" + read_text(os.path.join(folder, name)))
    text.append("})();\n")
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(text))


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def join_engine_parts(source, site):
    """The scripts that share the engine's plumbing get it joined in: engine-host.js in front of
    engine-worker.js (Node's loader requires the same file from the site), and the worker's client,
    engine-client.js, in botlab/botlab.js's scope (miniapp.js has it from join_miniapp); the client
    is no file of its own on the site."""
    worker = os.path.join(site, "engine-worker.js")
    with open(worker, "w", encoding="utf-8") as f:
        f.write(read_text(os.path.join(source, "web", "engine-host.js")) + "\n" +
                read_text(os.path.join(source, "web", "engine-worker.js")))
    botlab = os.path.join(site, "botlab", "botlab.js")
    with open(botlab, "w", encoding="utf-8") as f:
        f.write("(function () {\n'use strict';\n" + read_text(os.path.join(source, "web", "engine-client.js")) + "\n" +
                read_text(os.path.join(source, "web", "botlab", "botlab.js")) + "})();\n")
    os.remove(os.path.join(site, "engine-client.js"))


def minify_scripts(site, more):
    """Minifies MINIFIED and `more` in place with terser (scripts/lib/minify_js.js); MINIARENA_NO_MINIFY=1
    keeps them readable for debugging."""
    if os.environ.get("MINIARENA_NO_MINIFY") == "1":
        return
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(p for p in ("/usr/share/nodejs", env.get("NODE_PATH", "")) if p)
    r = subprocess.run(["node", os.path.join(here, "minify_js.js")] + [os.path.join(site, n) for n in MINIFIED + tuple(more)],
                       env=env)
    if r.returncode != 0:
        sys.exit("assemble_site: minifying the scripts failed")


# --- example bots ---------------------------------------------------------------------------------

def copy_example_bots(cat, site):
    """Each game's example bots, kept in its own web/pages/<id>/bots/, served where the catalogue's
    botExamples say (botlab/examples/<file>); the pages' bots/ folders leave the site."""
    for g in cat["games"]:
        folder = os.path.join(site, "pages", g["id"], "bots")
        for e in g.get("botExamples", []):
            src = os.path.join(folder, os.path.basename(e["file"]))
            if not os.path.exists(src):
                sys.exit(f"assemble_site: {g['id']}'s example bot {e['id']} is not in web/pages/{g['id']}/bots/")
            dst = os.path.join(site, "botlab", e["file"])
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(src, dst)
        shutil.rmtree(folder, ignore_errors=True)


# --- engines --------------------------------------------------------------------------------------

def copy_engines(cat, built, site):
    """Each game's engine module, engine-<id>.js and engine-<id>.wasm, and engine-<id>-scalar.wasm
    where the game has one (built without WebAssembly SIMD in scalar/, for browsers that lack it:
    the same engine-<id>.js loads either, so the two builds' glue must be the same file); the
    table of them written into engine-worker.js (@ENGINES@). Returns the scripts' names."""
    engines = {}
    platform = built(os.path.join("src", "platform"))
    for g in cat["games"]:
        name = f"engine-{g['id']}"
        for ext in (".js", ".wasm"):
            shutil.copy2(built(os.path.join("src", "platform", name + ext)), os.path.join(site, name + ext))
        engines[g["id"]] = {"js": name + ".js", "wasm": name + ".wasm"}
        scalar = os.path.join("src", "platform", "scalar", name)
        if os.path.exists(os.path.join(platform, "scalar", name + ".wasm")):
            if not filecmp.cmp(built(scalar + ".js"), os.path.join(site, name + ".js"), shallow=False):
                sys.exit(f"assemble_site: the SIMD and scalar builds of {name} have different glue ({name}.js);"
                         f" {name}-scalar.wasm would not load with it")
            shutil.copy2(built(scalar + ".wasm"), os.path.join(site, name + "-scalar.wasm"))
            engines[g["id"]]["scalar"] = name + "-scalar.wasm"
    catalogue.fill(os.path.join(site, "engine-worker.js"), "@ENGINES@", engines)
    return [e["js"] for e in engines.values()]


# --- main -----------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", help="the Emscripten build folder (not needed with --sw-only)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--sw-only", action="store_true",
                    help="only regenerate OUT/sw.js from the files now in OUT (after editing a site copy)")
    a = ap.parse_args()
    template = os.path.join(a.source, "shell", "sw.template.js")
    if a.sw_only:
        write_service_worker(a.out, template)
        return
    if not a.build:
        ap.error("--build is required")

    tmp = a.out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(os.path.join(a.source, "web"), tmp)
    shutil.copy2(os.path.join(a.source, "shell", "index.html"), os.path.join(tmp, "index.html"))
    join_miniapp(a.source, os.path.join(tmp, "miniapp.js"))
    join_engine_parts(a.source, tmp)
    write_page_hint(os.path.join(tmp, "app.json"), os.path.join(tmp, "index.html"))
    write_first_paint(a.source, os.path.join(tmp, "app.json"), os.path.join(tmp, "index.html"))
    # The game catalogue's parts: miniapp.js's games, the engine worker's assets, the Bot Lab's.
    cat = catalogue.load(os.path.join(a.source, "src", "games", "common", "catalogue.json"))
    copy_example_bots(cat, tmp)
    catalogue.write_site(cat, read_strings(os.path.join(a.source, "src", "miniapp", "strings_table.inc")), tmp)
    def built(rel):
        """A file of the Emscripten build (relative to it); stops the build if it is missing."""
        path = os.path.join(a.build, rel)
        if not os.path.exists(path):
            sys.exit(f"assemble_site: {path} is missing")
        return path

    for name in ("index.js", "index.wasm"):
        shutil.copy2(built(os.path.join("src", "platform", name)), os.path.join(tmp, name))
    engine_scripts = copy_engines(cat, built, tmp)
    # The catalogue's assets (Othello MASTER's pattern weights): fetched by the engine worker when
    # first needed, so they are not part of the first load (but are precached like every file).
    # Each game's web.cmake puts them in generated/ (miniarena_web_asset).
    for g in cat["games"]:
        for asset in g["assets"]:
            shutil.copy2(built(os.path.join("generated", asset["file"])), os.path.join(tmp, asset["file"]))
    minify_scripts(tmp, engine_scripts)
    minify_page(os.path.join(tmp, "index.html"))
    # The Bot Lab's sandbox frame runs as a srcdoc frame of index.html: its script is hashed
    # into both policies.
    frame = os.path.join(tmp, "botlab", "frame.html")
    fill_policy_hashes(os.path.join(tmp, "index.html"), child_scripts=inline_code(frame, "script"))
    fill_policy_hashes(frame)
    icons = os.path.join(a.build, "generated", "icons")
    shutil.copytree(icons, os.path.join(tmp, "icons"), dirs_exist_ok=True)
    write_web_manifest(os.path.join(a.source, "web", "app.json"), os.path.join(tmp, "manifest.webmanifest"))
    write_service_worker(tmp, template)
    # Swap in atomically-ish so a running server never sees half a site.
    old = a.out + ".old"
    shutil.rmtree(old, ignore_errors=True)
    if os.path.exists(a.out):
        os.rename(a.out, old)
    os.rename(tmp, a.out)
    shutil.rmtree(old, ignore_errors=True)
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(a.out) for f in fs)
    print(f"assemble_site: {a.out} ({total} bytes)")


if __name__ == "__main__":
    main()
