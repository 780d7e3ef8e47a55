"""Every legal action of one seat, weighed: `evaluate(knowledge) -> list[Candidate]`, best first.

For each action the hand it leaves is assessed: its distance from going out under the ruleset's
win shape (shape.py), the tiles that bring it nearer and how many of each are unseen, what it is
worth if it goes out (value.py) and how likely it is to (chance.py), by the best of three plans:
any shape, all pungs, one suit. A discard also carries its danger (danger.py). A claim is judged
by the best discard after it, a pass by the hand as it stands, a kong by the hand after it.

The ranking score is the expected gain: chance × value, less, when the style defends, the chance
of dealing in times what it would cost beyond what the seat would pay anyway. With the one-draw
lookahead, the leading discards' chances use the effective tiles the hand would have after its
next useful draw instead of a typical figure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import actions as A
from ..actions import Action
from ..melds import CHOW, KONG, PUNG, Meld
from ..tiles import ORPHANS, format_tiles
from ..wintest import winning_tiles
from . import shape
from .chance import step_chance, win_chance
from .danger import Danger, Threat, danger_of, threats
from .knowledge import Knowledge
from .value import loser_total, plan_value, waits_of, win_total

WIN_SCORE = 1e9
LOOKAHEAD_DRAWS = 8  # the likeliest useful draws looked at
LOOKAHEAD_CANDIDATES = 2  # the leading discards looked at
PUNGS_BREADTH = 0.6  # an all-pungs plan moves slower than one that takes any set
SUIT_BREADTH = 0.7  # and so does a one-suit plan
# Near-ties go to the hand whose any-shape plan is worth more, then to the likelier plan.
TIE_FALLBACK = 0.1
TIE_CHANCE = 0.1


@dataclass(frozen=True)
class Style:
    """How a level weighs: `defence` counts the danger of a discard, `lookahead` looks one
    draw further for the leading discards."""

    defence: bool = True
    lookahead: bool = True


INTERMEDIATE = Style(defence=False, lookahead=False)
STRONG = Style(defence=True, lookahead=True)


@dataclass
class Candidate:
    action: Action
    shanten: int
    effective: dict[int, int]
    value: float
    win_chance: float
    danger: float
    danger_class: str
    cost: float
    score: float
    plan: str = "any"

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "shanten": self.shanten,
            "effective": {format_tiles([t]): n for t, n in sorted(self.effective.items())},
            "live": sum(self.effective.values()),
            "value": round(self.value, 1),
            "win_chance": round(self.win_chance, 3),
            "danger": round(self.danger, 3),
            "danger_class": self.danger_class,
            "cost": round(self.cost, 1),
            "score": round(self.score, 2),
            "plan": self.plan,
        }


@dataclass
class Assessment:
    """A hand waiting for its next tile (3k+1 concealed tiles), weighed by its best plan.
    `shanten` and `effective` are the ruleset's win shape's; `plan_shanten` the plan's;
    `gain` what going out is worth to the seat in payments, `value` the hand's total."""

    shanten: int
    effective: dict[int, int]
    value: float
    chance: float
    plan: str
    gain: float
    plan_shanten: int = 0
    live: int = 0
    loser: float = 0.0  # what the hand brings in if another goes out (losers settling)
    fallback: float = 0.0  # the expected gain by any shape (near-ties between plans go to it)
    lookahead_done: bool = False

    @property
    def expected(self) -> float:
        return self.chance * self.gain + (1 - self.chance) * self.loser


SAFE = Danger(0.0, 0.0, "safe")


