"""The companion page against hostile requests (issue 34 items 6 and 9): a body past the form's
bound is refused before it is read (by its Content-Length, or a chunked body's running size),
a request for another host name is refused with words, and the board of a save that is missing,
broken or a folder is a 4xx with words, never a 500."""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path
from typing import Any

import pytest

from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.save import write_save
from bot.web.access import host_name, served_hosts
from bot.web.app import FORM_LIMIT, make_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

VIEW = STOCKHOLM1520_BOT.page()
TOKEN = "s3cret-token"
CHUNK = 64 * 1024


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve") / "game.save.json"
    game = Game(5, load_game_data(None))
    game.apply("place auto")
    write_save(game, path)
    return path


def _post(app: Any, total: int, declared: bool, form: bytes = b"") -> tuple[int, int, bytes]:
    """POST ``form`` padded to ``total`` bytes (with or without a Content-Length) straight
    through ASGI: the status, the body bytes the app pulled, and what it answered."""
    pulled = 0
    sent: dict[str, Any] = {"status": 0, "body": b""}

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        size = min(CHUNK, total - pulled)
        pulled += size
        chunk = (form + b"&" + b"o" * total)[pulled - size:pulled] if form else b"o" * size
        return {"type": "http.request", "body": chunk, "more_body": pulled < total}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            sent["status"] = message["status"]
        elif message["type"] == "http.response.body":
            sent["body"] += message.get("body", b"")

    headers = [(b"host", b"localhost"), (b"x-token", TOKEN.encode()),
               (b"content-type", b"application/x-www-form-urlencoded")]
    if declared:
        headers.append((b"content-length", str(total).encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "scheme": "http", "path": "/act", "raw_path": b"/act", "query_string": b"", "headers": headers,
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8520), "root_path": ""}
    asyncio.run(app(scope, receive, send))
    return sent["status"], pulled, sent["body"]


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_huge_body_is_refused_before_it_is_read(save: Path, declared: bool) -> None:
    app = make_app(VIEW, save, TOKEN)
    status, pulled, body = _post(app, 200 * 1024 * 1024, declared)
    assert status == 413 and b"request too large" in body and f"at most {FORM_LIMIT}".encode() in body
    # by its Content-Length: nothing read; chunked: no more than the bound and one chunk
    assert pulled == 0 if declared else pulled <= FORM_LIMIT + CHUNK


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_body_within_the_bound_is_read_and_answered(tmp_path: Path, save: Path, declared: bool) -> None:
    path = tmp_path / "game.save.json"
    path.write_bytes(save.read_bytes())
    status, pulled, body = _post(make_app(VIEW, path, TOKEN), FORM_LIMIT, declared, b"op=next")
    assert status == 200 and pulled == FORM_LIMIT and b'id="game"' in body, (status, body[:300])


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8520", "192.0.2.7", "localhost.evil.example",
                                  ""])
def test_a_request_for_another_host_is_refused_with_words(save: Path, host: str) -> None:
    client = TestClient(make_app(VIEW, save, TOKEN), base_url="http://localhost")
    for method, url in (("GET", f"/?t={TOKEN}"), ("GET", "/board.svg"), ("POST", "/act")):
        answer = client.request(method, url, headers={"Host": host, "X-Token": TOKEN}, data={"op": "next"})
        assert answer.status_code == 421, (host, url)
        assert "does not answer to the host name" in answer.text and "--allow-host NAME" in answer.text


@pytest.mark.parametrize("host", ["localhost", "localhost:8520", "127.0.0.1:8520", "[::1]:8520", "LOCALHOST",
                                  "myname.local:8520", "192.168.1.20:8520"])
def test_the_hosts_it_serves_on_are_answered(save: Path, host: str) -> None:
    hosts = served_hosts(["192.168.1.20"], ["myname.local"])
    client = TestClient(make_app(VIEW, save, TOKEN, hosts=hosts), base_url="http://localhost")
    assert client.get(f"/?t={TOKEN}", headers={"Host": host}).status_code == 200


def test_host_names_lose_their_port() -> None:
    assert [host_name(h) for h in ("a:1", "[::1]:80", "::1", "A.Example", "")] == ["a", "::1", "::1", "a.example", ""]


@pytest.mark.parametrize("kind", ["missing", "broken", "folder"])
def test_the_board_of_an_unreadable_save_is_a_4xx_with_words(tmp_path: Path, save: Path, kind: str) -> None:
    path = tmp_path / "game.save.json"
    if kind == "broken":
        path.write_text("{ not json", encoding="utf-8")
    elif kind == "folder":
        path.mkdir()
    client = TestClient(make_app(VIEW, path, TOKEN), base_url="http://localhost")
    for url in (f"/board.svg?t={TOKEN}", f"/?t={TOKEN}"):
        answer = client.get(url)
        assert 400 <= answer.status_code < 500, (kind, url, answer.status_code, answer.text[:300])
        assert str(path.name) in answer.text or "save" in answer.text, answer.text[:300]
        assert "something went wrong" not in answer.text
    answer = client.post("/act", data={"op": "next"}, headers={"X-Token": TOKEN})
    assert 400 <= answer.status_code < 500 and "something went wrong" not in answer.text
