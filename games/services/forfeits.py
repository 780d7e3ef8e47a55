"""How a game reads when someone gave it up, or it ended early (services/endings.py): its
standings with those who resigned or left placed last, the stored result that says so, and the
end view of a game that ended before its last deal.

Those who played on are placed by their points (equal points share a place); below them come
those who gave the game up (Seat.forfeit), the earliest to give it up last. A seat a person
merely left to a bot (Seat.left, no forfeit) keeps the place its bot plays to, as it always has
(a rated game still rates that player last: services/ratings.py)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext

from games.engine import views as engine_views
from games.engine.record import results_of
from games.models import Game, Seat

# How a game ended (result["ended"]["how"]): played to its end (a resignation at it is still
# told), or early: the only person at it resigned, its people agreed, or someone left a rated
# table by staying away past the grace period.
PLAYED, RESIGNED, AGREED, LEFT = "played", "resigned", "agreed", "left"


def _gave_up_key(seat: Seat) -> float:
    return -(seat.left_at.timestamp() if seat.left_at else float("-inf"))


def standings(points: list[int], given_up: list[Seat]) -> list[dict[str, Any]]:
    """[{seat, points, place}] best first: those who played on by points, then those who gave
    the game up, the latest first (equal moments share a place, as equal points do)."""
    out = {s.position: _gave_up_key(s) for s in given_up}
    keys = {p: (1, out[p]) if p in out else (0, -points[p]) for p in range(4)}
    rows = [{"seat": p, "points": points[p], "place": 1 + sum(k < keys[p] for k in keys.values())}
            for p in range(4)]
    return sorted(rows, key=lambda r: (keys[r["seat"]], r["seat"]))


def given_up(game: Game) -> list[Seat]:
    """The seats whose players gave the game up, the first to do so first."""
    seats = Seat.objects.filter(game=game, position__isnull=False).exclude(forfeit="")
    return sorted(seats.select_related("user"), key=lambda s: (-_gave_up_key(s), s.chair))


def final_result(game: Game, match, how: str | None = None) -> dict[str, Any]:
    """The result stored with a game that ends now: the engine's (engine/record.py), and, if
    someone gave it up or it ends early (`how`), its standings as above and `ended`: how it
    ended, who gave it up and after how many scored deals. Unchanged for a game played to its
    end by everyone who started it."""
    result = results_of(match)
    out = given_up(game)
    if how is None and not out:
        return result
    result["standings"] = standings(match.points, out)
    result["ended"] = {
        "how": how or PLAYED,
        "early": how is not None,
        "by": [{"seat": s.position, "how": s.forfeit,
                "name": s.user.username if s.user_id else s.name} for s in out],
        "deals": len(match.history),
    }
    return result


def end_view(game: Game, match) -> dict[str, Any]:
    """What anyone at a finished table sees (frames.view): the engine's final view, or, for a
    game ended before its last deal, the position where it stopped (no one's concealed tiles),
    the seed, now revealed, and `phase: "game_over"`; with the stored standings and `ended`
    whenever someone gave the game up or it ended early."""
    if match.is_over:
        view = engine_views.final_view(match)
    else:
        view = engine_views.public_view(match)
        view.update(phase="game_over", seed=match.seed, waiting_on=[], claim=None,
                    legal_actions=[])
    ended = (game.result or {}).get("ended")
    if ended:
        view["standings"] = game.result.get("standings")
        view["ended"] = ended
    return view


def words(ended: dict[str, Any] | None) -> str:
    """How a game ended, in the words of the lists (history, player pages), a sentence in the
    page's language: "" for a game played to its end by all who started it."""
    if not ended:
        return ""
    joined = {how: [b["name"] for b in ended.get("by") or [] if b["how"] == how]
              for how in (RESIGNED, LEFT)}
    names = {how: _and(found) for how, found in joined.items()}
    how = ended.get("how")
    if how == RESIGNED:
        return gettext("Ended early: %(names)s resigned.") % {"names": names[RESIGNED]}
    if how == LEFT:
        return gettext("Ended early: %(names)s left.") % {"names": names[LEFT]}
    if how == AGREED:
        return gettext("Ended early by agreement.")
    return (gettext("%(names)s resigned.") % {"names": names[RESIGNED]}
            if names[RESIGNED] else "")


def _and(names: list[str]) -> str:
    """Names joined as a list is said: "alice", "alice and bob", "alice, bob and carol"."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(head)s and %(last)s") % {
        "head": pgettext("list", ", ").join(names[:-1]), "last": names[-1]}
