"""Starting one tournament table's game: its places are seated already (TableSeat by starting
wind); the game is created, its chairs filled so that each player starts in their wind, and
dealt."""

from __future__ import annotations

from games.access.accounts import is_guest
from games.engine.rituals import seating_for
from games.engine.ruleset import Ruleset
from games.models import Entry, Game, Table, Tournament

from . import lobby

NAME_MAX = 150  # a seat's recorded name
WINDS = ("East", "South", "West", "North")  # a place's starting wind, by TableSeat.wind


def playing_for(bot: str, name: str) -> str:
    """A bot's name at a named player's seat, within a seat name's length."""
    room = NAME_MAX - len(bot) - len(" (for )")
    return f"{bot} (for {name if len(name) <= room else name[:room - 1] + '…'})"


def start_table(t: Tournament, table: Table, *, seed: str | None = None) -> Game:
    """Create and start the table's game (`seed`: the round's, with duplicate walls). An empty
    place or an unclaimed named player's is played by a bot at the tournament's level; the
    named player's place keeps its entry, so the result counts for them."""
    order: list[Entry | None] = [None] * 4
    absent: list[Entry | None] = [None] * 4  # a no-show's bot is named for them
    for place in table.places.select_related("entry__user", "stood_in_for__user"):
        order[place.wind] = place.entry
        absent[place.wind] = place.stood_in_for
    settings = dict(t.settings or {})
    if t.deals_per_table:
        settings["max_deals"] = t.deals_per_table
    people = [e.user for e in order if e is not None and e.user_id is not None]
    game = lobby.create_game(
        None,
        t.ruleset_name,
        tournament=True,
        claim_seconds=t.claim_seconds,
        turn_seconds=t.turn_seconds,
        seed=seed,
        settings=settings,
        # A rated tournament's table is rated when four members sit at it (no bot, no guest).
        rated=t.rated and len(people) == 4 and not any(is_guest(u) for u in people),
    )
    table.game = game
    table.save(update_fields=["game"])
    # The seating ritual of the game's seed decides which chair draws which wind; fill the
    # chairs so that each player starts in the wind the tournament seating chose.
    form = Ruleset.from_json(game.ruleset).seating_form
    seat_of = seating_for(form, game.seed).seat_of
    for chair in range(4):
        entry = order[seat_of[chair]]
        if entry is None and absent[seat_of[chair]] is not None:
            name = playing_for(lobby.free_bot_name(game, chair), str(absent[seat_of[chair]]))
            lobby.add_bot(game.pk, t.bot_level, chair=chair, name=name)
        elif entry is None:
            lobby.add_bot(game.pk, t.bot_level, chair=chair)
        elif entry.user_id is None:
            name = playing_for(lobby.free_bot_name(game, chair), entry.name)
            lobby.add_bot(game.pk, t.bot_level, chair=chair, name=name)
        else:
            seat = lobby.take_seat(game.pk, entry.user)
            assert seat.chair == chair, "chairs are filled in order"
    lobby.start_game(game.pk)
    return game
