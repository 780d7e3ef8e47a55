"""The evaluator in a rob window (seed 003 §3.5.1): going out by robbing a kong is valued as the
deal then scores it, the robbing double (classical.md W11) included."""

from games.engine import actions as A
from games.engine.brain import evaluate, knowledge_for
from games.engine.match import Match
from games.engine.settle import summarise_deal

from .util import act, pass_all, promoted_kong_robbable


def test_the_win_by_robbing_a_kong_is_worth_what_the_deal_scores():
    deal = promoted_kong_robbable()
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
