"""Hostile records (issue 17, docs/record-format.md "Verifying"): every malformed record is
refused with a reason before anything is dealt; nothing in one can make verifying raise, loop or
grow without bound. Settings are checked by settings_check.py, names by names.py."""

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine import bots, deal
from games.engine import record as record_module
from games.engine.errors import NotationError
from games.engine.match import Match
from games.engine.names import MAX_NAME, check_name
from games.engine.record import (
    ACTIONS_PER_DEAL,
    MAX_CONTAINERS,
    MAX_RECORD_BYTES,
    build_record,
    load_json,
    verify_json,
    verify_record,
)
from games.engine.ruleset import PRESETS, Ruleset, get_ruleset
from games.engine.scoring.tables import NAMES
from games.engine.settings_check import CHOICES, LIMIT_HANDS, _kinds
from games.engine.wintest import WILD_2B

ROOT = Path(__file__).resolve().parents[2]
_TEXT = None


def one_round_record() -> dict:
    """A real record of a short game (one round, greedy bots), fresh for each use."""
    global _TEXT
    if _TEXT is None:
        rs = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1})
        match = Match(rs, "hostile")
        while not match.is_over:
            match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
        players = [{"chair": c, "seat": match.seating.seat_of[c], "name": f"player {c}",
                    "bot": None} for c in range(4)]
        _TEXT = json.dumps(build_record(match, players=players, game={
            "id": 7, "started": "2026-11-23T10:02:11.5Z", "finished": "2026-11-23T10:41:07Z",
            "tournament": False, "imported": False}))
    return json.loads(_TEXT)


@pytest.fixture
def rec():
    return one_round_record()


@pytest.fixture
def nothing_dealt(monkeypatch):
    """Counts the matches and walls built: a refusal of the record's shape builds neither."""
    built = {"match": 0, "wall": 0}
    real_match, real_wall = record_module.Match, deal.Wall

    def match(*args, **kwargs):
        built["match"] += 1
        return real_match(*args, **kwargs)

    def wall(*args, **kwargs):
        built["wall"] += 1
        return real_wall(*args, **kwargs)

    monkeypatch.setattr(record_module, "Match", match)
    monkeypatch.setattr(deal, "Wall", wall)
    yield built
    assert built == {"match": 0, "wall": 0}, "the record was dealt before it was refused"


def refused(result, *words):
    assert not result.ok and result.reason, result
    for word in words:
        assert word in result.reason, result.reason
    return result.reason


def test_the_real_record_verifies(rec):
    assert verify_record(rec).ok
    assert verify_json(json.dumps(rec))[0].ok


# ---------------------------------------------------------------- ruleset settings
def test_a_dead_wall_of_10_19_stacks_is_refused_before_any_wall_is_built(rec, nothing_dealt):
    """The audit's bomb: building that wall never ended."""
    rec["ruleset"]["dead_wall_stacks"] = 10**19
    refused(verify_record(rec), "dead_wall_stacks", "0 to 16")
    refused(verify_json(json.dumps(rec))[0], "dead_wall_stacks")


def test_rounds_1e400_is_refused_as_text_and_as_a_number(rec, nothing_dealt):
    text = json.dumps(rec).replace('"rounds": 1', '"rounds": 1e400')
    refused(verify_json(text)[0], "1e400", "too large")
    rec["ruleset"]["rounds"] = float("inf")
    refused(verify_record(rec), "rounds")


@pytest.mark.parametrize("key, value", [
    ("hand_size", "13"), ("hand_size", 13.0), ("hand_size", True), ("hand_size", 14),
    ("rounds", 0), ("rounds", 5), ("rounds", True), ("rounds", None),
    ("max_deals", 0), ("max_deals", 10**6), ("max_deals", 1.5),
    ("limit", 0), ("limit", 10**30), ("limit", "1000"),
    ("starting_points", -1), ("starting_points", [2000]),
    ("wild_tile", 5), ("wild_tile", -1), ("wild_tile", "b2"),
    ("original_call", 1), ("bonus_tiles", "yes"), ("penalties", None),
    ("limit_hands", "L1"), ("limit_hands", ["L99"]), ("limit_hands", ["L1", "L1"]),
    ("limit_hands", [["L1"]]),
    ("bonus_replacement", "sideways"), ("seating_form", "dice "), ("break_form", 2),
    ("east_final_tiles", None), ("discard_display", "CENTRE"), ("rounding", "up"),
    ("scoring", "chess"), ("own_bonus_doubles", True), ("snake", "python"),
    ("options", [[1, 2]]), ("options", [["a", [1]]]), ("options", [["a", 1]] * 2),
    ("options", [["k", 1]] * 17), ("options", "x"),
    ("name", "my-rules"), ("title", "x" * 101), ("description", "two\nlines"),
    ("dead_wall_stacks", -1), ("dead_wall_stacks", 17), ("cannon_wall_tiles", 145),
])
def test_a_setting_of_the_wrong_type_or_range_is_refused_naming_it(rec, nothing_dealt, key,
                                                                   value):
    rec["ruleset"][key] = value
    refused(verify_record(rec), "the ruleset cannot be read", repr(key))


