"""The rules page (/rules/): the game in plain words with tile pictures (seeds 000 and 003), then
what each ruleset changes, written from its settings so that a new preset is described too. The
sentences are the catalogue's (docs/i18n.md), read in the page's language; the rulesets' titles
and limit hands' names are the name tables' (games/engine/hand_names)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.engine import hand_names
from games.engine.ruleset import DEFAULT_RULESET, PRESETS, Ruleset
from games.engine.scoring.glossary import HONGKONG, anchor, family
from games.engine.scoring.hongkong import LIMIT_NAMES, MAX_FAAN, faan_value

PAYOUT_WORDS = {"exponential": _("full exponential (every faan doubles)"),
                "half_spicy": _("half-spicy (半辣: doubling to 4 faan, then by halves)"),
                "laak": _("laak (tiers at 5, 7 and 10 faan)")}


def _yes(flag: bool, yes: str, no: str) -> str:
    return yes if flag else no


def number(n: int) -> str:
    """A number as the page writes it: 2,000."""
    return f"{n:,}"


def _dead_wall(rs: Ruleset) -> str:
    if not rs.dead_wall_size:
        return gettext("There is no dead wall: every tile can be drawn, and loose tiles come "
                       "from the tail of the wall.")
    n = rs.dead_wall_size
    if rs.untouchable_tail:
        return ngettext(
            "The last %(n)s tile of the wall is never drawn: kongs and flowers take their "
            "replacements from them only while the live wall can top them up, so once it is "
            "empty no kong is allowed, and a flower drawn as the last tile ends the deal as a "
            "draw.",
            "The last %(n)s tiles of the wall are never drawn: kongs and flowers take their "
            "replacements from them only while the live wall can top them up, so once it is "
            "empty no kong is allowed, and a flower drawn as the last tile ends the deal as a "
            "draw.", n) % {"n": number(n)}
    values = {"n": number(n), "stacks": number(rs.dead_wall_stacks)}
    if rs.loose_tiles and rs.dead_wall_replenish:
        text = ngettext(
            "The dead wall holds %(n)s tile (%(stacks)s stacks and the two loose tiles); it is "
            "topped up from the live wall's tail after each loose tile.",
            "The dead wall holds %(n)s tiles (%(stacks)s stacks and the two loose tiles); it is "
            "topped up from the live wall's tail after each loose tile.", n)
    elif rs.loose_tiles:
        text = ngettext(
            "The dead wall holds %(n)s tile (%(stacks)s stacks and the two loose tiles); it is "
            "not topped up, so it can run out.",
            "The dead wall holds %(n)s tiles (%(stacks)s stacks and the two loose tiles); it is "
            "not topped up, so it can run out.", n)
    elif rs.dead_wall_replenish:
        text = ngettext(
            "The dead wall holds %(n)s tile (%(stacks)s stacks); it is topped up from the live "
            "wall's tail after each loose tile.",
            "The dead wall holds %(n)s tiles (%(stacks)s stacks); it is topped up from the live "
            "wall's tail after each loose tile.", n)
    else:
        text = ngettext(
            "The dead wall holds %(n)s tile (%(stacks)s stacks); it is not topped up, so it can "
            "run out.",
            "The dead wall holds %(n)s tiles (%(stacks)s stacks); it is not topped up, so it can "
            "run out.", n)
    return text % values


def _going_out(rs: Ruleset) -> str:
    if rs.scoring == "hongkong":
        return gettext(
            "Only the winner scores, in faan, paid by the %(payout)s table (1 faan → %(one)s "
            "points, 3 faan → %(three)s points), up to %(limit)s points.") % {
            "payout": PAYOUT_WORDS[rs.payout], "one": number(faan_value(rs, 1)),
            "three": number(faan_value(rs, 3)), "limit": number(rs.limit)}
    return ngettext("Going out scores %(points)s point; a hand is worth at most %(limit)s points.",
                    "Going out scores %(points)s points; a hand is worth at most %(limit)s points.",
                    rs.mahjong_points) % {"points": number(rs.mahjong_points),
                                          "limit": number(rs.limit)}


def _minimum(rs: Ruleset) -> list[str]:
    if rs.scoring != "hongkong":
        return []
    if not rs.min_faan:
        return [gettext("Any complete hand goes out, however few faan it is worth.")]
    return [gettext("A hand needs at least %(n)s faan to go out; the faan of flowers and "
                    "seasons count in its score but not toward that minimum.") % {"n": rs.min_faan}]


def faan_points(rs: Ruleset) -> list[tuple[str, int]]:
    """What each number of faan pays under the ruleset's payout table, up to the limit."""
    if rs.scoring != "hongkong":
        return []
    rows, faan = [], 0
    while faan_value(rs, faan) < rs.limit and faan < MAX_FAAN:
        rows.append((str(faan), faan_value(rs, faan)))
        faan += 1
    rows.append((gettext("%(n)s or more, and the limit hands") % {"n": faan}, rs.limit))
    return rows


BONUS_WORDS = {"none": _("no flowers or seasons"),
               "flowers": _("the four flowers and no seasons"),
               "flowers_and_seasons": _("the four flowers and the four seasons")}


