"""Serves the verifier on 127.0.0.1 only, as a real origin would for an installable
page: the built page (pkg/) at /, with its web app manifests (application/manifest+json),
icons, service worker (sw.js beside verifier.html, so no Service-Worker-Allowed header
is needed) and the example records. Loopback only; the page itself makes no requests.

A file with precompressed copies beside it (FILE.br, FILE.gz: tools/compress.mjs) is
sent as one of them, with Content-Encoding, when the request's Accept-Encoding takes
that coding (br first), and always with Vary: Accept-Encoding; the browser
decompresses it to FILE's bytes (docs/hosting.md says how other servers do this).
A copy more than a second older than FILE is not sent (FILE was replaced without
new copies).

Paths are mapped as common servers map them: / is verifier.html, %-escapes are
decoded and repeated slashes merged, so //verifier.html, /%76erifier.html and
/verifier%2ehtml are verifier.html too (the installed app must hold against such
aliases: tests/browser/pwa.test.mjs).

    python3 tools/serve.py [PORT [DIRECTORY]]

PORT 0 takes a free port; the first line printed names the address.
"""
import functools
import http.server
import os
import re
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
        self.vary = False
        # / is the verifier (GET and HEAD), its query kept (a share to the app).
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in ("/", "/index.html"):
            self.path = "/verifier.html" + self.path[len(path):]
        if self.command in ("GET", "HEAD"):
            fs_path = self.translate_path(self.path)
            if os.path.isfile(fs_path):
                coded = self.precompressed(fs_path)
                if coded:
                    return coded
        return super().send_head()

    # Codings with a precompressed copy, in the order they are preferred.
    CODINGS = (("br", ".br"), ("gzip", ".gz"))

    def accepted(self):
        """The codings the request's Accept-Encoding takes (q > 0)."""
        out = {}
        for part in self.headers.get("Accept-Encoding", "").split(","):
            m = re.match(r"\s*([A-Za-z0-9*-]+)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$", part)
            if not m:
                continue
            try:
                q = float(m.group(2)) if m.group(2) is not None else 1.0
            except ValueError:
                continue
            out[m.group(1).lower()] = q
        return {c for c, _ in self.CODINGS if out.get(c, out.get("*", 0)) > 0}

    def precompressed(self, fs_path):
        """FILE's precompressed copy as the response, when there is one the client
        takes; None otherwise (then FILE as it is, marked as varying)."""
        # A copy older than the file is not its copy (a file replaced without new
        # copies): then the file as it is. A second of slack: a copy of pkg/ that
        # did not keep the times (cp -r) writes the files in any order.
        mtime = os.path.getmtime(fs_path)
        variants = [(c, fs_path + ext) for c, ext in self.CODINGS
                    if os.path.isfile(fs_path + ext) and os.path.getmtime(fs_path + ext) + 1 >= mtime]
        if not variants:
            return None
        self.vary = True
        ok = self.accepted()
        for coding, file in variants:
            if coding not in ok:
                continue
            f = open(file, "rb")
            try:
                size = os.fstat(f.fileno()).st_size
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(fs_path))
                self.send_header("Content-Encoding", coding)
                self.send_header("Content-Length", str(size))
                self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(fs_path))))
                self.end_headers()
                return f
            except Exception:
                f.close()
                raise
        return None

    vary = False

    def end_headers(self):
        self.send_header("X-Content-Type-Options", "nosniff")
        # No page of any origin may frame or embed the verifier (<iframe>, <object>,
        # <embed>): a frame's clicks can be obtained by what its page lays over it,
        # and an embedded document is fetched past the service worker (issue 43,
        # turn-5 review finding 1 C and D). docs/hosting.md requires both headers.
        self.send_header("Content-Security-Policy", "frame-ancestors 'none'")
        self.send_header("X-Frame-Options", "DENY")
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


handler = functools.partial(Handler, directory=root)
with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
    print(f"fairverify: http://127.0.0.1:{httpd.server_address[1]}/  (verifier.html; Ctrl-C stops)", flush=True)
    httpd.serve_forever()