@dataclass
class Evaluator:
    k: Knowledge
    style: Style
    cache: dict[tuple, Assessment] = field(default_factory=dict)
    ukeire: dict[tuple, int] = field(default_factory=dict)
    found: list[Threat] | None = None

    def __post_init__(self) -> None:
        k = self.k
        rules = k.rules
        self.unseen_total = max(1, k.unseen_total)
        self.turns = max(0, round(k.turns_left))
        self.start = round(k.discard_total / 4)
        self.melds = k.me.melds
        self.found = threats(k)
        # How fast the others go out: cheap hands go out fast; a chow limit or a minimum faan
        # slows everyone; a declared calling hand may go out any turn.
        restricted = rules.max_chows is not None or rules.min_faan >= 2
        self.pace = 0.35 if restricted else 1.0
        self.extra = round(0.12 * sum(1 for st in k.opponents if st.fishing or st.original_call),
                           2)
        # What going out is worth in payments: each loser pays the total (the discarder double
        # under a Hong Kong table, East double elsewhere), and the seat pays nobody else.
        if rules.scoring == "hongkong":
            self.factor = 4.8
        elif rules.east_doubles and k.dealer == k.seat:
            self.factor = 6.0
        else:
            self.factor = 4.0
        # Losers settle their differences in the classical tables: the seat gains its hand's
        # total from each of the two other losers when someone else goes out.
        other_wins = 0.4 if restricted else 0.75
        self.loser_weight = 2 * other_wins * (1.5 if rules.east_doubles else 1)
        self.avoided = 0.25 * min(1.0, self.pace) * sum(
            t.value * (2 if rules.east_doubles and k.dealer in (k.seat, t.seat)
                       and rules.scoring != "hongkong" else 1)
            for t in self.found)

    def gain(self, value: float) -> float:
        return value * self.factor + self.avoided if value > 0 else 0.0

    def chance(self, shanten: int, first: float, second: float | None = None,
               breadth: float = 1.0) -> float:
        return win_chance(shanten, round(first, 3), self.turns,
                          None if second is None else round(second, 3), self.start, self.pace,
                          self.extra, breadth)

    # ------------------------------------------------------------ hands
    def improving(self, counts: list[int], melds: Sequence[Meld], s: int, measure,
                  kinds: Sequence[int]) -> dict[int, int]:
        """The kinds (among `kinds`) that bring this hand nearer by `measure`, with the copies
        of each still unseen."""
        k = self.k
        out = {}
        for t in kinds:
            live = k.unseen(t)
            if live <= 0 or counts[t] >= 4:
                continue
            counts[t] += 1
            if measure(counts, melds) < s:
                out[t] = live
            counts[t] -= 1
        return out

    def near_kinds(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
        kinds = set()
        for t in range(34):
            if not counts[t]:
                continue
            kinds.add(t)
            if t < 27:
                lo = t - t % 9
                for d in (-2, -1, 1, 2):
                    if lo <= t + d < lo + 9:
                        kinds.add(t + d)
        if self.k.rules.thirteen_orphans and not melds:
            kinds.update(ORPHANS)
        if self.k.rules.wild_tile is not None:
            kinds.add(self.k.rules.wild_tile)
        return sorted(kinds)

    def assess(self, counts: Sequence[int], melds: Sequence[Meld],
               original_call: bool = False) -> Assessment:
        key = (tuple(counts[:34]), tuple(melds), original_call)
        got = self.cache.get(key)
        if got is not None:
            return got
        got = self.cache[key] = self._assess(list(counts[:34]), tuple(melds), original_call)
        got.loser = self.loser_weight * loser_total(self.k, counts, melds)
        return got

    def _assess(self, counts: list[int], melds: tuple[Meld, ...],
                original_call: bool) -> Assessment:
        k = self.k
        rules = k.rules
        n = self.unseen_total
        s = shape.shanten(rules, counts, melds)
        if s == 0:
            waits = waits_of(k, counts, melds, original_call)
            effective = {w: live for w, live, _, _ in waits.tiles if live > 0}
            value = waits.value()
            chance = self.chance(0, step_chance(waits.effective_live(), n, 0))
            best = Assessment(0, effective, value, chance, "any", self.gain(value), 0,
                              waits.live)
        else:
            effective = self.improving(counts, melds, s, lambda c, m: shape.shanten(rules, c, m),
                                       self.near_kinds(counts, melds))
            live = sum(effective.values())
            value = plan_value(k, counts, melds, "any")
            chance = self.chance(s, step_chance(live, n, s))
            best = Assessment(s, effective, value, chance, "any", self.gain(value), s, live)
        best.fallback = best.expected
        if original_call:
            return best
        # All pungs.
        sp = shape.pung_shanten(counts, melds) if rules.max_chows != 0 else s
        if sp <= s + 2 and sp < 8 and not (sp == 0 and s == 0) and rules.max_chows != 0:
            held = [t for t in range(34) if counts[t]]
            eff = self.improving(counts, melds, sp, shape.pung_shanten, held)
            live = sum(eff.values())
            value = plan_value(k, counts, melds, "pungs")
            chance = self.chance(sp, step_chance(live, n, sp), breadth=PUNGS_BREADTH)
            plan = Assessment(s, effective, value, chance, "pungs", self.gain(value), sp,
                              best.live, fallback=best.fallback)
            if plan.expected > best.expected:
                best = plan
        # One suit, the suit the hand holds most of.
        suits = [sum(counts[lo:lo + 9]) for lo in (0, 9, 18)]
        for m in melds:
            if m.tile < 27:
                suits[m.tile // 9] += 3
        x = max(range(3), key=lambda i: suits[i])
        limit = shape.chows_left(rules, melds)
        sx = shape.suit_shanten(counts, x, melds, True, limit)
        if sx <= s + 3 and sx < 8 and not (sx == 0 and s == 0):
            lo = 9 * x
            kinds = [t for t in self.near_kinds(counts, melds) if lo <= t < lo + 9 or t >= 27]

            def measure(c, m, x=x, limit=limit):
                return shape.suit_shanten(c, x, m, True, limit)

            eff = self.improving(counts, melds, sx, measure, kinds)
            live = sum(eff.values())
            value = plan_value(k, counts, melds, "suit", x)
            chance = self.chance(sx, step_chance(live, n, sx), breadth=SUIT_BREADTH)
            plan = Assessment(s, effective, value, chance, "suit", self.gain(value), sx,
                              best.live, fallback=best.fallback)
            if plan.expected > best.expected:
                best = plan
        return best

    def live_after(self, counts: list[int], melds: tuple[Meld, ...], s: int) -> int:
        """Unseen copies of the tiles that bring this hand (shanten `s`) nearer, kept."""
        key = (tuple(counts), melds)
        got = self.ukeire.get(key)
        if got is None:
            rules = self.k.rules
            if s == 0:
                got = sum(self.k.unseen(w) for w in winning_tiles(rules, counts, melds))
            else:
                got = sum(self.improving(counts, melds, s,
                                         lambda c, m: shape.shanten(rules, c, m),
                                         self.near_kinds(counts, melds)).values())
            self.ukeire[key] = got
        return got

    def lookahead(self, counts: list[int], melds: tuple[Meld, ...], a: Assessment) -> None:
        """Refine a hand's chance by the effective tiles it would have after its next useful
        draw (the best discard then), instead of the typical figure for that distance."""
        if a.lookahead_done or a.shanten < 1 or a.plan != "any" or not a.effective:
            return
        rules = self.k.rules
        s = a.shanten
        total = weight = 0.0
        draws = sorted(a.effective.items(), key=lambda kv: -kv[1])[:LOOKAHEAD_DRAWS]
        for t, live in draws:
            counts[t] += 1
            best_live = 0
            for d in range(34):
                if not counts[d] or d == t:
                    continue
                counts[d] -= 1
                if shape.shanten(rules, counts, melds) == s - 1:
                    best_live = max(best_live, self.live_after(counts, melds, s - 1))
                counts[d] += 1
            counts[t] -= 1
            total += live * best_live
            weight += live
        if weight:
            second = step_chance(total / weight, self.unseen_total, s - 1)
            first = step_chance(a.live, self.unseen_total, s)
            a.chance = self.chance(s, first, second)
            a.fallback = a.expected
        a.lookahead_done = True

    # ------------------------------------------------------------ the discards
    def danger(self, t: int) -> Danger:
        return danger_of(self.k, t, self.found) if self.style.defence else SAFE

    def penalty(self, d: Danger, a: Assessment) -> float:
        """What dealing in would cost beyond what the seat would pay anyway: under a Hong Kong
        table the discarder pays double; elsewhere the opponent might go out regardless, so
        only part of it counts, and the seat's own chance is lost as well."""
        if not self.style.defence or d.chance <= 0:
            return 0.0
        share = 0.6 if self.k.rules.scoring == "hongkong" else 0.4
        return d.chance * (d.cost * share + a.expected)

    def discard_options(self, counts: list[int], melds: tuple[Meld, ...],
                        actions: Sequence[Action], lookahead: bool = True,
                        defend: bool = True) -> list[Candidate]:
        out = []
        for act in actions:
            t = act.tile
            counts[t] -= 1
            a = self.assess(counts, melds, act.call)
            counts[t] += 1
            d = self.danger(t) if defend else SAFE
            out.append(self.candidate(act, a, d))
        if lookahead and self.style.lookahead and len(out) > 1:
            # The leading discards, refined, are ranked among themselves and stay ahead of
            # the rest: a refined figure is not comparable with a typical one.
            out.sort(key=lambda c: -c.score)
            lead = out[:LOOKAHEAD_CANDIDATES]
            floor = out[len(lead)].score if len(out) > len(lead) else None
            for c in lead:
                t = c.action.tile
                counts[t] -= 1
                a = self.cache[(tuple(counts), melds, c.action.call)]
                self.lookahead(counts, melds, a)
                counts[t] += 1
                d = Danger(c.danger, c.cost, c.danger_class)
                c.win_chance = a.chance
                c.score = self.score(a, d)
            if floor is not None:
                lift = max(0.0, floor - min(c.score for c in lead) + 1e-6)
                for c in lead:
                    c.score += lift
        return out

    def score(self, a: Assessment, d: Danger) -> float:
        return (a.expected - self.penalty(d, a) + TIE_FALLBACK * a.fallback
                + TIE_CHANCE * a.chance)

    def candidate(self, act: Action, a: Assessment, d: Danger = SAFE) -> Candidate:
        score = self.score(a, d)
        return Candidate(act, a.shanten, dict(a.effective), a.value, a.chance, d.chance,
                         d.level, d.cost, score, a.plan)

    # ------------------------------------------------------------ everything legal
    def run(self) -> list[Candidate]:
        k = self.k
        hand = list(k.hand[:34])
        melds = tuple(self.melds)
        legal = [a for a in k.legal if a.seat == k.seat]
        out: list[Candidate] = []
        discards = [a for a in legal if a.type == A.DISCARD]
        if discards:
            out += self.discard_options(hand, melds, discards)
        for act in legal:
            if act.type == A.DISCARD:
                continue
            out.append(self.other(act, hand, melds))
        out.sort(key=lambda c: -c.score)
        return out

    def other(self, act: Action, hand: list[int], melds: tuple[Meld, ...]) -> Candidate:
        k = self.k
        if act.type == A.WIN:
            tile = k.claim_tile if k.claim_tile is not None else k.drawn
            counts = list(hand)
            self_drawn = k.claim_tile is None
            if tile is not None and not self_drawn:
                counts[tile] += 1
            value = float(win_total(k, counts, melds, tile, self_drawn)) if tile is not None \
                else 0.0
            return Candidate(act, -1, {}, value, 1.0, 0.0, "safe", 0.0, WIN_SCORE + value)
        if act.type == A.PASS:
            return self.candidate(act, self.assess(hand, melds))
        if act.type in (A.CHOW, A.PUNG, A.KONG):
            return self.claim(act, hand, melds)
        if act.type in (A.CONCEALED_KONG, A.PROMOTE_KONG):
            t = act.tile
            counts = list(hand)
            if act.type == A.CONCEALED_KONG:
                counts[t] -= 4
                after = (*melds, Meld(KONG, (t,) * 4, False, "concealed"))
            else:
                counts[t] -= 1
                after = tuple(Meld(KONG, (t,) * 4, True, "promoted", m.from_seat)
                              if m.kind == PUNG and m.tile == t else m for m in melds)
            a = self.assess(counts, after)
            return self.candidate(act, a)
        return Candidate(act, 8, {}, 0.0, 0.0, 0.0, "safe", 0.0, 0.0)

    def claim(self, act: Action, hand: list[int], melds: tuple[Meld, ...]) -> Candidate:
        k = self.k
        tile = k.claim_tile
        counts = list(hand)
        if act.type == A.CHOW:
            for t in act.tiles:
                if t != tile:
                    counts[t] -= 1
            meld = Meld(CHOW, tuple(act.tiles), True, None, k.claim_from)
        elif act.type == A.PUNG:
            counts[tile] -= 2
            meld = Meld(PUNG, (tile,) * 3, True, None, k.claim_from)
        else:
            counts[tile] -= 3
            a = self.assess(counts, (*melds, Meld(KONG, (tile,) * 4, True, "claimed",
                                                  k.claim_from)))
            return self.candidate(act, a)
        after = (*melds, meld)
        options = [Action(k.seat, A.DISCARD, t) for t in range(34) if counts[t]]
        # The discard after a claim is weighed as a pass is: for its hand, not its danger
        # (a pass too discards next turn).
        best = max(self.discard_options(counts, after, options, lookahead=False, defend=False),
                   key=lambda c: c.score)
        best.action = act
        return best


def evaluate(knowledge: Knowledge, style: Style = STRONG) -> list[Candidate]:
    """Every legal action of the seat, weighed (see the module's docstring), best first."""
    if not knowledge.legal:
        return []
    return Evaluator(knowledge, style).run()
