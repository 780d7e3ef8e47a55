"""Every legal action of one seat, weighed: `evaluate(knowledge) -> list[Candidate]`, best first.

For each action the hand it leaves is assessed: its distance from going out under the ruleset's
win shape (shape.py), the tiles that bring it nearer and how many of each are unseen, what it is
worth if it goes out (value.py) and how likely it is to (chance.py), by the best of three plans:
any shape, all pungs, one suit. A discard also carries its danger (danger.py). A claim is judged
by the best discard after it, a pass by the hand as it stands, a kong by the hand after it.

The ranking score is the expected gain in points: the chance of going out times what the others
would pay (plus, where losers settle, what the hand brings in when another goes out), less, when
the style defends, the chance of dealing in times what it would cost beyond what the seat would
pay anyway and the part of its own chance it would give up, and the bill a claim of the discard
could bring. With the lookahead, a hand one tile short of calling (the leading discards, a pass,
and the discard after a claim when the hand passing is refined too) is priced by the calling
hands its next useful draw allows, each scored exactly, in place of the plan's estimate; at
depth 2 a hand two tiles short is priced by the one-short hands its useful draws allow, refined
so. `next_live` tells the live tiles of the hands after the next useful draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import actions as A
from ..actions import Action
from ..melds import CHOW, KONG, PUNG, Meld
from ..tiles import ORPHANS, tile_name
from . import shape
from .chance import step_chance, win_chance
from .danger import OTHER_WINS, Danger, Threat, danger_of, spared_payment, threats
from .knowledge import Knowledge
from .value import loser_total, plan_value, waits_of, win_total

WIN_SCORE = 1e9
BREAKS_CALL = 1e6
LOOKAHEAD_DRAWS = 8  # the likeliest useful draws looked at
LOOKAHEAD_CANDIDATES = 3  # the leading discards looked at
DEEP_DRAWS = 6  # two short of calling: the likeliest useful draws looked at
DEEP_DISCARDS = 2  # and for each, the one-short hands (best by plan) refined
PUNGS_BREADTH = 0.6  # an all-pungs plan moves slower than one that takes any set
SUIT_BREADTH = 0.7  # and so does a one-suit plan
# Near-ties go to the hand whose any-shape plan is worth more, then to the likelier plan.
TIE_FALLBACK = 0.1
TIE_CHANCE = 0.1
FORFEIT = 0.2  # of the seat's own chance, lost by dealing in (the opponent might go out anyway)
THREATENED = 0.5  # an opponent this likely to be calling
LATE_WALL = 20  # live tiles left: late in the wall
BIG_HAND = 16  # times the Mah Jong points: a hand worth folding against when no extra is paid
FED = 0.3  # of a big hand's cost, the part a fed winning tile adds
CLAIM_COST = 0.01  # a claim that gains nothing is not made: passing hides more


@dataclass(frozen=True)
class Style:
    """How a level weighs: `defence` counts the danger of a discard, `lookahead` looks one
    draw further for the leading discards."""

    defence: bool = True
    lookahead: bool = True
    # In a claim window: "all" refines the hand after a claim, "consistent" only when the hand
    # passing would be refined too (one tile short of calling), "none" never.
    claim_lookahead: str = "consistent"
    # How far the lookahead reaches: 1 refines a hand one tile short of calling, 2 also a hand
    # two short (by the refined one-short hands its useful draws allow).
    depth: int = 1
    # What another's win means for the seat: going out spares it the payment to that winner
    # (counted from what the others show), and its own hand's total settles with the other
    # losers as often as another wins (the intermediate weighs only its own hand's gain, and
    # guesses how often the losers settle).
    spared: bool = False


INTERMEDIATE = Style(defence=False, lookahead=False)
STRONG = Style(defence=True, lookahead=True, depth=2, spared=True)


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
    next_live: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "shanten": self.shanten,
            "effective": {tile_name(t): n for t, n in sorted(self.effective.items())},
            "live": sum(self.effective.values()),
            "value": round(self.value, 1),
            "win_chance": round(self.win_chance, 3),
            "danger": round(self.danger, 3),
            "danger_class": self.danger_class,
            "cost": round(self.cost, 1),
            "score": round(self.score, 2),
            "plan": self.plan,
            "next_live": None if self.next_live is None else round(self.next_live, 1),
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
    next_live: float | None = None  # live waits after the next useful draw (the lookahead's)
    lookahead_done: bool = False

    @property
    def expected(self) -> float:
        return self.chance * self.gain + (1 - self.chance) * self.loser


SAFE = Danger(0.0, 0.0, "safe")


@dataclass
class Evaluator:
    """One seat's weighing at one moment: the figures every hand shares (turns left, the
    others' pace and threat, what a win pays) set once, the hands assessed kept by shape."""

    k: Knowledge
    style: Style
    cache: dict[tuple, Assessment] = field(default_factory=dict)
    calling: dict[tuple, tuple[float, float]] = field(default_factory=dict)
    found: list[Threat] | None = None
    # The copies of each kind the lookahead has drawn into the hand it weighs.
    drawn: list[int] = field(default_factory=lambda: [0] * 34)

    def __post_init__(self) -> None:
        k = self.k
        rules = k.rules
        self.unseen_total = max(1, k.unseen_total)
        self.turns = max(0, round(k.turns_left))
        self.later = 0  # turns the hand waits before its next draw (1 after a claim)
        self.start = round(k.discard_total / 4)
        self.melds = k.me.melds
        self.found = threats(k)
        # When folding is worth weighing (see `penalty`).
        self.far = shape.shanten(rules, k.hand, k.me.melds)
        self.threatened = any(t.calling >= THREATENED for t in self.found)
        self.late = k.live_left < LATE_WALL
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
        # total from each of the two other losers when someone else goes out. `Style.spared`
        # takes how often that happens from bot play (OTHER_WINS); the intermediate guesses.
        other_wins = OTHER_WINS if self.style.spared else 0.4 if restricted else 0.75
        self.loser_weight = 2 * other_wins * (1.5 if rules.east_doubles else 1)
        self.spare = spared_payment(k, self.found) if self.style.spared else 0.0

    def drawn_key(self) -> tuple[int, ...] | None:
        return tuple(self.drawn) if any(self.drawn) else None

    def gain(self, value: float) -> float:
        """What going out with a hand of this total is worth: the others' payments, and
        (`Style.spared`) the payment the seat would otherwise make to another winner."""
        return value * self.factor + self.spare if value > 0 else 0.0

    def chance(self, shanten: int, first: float, second: float | None = None,
               breadth: float = 1.0, third: float | None = None) -> float:
        return win_chance(shanten, round(first, 3), max(0, self.turns - self.later),
                          None if second is None else round(second, 3), self.start, self.pace,
                          self.extra, breadth, None if third is None else round(third, 3))

    # ------------------------------------------------------------ hands
    def improving(self, counts: list[int], melds: Sequence[Meld], s: int, each,
                  kinds: Sequence[int]) -> dict[int, int]:
        """The kinds (among `kinds`) that bring this hand nearer by `each` (its distance with
        one tile of each kind more), with the copies of each still unseen."""
        k = self.k
        lives = {}
        for t in kinds:
            live = k.unseen(t) - self.drawn[t]  # less the lookahead's own draws
            if live > 0 and counts[t] < 4:
                lives[t] = live
        kept = list(lives)
        return {t: lives[t] for t, d in zip(kept, each(counts, melds, kept)) if d < s}

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
        key = (tuple(counts[:34]), tuple(melds), original_call, self.later, self.drawn_key())
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
            effective = self.improving(counts, melds, s,
                                       lambda c, m, ts: shape.shanten_each(rules, c, m, ts),
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
            eff = self.improving(counts, melds, sp, shape.pung_shanten_each, held)
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

            def measure(c, m, ts, x=x, limit=limit):
                return shape.suit_shanten_each(c, x, m, ts, limit)

            eff = self.improving(counts, melds, sx, measure, kinds)
            live = sum(eff.values())
            value = plan_value(k, counts, melds, "suit", x)
            chance = self.chance(sx, step_chance(live, n, sx), breadth=SUIT_BREADTH)
            plan = Assessment(s, effective, value, chance, "suit", self.gain(value), sx,
                              best.live, fallback=best.fallback)
            if plan.expected > best.expected:
                best = plan
        return best

    def calling_after(self, counts: list[int], melds: tuple[Meld, ...]) -> tuple[float, float]:
        """The best calling hand one discard makes of these 3k+2 tiles, by its expected gain:
        (its value, its live waits weighted as they can be won); kept."""
        key = (tuple(counts), melds, self.drawn_key())
        got = self.calling.get(key)
        if got is not None:
            return got
        k = self.k
        best = (-1.0, 0.0, 0.0)
        held = [d for d in range(34) if counts[d]]
        for d, far in zip(held, shape.shanten_each(k.rules, counts, melds, held, -1)):
            if far != 0:
                continue
            counts[d] -= 1
            waits = waits_of(k, counts, melds, drawn=self.drawn)
            counts[d] += 1
            value = waits.value()
            live = waits.effective_live()
            gain = self.chance(0, step_chance(live, self.unseen_total, 0)) * self.gain(value)
            if gain > best[0]:
                best = (gain, value, live)
        got = self.calling[key] = (best[1], best[2])
        return got

    def refine(self, counts: list[int], melds: tuple[Meld, ...], a: Assessment) -> None:
        """The lookahead as deep as the style reaches."""
        if a.shanten == 1:
            self.lookahead(counts, melds, a)
        elif a.shanten == 2 and self.style.depth >= 2:
            self.lookahead2(counts, melds, a)

    def lookahead2(self, counts: list[int], melds: tuple[Meld, ...], a: Assessment) -> None:
        """Two draws further, for a hand two tiles short of calling: each useful draw is put
        in, the best one-short hands it allows (by their plan) are refined by the lookahead,
        and the hand is worth what the best of those is worth, reached a step later."""
        if a.lookahead_done or not a.effective:
            return
        a.lookahead_done = True
        rules = self.k.rules
        weight = value = live1 = live2 = 0.0
        draws = sorted(a.effective.items(), key=lambda kv: -kv[1])[:DEEP_DRAWS]
        for t, live in draws:
            counts[t] += 1
            self.drawn[t] += 1
            options = []
            held = [d for d in range(34) if counts[d] and d != t]
            for d, far in zip(held, shape.shanten_each(rules, counts, melds, held, -1)):
                if far == 1:
                    counts[d] -= 1
                    options.append((self.assess(counts, melds).expected, d))
                    counts[d] += 1
            best = None
            for _, d in sorted(options, reverse=True)[:DEEP_DISCARDS]:
                counts[d] -= 1
                b = self.assess(counts, melds)
                self.lookahead(counts, melds, b)
                counts[d] += 1
                if best is None or b.fallback > best.fallback:
                    best = b
            self.drawn[t] -= 1
            counts[t] -= 1
            if best is None or best.next_live is None:
                continue
            value += live * best.value
            live1 += live * best.live
            live2 += live * best.next_live
            weight += live
        if not weight:
            return
        value, live1, live2 = value / weight, live1 / weight, live2 / weight
        n = self.unseen_total
        chance = self.chance(2, step_chance(a.live, n, 2), step_chance(live1, n, 1),
                             third=step_chance(live2, n, 0))
        self.adopt(a, value, chance)
        a.next_live = live1

    def adopt(self, a: Assessment, value: float, chance: float) -> None:
        """A lookahead's figures replace the plan's estimate (an all-pungs or one-suit plan
        stays when it is worth more); the refined any-shape figure breaks near-ties."""
        refined = chance * self.gain(value) + (1 - chance) * a.loser
        if a.plan == "any" or refined > a.expected:
            a.value, a.chance, a.gain, a.plan = value, chance, self.gain(value), "any"
        a.fallback = refined

    def lookahead(self, counts: list[int], melds: tuple[Meld, ...], a: Assessment) -> None:
        """One draw further, for a hand one tile short of calling: each useful draw is put in,
        the best calling hand it allows is scored exactly (its waits, by the ruleset's own
        scoring), and the hand is worth what those are worth, in place of the plan's estimate.
        The live waits those calling hands would have are kept as `next_live`."""
        if a.lookahead_done or a.shanten != 1 or not a.effective:
            return
        a.lookahead_done = True
        total = weight = value = 0.0
        draws = sorted(a.effective.items(), key=lambda kv: -kv[1])[:LOOKAHEAD_DRAWS]
        for t, live in draws:
            counts[t] += 1
            self.drawn[t] += 1
            v, nxt = self.calling_after(counts, melds)
            self.drawn[t] -= 1
            counts[t] -= 1
            value += live * v
            total += live * nxt
            weight += live
        if not weight:
            return
        value /= weight
        a.next_live = total / weight
        # The second step's chance is the waits those calling hands would have: a shape
        # that calls on a wide wait goes out sooner than one that calls on a single tile.
        chance = self.chance(1, step_chance(a.live, self.unseen_total, 1),
                             step_chance(a.next_live, self.unseen_total, 0))
        self.adopt(a, value, chance)

    # ------------------------------------------------------------ the discards
    def danger(self, t: int) -> Danger:
        return danger_of(self.k, t, self.found) if self.style.defence else SAFE

    def penalty(self, d: Danger, a: Assessment) -> float:
        """What a discard may cost the defending style: the bill for a set claimed from it
        that would make the seat liable for a later win, and the cost of dealing in."""
        if not self.style.defence:
            return 0.0
        return d.liability + self.dealing_in(d, a)

    def dealing_in(self, d: Danger, a: Assessment) -> float:
        """What dealing in costs beyond what the seat would pay anyway when that opponent goes
        out (the discarder's extra share), and the part of its own chance it gives up (the
        opponent might have gone out regardless). Counted only when folding can pay: a likely
        calling opponent while the seat's own hand is far, late in the wall with the hand not
        calling, or a discard that would make the seat pay for everyone (the cannon rule).
        Where the discarder pays no more than the others (the classical tables without the
        cannon rule) only a big hand is worth folding against: feeding it is what lets it go
        out at all, often enough."""
        if d.chance <= 0:
            return 0.0
        rules = self.k.rules
        if d.extra <= 0 and not rules.cannon_rule and rules.scoring != "hongkong":
            if d.cost < BIG_HAND * rules.mahjong_points:
                return 0.0
            return d.chance * (FED * d.cost + FORFEIT * a.expected)
        liable = rules.cannon_rule and d.extra > 0
        if not (liable or (self.threatened and self.far >= 2) or (self.late and self.far >= 1)):
            return 0.0
        return d.chance * (d.extra + FORFEIT * a.expected)

    def discard_options(self, counts: list[int], melds: tuple[Meld, ...],
                        actions: Sequence[Action], lookahead: bool = True,
                        defend: bool = True) -> list[Candidate]:
        out = []
        dangers: dict[int, Danger] = {}
        for act in actions:
            t = act.tile
            counts[t] -= 1
            a = self.assess(counts, melds, act.call)
            counts[t] += 1
            d = dangers[t] = self.danger(t) if defend else SAFE
            out.append(self.candidate(act, a, d))
        if lookahead and self.style.lookahead and len(out) > 1:
            # The leading discards, refined, are ranked among themselves and stay ahead of
            # the rest: a refined figure is not comparable with a typical one.
            out.sort(key=lambda c: -c.score)
            lead = out[:LOOKAHEAD_CANDIDATES]
            for c in lead:
                t = c.action.tile
                counts[t] -= 1
                a = self.assess(counts, melds, c.action.call)  # kept above
                self.refine(counts, melds, a)
                counts[t] += 1
                c.win_chance, c.value, c.plan = a.chance, a.value, a.plan
                c.next_live = a.next_live
                c.score = self.score(a, dangers[t])
            floor = min(c.score for c in lead)
            for c in out[len(lead):]:
                c.score = min(c.score, floor - 1e-6)
        return out

    def score(self, a: Assessment, d: Danger) -> float:
        return (a.expected - self.penalty(d, a) + TIE_FALLBACK * a.fallback
                + TIE_CHANCE * a.chance)

    def candidate(self, act: Action, a: Assessment, d: Danger = SAFE) -> Candidate:
        score = self.score(a, d)
        return Candidate(act, a.shanten, dict(a.effective), a.value, a.chance, d.chance,
                         d.level, d.cost, score, a.plan, a.next_live)

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
        for c in out:
            if breaks_call(k, c.action):
                c.score -= BREAKS_CALL
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
            robbed = k.claim_kind == "rob"  # a kong robbed (seed 003 §3.5.1)
            value = float(win_total(k, counts, melds, tile, self_drawn, robbed=robbed)) \
                if tile is not None else 0.0
            return Candidate(act, -1, {}, value, 1.0, 0.0, "safe", 0.0, WIN_SCORE + value)
        if act.type == A.PASS:
            a = self.assess(hand, melds)
            if self.style.lookahead and self.style.claim_lookahead != "none":
                self.refine(list(hand), melds, a)
            return self.candidate(act, a)
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
            if self.style.lookahead:  # weighed against the leading discards, which are refined
                self.refine(counts, after, a)
            return self.candidate(act, a)
        return Candidate(act, 8, {}, 0.0, 0.0, 0.0, "safe", 0.0, 0.0)

    def claim_refined(self, hand: list[int], melds: tuple[Meld, ...]) -> bool:
        mode = self.style.claim_lookahead
        if not self.style.lookahead or mode == "none":
            return False
        return mode == "all" or shape.shanten(self.k.rules, hand, melds) <= self.style.depth

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
            after = (*melds, Meld(KONG, (tile,) * 4, True, "claimed", k.claim_from))
            a = self.assess(counts, after)
            if self.claim_refined(hand, melds):  # as the pass it is weighed against
                self.refine(counts, after, a)
            return self.candidate(act, a)
        after = (*melds, meld)
        options = [Action(k.seat, A.DISCARD, t) for t in range(34) if counts[t]]
        # The discard after a claim is weighed as a pass is: for its hand, not its danger
        # (a pass too discards next turn). The claimed tile stands for the seat's next draw.
        self.later = 1
        refine = self.claim_refined(hand, melds)
        best = max(self.discard_options(counts, after, options, lookahead=refine, defend=False),
                   key=lambda c: c.score)
        self.later = 0
        best.action = act
        best.score -= CLAIM_COST
        return best


def breaks_call(k: Knowledge, act: Action) -> bool:
    """003 §3.5: after an Original Call only the drawn tile may go; anything else (another
    discard, a kong, a claimed set) breaks the call and forbids going out."""
    me = k.me
    if not me.original_call or me.call_broken:
        return False
    return act.type in (A.CHOW, A.PUNG, A.KONG, A.CONCEALED_KONG, A.PROMOTE_KONG) or (
        act.type == A.DISCARD and act.tile != k.drawn)


def plain_score(k: Knowledge, c: Candidate) -> float:
    """A candidate's score without the ranking's sentinels (a win's `WIN_SCORE`, a broken
    call's `BREAKS_CALL`): expected points, comparable between two choices that are neither
    a win. A win's plain score is its hand's total."""
    if c.action.type == A.WIN:
        return c.score - WIN_SCORE
    return c.score + BREAKS_CALL if breaks_call(k, c.action) else c.score


def evaluate(knowledge: Knowledge, style: Style = STRONG) -> list[Candidate]:
    """Every legal action of the seat, weighed (see the module's docstring), best first."""
    if not knowledge.legal:
        return []
    return Evaluator(knowledge, style).run()
