"""Rule codes and the names a player reads for them, per scoring family.

Codes follow rules/classical.md: D1-D11 doubles for all hands (§1.6), W1-W12 winner doubles
(§1.7), L1-L18 limit hands (§1.10). Points items: P1 sets (§1.2), P2 pairs (§1.3), P3 bonus
tiles (§1.4), M1-M4 winning points (§1.5). League additions (rules/leagues.md): H1-H3 half-limit
hands, C1 a loser calling for a limit hand, CAP the limit applied, X1 a long hand.
"""

from __future__ import annotations

from ..ruleset import Ruleset

NAMES: dict[str, str] = {
    "M1": "Mah Jong",
    "M2": "Winning tile self-drawn",
    "M3": "Filling the only place",
    "M4": "Fishing the eyes",
    "D1": "Set of dragons",
    "D2": "Set of own wind",
    "D3": "Set of prevailing wind",
    "D4": "Little Three Dragons",
    "D5": "Big Three Dragons",
    "D6": "Little Four Winds",
    "D7": "Big Four Winds",
    "D8": "Three concealed pungs",
    "D9": "Own flower and own season",
    "D10": "All four flowers",
    "D11": "All four seasons",
    "W1": "No-score hand",
    "W2": "No chows",
    "W3": "Concealed hand",
    "W4": "One suit with honours",
    "W5": "One suit only",
    "W6": "All majors",
    "W7": "All honours",
    "W8": "Winning with a loose tile",
    "W9": "Last tile of the wall",
    "W10": "Winning with the last discard",
    "W11": "Robbing a kong",
    "W12": "Original Call",
    "L1": "Heaven's Blessing",
    "L2": "Earth's Blessing",
    "L3": "Gathering the Plum Blossom from the Roof",
    "L4": "Plucking the Moon from the Bottom of the Sea",
    "L5": "Scratching a Carrying Pole",
    "L6": "Kong upon Kong",
    "L7": "Fourfold Plenty",
    "L8": "Buried Treasure",
    "L9": "Three Great Scholars",
    "L10": "Four Blessings o'er the Door",
    "L11": "All Honours",
    "L12": "Heads and Tails",
    "L13": "Imperial Jade",
    "L14": "Nine Gates",
    "L15": "Squirming Snake",
    "L16": "Concealed Clear Suit",
    "L17": "Thirteen Unique Wonders",
    "L18": "East's consecutive wins",
    "H1": "Triple Knitting",
    "H2": "Knitting",
    "H3": "All Pair Honours",
    "C1": "Calling for a limit hand",
    "CAP": "Score capped at the limit",
    "X1": "Long hand",
}

# Where a league table names a rule differently.
_BMJA_NAMES = {
    "D9": "Own flower or own season",
    "W5": "Purity",
    "L14": "Gates of Heaven",
    "L15": "Wriggling Snake",
}

HALF_LIMIT = ("H1", "H2", "H3")
# BMJA (leagues.md §6): what a loser may be calling for, and the fraction of the limit it earns.
CALLING_FOR = {
    **{code: (2, 5) for code in ("L7", "L8", "L9", "L10", "L11", "L12", "L13", "L14", "L15",
                                 "L17")},
    **{code: (1, 5) for code in HALF_LIMIT},
}


def rule_name(ruleset: Ruleset, code: str) -> str:
    if ruleset.scoring == "bmja" and code in _BMJA_NAMES:
        return _BMJA_NAMES[code]
    if code == "L18":
        return f"East's {ruleset.east_consecutive_win_limit} consecutive wins"
    return NAMES[code]
