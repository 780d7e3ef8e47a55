"""Projections: what one seat, a spectator or (after the game) a reviewer may see.

Only projections leave the server. A seat's view holds its own concealed tiles and public facts;
a spectator's holds public facts only; neither holds the wall order or the seed.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .analysis import shanten
from .deal.exchange import ROUNDS, partner, partners
from .errors import EngineError, IllegalAction
from .match import Match
from .ruleset import Ruleset
from .tiles import WIND_TOKENS, format_tiles
from .wintest import complete_size, winning_tiles


def _seat_public(match: Match, s: int) -> dict[str, Any]:
    deal = match.deal
    st = deal.seats[s]
    return {
        "seat": s,
        "wind": WIND_TOKENS[deal.wind_of(s)],
        "points": match.state.points[s],
        "concealed": st.concealed_count(),
        "melds": [m.to_json() for m in st.melds],
        "bonus": format_tiles(st.bonus),
        "discards": format_tiles(st.discards),
        "original_call": st.original_call,
        "call_broken": st.call_broken,
        "fishing": st.fishing,
        "ready": s in match.ready,
    }


def ritual_forms(rs: Ruleset) -> dict[str, Any]:
    """The ruleset's forms of the rituals, so a table can tell them the way they were done."""
    return {
        "seating": rs.seating_form,
        "break": rs.break_form,
        "east_final_tiles": rs.east_final_tiles,
        "hand_size": rs.hand_size,
        "dead_wall_stacks": rs.dead_wall_stacks,
        "loose_tiles": rs.loose_tiles,
        "dead_wall_replenish": rs.dead_wall_replenish,
        "bonus_replacement": rs.bonus_replacement,
        "bonus_rounds": rs.bonus_rounds,
        "goulash_after_washout": rs.goulash_after_washout,
    }


def centre_pool(match: Match) -> str:
    """003 §3.3: the unclaimed discards lie at random in the centre, so nobody can read who
    threw which tile or in which order. Each tile's place comes from a keyed hash of the secret
    seed, the deal, the tile and how many of its kind lie there: stable while play goes on,
    and telling nothing of seats or order."""
    deal = match.deal
    seen: dict[int, int] = {}
    keyed = []
    for st in deal.seats:
        for t in st.discards:
            seen[t] = seen.get(t, 0) + 1
    for t, n in seen.items():
        for k in range(n):
            digest = hashlib.sha256(f"{match.seed}:{deal.number}:{t}:{k}".encode()).digest()
            keyed.append((digest, t))
    return format_tiles([t for _, t in sorted(keyed)])


def public_view(match: Match) -> dict[str, Any]:
    deal = match.deal
    last = match.history[-1].to_json() if match.history and deal.is_over else None
    claim = None
    if deal.window_tile is not None:
        claim = {
            "discarder": deal.window_from,
            "tile": format_tiles([deal.window_tile]),
            "kind": "rob" if deal.phase == "rob" else "discard",
        }
    view = {
        "version": match.version,
        "ruleset": match.ruleset.name,
        "ruleset_title": match.ruleset.title,
        "scoring": match.ruleset.scoring,  # the score sheet words faan as faan ("hongkong")
        "phase": match.phase,
        "viewer": None,
        "prevailing_wind": WIND_TOKENS[deal.prevailing_wind],
        "deal_number": deal.number,
        "dealer": deal.dealer,
        "east_streak": match.state.east_streak,
        "seats": [_seat_public(match, s) for s in range(4)],
        "turn": deal.turn,
        "last_discard": (
            {"seat": deal.last_discard[0], "tile": format_tiles([deal.last_discard[1]])}
            if deal.last_discard
            else None
        ),
        "wall": deal.wall.public(),
        "discard_display": match.ruleset.discard_display,
        "rituals": {
            "seating": match.seating.to_json(),
            "break": deal.brk.to_json(),
            "forms": ritual_forms(match.ruleset),
            **({"first_dealer": {"thrower": 0, "dice": list(match.first_dealer_throw),
                                 "dealer": match.state.first_dealer}}
               if match.first_dealer_throw else {}),
        },
        # In a window everyone but the discarder is shown as waiting until it closes: who has
        # answered already would hint at who had nothing to claim.
        "waiting_on": (
            [x for x in range(4) if x != deal.window_from]
            if deal.window_tile is not None and not deal.is_over
            else match.waiting_on()
        ),
        "claim": claim,
        "goulash": deal.goulash,
        "exchange": _exchange_public(deal),
        "last_deal": last,
        "standings": [x.to_json() for x in match.standings()] if match.is_over else None,
        "hand": None,
        "drawn": None,
        "legal_actions": [],
    }
    if match.ruleset.discard_display == "centre":
        _hide_discard_order(match, view)
    return view


def _exchange_public(deal) -> dict[str, Any] | None:
    """A Goulash's exchange under way (001): the round, who passes to whom and who has chosen;
    never which tiles."""
    if not deal.exchange_round:
        return None
    r = deal.exchange_round
    return {
        "round": r,
        "rounds": ROUNDS,
        "partners": partners(deal.dealer, r),
        "chosen": [s in deal.exchange_chosen for s in range(4)],
    }


