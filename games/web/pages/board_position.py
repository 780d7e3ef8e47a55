"""The analysis board's address and the seat view it stands for (docs/puzzles.md, "The analysis
board"), read as hostile input: every field bounded, a bad one refused with its reason.

The address: ruleset; seat and round (we/ws/ww/wn: the seat's wind and the prevailing wind);
hand (the concealed tiles), drawn (the tile just drawn: the seat's turn), melds (the seat's
sets, "tiles" or "tiles/concealed", separated by commas), bonus; for each other wind w its
discards d_w, sets m_w and bonus tiles b_w (the seat's own discards are d_<its wind>); wall
(tiles left in the live wall); claim and from (a discard on offer and its discarder's wind), or
rob and from (a kong being made of that tile by that seat, which the seat may rob: seed 003
§3.5.1); goulash=1 (a Goulash deal, 001: no chows, the 2 of Bamboo wild).
"""

from __future__ import annotations

from typing import Any

from games.engine.errors import NotationError
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, Ruleset, get_ruleset
from games.engine.tiles import NUM_PLAYING_KINDS, WIND_TOKENS, format_tiles, read_tiles
from games.thinking import board_jobs

FIELD_MAX = 120  # characters in one field
WINDS = list(WIND_TOKENS)
WIND_NAMES = dict(zip(WINDS, ["East", "South", "West", "North"]))


class BadPosition(ValueError):
    pass


def _tiles(q, name: str, *, bonus: bool = False) -> list[int]:
    """A field's tiles: playing tiles only, or (`bonus`) flowers and seasons only."""
    text = (q.get(name) or "").strip()
    if len(text) > FIELD_MAX:
        raise BadPosition(f"{name}: too long")
    try:
        tiles = read_tiles(text)
    except NotationError as exc:
        raise BadPosition(f"{name}: {exc}") from exc
    if bonus and any(t < NUM_PLAYING_KINDS for t in tiles):
        raise BadPosition(f"{name}: only flowers and seasons (f1-f4, s1-s4) are bonus tiles")
    if not bonus and any(t >= NUM_PLAYING_KINDS for t in tiles):
        raise BadPosition(f"{name}: a flower or season goes with the seat's bonus tiles")
    return tiles


def _melds(q, name: str) -> list[dict[str, Any]]:
    text = (q.get(name) or "").strip()
    if len(text) > FIELD_MAX:
        raise BadPosition(f"{name}: too long")
    out = []
    for n, part in enumerate(p for p in text.split(",") if p.strip()):
        written, _, kind = part.partition("/")
        try:
            tiles = read_tiles(written)
        except NotationError as exc:
            raise BadPosition(f"{name}, set {n + 1}: {exc}") from exc
        kind = kind.strip().lower()
        if kind not in ("", "exposed", "concealed", "claimed", "promoted"):  # the calculator's
            raise BadPosition(f"{name}, set {n + 1}: write /concealed or nothing")
        same = len(set(tiles)) == 1
        run = len(tiles) == 3 and tiles[0] < 27 and sorted(tiles) == list(
            range(min(tiles), min(tiles) + 3)) and min(tiles) % 9 <= 6
        if not ((len(tiles) in (3, 4) and same) or run) or tiles[0] >= NUM_PLAYING_KINDS:
            raise BadPosition(f"{name}, set {n + 1}: a set is a pung, a kong or a chow")
        meld: dict[str, Any] = {"tiles": format_tiles(sorted(tiles)),
                                "exposed": kind != "concealed"}
        if len(tiles) == 4:
            meld["kong"] = {"concealed": "concealed", "promoted": "promoted"}.get(kind, "claimed")
        out.append(meld)
    return out


def _wind(q, name: str, default: str) -> int:
    value = q.get(name) or default
    if value not in WINDS:
        raise BadPosition(f"{name}: one of {', '.join(WINDS)}")
    return WINDS.index(value)


def _one(q, name: str, drawn: list[int]) -> int | None:
    """The one tile of `claim` or `rob`, which leave the hand a tile short: no drawn tile."""
    if not q.get(name):
        return None
    tile = _tiles(q, name)
    if len(tile) != 1 or drawn:
        raise BadPosition(f"{name}: one tile, and then no drawn tile")
    return tile[0]


def _robbed(seat: dict[str, Any], tile: int) -> None:
    """The kong being made that is robbed: a pung of the tile (or a kong of it, as the engine
    shows one being added) becomes the kong being added; a concealed kong stays one."""
    name = format_tiles([tile])
    for m in seat["melds"]:
        tiles = m["tiles"].split()
        if set(tiles) != {name}:
            continue
        if len(tiles) == 4 and not m["exposed"]:
            return  # a concealed kong: robbed only for Thirteen Orphans (board_jobs)
        m.update(tiles=format_tiles([tile] * 4), exposed=True, kong="promoted")
        return
    raise BadPosition(f"rob: {WIND_NAMES[seat['wind']]}'s sets hold no pung of {name} to add "
                      f"it to (its sets are m_{seat['wind']}, or yours)")


