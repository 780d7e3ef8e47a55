"""What one bad record can cost the server: real records mutated at random (a field's type, size
or nesting, a setting, an action, a date, a name, the text itself) and the audit's attacks, each
verified as an import verifies it (games.engine.record.verify_json on the uploaded bytes).

Prints how many mutants were tried, refused (before anything was dealt, or by the replay) and
verified identically, and the longest time and the largest memory (tracemalloc peak, measured
in a second run so that tracing does not slow the timed one) a bad record took; then each named
attack (the last is the most work any record can ask for), and a long good record.

Usage: python bench/record_fuzz.py [--mutants 2000] [--seed 17]
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engine import actions as A  # noqa: E402
from games.engine import bots  # noqa: E402
from games.engine import record as record_module  # noqa: E402
from games.engine.match import Match  # noqa: E402
from games.engine.record import (  # noqa: E402
    MAX_CONTAINERS,
    MAX_RECORD_BYTES,
    build_record,
    results_of,
    verify_json,
)
from games.engine.ruleset import Ruleset, get_ruleset  # noqa: E402
from games.engine.settings_check import CHOICES, RANGES  # noqa: E402


def played(preset: str, seed: str, rounds: int | None = None) -> dict:
    rs = get_ruleset(preset)
    if rounds:
        rs = Ruleset.from_json({**rs.to_json(), "rounds": rounds})
    match = Match(rs, seed)
    while not match.is_over:
        match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
    stamp = "2026-11-23T10:02:14.123456Z"
    return build_record(match, times=[stamp] * len(match.actions),
                        game={"id": 1, "started": stamp, "finished": stamp})


HOSTILE = [None, True, False, -1, 0, 1, 13, 16, 2**63, 10**19, 10**400, 1.5, 1e300, "", "x" * 151,
           "x" * 100_000, "a\x00b", "two\nlines", "9999-12-31T23:59:59-14:00", "b1", "pass", [],
           {}, [[[]]], {"a": {"b": 1}}]


def paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*path, i))


def nest(depth: int, inner):
    for _ in range(depth):
        inner = [inner]
    return inner


def mutant(base: dict, text: str, places: list, rng: random.Random) -> bytes:
    """One random mutation of the record, as the bytes an import would receive."""
    kind = rng.choice(["replace", "replace", "delete", "add", "nest", "grow", "setting",
                       "text"])
    if kind == "text":
        op = rng.choice(["cut", "insert", "number", "wrap", "byte"])
        at = rng.randrange(len(text))
        if op == "cut":
            return text[:at].encode()
        if op == "insert":
            return (text[:at] + rng.choice(["{", "[", "]", '"', ",", "\\", "1e400", "\x00"])
                    + text[at:]).encode()
        if op == "number":
            huge = rng.choice(["9" * 5000, "1e400", "NaN", "-Infinity", "1" + "0" * 25])
            return text.replace('"rounds": 1', f'"rounds": {huge}', 1).encode()
        if op == "wrap":
            depth = rng.choice([10, 1000, 50_000, 200_000])
            return ("[" * depth + text + "]" * depth).encode()
        raw = bytearray(text.encode())
        raw[at] = rng.randrange(256)
        return bytes(raw)
    record = copy.deepcopy(base)
    path = rng.choice(places)
    parent, last = (path[:-1], path[-1]) if path else ((), None)
    holder = record
    for key in parent:
        holder = holder[key]
    if kind == "setting":
        key = rng.choice(sorted(record["ruleset"]))
        if key in RANGES and rng.random() < 0.5:
            low, high = RANGES[key]
            record["ruleset"][key] = rng.randint(low, high)
        elif key in CHOICES and rng.random() < 0.5:
            record["ruleset"][key] = rng.choice(CHOICES[key])
        else:
            record["ruleset"][key] = rng.choice(HOSTILE)
    elif last is None:
        record = rng.choice(HOSTILE)
    elif kind == "replace":
        holder[last] = rng.choice(HOSTILE)
    elif kind == "delete":
        del holder[last]
    elif kind == "add" and isinstance(holder[last], dict):
        holder[last][rng.choice(["x", "extra", "seed", ""])] = rng.choice(HOSTILE)
    elif kind == "add" and isinstance(holder[last], list):
        holder[last].append(rng.choice(HOSTILE))
    elif kind == "nest":
        holder[last] = nest(rng.choice([2, 100, 900]), holder[last])
    elif kind == "grow" and isinstance(holder[last], list | str):
        holder[last] = holder[last] * rng.choice([2, 50])
    else:
        holder[last] = rng.choice(HOSTILE)
    try:
        return json.dumps(record).encode()
    except (ValueError, RecursionError):
        return json.dumps(base).encode()


class Counting:
    """Counts the Matches verifying builds: a refusal with none was made before any deal."""

    def __init__(self) -> None:
        self.built = 0
        self.real = record_module.Match

    def __call__(self, *args, **kwargs):
        self.built += 1
        return self.real(*args, **kwargs)


def measure(raw: bytes | str):
    """(verification, seconds, peak bytes, dealt?) for one record's bytes."""
    counting = Counting()
    with mock.patch.object(record_module, "Match", counting):
        t = time.perf_counter()
        result, _ = verify_json(raw)
        seconds = time.perf_counter() - t
    tracemalloc.start()
    verify_json(raw)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return result, seconds, peak, counting.built > 0


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


