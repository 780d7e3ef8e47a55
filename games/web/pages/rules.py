"""The rules page (/rules/): the game in plain words with tile pictures (seeds 000 and 003), then
what each ruleset changes, written from its settings so that a new preset is described too."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.engine.ruleset import DEFAULT_RULESET, PRESETS, Ruleset
from games.engine.scoring.glossary import HONGKONG, anchor, family
from games.engine.scoring.hongkong import LIMIT_NAMES, MAX_FAAN, faan_value
from games.engine.scoring.tables import rule_name

PAYOUT_WORDS = {"exponential": "full exponential (every faan doubles)",
                "half_spicy": "half-spicy (半辣: doubling to 4 faan, then by halves)",
                "laak": "laak (tiers at 5, 7 and 10 faan)"}


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _dead_wall(rs: Ruleset) -> str:
    if not rs.dead_wall_size:
        return ("There is no dead wall: every tile can be drawn, and loose tiles come from the "
                "tail of the wall.")
    loose = " and the two loose tiles" if rs.loose_tiles else ""
    if rs.untouchable_tail:
        return (f"The last {plural(rs.dead_wall_size, 'tile')} of the wall are never drawn: kongs "
                "and flowers take their replacements from them only while the live wall can "
                "top them up, so once it is empty no kong is allowed, and a flower drawn as the "
                "last tile ends the deal as a draw.")
    return (f"The dead wall holds {plural(rs.dead_wall_size, 'tile')} "
            f"({plural(rs.dead_wall_stacks, 'stack')}{loose}); "
            + _yes(rs.dead_wall_replenish,
                   "it is topped up from the live wall's tail after each loose tile.",
                   "it is not topped up, so it can run out."))


def _going_out(rs: Ruleset) -> str:
    if rs.scoring == "hongkong":
        return (f"Only the winner scores, in faan, paid by the {PAYOUT_WORDS[rs.payout]} table "
                f"(1 faan → {plural(faan_value(rs, 1), 'point')}, 3 faan → "
                f"{plural(faan_value(rs, 3), 'point')}), up to {plural(rs.limit, 'point')}.")
    return (f"Going out scores {plural(rs.mahjong_points, 'point')}; a hand is worth at most "
            f"{plural(rs.limit, 'point')}.")


def _minimum(rs: Ruleset) -> list[str]:
    if rs.scoring != "hongkong":
        return []
    if not rs.min_faan:
        return ["Any complete hand goes out, however few faan it is worth."]
    return [f"A hand needs at least {rs.min_faan} faan to go out; the faan of flowers and "
            "seasons count in its score but not toward that minimum."]


def faan_points(rs: Ruleset) -> list[tuple[str, int]]:
    """What each number of faan pays under the ruleset's payout table, up to the limit."""
    if rs.scoring != "hongkong":
        return []
    rows, faan = [], 0
    while faan_value(rs, faan) < rs.limit and faan < MAX_FAAN:
        rows.append((str(faan), faan_value(rs, faan)))
        faan += 1
    rows.append((f"{faan} or more, and the limit hands", rs.limit))
    return rows


BONUS_WORDS = {"none": "no flowers or seasons", "flowers": "the four flowers and no seasons",
               "flowers_and_seasons": "the four flowers and the four seasons"}


def wall_words(rs: Ruleset) -> str:
    """The tiles and the walls they build (000 §2.2, 002, 004 §2.2)."""
    east, south = rs.wall_rows_by_wind[:2]
    walls = (f"walls of {east} stacks of two" if east == south else
             f"East's and West's walls of {east} stacks of two, South's and North's of {south}")
    return f"{rs.tile_count} tiles, {BONUS_WORDS[rs.bonus_tiles]}: {walls}."


def bonus_choices() -> list[str]:
    """What each choice of a table's bonus tiles makes of the wall."""
    return [wall_words(PRESETS[DEFAULT_RULESET].replace(bonus_tiles=choice))
            for choice in BONUS_WORDS]


def _replacement(rs: Ruleset) -> str:
    if rs.bonus_replacement != "dead_wall":
        return "the open end of the live wall."
    return "the dead wall." if rs.dead_wall_size else "the tail of the wall."


def describe(rs: Ruleset) -> list[str]:
    """The ruleset's settings as sentences a player reads."""
    lines = [
        wall_words(rs),
        _dead_wall(rs),
        *([] if not rs.bonus_kinds else
          ["A " + ("flower or season" if rs.bonus_tiles == "flowers_and_seasons" else "flower")
           + " is replaced from " + _replacement(rs)]),
        f"Dealt: {rs.hand_size} tiles each, {rs.hand_size + 1} to the dealer.",
        _yes(rs.max_chows is None, "Any number of chows.",
             f"At most {plural(rs.max_chows or 0, 'chow')} in a winning hand."),
        _yes(rs.original_call, "An Original Call may be declared after the first discard.",
             "No Original Call."),
    ]
    if rs.must_declare_calling:
        lines.append("A calling hand must be declared (\"fishing\").")
    lines += [
        f"{plural(rs.rounds, 'round')} of at least four deals; each player starts with "
        f"{plural(rs.starting_points, 'point')}.",
        _yes(rs.dealer_keeps_on_draw, "The dealer keeps the deal after a win or a draw.",
             "The dealer keeps the deal after a win only."),
        _going_out(rs),
        *_minimum(rs),
        _yes(rs.east_doubles, "East pays and receives double.", "East pays and receives the same."),
        _yes(rs.losers_settle, "The losers also settle their scores among themselves.",
             "Only the winner is paid."),
    ]
    if rs.responsibility:
        lines.append("Whoever discards the tile a player claims for their third dragon set, or "
                     "fourth wind set, pays for everyone if that player goes out.")
    if rs.cannon_rule:
        lines.append("The cannon rule: a player whose dangerous discard lets another go out pays "
                     "for all the losers.")
    if rs.east_consecutive_win_limit and rs.scoring != "hongkong":  # no such limit in faan
        lines.append(f"East winning {rs.east_consecutive_win_limit} deals in a row scores the limit.")
    if rs.penalties:
        lines.append(f"Penalties: a false Mah Jong costs {plural(rs.penalty_false_mahjong, 'point')}.")
    return lines


def limits(rs: Ruleset) -> list[tuple[str, str]]:
    """The ruleset's limit hands as (glossary anchor, name)."""
    fam = family(rs)
    if fam == HONGKONG:
        return [(anchor(fam, code), name) for code, name in LIMIT_NAMES.items()]
    return [(anchor(fam, code), rule_name(rs, code)) for code in rs.limit_hands]


def page(request: HttpRequest) -> HttpResponse:
    rulesets = [
        {
            "name": name,
            "title": rs.title,
            "default": name == DEFAULT_RULESET,
            "lines": describe(rs),
            "limits": limits(rs),
            "scoring": family(rs),
            "faan_points": faan_points(rs),
        }
        for name, rs in PRESETS.items()
    ]
    return render(request, "games/rules.html",
                  {"rulesets": rulesets, "bonus_choices": bonus_choices()})
