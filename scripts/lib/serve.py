#!/usr/bin/python3
"""A static file server for the site: correct types for wasm and the web manifest, no caching of
sw.js (a service worker must be re-checked), never "304 Not Modified", the workers' own
Content-Security-Policy (a page's is in its <meta>), and a clean stop on Ctrl-C.

    serve.py DIR [--port 8080] [--host 127.0.0.1] [--quiet]
"""
import argparse
import functools
import http.server
import sys


# A worker started from a URL of the site takes its policy from its response's headers, not from
# the page: the engine worker and the service worker load scripts and WebAssembly from the site
# and connect nowhere else. (A static host that can set headers should send the same.)
WORKER_POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; "
                 "base-uri 'none'; form-action 'none'")
WORKER_SCRIPTS = ("engine-worker.js", "sw.js")


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
        return super().send_head()

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