def _exchange_own(deal, seat: int) -> dict[str, Any] | None:
    """The seat's own side of the exchanges: the tiles it chose this round and, until the first
    discard, the tiles it received in the last round done (so its table can mark them)."""
    received = deal.exchange_received.get(seat) if not deal.discards_made else None
    if not deal.exchange_round and received is None:
        return None
    own = dict(_exchange_public(deal) or {"round": None, "rounds": ROUNDS})
    if deal.exchange_round:
        own["partner"] = partner(deal.dealer, seat, deal.exchange_round)
        chosen = deal.exchange_chosen.get(seat)
        own["passed"] = format_tiles(chosen) if chosen else None
    own["received"] = format_tiles(received) if received else None
    return own


def _hide_discard_order(match: Match, view: dict[str, Any]) -> None:
    """003 §3.3: with the random centre nobody can read who threw what or in which order, so the
    view keeps no per-seat rows and names the last discard only while it is on offer (everyone
    saw it thrown; once the window closes it is one more tile in the pool)."""
    view["centre"] = centre_pool(match)
    for seat in view["seats"]:
        seat["discards"] = ""
    if match.deal.window_tile is None or match.deal.phase != "claim":
        view["last_discard"] = None


def seat_view(match: Match, seat: int, public: dict[str, Any] | None = None) -> dict[str, Any]:
    """What `seat` may see. `public`: this match's public_view() as it stands, if the caller
    has it (only read, never changed)."""
    # A shallow copy is enough: only top-level keys are set below.
    view = dict(public) if public is not None else public_view(match)
    st = match.deal.seats[seat]
    tiles = st.tiles()
    if st.drawn is not None and st.drawn in tiles and match.deal.turn == seat:
        tiles.remove(st.drawn)
        view["drawn"] = format_tiles([st.drawn])
    view["hand"] = format_tiles(tiles)
    view["viewer"] = seat
    view["legal_actions"] = [a.to_json() for a in match.legal_actions(seat)]
    view["answered"] = seat in match.deal.answers
    view["exchange"] = _exchange_own(match.deal, seat)
    return view


def own_hand(match: Match, seat: int) -> list[int]:
    """`seat`'s concealed tile counts as its view shows them in `hand`: a tile just drawn on its
    turn set apart."""
    st = match.deal.seats[seat]
    counts = list(st.hand)
    if st.drawn is not None and counts[st.drawn] and match.deal.turn == seat:
        counts[st.drawn] -= 1
    return counts


def ready_waits(match: Match, seat: int) -> list[dict[str, Any]] | None:
    """The ready indicator of `seat`'s own view: when its hand (a tile just drawn set apart) is
    one tile from going out, each tile that would complete it by the deal's own win test
    (`Deal.can_win`: the ruleset's shapes and chow limit, a Goulash's wild tile, a broken
    Original Call, a Hong Kong table's minimum faan), with `only` where it wins only
    `self_drawn` or only on a `discard`. None when no tile lets it go out. Reads the seat's own
    tiles and public facts only."""
    deal = match.deal
    st = deal.seats[seat]
    counts = own_hand(match, seat)
    rs = deal.ruleset
    if sum(counts[:34]) != complete_size(rs, st.melds) - 1:
        return None
    if rs.wild_tile is None and not _odd_shapes(rs) and shanten(counts, rs.thirteen_orphans) > 0:
        return None  # no tile makes sets and a pair (or the Orphans): the usual case, and cheap
    out: list[dict[str, Any]] = []
    held = list(counts)
    for meld in st.melds:
        for t in meld.tiles:
            if t < len(held):
                held[t] += 1
    for tile in sorted(winning_tiles(rs, counts, st.melds)):
        if held[tile] >= 4:
            continue  # every copy is this seat's own already: no fifth can come
        counts[tile] += 1
        try:
            drawn = deal.can_win(seat, counts, tile, "wall")
            thrown = deal.can_win(seat, counts, tile, "discard")
        except EngineError:  # a hand the scorer refuses is no win, and no reason to fail a frame
            drawn = thrown = False
        finally:
            counts[tile] -= 1
        if drawn or thrown:
            wait: dict[str, Any] = {"tile": format_tiles([tile])}
            if drawn != thrown:
                wait["only"] = "self_drawn" if drawn else "discard"
            out.append(wait)
    return out or None


def _odd_shapes(rs: Ruleset) -> bool:
    """Whether the ruleset goes out on a special shape that is neither sets and a pair nor the
    Orphans (wintest.special_shape): a hand that could be one is asked of the win test itself."""
    codes = rs.limit_hands
    return ("L15" in codes and rs.snake == "wriggling") or any(
        c in codes for c in ("H1", "H2", "H3"))


def final_view(match: Match) -> dict[str, Any]:
    """A finished table as anyone at it sees it: the last position, the final standings, the
    last deal's result and the seed (revealed now). Bounded by one deal whatever the game's
    length: the whole review (every deal, the record) is fetched over HTTP."""
    if not match.is_over:
        raise IllegalAction("the game is still being played")
    view = public_view(match)
    view["seed"] = match.seed
    return view


def review_view(match: Match) -> dict[str, Any]:
    """Everything, for review once the game is over (the seed and the record included)."""
    if not match.is_over:
        raise IllegalAction("the game is still being played: no review yet")
    view = public_view(match)
    view["seed"] = match.seed
    view["record"] = match.record()
    view["deals"] = [h.to_json() for h in match.history]
    return view