def test_an_unknown_setting_is_refused(rec, nothing_dealt):
    rec["ruleset"]["wall_height"] = 3
    refused(verify_record(rec), "unknown ruleset settings: wall_height")


def test_every_ruleset_field_has_a_check():
    kinds = _kinds(Ruleset)  # raises if a field had no type, range or allowed values
    assert set(kinds) == {f.name for f in dataclasses.fields(Ruleset)}
    assert WILD_2B in CHOICES["wild_tile"]
    assert set(LIMIT_HANDS) == {c for c in NAMES if c[0] in "LH"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_round_trips_through_its_json(name):
    preset = PRESETS[name]
    assert Ruleset.from_json(json.loads(json.dumps(preset.to_json()))) == preset


@pytest.mark.parametrize("changes", [
    {"discard_display": "centre"},  # the lobby's table option
    {"rounds": 1, "max_deals": 2},  # short games in tests
    {"max_deals": 16},  # a tournament's deals per table
    {"limit": 500},  # the tournament form's example
])
def test_what_the_lobby_and_tournaments_merge_still_loads(changes):
    for name in PRESETS:
        rs = Ruleset.from_json({**PRESETS[name].to_json(), **changes})
        assert all(getattr(rs, k) == v for k, v in changes.items())


def test_settings_that_are_not_an_object_are_refused():
    for data in ([], "chinese-classical", None, 3):
        with pytest.raises(NotationError, match="JSON object of settings"):
            Ruleset.from_json(data)


# ---------------------------------------------------------------- sizes, nesting, numbers
def test_100000_brackets_are_refused_as_nested_too_deeply_and_more_unparsed():
    refused(verify_json("[" * 100_000)[0], "nested too deeply")
    refused(verify_json(b'{"format": ' + b"[" * 99_999)[0], "nested too deeply")
    refused(verify_json("[" * 200_000)[0], "200,000 lists and objects")


def test_a_file_of_empty_lists_is_refused_before_it_is_parsed():
    refused(verify_json("[" + "[]," * (MAX_CONTAINERS + 1) + "0]")[0], "lists and objects")


def test_nesting_the_parser_accepts_is_still_refused_by_the_fields_types(rec, nothing_dealt):
    rec["game"]["id"] = json.loads("[" * 500 + "]" * 500)
    refused(verify_record(rec), '"id"')
    deep: list = []
    for _ in range(100_000):  # deeper than any recursion could follow
        deep = [deep]
    rec["game"]["id"] = 1
    rec["results"]["points"] = deep
    refused(verify_record(rec), "results")


def test_an_int_of_thousands_of_digits_is_refused_before_it_is_converted(rec):
    text = json.dumps(rec).replace('"rounds": 1', '"rounds": ' + "9" * 5000)
    refused(verify_json(text)[0], "5000 digits")
    refused(verify_json("1" + "0" * 100_000)[0], "digits")


def test_nan_and_infinity_are_not_json_numbers():
    for text in ("NaN", "[Infinity]", '{"a": -Infinity}'):
        refused(verify_json(text)[0], "not a number JSON allows")


def test_a_file_over_the_size_bound_is_refused_unread():
    result, data = verify_json(b" " * (MAX_RECORD_BYTES + 1))
    refused(result, "too large")
    assert data is None


def test_load_json_refuses_with_a_notation_error():
    with pytest.raises(NotationError, match="not valid JSON"):
        load_json(b"\xff\xfe\x00garbage")


def test_more_actions_than_the_rules_can_play_are_refused_before_the_replay(rec, nothing_dealt):
    rec["ruleset"]["max_deals"] = 1
    pad = [{"seq": n, "time": None, "seat": 0, "type": "pass"}
           for n in range(len(rec["actions"]) + 1, ACTIONS_PER_DEAL + 2)]
    rec["actions"] += pad
    refused(verify_record(rec), f"at most {ACTIONS_PER_DEAL}")


def test_more_deals_in_the_results_than_the_rules_allow_are_refused(rec, nothing_dealt):
    rec["ruleset"]["max_deals"] = 2
    rec["results"]["deals"] = rec["results"]["deals"][:1] * 3
    refused(verify_record(rec), "3 deals", "at most 2")


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(extra=1), ["unknown field 'extra'"]),
    (lambda r: r["game"].update(owner="me"), ['"game"', "'owner'"]),
    (lambda r: r["players"][0].update(rating=1), ["a player", "'rating'"]),
    (lambda r: r["actions"][0].update(note="x"), ["action 1", "'note'"]),
    (lambda r: r["actions"][0].update(seq=True), ["action 1", "sequence"]),
    (lambda r: r["actions"][0].update(tile="b1" * 1000), ["action 1", "tile"]),
    (lambda r: r["actions"][0].update(type="x" * 10_000), ["action 1", "unknown action type"]),
    (lambda r: r["players"][0].update(seat=True), ["seat"]),
    (lambda r: r["players"][0].update(chair=9), ["chair"]),
    (lambda r: r["players"][0].update(bot="clever"), ["bot 'clever'"]),
    (lambda r: r.update(seed="s" * 65), ["seed", "64"]),
    (lambda r: r.update(format_version=True), ["format_version"]),
    (lambda r: r["commitment"].update(value=["x"]), ['"commitment"']),
    (lambda r: r["game"].update(tournament="yes"), ['"tournament"']),
    (lambda r: r["game"].update(id=-1), ['"id"']),
    (lambda r: r["results"]["deals"][0].update(winner=True), ["results differ", "winner"]),
    (lambda r: r["results"]["deals"][0].update(score=10**30), ["deal 1", "wrong kind or size"]),
    (lambda r: r["results"].update(over=1), ["results differ", "over"]),
    (lambda r: r["results"].update(standings="first"), ['"standings"']),
])
def test_every_field_is_typed(rec, change, words):
    change(rec)
    refused(verify_record(rec), *words)


