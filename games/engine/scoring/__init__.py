"""Scoring a hand (rules/classical.md §1, rules/leagues.md): the public API."""

from .score import score_hand
from .types import HandScore, ScoreItem, WinInfo

__all__ = ["HandScore", "ScoreItem", "WinInfo", "score_hand"]
