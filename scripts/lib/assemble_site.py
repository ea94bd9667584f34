#!/usr/bin/python3
"""Assemble the static site (build/web) from shell/, web/ and the Emscripten outputs.

The result is self-contained: copy the folder to any static host, at any sub-path.
"""
import argparse
import os
import shutil
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    tmp = a.out + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(os.path.join(a.source, "web"), tmp)
    for name in ("index.html", "miniapp.js"):
        shutil.copy2(os.path.join(a.source, "shell", name), os.path.join(tmp, name))
    for name in ("index.js", "index.wasm", "engine.js", "engine.wasm"):
        src = os.path.join(a.build, "src", "platform", name)
        if not os.path.exists(src):
            sys.exit(f"assemble_site: {src} is missing")
        shutil.copy2(src, os.path.join(tmp, name))
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
