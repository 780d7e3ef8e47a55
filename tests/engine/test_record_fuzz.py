"""Fuzzing the inputs from outside (as python-chess keeps a fuzz harness per input format): a
real record mutated at every field (types, sizes, nesting, settings, actions, dates, names) and
as text, and the scoring calculator's hand. Each mutant is verified identically or refused with
a reason, never an exception; a refusal of its shape comes before anything is dealt.

Derandomized: the same examples every run. MAHJONG_FUZZ_EXAMPLES=5000 runs a longer campaign."""

from __future__ import annotations

import io
import json
import os
import random
from contextlib import contextmanager
from datetime import timedelta
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import bots, cli_score
from games.engine import record as record_module
from games.engine.errors import EngineError
from games.engine.match import Match
from games.engine.record import build_record, results_of, verify_json, verify_record
from games.engine.ruleset import PRESETS, Ruleset
from games.engine.settings_check import CHOICES, LIMIT_HANDS, RANGES, _kinds

from .test_record_hostile import one_round_record

EXAMPLES = int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "60"))
# A generous deadline bounds each mutant's work (a 1-round replay takes ~20 ms); a mutant that
# made verifying loop or blow up would exceed it on every run.
FUZZ = settings(max_examples=EXAMPLES, derandomize=True, deadline=timedelta(seconds=10),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# Refusals that need the replay; any other refusal must come before a Match is built.
AFTER_REPLAY = ("cannot be replayed", "not over", "seating differs", "results differ",
                "runs past")

_ORIGINAL = one_round_record()
_EXPECTED = verify_record(one_round_record())
assert _EXPECTED.ok, _EXPECTED.reason
_RESULTS = results_of(_EXPECTED.match)


def _paths(value, path=()):
    """Every place in the record: (path, value), the record itself first."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


_PLACES = {}
for _path, _ in _paths(_ORIGINAL):
    _PLACES.setdefault(_path[0] if _path else "", []).append(_path)


def _nest(depth: int, inner=0):
    for _ in range(depth):
        inner = [inner]
    return inner


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from([
        0, 1, -1, 4, 13, 16, 2**63, 10**19, 10**400, "", " ", "x" * 151, "x" * 100_000,
        "a\x00b", "right\u202eleft", "two\nlines", "2026-11-23T10:02:11Z", "0001-01-01T00:00:00",
        "9999-12-31T23:59:59-14:00", "b1", "b1 b2 b3", "zz", "pass", "discard", "dead_wall",
        "chan_chan", "centre", "L1", "sha256", "mahjong-record/1", 1.0, 1e400,
    ]),
    st.integers(4301, 6000).map(lambda digits: 10**digits),  # str() of it raises
)
VALUES = st.one_of(
    SCALARS,
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                 | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=8),
    st.integers(1, 3000).map(_nest),
)


def _valid_setting(key: str):
    """A value the settings schema accepts for `key` (so the game is dealt and replayed)."""
    kind = _kinds(Ruleset)[key]
    if kind == "bool":
        return st.booleans()
    if key in CHOICES:
        return st.sampled_from(CHOICES[key] + ((None,) if kind == "int?" else ()))
    if key in RANGES:
        low, high = RANGES[key]
        values = st.integers(low, high)
        return values | st.none() if kind == "int?" else values
    if key == "limit_hands":
        return st.lists(st.sampled_from(LIMIT_HANDS), unique=True)
    if key == "name":
        return st.sampled_from(sorted(PRESETS))
    if key == "options":
        return st.lists(st.tuples(st.text("abc", min_size=1, max_size=5), st.integers(0, 9)),
                        max_size=3, unique_by=lambda kv: kv[0]).map(
                            lambda kvs: [list(kv) for kv in kvs])
    return st.text("abc ", max_size=30)  # title, description


def _set(record, path, value):
    *parent, last = path
    target = record
    for key in parent:
        target = target[key]
    target[last] = value


def _get(record, path):
    for key in path:
        record = record[key]
    return record


@contextmanager
def _counting_matches():
    built = [0]
    real = record_module.Match

    def counting(*args, **kwargs):
        built[0] += 1
        return real(*args, **kwargs)

    with mock.patch.object(record_module, "Match", counting):
        yield built


def _check(mutant) -> record_module.Verification:
    """The property: verified identically, or refused with a reason; a shape refusal before any
    deal. Also the same answer when the mutant is sent as JSON text."""
    with _counting_matches() as built:
        result = verify_record(mutant)
    if result.ok:
        assert results_of(result.match) == _RESULTS
        assert result.match.points == _EXPECTED.match.points
    else:
        assert isinstance(result.reason, str) and result.reason.strip(), result
        if not any(words in result.reason for words in AFTER_REPLAY):
            assert built[0] == 0, f"dealt before refusing: {result.reason}"
    try:
        text = json.dumps(mutant)
    except (ValueError, RecursionError):  # ints past 4300 digits, nesting past the stack
        return result
    as_text, _ = verify_json(text)
    assert as_text.ok == result.ok, (as_text.reason, result.reason)
    return result


@FUZZ
@given(data=st.data())
def test_any_field_mutated_is_verified_identically_or_refused_with_a_reason(data):
    record = one_round_record()
    section = data.draw(st.sampled_from(sorted(_PLACES)), label="section")
    path = data.draw(st.sampled_from(_PLACES[section]), label="path")
    kind = data.draw(st.sampled_from(["replace", "delete", "add", "nest", "grow"]), label="kind")
    target = _get(record, path)
    if kind == "replace" and path:
        _set(record, path, data.draw(VALUES, label="value"))
    elif kind == "delete" and path:
        *parent, last = path
        del _get(record, parent)[last]
    elif kind == "add" and isinstance(target, dict):
        target[data.draw(st.text(max_size=12), label="key")] = data.draw(VALUES, label="value")
    elif kind == "add" and isinstance(target, list):
        target.append(data.draw(VALUES, label="value"))
    elif kind == "nest" and path:
        _set(record, path, _nest(data.draw(st.integers(1, 5000), label="depth"), target))
    elif kind == "grow" and isinstance(target, list | str) and target:
        times = data.draw(st.sampled_from([2, 10, 1000]), label="times")
        _set(record, path, target * times) if path else None
    else:
        assume(False)
    _check(record)


@FUZZ
@given(data=st.data())
def test_any_setting_given_any_value_is_refused_before_dealing_or_replayed(data):
    """Out of the schema: refused naming the setting, nothing dealt. Within it: dealt and
    replayed, and verified only if these rules give the very same game."""
    record = one_round_record()
    key = data.draw(st.sampled_from(sorted(record["ruleset"])), label="setting")
    valid = data.draw(st.booleans(), label="valid")
    value = data.draw(_valid_setting(key) if valid else VALUES, label="value")
    record["ruleset"][key] = value
    result = _check(record)
    if not result.ok and result.reason.startswith("the ruleset cannot be read"):
        assert repr(key) in result.reason or "settings" in result.reason


@FUZZ
@given(data=st.data())
def test_any_action_changed_is_refused_with_its_number_or_replays_the_same(data):
    record = one_round_record()
    i = data.draw(st.integers(0, len(record["actions"]) - 1), label="action")
    key = data.draw(st.sampled_from(["seq", "time", "seat", "type", "tile", "tiles", "call"]),
                    label="field")
    record["actions"][i][key] = data.draw(VALUES, label="value")
    result = _check(record)
    if not result.ok and "action" in result.reason:
        assert f"action {i + 1}" in result.reason or "actions" in result.reason, result.reason


@FUZZ
@given(data=st.data())
def test_any_player_name_or_date_is_checked(data):
    record = one_round_record()
    seat = data.draw(st.integers(0, 3), label="seat")
    record["players"][seat]["name"] = data.draw(
        st.text(max_size=200) | st.sampled_from(["x" * 151, "x" * 150, "\t", "名前"]), label="name")
    key = data.draw(st.sampled_from(["started", "finished"]), label="date")
    record["game"][key] = data.draw(st.text(max_size=45) | st.datetimes().map(
        lambda d: d.isoformat()), label="when")
    result = _check(record)
    if result.ok:
        assert record["players"][seat]["name"].strip()


TEXT = json.dumps(_ORIGINAL)


@FUZZ
@given(data=st.data())
def test_any_text_mutation_is_answered_without_an_exception(data):
    """The bytes themselves: cut, spliced, a number made huge, the whole nested deep."""
    text = TEXT
    kind = data.draw(st.sampled_from(["cut", "insert", "number", "wrap", "bytes"]), label="kind")
    at = data.draw(st.integers(0, len(text)), label="at")
    if kind == "cut":
        text = text[:at]
    elif kind == "insert":
        text = text[:at] + data.draw(st.text(max_size=10), label="insert") + text[at:]
    elif kind == "number":
        huge = data.draw(st.sampled_from(["9" * 5000, "1e400", "-1e400", "NaN", "Infinity",
                                          "1" + "0" * 30, "0.5", "-0"]), label="number")
        text = text.replace('"rounds": 1', f'"rounds": {huge}').replace(
            '"seq": 3,', f'"seq": {huge},')
    elif kind == "wrap":
        depth = data.draw(st.integers(1, 100_000), label="depth")
        text = "[" * depth + text + "]" * depth
    raw = text.encode()
    if kind == "bytes":
        flip = data.draw(st.integers(0, 255), label="byte")
        raw = raw[:at] + bytes([flip]) + raw[at + 1:]
    result, _ = verify_json(raw)
    if result.ok:
        assert results_of(result.match) == _RESULTS
    else:
        assert result.reason.strip()


# ---------------------------------------------------------------- any valid ruleset plays
@settings(max_examples=max(6, EXAMPLES // 6), derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_ruleset_the_schema_accepts_deals_plays_and_verifies(data):
    """Settings inside their ranges never crash the engine: a deal under random valid settings
    is played by random bots, recorded and verified."""
    base = PRESETS[data.draw(st.sampled_from(sorted(PRESETS)), label="preset")].to_json()
    keys = data.draw(st.lists(st.sampled_from(sorted(base)), max_size=12, unique=True),
                     label="settings")
    for key in keys:
        base[key] = data.draw(_valid_setting(key), label=key)
    base["max_deals"] = 1
    ruleset = Ruleset.from_json(base)
    match = Match(ruleset, data.draw(st.text("0123456789abcdef", min_size=1, max_size=8),
                                     label="seed"))
    rng = random.Random(data.draw(st.integers(0, 2**32), label="bots"))
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "random", rng))
    assert verify_record(json.loads(json.dumps(build_record(match)))).ok


# ---------------------------------------------------------------- the calculator's hand
# The door both `python -m games.engine score|waits` and /calculator/score.json use.
HANDS = [
    {"id": 1, "ruleset": "chinese-classical", "concealed": "dg dg dg d5 d5 d5 b3 b4 b5 we we",
     "melds": [{"tiles": "b1 b1 b1 b1", "exposed": False}], "bonus": "f1",
     "seat_wind": "ww", "prevailing_wind": "we",
     "win": {"tile": "dg", "source": "discard", "last_tile": False}},
    {"id": 2, "ruleset": "bmja", "concealed": "b1 b1 b1 b2 b3 b4 b5 b6 b7 b8 b9 b9 b9",
     "melds": [], "seat_wind": 0, "prevailing_wind": "E", "win": None},
]
# Finite numbers and shallow nesting: the test after the fuzz sends the rest.
HAND_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False,
                                                                      allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["b1", "dg dg dg", "b1 b1 b1 b1", "f1 f1", "zz", "we", "E", "discard",
                     "robbed_kong", "dead_wall", "bmja", "hongkong", "x" * 2000, 5, 33, 42]),
)
HAND_VALUES = HAND_SCALARS | st.recursive(
    HAND_SCALARS, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["tiles", "exposed", "kong", "tile", "source", "x"]),
                      inner, max_size=4), max_leaves=8)


def _hand_places(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _hand_places(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _hand_places(v, (*path, i))


@FUZZ
@given(data=st.data())
def test_any_calculator_hand_gives_a_score_or_a_clear_error(data):
    hand = json.loads(json.dumps(data.draw(st.sampled_from(HANDS), label="hand")))
    path = data.draw(st.sampled_from([p for p in _hand_places(hand) if p]), label="path")
    _set(hand, path, data.draw(HAND_VALUES, label="value"))
    for handler in (cli_score.score_request, cli_score.waits_request):
        try:
            out = handler(hand)
        except (EngineError, ValueError, TypeError) as exc:  # what the CLI and the page catch
            assert str(exc).strip()
        else:
            assert isinstance(out, dict)
    line = json.dumps(hand)
    out = io.StringIO()
    cli_score.main_score(io.StringIO(line + "\n"), out)
    answer = json.loads(out.getvalue())
    assert "error" in answer or "total" in answer


@pytest.mark.parametrize("line", [
    json.dumps({**HANDS[0], "win": {**HANDS[0]["win"], "east_streak": 1}}).replace(
        '"east_streak": 1', '"east_streak": 1e400'),
    "[" * 100_000,
])
def test_an_infinite_number_or_deep_nesting_is_answered_with_an_error(line):
    out = io.StringIO()
    assert cli_score.main_score(io.StringIO(line + "\n"), out) == 0
    assert "error" in json.loads(out.getvalue())
