#!/usr/bin/python3
"""Assemble the static site (build/web) from shell/, web/ and the Emscripten outputs.

The result is self-contained: copy the folder to any static host, at any sub-path.
"""
import argparse
import base64
import filecmp
import hashlib
import json
import re
import os
import shutil
import subprocess
import sys

# Never precached: the service worker itself (the browser re-checks it on every navigation).
NOT_PRECACHED = {"sw.js"}


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


# The scripts of the first load (README "Web budgets"); the Bot Lab's files stay as written
# (its example bots are meant to be read).
MINIFIED = ("index.js", "engine.js", "miniapp.js", "engine-worker.js")


def minify_scripts(site):
    """Minifies MINIFIED in place with terser (scripts/lib/minify_js.js); MINIARENA_NO_MINIFY=1
    keeps them readable for debugging."""
    if os.environ.get("MINIARENA_NO_MINIFY") == "1":
        return
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(p for p in ("/usr/share/nodejs", env.get("NODE_PATH", "")) if p)
    r = subprocess.run(["node", os.path.join(here, "minify_js.js")] + [os.path.join(site, n) for n in MINIFIED],
                       env=env)
    if r.returncode != 0:
        sys.exit("assemble_site: minifying the scripts failed")


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
    for name in ("index.html", "miniapp.js"):
        shutil.copy2(os.path.join(a.source, "shell", name), os.path.join(tmp, name))
    write_page_hint(os.path.join(tmp, "app.json"), os.path.join(tmp, "index.html"))
    def built(rel):
        """A file of the Emscripten build (relative to it); stops the build if it is missing."""
        path = os.path.join(a.build, rel)
        if not os.path.exists(path):
            sys.exit(f"assemble_site: {path} is missing")
        return path

    for name in ("index.js", "index.wasm", "engine.js", "engine.wasm"):
        shutil.copy2(built(os.path.join("src", "platform", name)), os.path.join(tmp, name))
    # The engine without WebAssembly SIMD, for browsers that lack it: engine.js loads either
    # module (web/engine-worker.js chooses), so the two builds' glue must be the same file.
    if not filecmp.cmp(built("src/platform/scalar/engine.js"), os.path.join(tmp, "engine.js"), shallow=False):
        sys.exit("assemble_site: the SIMD and scalar engine modules have different glue (engine.js);"
                 " engine-scalar.wasm would not load with it")
    shutil.copy2(built("src/platform/scalar/engine.wasm"), os.path.join(tmp, "engine-scalar.wasm"))
    # Othello MASTER's pattern weights: fetched by the engine worker when first needed, so
    # they are not part of the first load (but are precached like every file).
    shutil.copy2(built("generated/othello-weights.bin"), os.path.join(tmp, "othello-weights.bin"))
    minify_scripts(tmp)
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