def _ruleset(q) -> tuple[str, Ruleset]:
    name = q.get("ruleset") or DEFAULT_RULESET
    if name not in PLAYABLE:
        raise BadPosition("ruleset: not one this site plays")
    ruleset = get_ruleset(name)
    goulash = q.get("goulash") or ""
    if goulash not in ("", "0", "1"):
        raise BadPosition("goulash: 1 or nothing")
    if goulash == "1" and not ruleset.goulash_after_washout:
        raise BadPosition(f"goulash: {ruleset.title} plays no Goulash")
    return name, ruleset


def position(q) -> tuple[Ruleset, dict[str, Any]]:
    """The seat view an address describes (seat i has wind i; East deals)."""
    name, ruleset = _ruleset(q)
    me = _wind(q, "seat", "we")
    prevailing = _wind(q, "round", "we")
    hand = _tiles(q, "hand")
    drawn = _tiles(q, "drawn")
    if len(drawn) > 1:
        raise BadPosition("drawn: one tile at most")
    try:
        wall = int(q.get("wall") or 60)
    except ValueError:
        raise BadPosition("wall: a number") from None
    if not 0 <= wall <= 144:
        raise BadPosition("wall: between 0 and 144")
    claim, rob = _one(q, "claim", drawn), _one(q, "rob", drawn)
    if claim is not None and rob is not None:
        raise BadPosition("rob: a discard on offer or a kong to rob, not both")
    seen = [0] * NUM_PLAYING_KINDS
    flowers: set[int] = set()
    seats = []
    for s, w in enumerate(WINDS):
        melds = _melds(q, "melds" if s == me else f"m_{w}")
        discards = _tiles(q, f"d_{w}")
        field = "bonus" if s == me else f"b_{w}"
        bonus = _tiles(q, field, bonus=True)
        for t in bonus:
            if t not in ruleset.bonus_kinds:
                raise BadPosition(f"{field}: {format_tiles([t])} is not in a "
                                  f"{ruleset.title} wall")
            if t in flowers:
                raise BadPosition(f"{field}: {format_tiles([t])} is given twice")
            flowers.add(t)
        size = sum(min(3, len(m["tiles"].split())) for m in melds)
        concealed = len(hand) + len(drawn) if s == me else max(0, ruleset.hand_size - size)
        seats.append({"seat": s, "wind": w, "melds": melds, "discards": format_tiles(discards),
                      "bonus": format_tiles(sorted(bonus)), "concealed": concealed,
                      "points": 0})
        for t in discards:
            seen[t] += 1
    offered = None
    if claim is not None or rob is not None:
        frm = _wind(q, "from", WINDS[(me - 1) % 4])
        if frm == me:
            raise BadPosition("from: the tile on offer is another seat's")
        if rob is not None:
            _robbed(seats[frm], rob)
        else:
            seen[claim] += 1
        offered = {"discarder": frm, "tile": format_tiles([claim if rob is None else rob]),
                   "kind": "discard" if rob is None else "rob"}
    for seat in seats:
        for m in seat["melds"]:
            for t in read_tiles(m["tiles"]):
                seen[t] += 1
    for t in hand + drawn:
        seen[t] += 1
    over = [format_tiles([t]) for t in range(NUM_PLAYING_KINDS) if seen[t] > 4]
    if over:
        raise BadPosition(f"more than four of {', '.join(over)}")
    phase = "play" if offered is None else "claim" if rob is None else "rob"
    view = {"viewer": me, "hand": format_tiles(sorted(hand)), "seats": seats,
            "prevailing_wind": WINDS[prevailing], "dealer": 0, "wall": {"live": wall},
            "claim": offered, "phase": phase, "ruleset": name}
    if drawn:
        view["drawn"] = format_tiles(drawn)
    if q.get("goulash") == "1":
        view["goulash"] = True
    try:
        view["legal_actions"] = board_jobs.board_legal(view, ruleset)
    except NotationError as exc:
        raise BadPosition(str(exc)) from exc
    return ruleset, view


def address_of(view: dict[str, Any], ruleset_name: str) -> dict[str, str]:
    """The address form of a seat view (a puzzle's, a replay move's)."""
    me = view["viewer"]
    by_seat = {s["seat"]: s for s in view["seats"]}

    def wind(seat: int) -> str:
        return by_seat[seat]["wind"]

    def melds(s) -> str:
        return ", ".join(m["tiles"] + ("/concealed" if not m.get("exposed", True) else
                                       "/promoted" if m.get("kong") == "promoted" else "")
                         for m in s["melds"])

    q = {"ruleset": ruleset_name, "seat": wind(me), "round": view["prevailing_wind"],
         "hand": view.get("hand") or "", "drawn": view.get("drawn") or "",
         "melds": melds(by_seat[me]), "bonus": by_seat[me].get("bonus") or "",
         "wall": str((view.get("wall") or {}).get("live", 60))}
    for s in view["seats"]:
        if s["discards"]:
            q[f"d_{s['wind']}"] = s["discards"]
        if s["seat"] != me and s["melds"]:
            q[f"m_{s['wind']}"] = melds(s)
        if s["seat"] != me and s.get("bonus"):
            q[f"b_{s['wind']}"] = s["bonus"]
    claim = view.get("claim") or {}
    if claim.get("tile") and claim.get("discarder") is not None:
        q["rob" if claim.get("kind") == "rob" else "claim"] = claim["tile"]
        q["from"] = wind(claim["discarder"])
    if view.get("goulash"):
        q["goulash"] = "1"
    return {k: v for k, v in q.items() if v}
