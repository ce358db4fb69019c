"""``pnpkit bot serve`` / ``pnpkit batalj serve``: the page of a saved game, served by uvicorn.

On 127.0.0.1 by default (this computer only); ``--lan`` listens on every interface and prints
the URL for the phone with a QR code (segno) in the terminal. Either way the URL carries a new
random token (``bot.web.access``): a request without it is refused.
"""

from __future__ import annotations

import logging
import socket
from pathlib import Path
from typing import Any

from bot.commands import dumps, echo
from bot.web.access import new_token, served_hosts, url
from bot.web.view import View

LOCAL = "127.0.0.1"
ANYWHERE = "0.0.0.0"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket (port 0: any free one); OSError when the port is taken."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(64)
    return sock


def lan_address() -> str:
    """This computer's address on the local network (the interface a route out would use; no
    packet is sent), or 127.0.0.1 when it has none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return LOCAL
    finally:
        probe.close()


def qr_text(link: str) -> str:
    """The URL as a QR code drawn with characters, to scan from the terminal."""
    import io

    import segno
    out = io.StringIO()
    segno.make(link, error="l").terminal(out=out, compact=True)
    return out.getvalue()


def serve(view: View[Any], save: Path, port: int, lan: bool, options: dict[str, Any], as_json: bool = False,
          allow_hosts: tuple[str, ...] = ()) -> None:
    """Serve the page until Ctrl-C (or SIGTERM); ``as_json``: the address as one JSON line.
    It answers at this computer's own names, the address it prints and ``allow_hosts``."""
    import uvicorn

    from bot.web.app import make_app

    token = new_token()
    sock = bind(ANYWHERE if lan else LOCAL, port)
    port = sock.getsockname()[1]
    address = lan_address() if lan else LOCAL
    link = url(address, port, token)
    if as_json:
        echo(dumps({"ok": True, "url": link, "port": port, "lan": lan, "save": str(save)}))      # the save path escaped
    else:
        echo(f"{view.title}: the page of {save}")
        echo(f"open {link}")
    if lan and not as_json:
        echo("on your phone (the same network), scan:")
        echo(qr_text(link))
        echo("anyone on this network with the link can play this save: stop with Ctrl-C when done")
    if not as_json:
        echo("Ctrl-C stops.")
    logging.getLogger("pnpkit.serve").setLevel(logging.WARNING)
    app = make_app(view, save, token, options, served_hosts([address], allow_hosts))
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
