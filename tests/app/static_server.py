"""A folder served over HTTP from 127.0.0.1 in a thread (the standard library's http.server):
a static host for the exported app, stopped at will (the app must then answer from its
service worker)."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _Quiet(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".webmanifest": "application/manifest+json",
                      ".wasm": "application/wasm", ".js": "text/javascript"}
    cors = False

    def end_headers(self) -> None:
        if self.cors:                      # as a CDN answers any origin (Pyodide's, jsDelivr)
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    requested: list[str] = []

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        self.requested.append(self.path.split("?")[0])


class _Cors(_Quiet):
    cors = True


class StaticServer:
    """``folder`` served until ``stop``; ``cors``: to any origin, as a CDN serves."""

    def __init__(self, folder: Path, cors: bool = False) -> None:
        self.folder = folder
        #: Each path asked for, in order (the query left out): what the browser fetched from the host.
        self.requested: list[str] = []
        handler = type("Handler", (_Cors if cors else _Quiet,), {"requested": self.requested})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.running = True

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(timeout=10)
