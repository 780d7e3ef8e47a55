"""The evaluator in a rob window (seed 003 §3.5.1): going out by robbing a kong is valued as the
deal then scores it, the robbing double (classical.md W11) included."""

from games.engine import actions as A
from games.engine.brain import evaluate, knowledge_for
from games.engine.match import Match
from games.engine.settle import summarise_deal

from .scripted import scripted_deal
from .util import act, discard_drawn, pass_all


def test_the_win_by_robbing_a_kong_is_worth_what_the_deal_scores():
    deal = scripted_deal(
        ["d5 c9 c9 c9 d1 d9 we we ws ww wn dr dg dw",
         "d3 d4 c2 c3 c4 b2 b3 b4 b6 b7 b8 ws ws",
         "d5 d5 b6 b7 b8 ww ww wn wn dg dg b9 d5",
         "b5 b6 b7 b7 c6 c7 c8 d6 d7 d8 dw dw dw"],
        draws="c5 b1 c7 c8")
    act(deal, 0, A.DISCARD, "d5")
    act(deal, 2, A.PUNG)
    pass_all(deal)
    act(deal, 2, A.DISCARD, "b9")
    for _ in range(3):
        pass_all(deal)
        discard_drawn(deal)
    pass_all(deal)
    act(deal, 2, A.PROMOTE_KONG, "d5")
    match = Match.new("chinese-classical", "robbing")
    match.deal = deal
    k = knowledge_for(match, 1)
    assert k.claim_kind == "rob"
    weighed = evaluate(k)
    win = next(c for c in weighed if c.action.type == A.WIN)
    assert weighed[0] is win
    act(deal, 1, A.WIN)
    pass_all(deal)
    score = summarise_deal(deal, 1, 0).hands[1]["score"]
    assert deal.result.how == "robbed_kong"
    assert "W11" in {line["rule"] for line in score["items"]}
    assert win.value == score["total"]
