"""The companion page's server time per tap and the bytes a page sends: figures printed, never
asserted (the machine decides how fast is fast; the targets are under 150 ms a tap and under
300 kB a page, issue 23).

Run from the repository: ``python benchmarks/companion.py [--rounds 3]``. It plays Stockholm 1520
rounds through the page's application in this process (Starlette's test client: the server's
own time, no network), tapping as a player does: select a unit, move it, end the turn; then a
Batalj battle's steps. It prints the median and the slowest tap of each kind, and the gzip
size of the page, the script and the board picture.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import tempfile
import warnings
from pathlib import Path

from bot.batalj.game import BattleGame
from bot.batalj.save import write_save as write_battle
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.reach import reach
from bot.stockholm1520.save import read_save, write_save

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from bot.web.app import make_app

TOKEN = "bench"
HEADERS = {"X-Token": TOKEN, "Accept-Encoding": "gzip"}


def timed(client: TestClient, times: dict[str, list[float]], kind: str, **form: str) -> str:
    r = client.post("/act", data=form, headers=HEADERS)
    times.setdefault(kind, []).append(float(r.headers["Server-Timing"].split("dur=")[1]))    # the server's own time
    return r.text


def stockholm(folder: Path, rounds: int, times: dict[str, list[float]]) -> TestClient:
    from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
    VIEW = STOCKHOLM1520_BOT.page()
    save = folder / "stockholm.save.json"
    game = Game(7, load_game_data(None))
    game.apply("place auto")
    write_save(game, save)
    client = TestClient(make_app(VIEW, save, TOKEN))
    client.get(f"/?t={TOKEN}")                       # the page first, as a player opens it
    timed(client, times, "stockholm: end turn (the Danes move)", op="next")
    for _ in range(rounds):
        game = read_save(save)
        if game.pos.phase == "over":
            break
        for unit in list(game.pos.swedish):
            found = reach(game.table, unit.id)
            timed(client, times, "stockholm: select a unit", op="tap", tap=unit.hex, sel="")
            if found.spaces:
                dest = max(found.spaces, key=lambda h: (found.spaces[h], h))
                timed(client, times, "stockholm: move", op="tap", tap=dest, sel=unit.id)
                game = read_save(save)
        timed(client, times, "stockholm: end turn (the Danes move)", op="next")
    timed(client, times, "stockholm: undo", op="undo")
    return client


def batalj(folder: Path, times: dict[str, list[float]]) -> TestClient:
    from bot.batalj.cli import BOT as BATALJ_BOT
    VIEW = BATALJ_BOT.page()
    save = folder / "batalj.save.json"
    write_battle(BattleGame(12, 3), save)
    client = TestClient(make_app(VIEW, save, TOKEN))
    client.get(f"/?t={TOKEN}")
    for area, card, soldiers in (("s1", "Uppland", "3"), ("s2", "Skane", "2"), ("s3", "Smaland", "2"),
                                 ("sr", "Gotland", "4")):
        timed(client, times, "batalj: place", op="place", area=area, card=card, soldiers=soldiers, commanders="0")
    timed(client, times, "batalj: ready", op="ready")
    for _ in range(12):
        page = client.get(f"/?t={TOKEN}").text.replace("&#34;", '"')
        if '"op": "choose"' in page:
            answer = page.split('"op": "choose", "answer": "', 1)[1].split('"', 1)[0]
            timed(client, times, "batalj: a choice", op="choose", answer=answer)
        elif 'id="roll"' in page:
            timed(client, times, "batalj: the bot rolls", op="roll", dice="")
        elif 'id="redeploy"' in page:
            timed(client, times, "batalj: tap an area", op="tap", tap="sr")
            timed(client, times, "batalj: redeploy", op="redeploy", moves="")
    return client


def sizes(client: TestClient) -> list[str]:
    lines = []
    for url in (f"/?t={TOKEN}", f"/static/htmx.min.js?t={TOKEN}", "/board.svg"):
        r = client.get(url, headers={"Accept-Encoding": "gzip"})
        lines.append(f"  {url.split('?')[0]:24} {len(r.content) / 1000:7.1f} kB, {len(gzip.compress(r.content)) / 1000:6.1f} kB sent")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        first = stockholm(Path(folder), args.rounds, times)
        second = batalj(Path(folder), times)
        print("server time per tap (ms): median, slowest, taps")
        for kind, values in times.items():
            print(f"  {kind:40} {statistics.median(values):6.0f} {max(values):6.0f} {len(values):4}")
        print("Stockholm 1520's page:")
        print("\n".join(sizes(first)))
        print("Batalj's page:")
        print("\n".join(sizes(second)))


if __name__ == "__main__":
    main()
