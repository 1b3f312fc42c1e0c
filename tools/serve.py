"""Serves the verifier on 127.0.0.1 only, as a real origin would for an installable
page: the built page (pkg/) at /, with its web app manifests (application/manifest+json),
icons, service worker (sw.js beside verifier.html, so no Service-Worker-Allowed header
is needed) and the example records. Loopback only; the page itself makes no requests.

    python3 tools/serve.py [PORT [DIRECTORY]]

PORT 0 takes a free port; the first line printed names the address.
"""
import functools
import http.server
import os
import sys

port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pkg")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".html": "text/html; charset=utf-8",
                      ".js": "text/javascript; charset=utf-8",
                      ".mjs": "text/javascript; charset=utf-8",
                      ".json": "application/json",
                      ".webmanifest": "application/manifest+json",
                      ".png": "image/png",
                      ".wasm": "application/wasm"}

    def send_head(self):
        # / is the verifier (GET and HEAD), its query kept (a share to the app).
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in ("/", "/index.html"):
            self.path = "/verifier.html" + self.path[len(path):]
        return super().send_head()

    def end_headers(self):
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()


handler = functools.partial(Handler, directory=root)
with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
    print(f"fairverify: http://127.0.0.1:{httpd.server_address[1]}/  (verifier.html; Ctrl-C stops)", flush=True)
    httpd.serve_forever()