# ---------------------------------------------------------------- names
def test_a_name_of_100000_characters_is_refused(rec, nothing_dealt):
    rec["players"][1]["name"] = "n" * 100_000
    refused(verify_record(rec), "name", "100000 characters", f"at most {MAX_NAME}")


@pytest.mark.parametrize("name", ["bell\x07", "two\nlines", "right\u202eleft", "zero\u200bwidth",
                                  "tab\there", "", "   ", 42, None])
def test_a_name_with_control_characters_or_none_at_all_is_refused(rec, nothing_dealt, name):
    rec["players"][2]["name"] = name
    refused(verify_record(rec), "the name of the player in seat")


def test_two_players_of_one_name_are_refused(rec, nothing_dealt):
    rec["players"][1]["name"] = rec["players"][0]["name"] + "  "
    refused(verify_record(rec), "same name")


def test_check_name_strips_and_bounds():
    assert check_name("  mei  ") == "mei"
    assert check_name("梅 林") == "梅 林"
    assert check_name("x" * MAX_NAME) == "x" * MAX_NAME
    for bad, words in (("x" * (MAX_NAME + 1), "151 characters"), ("a\x00b", "U+0000"),
                       ("a\u2028b", "U+2028"), ("\u00ad", "U+00AD"), (b"mei", "text")):
        with pytest.raises(NotationError, match=re.escape(words)):
            check_name(bad, "the name")


# ---------------------------------------------------------------- dates
@pytest.mark.parametrize("when", ["yesterday", "0001-01-01T00:00:00", "9999-12-31T23:59:59-14:00",
                                  "2026-13-01T00:00:00Z", "1969-12-31T23:59:59Z", 1700000000,
                                  "2026-11-23T10:02:11Z" + " " * 40, ["2026-11-23"]])
def test_a_bad_date_is_refused(rec, nothing_dealt, when):
    rec["game"]["started"] = when
    refused(verify_record(rec), '"game" "started"')
    rec["game"]["started"] = None
    rec["actions"][3]["time"] = when
    refused(verify_record(rec), "action 4")


def test_good_dates_in_several_iso_forms_verify(rec):
    rec["game"]["started"] = "2026-11-23T10:02:11"
    rec["game"]["finished"] = "2026-11-23T12:02:11+08:00"
    rec["actions"][0]["time"] = "2100-12-31T23:59:59.999999z"
    assert verify_record(rec).ok


# ---------------------------------------------------------------- the command line
def _cli(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "games.engine", "verify", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("label, text", [
    ("bomb", None),
    ("deep", "[" * 100_000),
    ("deeper", "[" * 200_000),
    ("huge-int", '{"format": "mahjong-record/1", "format_version": ' + "7" * 10_000 + "}"),
    ("1e400", None),
    ("bad-date", None),
    ("long-name", None),
])
def test_cli_verify_answers_a_reason_and_status_1_never_a_traceback(tmp_path, label, text):
    if text is None:
        rec = one_round_record()
        if label == "bomb":
            rec["ruleset"]["dead_wall_stacks"] = 10**19
        elif label == "bad-date":
            rec["game"]["finished"] = "9999-12-31T23:59:59-14:00"
        elif label == "long-name":
            rec["players"][0]["name"] = "n" * 100_000
        text = json.dumps(rec)
        if label == "1e400":
            text = text.replace('"rounds": 1', '"rounds": 1e400')
    path = tmp_path / f"{label}.json"
    path.write_text(text)
    done = _cli(path)
    assert done.returncode == 1, done
    assert f"{path}: refused: " in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
