"""`python -m games.engine score` / `waits`: JSON Lines in and out, id echoed, errors per line."""

import io
import json
import subprocess
import sys
from pathlib import Path

from games.engine.cli_score import main_score, main_waits

E1 = {
    "id": "e1", "ruleset": "chinese-classical", "seat_wind": "ww", "prevailing_wind": "we",
    "concealed": "dg dg dg d5 d5 d5 b3 b4 b5 we we",
    "melds": [{"tiles": "b1 b1 b1 b1", "kong": "concealed"}],
    "bonus": "", "win": {"tile": "dg", "source": "discard"},
}


def run(main, *lines):
    out = io.StringIO()
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    assert main(io.StringIO(text + "\n"), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_score_e1():
    """classical.md §5 E1 through the command line."""
    [result] = run(main_score, E1)
    assert result["id"] == "e1" and result["won"] is True
    assert (result["points"], result["doubles"], result["total"]) == (52, 1, 104)
    assert {"rule": "M1", "name": "Mah Jong", "points": 10} in result["items"]


def test_wind_spellings():
    for seat in ("W", 2, "ww"):
        [result] = run(main_score, {**E1, "seat_wind": seat, "prevailing_wind": "E"})
        assert result["total"] == 104


def test_losing_hand_and_set_named():
    loser = {"id": 2, "seat_wind": "we", "concealed": "b1 b1 b1 b1",
             "melds": [{"tiles": "d2 d2 d2", "exposed": True}, {"tiles": "d2 d3 d4"},
                       {"tiles": "c9 c9 c9 c9", "kong": "claimed"}], "win": None}
    [result] = run(main_score, loser)
    assert (result["won"], result["total"]) == (False, 26)


def test_bad_lines_give_errors_and_the_rest_run():
    lines = [
        {**E1, "id": 1, "ruleset": "mystery"},
        {**E1, "id": 2, "concealed": "dg dg dg d5 d5 d5 b3 b4 b5 we zz"},
        {**E1, "id": 3, "concealed": "b1 b1 b1 b1 b1"},
        "{not json",
        [1, 2],
        E1,
    ]
    results = run(main_score, *lines)
    assert [r["id"] for r in results] == [1, 2, 3, None, None, "e1"]
    assert "unknown ruleset 'mystery'" in results[0]["error"]
    assert "'zz' at position 11" in results[1]["error"]
    assert "only 4" in results[2]["error"]
    assert all("error" in r for r in results[:5]) and results[5]["total"] == 104


def test_waits():
    results = run(
        main_waits,
        {"id": "a", "concealed": "b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 b9 b9"},
        {"id": "b", "concealed": "b7 b8 c9 c9", "melds": [
            {"tiles": "b6 b6 b6 b6", "kong": "promoted"}, {"tiles": "c5 c6 c7"},
            {"tiles": "d2 d3 d4"}]},
        {"id": "c", "concealed": "b7 b8"},
    )
    assert results[0] == {"id": "a", "waits": "b1 b2 b3 b4 b5 b6 b7 b8 b9"}
    assert results[1] == {"id": "b", "waits": "b9"}  # every b6 is already shown
    assert "13 tiles" in results[2]["error"]


def test_module_entry_point():
    """The commands run as `python -m games.engine score`."""
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-m", "games.engine", "score"], cwd=root,
                          input=json.dumps(E1) + "\n", capture_output=True, text=True,
                          check=True)
    assert json.loads(proc.stdout)["total"] == 104
