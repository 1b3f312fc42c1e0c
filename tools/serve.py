"""Serves the verifier on 127.0.0.1 only: the built page (pkg/) at /, with the
example records. Loopback only; the page itself makes no requests."""
import functools
import http.server
import os
import sys

port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pkg")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".wasm": "application/wasm"}

    def do_GET(self):
        if self.path in ("/", "/index.html"):
            self.path = "/verifier.html"
        return super().do_GET()


handler = functools.partial(Handler, directory=root)
with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
    print(f"fairverify: http://127.0.0.1:{port}/  (verifier.html; Ctrl-C stops)", flush=True)
    httpd.serve_forever()
