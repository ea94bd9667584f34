#!/usr/bin/python3
"""A static file server for the site: correct types for wasm and the web manifest, gzip for
text and wasm (as any static host sends them), no caching of sw.js (a service worker must be
re-checked), never "304 Not Modified", the workers' own Content-Security-Policy (a page's is in
its <meta>), and a clean stop on Ctrl-C.

    serve.py DIR [--port 8080] [--host 127.0.0.1] [--quiet]
"""
import argparse
import functools
import gzip
import http.server
import io
import os
import sys
import threading


# A worker started from a URL of the site takes its policy from its response's headers, not from
# the page: the engine worker and the service worker load scripts and WebAssembly from the site
# and connect nowhere else. (A static host that can set headers should send the same.)
WORKER_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; "
                 "base-uri 'none'; form-action 'none'")
WORKER_SCRIPTS = ("engine-worker.js", "sw.js")

# Types sent gzip-compressed to a browser that accepts it; fonts, images and the pattern weights
# are left as they are (already compact, or small).
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json",
                "application/wasm", "image/svg+xml")


class GzipCache:
    """Each file compressed once per version (its size and modification time): the test servers
    answer the same few files hundreds of times."""

    def __init__(self):
        self.lock = threading.Lock()
        self.entries = {}

    def get(self, path, stat):
        key = (stat.st_size, stat.st_mtime_ns)
        with self.lock:
            hit = self.entries.get(path)
            if hit and hit[0] == key:
                return hit[1]
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=9, mtime=0)
        with self.lock:
            self.entries[path] = (key, body)
        return body


GZIP_CACHE = GzipCache()


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".webmanifest": "application/manifest+json",
                      ".js": "text/javascript", ".json": "application/json"}
    quiet = False

    def send_head(self):
        # Every request gets the file as it is now. The stock handler answers If-Modified-Since by
        # file times in whole seconds, so a file rewritten within the second of the copy the
        # browser holds (a rebuild, a test's new sw.js) would be "not modified": the browser would
        # keep the old service worker and never see the new version.
        del self.headers["If-Modified-Since"]
        compressed = self.send_gzip_head()
        return compressed if compressed is not None else super().send_head()

    def send_gzip_head(self):
        """The file gzip-compressed, when the browser accepts it and its type gains by it; None to
        leave the request to the stock handler (directories, missing files, other types)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        accepts = self.headers.get("Accept-Encoding", "")
        if not os.path.isfile(path) or not ctype.startswith(COMPRESSIBLE) or "gzip" not in accepts:
            return None
        try:
            body = GZIP_CACHE.get(path, os.stat(path))
        except OSError:
            return None
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        path = self.path.split("?")[0]
        if path.endswith("sw.js"):
            self.send_header("Cache-Control", "no-cache")
        if path.endswith(WORKER_SCRIPTS):
            self.send_header("Content-Security-Policy", WORKER_POLICY)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    Handler.quiet = a.quiet
    server = http.server.ThreadingHTTPServer((a.host, a.port), functools.partial(Handler, directory=a.dir))
    print(f"Serving {a.dir} on http://{a.host}:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
