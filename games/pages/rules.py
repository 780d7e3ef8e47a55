"""The rules page (/rules/): the game in plain words with tile pictures (seeds 000 and 003), then
what each ruleset changes, written from its settings so that a new preset is described too."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.engine.ruleset import DEFAULT_RULESET, PRESETS, Ruleset
from games.engine.scoring.tables import NAMES


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def describe(rs: Ruleset) -> list[str]:
    """The ruleset's settings as sentences a player reads."""
    dead = rs.dead_wall_size
    lines = [
        f"{rs.tile_count} tiles: walls of {rs.wall_stacks_per_side} stacks of two"
        + _yes(rs.bonus_tiles, ", flowers and seasons included.", ", no flowers or seasons."),
        f"The dead wall holds {dead} tiles ({rs.dead_wall_stacks} stacks and the two loose tiles); "
        + _yes(rs.dead_wall_replenish, "it is topped up from the live wall's tail after each loose tile.",
               "it is not topped up, so it can run out."),
        "A flower or season is replaced from "
        + _yes(rs.bonus_replacement == "dead_wall", "the dead wall.", "the open end of the live wall."),
        f"Dealt: {rs.hand_size} tiles each, {rs.hand_size + 1} to the dealer.",
        _yes(rs.max_chows is None, "Any number of chows.",
             f"At most {rs.max_chows} chow in a winning hand."),
        _yes(rs.original_call, "An Original Call may be declared after the first discard.",
             "No Original Call."),
    ]
    if rs.must_declare_calling:
        lines.append("A calling hand must be declared (\"fishing\").")
    lines += [
        f"{rs.rounds} round{'s' if rs.rounds != 1 else ''} of at least four deals; each player starts with "
        f"{rs.starting_points:,} points.",
        _yes(rs.dealer_keeps_on_draw, "The dealer keeps the deal after a win or a draw.",
             "The dealer keeps the deal after a win only."),
        f"Going out scores {rs.mahjong_points} points; a hand is worth at most {rs.limit:,}.",
        _yes(rs.east_doubles, "East pays and receives double.", "East pays and receives the same."),
        _yes(rs.losers_settle, "The losers also settle their scores among themselves.",
             "Only the winner is paid."),
    ]
    if rs.cannon_rule:
        lines.append("The cannon rule: a player whose dangerous discard lets another go out pays "
                     "for all the losers.")
    if rs.east_consecutive_win_limit:
        lines.append(f"East winning {rs.east_consecutive_win_limit} deals in a row scores the limit.")
    if rs.penalties:
        lines.append(f"Penalties: a false Mah Jong costs {rs.penalty_false_mahjong} points.")
    return lines


def page(request: HttpRequest) -> HttpResponse:
    rulesets = [
        {
            "name": name,
            "title": rs.title,
            "default": name == DEFAULT_RULESET,
            "lines": describe(rs),
            "limits": [(code, NAMES.get(code, code)) for code in rs.limit_hands],
        }
        for name, rs in PRESETS.items()
    ]
    return render(request, "games/rules.html", {"rulesets": rulesets})