def wall_words(rs: Ruleset) -> str:
    """The tiles and the walls they build (000 §2.2, 002, 004 §2.2)."""
    east, south = rs.wall_rows_by_wind[:2]
    values = {"tiles": rs.tile_count, "bonus": BONUS_WORDS[rs.bonus_tiles], "east": east,
              "south": south}
    if east == south:
        return gettext("%(tiles)s tiles, %(bonus)s: walls of %(east)s stacks of two.") % values
    return gettext("%(tiles)s tiles, %(bonus)s: East's and West's walls of %(east)s stacks of "
                   "two, South's and North's of %(south)s.") % values


def bonus_choices() -> list[str]:
    """What each choice of a table's bonus tiles makes of the wall."""
    return [wall_words(PRESETS[DEFAULT_RULESET].replace(bonus_tiles=choice))
            for choice in BONUS_WORDS]


def _replacement(rs: Ruleset) -> str:
    """Where a bonus tile's replacement comes from, said of a flower or of a flower or season."""
    source = ("live" if rs.bonus_replacement != "dead_wall" else
              "dead" if rs.dead_wall_size else "tail")
    if rs.bonus_tiles == "flowers_and_seasons":
        return {"live": gettext("A flower or season is replaced from the open end of the live "
                                "wall."),
                "dead": gettext("A flower or season is replaced from the dead wall."),
                "tail": gettext("A flower or season is replaced from the tail of the wall.")}[source]
    return {"live": gettext("A flower is replaced from the open end of the live wall."),
            "dead": gettext("A flower is replaced from the dead wall."),
            "tail": gettext("A flower is replaced from the tail of the wall.")}[source]


def describe(rs: Ruleset) -> list[str]:
    """The ruleset's settings as sentences a player reads."""
    lines = [
        wall_words(rs),
        _dead_wall(rs),
        *([] if not rs.bonus_kinds else [_replacement(rs)]),
        gettext("Dealt: %(n)s tiles each, %(dealer)s to the dealer.") % {
            "n": rs.hand_size, "dealer": rs.hand_size + 1},
        _yes(rs.max_chows is None, gettext("Any number of chows."),
             ngettext("At most %(n)s chow in a winning hand.",
                      "At most %(n)s chows in a winning hand.", rs.max_chows or 0)
             % {"n": number(rs.max_chows or 0)}),
        _yes(rs.original_call, gettext("An Original Call may be declared after the first discard."),
             gettext("No Original Call.")),
    ]
    if rs.must_declare_calling:
        lines.append(gettext("A calling hand must be declared (\"fishing\")."))
    lines += [
        ngettext("%(n)s round of at least four deals; each player starts with %(points)s points.",
                 "%(n)s rounds of at least four deals; each player starts with %(points)s points.",
                 rs.rounds) % {"n": number(rs.rounds), "points": number(rs.starting_points)},
        _yes(rs.dealer_keeps_on_draw, gettext("The dealer keeps the deal after a win or a draw."),
             gettext("The dealer keeps the deal after a win only.")),
        _going_out(rs),
        *_minimum(rs),
        _yes(rs.east_doubles, gettext("East pays and receives double."),
             gettext("East pays and receives the same.")),
        _yes(rs.losers_settle, gettext("The losers also settle their scores among themselves."),
             gettext("Only the winner is paid.")),
    ]
    if rs.responsibility:
        lines.append(gettext("Whoever discards the tile a player claims for their third dragon "
                             "set, or fourth wind set, pays for everyone if that player goes out."))
    if rs.cannon_rule:
        lines.append(gettext("The cannon rule: a player whose dangerous discard lets another go "
                             "out pays for all the losers."))
    if rs.east_consecutive_win_limit and rs.scoring != "hongkong":  # no such limit in faan
        lines.append(gettext("East winning %(n)s deals in a row scores the limit.")
                     % {"n": rs.east_consecutive_win_limit})
    if rs.penalties:
        lines.append(ngettext("Penalties: a false Mah Jong costs %(n)s point.",
                              "Penalties: a false Mah Jong costs %(n)s points.",
                              rs.penalty_false_mahjong) % {"n": number(rs.penalty_false_mahjong)})
    return lines


def limits(rs: Ruleset, lang: str = hand_names.ENGLISH) -> list[tuple[str, str]]:
    """The ruleset's limit hands as (glossary anchor, name), named in the language."""
    fam = family(rs)
    codes = LIMIT_NAMES if fam == HONGKONG else rs.limit_hands
    return [(anchor(fam, code), hand_names.hand_name(rs, code, lang)) for code in codes]


def page(request: HttpRequest) -> HttpResponse:
    lang = hand_names.language_of(get_language())
    rulesets = [
        {
            "name": name,
            "title": hand_names.ruleset_title(name, lang),
            "default": name == DEFAULT_RULESET,
            "lines": describe(rs),
            "limits": limits(rs, lang),
            "scoring": family(rs),
            "faan_points": faan_points(rs),
        }
        for name, rs in PRESETS.items()
    ]
    return render(request, "games/rules.html",
                  {"rulesets": rulesets, "bonus_choices": bonus_choices()})
