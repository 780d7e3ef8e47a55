"""End of a deal: reveal every hand, score each one, settle the payments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .arrangement import arrangement
from .deal import Deal, DealResult
from .payments import settle
from .scoring import score_hand
from .scoring.score import resolve_wilds
from .scoring.types import win_info
from .tiles import WIND_TOKENS, format_tiles


@dataclass
class DealSummary:
    number: int
    dealer: int
    prevailing_wind: int
    result: DealResult
    hands: list[dict[str, Any]]
    settlement: dict[str, Any] | None
    deltas: list[int]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "prevailing_wind": WIND_TOKENS[self.prevailing_wind],
            "result": self.result.to_json(),
            "winner": self.result.winner,
            "how": self.result.how,
            "hands": self.hands,
            "settlement": self.settlement,
            "deltas": self.deltas,
        }


def summarise_deal(deal: Deal, number: int, east_streak: int) -> DealSummary:

    result = deal.result
    rs = deal.ruleset
    hands = []
    totals = []
    for s, st in enumerate(deal.seats):
        win = None
        if result.winner == s:
            win = win_info(result, east_streak if s == deal.dealer else 0)
        concealed = st.tiles()
        entry: dict[str, Any] = {
            "seat": s,
            "wind": WIND_TOKENS[deal.wind_of(s)],
            "concealed": format_tiles(concealed),
            "melds": [m.to_json() for m in st.melds],
            "bonus": format_tiles(st.bonus),
        }
        if result.winner is not None:
            # A Goulash's wild 2 of Bamboo: scored, and laid out, as what it stands for.
            srs, concealed, win = resolve_wilds(
                rs, concealed=concealed, melds=st.melds, bonus=list(st.bonus),
                seat_wind=deal.wind_of(s), prevailing_wind=deal.prevailing_wind, win=win)
            score = score_hand(
                srs,
                concealed=concealed,
                melds=list(st.melds),
                bonus=list(st.bonus),
                seat_wind=deal.wind_of(s),
                prevailing_wind=deal.prevailing_wind,
                win=win,
            )
            entry["score"] = score.to_json()
            totals.append(score.total)
            # The proof: the sets and pair the score was made from, as the score keeps
            # them (HandScore.reading), laid out by arrangement.py.
            entry["arrangement"] = arrangement(
                srs,
                concealed=concealed,
                melds=list(st.melds),
                bonus=list(st.bonus),
                win=win,
                score=score,
            )
        hands.append(entry)
    if result.winner is None:
        return DealSummary(number, deal.dealer, deal.prevailing_wind, result, hands, None, [0] * 4)
    liable = result.liable if result.liable != result.winner else None
    settlement = settle(
        rs,
        totals,
        result.winner,
        deal.dealer,
        liable,
        discarder=result.discarder,
        self_drawn=result.how == "self_drawn",
    )
    return DealSummary(
        number,
        deal.dealer,
        deal.prevailing_wind,
        result,
        hands,
        settlement.to_json(),
        list(settlement.deltas),
    )
