"""Settling a deal (rules/classical.md §2, §3; rules/leagues.md §7-8).

Everything here is a pure function of the hand totals; nothing is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, NotationError
from .melds import Meld
from .ruleset import Ruleset
from .tiles import DRAGONS, HONOURS, WINDS, is_terminal

_GREEN = frozenset((1, 2, 3, 5, 7, 32))


@dataclass(frozen=True)
class Payment:
    payer: int
    payee: int
    amount: int

    def to_json(self) -> dict[str, int]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount}


@dataclass(frozen=True)
class Settlement:
    payments: tuple[Payment, ...]
    deltas: tuple[int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        return {"payments": [p.to_json() for p in self.payments], "deltas": list(self.deltas)}


def _settlement(flows: Iterable[tuple[int, int, int]]) -> Settlement:
    """Nets opposite flows between two seats into one payment; drops nothing-owed pairs."""
    owed: dict[tuple[int, int], int] = {}
    for payer, payee, amount in flows:
        if payer > payee:
            payer, payee, amount = payee, payer, -amount
        owed[(payer, payee)] = owed.get((payer, payee), 0) + amount
    payments = []
    deltas = [0, 0, 0, 0]
    for (a, b), amount in sorted(owed.items()):
        if amount == 0:
            continue
        payer, payee = (a, b) if amount > 0 else (b, a)
        payments.append(Payment(payer, payee, abs(amount)))
        deltas[payer] -= abs(amount)
        deltas[payee] += abs(amount)
    return Settlement(tuple(payments), (deltas[0], deltas[1], deltas[2], deltas[3]))


def _check_seat(name: str, seat: int | None) -> None:
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat <= 3):
        raise NotationError(f"{name} must be a seat 0-3, not {seat!r}")


def settle(ruleset: Ruleset, totals: Sequence[int], winner: int | None, dealer: int,
           liable: int | None = None, *, discarder: int | None = None,
           self_drawn: bool = False) -> Settlement:
    """Each loser pays the winner; East pays and receives double; losers settle differences.

    `liable` is a discarder who let off a cannon (§2.4): he alone pays the winner every loser's
    share and the losers do not settle. A draw (no winner) pays nothing (§2.5).
    Hong Kong scoring (scoring="hongkong"): only the winner is paid, the discarder of the winning
    tile (`discarder`, the kong's owner when it was robbed) pays double, and every loser pays
    double for a self-drawn win; East is not doubled and losers do not settle.
    """
    if len(totals) != 4:
        raise NotationError("settlement needs four hand totals")
    for name, seat in (("winner", winner), ("dealer", dealer), ("liable", liable)):
        _check_seat(name, seat)
    if winner is None:
        return _settlement(())
    if liable == winner:
        raise IllegalAction("the winner cannot be liable for his own win")

    if ruleset.scoring == "hongkong":
        _check_seat("discarder", discarder)
        return _settlement(
            (liable if liable is not None else loser, winner,
             totals[winner] * (2 if self_drawn or loser == discarder else 1))
            for loser in range(4) if loser != winner
        )

    def factor(a: int, b: int) -> int:
        return 2 if ruleset.east_doubles and dealer in (a, b) else 1

    losers = [s for s in range(4) if s != winner]
    flows = []
    for loser in losers:
        payer = loser if liable is None else liable
        flows.append((payer, winner, totals[winner] * factor(loser, winner)))
    if liable is None and ruleset.losers_settle:
        for i, a in enumerate(losers):
            for b in losers[i + 1:]:
                flows.append((b, a, (totals[a] - totals[b]) * factor(a, b)))
    return _settlement(flows)


PENALTIES = ("false_mahjong", "false_naming_mahjong", "false_claim_chow", "false_claim_pung")


def penalty(ruleset: Ruleset, offence: str, offenders: Sequence[int]) -> Settlement:
    """A penalty (§3.2; leagues.md §7): its amount, split evenly, goes from the offenders to the
    other players. Not doubled for East; the caller collects nothing after a draw (§2.5)."""
    if offence not in PENALTIES:
        raise NotationError(f"unknown offence {offence!r} (known: {', '.join(PENALTIES)})")
    if not ruleset.penalties:
        return _settlement(())
    offenders = sorted(set(offenders))
    for seat in offenders:
        _check_seat("offender", seat)
    payees = [s for s in range(4) if s not in offenders]
    if not offenders or not payees:
        raise IllegalAction("a penalty needs at least one offender and one other player")
    amount = getattr(ruleset, f"penalty_{offence}")
    flows = []
    # Split the total over payer-payee pairs; the first pairs absorb any remainder.
    pairs = [(p, q) for p in offenders for q in payees]
    share, extra = divmod(amount, len(pairs))
    for i, (p, q) in enumerate(pairs):
        flows.append((p, q, share + (1 if i < extra else 0)))
    return _settlement(flows)


def combine(*settlements: Settlement) -> Settlement:
    """One settlement from several (a deal's payments and then its penalties)."""
    return _settlement((p.payer, p.payee, p.amount) for s in settlements for p in s.payments)


def dangerous_discard(ruleset: Ruleset, tile: int, claimant_melds: Sequence[Meld],
                      live_wall_left: int, seen_before: bool) -> str | None:
    """Why a discard is dangerous (classical.md §3.5, letting off a cannon), or None.

    `claimant_melds` are the declared sets of the player who takes the tile; `seen_before` says
    whether a tile of this kind was discarded earlier in the deal.
    """
    if live_wall_left <= ruleset.cannon_wall_tiles and not seen_before:
        return f"only {live_wall_left} tiles left in the wall and this tile was not seen before"
    firsts = [m.tiles[0] for m in claimant_melds]
    if len(firsts) >= 3:
        suits = {t // 9 for t in firsts if t < 27}
        if all(t < 27 for t in firsts) and len(suits) == 1 and tile < 27 and tile // 9 in suits:
            return "the claimant shows three or more sets of this suit"
        if all(t in HONOURS for t in firsts) and tile in HONOURS:
            return "the claimant shows three or more sets of honours"
        tiles = [t for m in claimant_melds for t in m.tiles]
        if all(is_terminal(t) for t in tiles) and is_terminal(tile):
            return "the claimant shows three or more sets of terminals"
        if all(t in _GREEN for t in tiles) and tile in _GREEN:
            return "the claimant shows three or more green sets"
    winds = sum(1 for m in claimant_melds if m.kind != "chow" and m.tile in WINDS)
    if winds >= 3 and tile in WINDS:
        return "the claimant shows three or more wind sets"
    dragons = sum(1 for m in claimant_melds if m.kind != "chow" and m.tile in DRAGONS)
    if dragons >= 2 and tile in DRAGONS:
        return "the claimant shows two or more dragon sets"
    return None


def cannon_liable(ruleset: Ruleset, tile: int, hand: Sequence[int],
                  claimant_melds: Sequence[Meld], live_wall_left: int,
                  seen: Iterable[int] = ()) -> bool:
    """Whether discarding `tile` makes the discarder liable: it is dangerous and he held a safe
    tile instead ("no choice" exempts him). `hand` is his hand before the discard."""
    if not ruleset.cannon_rule:
        return False
    seen = set(seen)

    def danger(t: int) -> bool:
        return dangerous_discard(ruleset, t, claimant_melds, live_wall_left, t in seen) is not None

    if not danger(tile):
        return False
    return any(not danger(t) for t in hand)
