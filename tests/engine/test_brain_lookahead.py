"""The strong level's lookahead two draws deep: a hand two tiles short of calling is priced by
the one-short hands its useful draws allow, each priced in turn by the calling hands its own
next draw allows. Every copy it puts in the hand is one that is still unseen."""

import importlib

from games.engine import bots
from games.engine.brain import knowledge_for
from games.engine.brain.evaluate import STRONG, Style
from games.engine.match import Match

evaluator = importlib.import_module("games.engine.brain.evaluate")


def _position(seed: str, moves: int):
    match = Match.new("chinese-classical", seed)
    for _ in range(moves):
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "intermediate"))
    return knowledge_for(match, match.waiting_on()[0])


def test_the_lookahead_draws_only_copies_still_unseen(monkeypatch):
    """A chosen position where a kind has one copy unseen and the two-draw lookahead's first
    draw of it makes it useful again: the hands whose waits are scored never hold more copies
    of a kind than the seat holds plus those unseen (the second draw of it used to be counted,
    and a hand with five copies in sight was sent to the scorer)."""
    k = _position("two:29", 132)
    scored = []
    waits_of = evaluator.waits_of

    def checked(k, counts, melds, original_call=False, drawn=None):
        scored.append([t for t in range(34) if counts[t] > k.hand[t] + k.unseen(t)])
        return waits_of(k, counts, melds, original_call, drawn)

    monkeypatch.setattr(evaluator, "waits_of", checked)
    candidates = evaluator.evaluate(k, STRONG)
    assert scored and not any(scored)
    two_short = [c for c in candidates if c.shanten == 2 and c.next_live is not None]
    assert two_short  # the two-draw lookahead weighed this position


def test_two_tiles_short_is_refined_only_two_draws_deep():
    """The one-draw style leaves a hand two tiles short to the plan's estimate; the strong
    level refines the leading ones, and its figure is the chance of three steps, each from the
    live tiles of the hands it looked at (never certain, never nothing)."""
    k = _position("two:29", 132)
    one = [c for c in evaluator.evaluate(k, Style(depth=1)) if c.shanten == 2]
    assert one and all(c.next_live is None for c in one)
    two = [c for c in evaluator.evaluate(k, STRONG) if c.shanten == 2 and c.next_live]
    assert two and all(0 < c.win_chance < 1 for c in two)