def all_draws(actions: int) -> str:
    """The most replay a record can ask for: a legal game in which nobody claims or goes out,
    so every deal is drawn and East keeps the deal, as many actions as 4 MB of compact JSON
    holds (with the deal bound, the game never ends: refused once replayed)."""
    match = Match.new("chinese-classical", "draws")
    while len(match.actions) < actions:
        seat = match.waiting_on()[0]
        legal = match.legal_actions(seat)
        quiet = [a for a in legal if a.type in (A.PASS, A.READY)]
        match.apply(quiet[0] if quiet else next(a for a in legal if a.type == A.DISCARD))
    record = build_record(match)
    for a in record["actions"]:
        del a["time"]
    return json.dumps(record, separators=(",", ":"))


def attacks(base: dict) -> list[tuple[str, bytes | str]]:
    text = json.dumps(base)

    def changed(**settings):
        r = copy.deepcopy(base)
        r["ruleset"].update(settings)
        return json.dumps(r)

    long_name = copy.deepcopy(base)
    long_name["players"][0]["name"] = "n" * 100_000
    many_actions = copy.deepcopy(base)
    many_actions["actions"] = [{"seq": i + 1, "seat": i % 4, "type": "pass"}
                               for i in range(90_000)]
    return [
        ("dead_wall_stacks: 10**19 (the audit's bomb)", changed(dead_wall_stacks=10**19)),
        ("rounds: 1e400", text.replace('"rounds": 1', '"rounds": 1e400', 1)),
        ("100,000-character name", json.dumps(long_name)),
        ("100,000 '['", "[" * 100_000),
        ("an int of 10,000 digits", text.replace('"rounds": 1', '"rounds": ' + "9" * 10_000)),
        (f"{MAX_CONTAINERS:,} empty objects in a list", "[" + "{}," * (MAX_CONTAINERS - 2) + "{}]"),
        ("4 MB of small ints in a list", "[" + "1000," * ((MAX_RECORD_BYTES - 10) // 5) + "0]"),
        ("4 MB of short strings in a list",
         "[" + '"ab",' * ((MAX_RECORD_BYTES - 10) // 5) + "0]"),
        ("a 4 MB string as the seed", text.replace('"seed": "', '"seed": "' + "s" * (
            MAX_RECORD_BYTES - len(text) - 10), 1)),
        ("90,000 pass actions in a 1-round game", json.dumps(many_actions)),
        ("a file over 4 MB", text + " " * MAX_RECORD_BYTES),
        ("97,000 legal actions: 347 drawn deals", all_draws(97_000)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    base = played("chinese-classical", "fuzz", rounds=1)
    text = json.dumps(base)
    expected = results_of(verify_json(text)[0].match)
    places = list(paths(base))
    print(f"record fuzzed: 1 round, {len(base['actions'])} actions, {len(text):,} bytes, "
          f"{len(places):,} places to mutate; {args.mutants} mutants, seed {args.seed}")

    tried = verified = early = late = 0
    worst_time = (0.0, "")
    worst_peak = (0, "")
    for _ in range(args.mutants):
        raw = mutant(base, text, places, rng)
        result, seconds, peak, dealt = measure(raw)
        tried += 1
        if result.ok:
            assert results_of(result.match) == expected, "verified, but not identically"
            verified += 1
            continue
        assert result.reason.strip()
        if dealt:
            late += 1
        else:
            early += 1
        if seconds > worst_time[0]:
            worst_time = (seconds, result.reason)
        if peak > worst_peak[0]:
            worst_peak = (peak, result.reason)
    print(f"  tried {tried}: refused {early + late} ({early} before anything was dealt, "
          f"{late} by the replay), verified identically {verified}, raised 0")
    print(f"  longest for a bad record: {ms(worst_time[0])} ({worst_time[1][:90]})")
    print(f"  largest memory for a bad record: {mb(worst_peak[0])} peak "
          f"({worst_peak[1][:90]})")

    print("\nnamed attacks (time, tracemalloc peak, dealt?, reason):")
    for label, raw in attacks(base):
        result, seconds, peak, dealt = measure(raw)
        assert not result.ok
        print(f"  {label:42} {ms(seconds):>9} {mb(peak):>8}  {'dealt' if dealt else 'no deal'}"
              f"  {result.reason[:70]}")

    good = played("bmja", "b")  # 43 deals, 11,540 actions: a long game of the longest rules
    raw = json.dumps(good, indent=1).encode()
    result, seconds, peak, _ = measure(raw)
    assert result.ok, result.reason
    print(f"\nfor comparison, a long good record (BMJA, 4 rounds, {len(good['actions']):,} "
          f"actions, {len(raw) / 1e6:.1f} MB as exported): {ms(seconds)}, {mb(peak)} peak")
    return 0


if __name__ == "__main__":
    sys.exit(main())
