"""A bot's position file costs what its bounds allow (issue 34 item 5): its bytes, its JSON
values and the problems one message lists are bounded (generator.core.limits), each refusal
says which bound, and a long value is quoted as a short excerpt. Bounded by CPU time."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Callable

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.core.limits import MAX_POSITION_BYTES, MAX_POSITION_VALUES, MAX_PROBLEMS_SHOWN

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = {"bot": ROOT / "tests" / "bot" / "data" / "position-example.json",
             "batalj": ROOT / "tests" / "batalj" / "bot" / "data" / "position-counter.json"}
CPU_S = 3.0       # far above what a refusal costs (a tenth of a second), far below the old 17 s


def _ask(tmp_path: Path, bot: str, data: Any) -> tuple[int, str, float]:
    """``pnpkit BOT ask`` on ``data`` written compactly: exit code, output, CPU seconds."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    start = time.process_time()
    result = CliRunner().invoke(main, [bot, "ask", str(path)])
    spent = time.process_time() - start
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output, spent


def _example(bot: str) -> dict[str, Any]:
    return json.loads(POSITIONS[bot].read_text(encoding="utf-8"))


def _stuffed(bot: str, values: list[Any]) -> dict[str, Any]:
    """The example position with ``values`` in a list the bot reads item by item."""
    data = _example(bot)
    if bot == "bot":
        data["defected_castles"] = values
    else:
        data["played"] = values
    return data


@pytest.mark.parametrize("bot", ["bot", "batalj"])
def test_a_position_past_its_size_is_refused_unread(tmp_path: Path, bot: str) -> None:
    data = _stuffed(bot, [0] * (MAX_POSITION_BYTES // 2 + 10))          # 660 kB in issue 34
    code, output, cpu = _ask(tmp_path, bot, data)
    assert code == 2 and f"a position file is at most {MAX_POSITION_BYTES // 1024} kB" in output, output
    assert cpu < CPU_S


@pytest.mark.parametrize("bot", ["bot", "batalj"])
@pytest.mark.parametrize("make", [lambda n: [0] * n, lambda n: [{}] * n, lambda n: [[]] * n],
                         ids=["numbers", "objects", "lists"])
def test_a_position_of_too_many_values_is_refused_before_it_is_checked(tmp_path: Path, bot: str,
                                                                        make: Callable[[int], list[Any]]) -> None:
    code, output, cpu = _ask(tmp_path, bot, _stuffed(bot, make(MAX_POSITION_VALUES + 1)))
    assert code == 2 and f"more than {MAX_POSITION_VALUES:,} values" in output, output
    assert cpu < CPU_S


@pytest.mark.parametrize("bot", ["bot", "batalj"])
def test_a_position_of_many_problems_lists_the_first_and_counts_the_rest(tmp_path: Path, bot: str) -> None:
    data = _example(bot)
    if bot == "bot":                        # each a problem of its own: 2,000 of them from 4 kB
        data["defected_castles"] = [0] * 2000
    else:
        data["sweden"] = {**data["sweden"], **{f"x{i}": 1 for i in range(2000)}}
    code, output, cpu = _ask(tmp_path, bot, data)
    lines = output.strip().splitlines()
    assert code == 2 and len(lines) == MAX_PROBLEMS_SHOWN + 1, output[:2000]
    assert lines[-1].endswith(f"and {2000 - MAX_PROBLEMS_SHOWN:,} more problems (only the first "
                              f"{MAX_PROBLEMS_SHOWN} are listed: fix these and ask again)")
    assert len(output) < 400 * (MAX_PROBLEMS_SHOWN + 1) and cpu < CPU_S


@pytest.mark.parametrize("where", ["refused", "answered"])
def test_a_long_unit_id_is_quoted_as_an_excerpt(tmp_path: Path, where: str) -> None:
    data = _example("bot")
    data["swedish"][0]["id"] = "cav" + "x" * 100_000
    if where == "refused":
        data["swedish"][0]["hex"] = "9999"
    code, output, cpu = _ask(tmp_path, "bot", data)
    assert code == 2 and "x" * 100 not in output and cpu < CPU_S
    if where == "refused":
        assert "unit 'cavxxx" in output and "...'" in output, output
    else:                                   # an id is a short name: refused, quoted short
        assert "field 'swedish[0].id'" in output and "at most 40 characters" in output, output


def test_a_long_key_is_quoted_as_an_excerpt(tmp_path: Path) -> None:
    data = _example("batalj")
    data["sweden"]["k" * 100_000] = 1
    code, output, _ = _ask(tmp_path, "batalj", data)
    assert code == 2 and "k" * 100 not in output and "unknown field" in output, output[:500]
