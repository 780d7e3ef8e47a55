"""A claim window weighed by the strong level: the lookahead's figure for a hand one tile short
of calling runs higher than a plan's estimate, so the hand after a claim is refined only when
the hand that passes is refined too. Otherwise a claim would look better than passing only
because it was looked at more closely."""

from games.engine import actions as A
from games.engine import bots
from games.engine.brain import evaluate, knowledge_for, shape
from games.engine.brain.evaluate import STRONG, Style
from games.engine.match import Match


def _window(seed: str, moves: int):
    """The match after `moves` intermediate moves of the seeded deal: a claim window."""
    match = Match.new("chinese-classical", seed)
    for _ in range(moves):
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "intermediate"))
    seat = match.waiting_on()[0]
    assert match.deal.window_tile is not None
    return match, seat


def _chow(candidates):
    return next(c for c in candidates if c.action.type == A.CHOW)


def test_a_claim_is_refined_only_when_passing_is():
    """A one-draw lookahead, passing two tiles from calling: the chow's hand is left to the
    plan's estimate as the pass's is (it would be refined if every claim were looked at);
    passing one tile short of calling: both are refined. The strong level looks two draws
    ahead, so two tiles from calling both the pass and the chow are refined."""
    one_draw = Style(depth=1)
    far, seat = _window("claimwin:0", 105)
    k = knowledge_for(far, seat)
    assert shape.shanten(k.rules, list(k.hand[:34]), k.me.melds) == 2
    assert _chow(evaluate(k, Style(depth=1, claim_lookahead="all"))).next_live is not None
    assert _chow(evaluate(k, one_draw)).next_live is None
    strong = evaluate(k, STRONG)
    assert _chow(strong).next_live is not None
    assert next(c for c in strong if c.action.type == A.PASS).next_live is not None

    near, seat = _window("claimwin:0", 85)
    k = knowledge_for(near, seat)
    assert shape.shanten(k.rules, list(k.hand[:34]), k.me.melds) == 1
    for style in (one_draw, STRONG):
        weighed = evaluate(k, style)
        assert _chow(weighed).next_live is not None
        assert next(c for c in weighed if c.action.type == A.PASS).next_live is not None


def test_a_kong_is_refined_as_the_pass_it_is_weighed_against():
    """British, a claim window offering a kong to a hand one tile short of calling: the pass is
    refined, and so is the hand after the kong (left to the plan's estimate, the kong looked
    worse than passing only because it was looked at less closely)."""
    match = Match.new("british", "kongwin:0")
    for _ in range(94):
        seat = match.waiting_on()[0]
        match.apply(bots.choose(match, seat, "intermediate"))
    seat = match.waiting_on()[0]
    k = knowledge_for(match, seat)
    assert shape.shanten(k.rules, list(k.hand[:34]), k.me.melds) == 1
    strong = evaluate(k, STRONG)
    kong = next(c for c in strong if c.action.type == A.KONG)
    passing = next(c for c in strong if c.action.type == A.PASS)
    assert kong.next_live is not None and passing.next_live is not None
