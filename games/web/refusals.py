"""The services' refusals as a page says them, in its reader's language (docs/i18n.md). The
services refuse in English; a page (a message after a form, or a JSON answer to a button) words
the refusal again here: a message this module knows is translated through the `django`
catalogue, its values (a name, a number) kept; one it does not know is shown as it came. The
refusal's `code` never changes. The socket's refusals are games/realtime/refusals.py's."""

from __future__ import annotations

import re

from django.utils.translation import gettext, gettext_noop

from games.services.errors import ServiceError

# Every message said as it is (the msgid is the English the service sends).
KNOWN = (
    # Friends, challenges, reports and moderation (services/friends.py, challenges.py,
    # reports.py, moderation.py).
    gettext_noop("Sign in first."),
    gettext_noop("Sign in to follow players."),
    gettext_noop("Sign in to challenge players."),
    gettext_noop("Keep your name (sign up) to follow players: a guest account lasts only as long "
                 "as its session."),
    gettext_noop("Keep your name (sign up) to challenge players: a guest account lasts only as "
                 "long as its session."),
    gettext_noop("Bot accounts are not followed: their games are on their page."),
    gettext_noop("You can invite players only to a table you sit at."),
    gettext_noop("That table has started: invite players to a new one."),
    gettext_noop("A tournament seats its own tables."),
    gettext_noop("All four seats of that table are taken."),
    gettext_noop("Bot accounts take invitations through their own programs (docs/bot-api.md), "
                 "not challenges."),
    gettext_noop("Choose the rules of the table."),
    gettext_noop("A rated table is for four people: no bots."),
    gettext_noop("No such challenge."),
    gettext_noop("That challenge has expired."),
    gettext_noop("That table has closed or started without you."),
    gettext_noop("Answer accept, decline or cancel."),
    gettext_noop("Choose why you report this."),
    gettext_noop("Sign in to report."),
    gettext_noop("You have many reports waiting for staff already: they will read them soon."),
    gettext_noop("No such line."),
    gettext_noop("That is your own line."),
    gettext_noop("Name a player."),
    gettext_noop("That is you."),
    gettext_noop("That holds a word this site does not allow."),
    gettext_noop("Choose follow, unfollow, mute, unmute, block or unblock."),
    # The profile (services/profiles.py).
    gettext_noop("Choose a country from the list."),
    gettext_noop("Choose languages from the list."),
    gettext_noop("Choose one of the tile pictures."),
    gettext_noop("A bio is text."),
    gettext_noop("A bio may not hold control characters."),
    gettext_noop("A note is text."),
    gettext_noop("A note may not hold control characters."),
    # Tournaments (services/tournaments.py) and the queue (services/queue.py).
    gettext_noop("There is no such tournament."),
    gettext_noop("Log in to register."),
    gettext_noop("Registration is closed."),
    gettext_noop("This tournament does not use check-in."),
    gettext_noop("The tournament is over."),
    gettext_noop("Log in, or play as a guest, to find a game."),
    gettext_noop("Choose when bots may fill the table: at once, after 30 seconds, after 2 "
                 "minutes, or never."),
    gettext_noop("You are already waiting for a game."),
    # Sitting down at a table, leaving it, playing again (services/lobby.py, departures.py).
    gettext_noop("Seats can only change before the game starts."),
    gettext_noop("All four seats are taken."),
    gettext_noop("Log in (or play as a guest) to sit down."),
    gettext_noop("Four players (or bots) are needed to start."),
    gettext_noop("You are not seated at this table."),
    gettext_noop("The game has not started yet."),
    gettext_noop("The game is over."),
    gettext_noop("A tournament table cannot be left: withdraw from the tournament instead (a bot "
                 "then plays your seat)."),
    gettext_noop("A time bank needs a move clock."),
    # Importing a record (games/web/records.py; the engine's reasons a record is not read or
    # does not replay are games/web/reasons.py's).
    gettext_noop("this record's seed is that of a game on this site that is not over"),
    gettext_noop("only staff or one of the game's players may import its record"),
    # Answering a puzzle (services/puzzles.py).
    gettext_noop("That is not one of this position's actions."),
)


def _name(value: str) -> str:
    return value


# Messages with values: the English pattern and its msgid (the values are kept as they are).
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?P<name>.+) does not take follows from you\."),
     gettext_noop("%(name)s does not take follows from you.")),
    (re.compile(r"You have blocked (?P<name>.+): unblock them first\."),
     gettext_noop("You have blocked %(name)s: unblock them first.")),
    (re.compile(r"You may follow at most (?P<n>\d+) players\."),
     gettext_noop("You may follow at most %(n)s players.")),
    (re.compile(r"(?P<name>.+) does not take challenges from you\."),
     gettext_noop("%(name)s does not take challenges from you.")),
    (re.compile(r"You have blocked (?P<name>.+): unblock them to challenge them\."),
     gettext_noop("You have blocked %(name)s: unblock them to challenge them.")),
    (re.compile(r"(?P<name>.+) has your challenge already: wait for their answer\."),
     gettext_noop("%(name)s has your challenge already: wait for their answer.")),
    (re.compile(r"You have (?P<n>\d+) challenges waiting: withdraw one first\."),
     gettext_noop("You have %(n)s challenges waiting: withdraw one first.")),
    (re.compile(r"Unknown bot level (?P<level>.+)\."),
     gettext_noop("Unknown bot level %(level)s.")),
    (re.compile(r"There is no player called (?P<name>.+)\."),
     gettext_noop("There is no player called %(name)s.")),
    (re.compile(r"A bio is at most (?P<n>\d+) characters\."),
     gettext_noop("A bio is at most %(n)s characters.")),
    (re.compile(r"A note is at most (?P<n>\d+) characters\."),
     gettext_noop("A note is at most %(n)s characters.")),
    (re.compile(r"Choose at most (?P<n>\d+) languages\."),
     gettext_noop("Choose at most %(n)s languages.")),
    (re.compile(r"Your account is silenced until (?P<until>[\d-]+ [\d:]+) UTC: you cannot "
                r"challenge players until then\."),
     gettext_noop("Your account is silenced until %(until)s UTC: you cannot challenge players "
                  "until then.")),
    (re.compile(r"Your account is silenced until (?P<until>[\d-]+ [\d:]+) UTC: you cannot "
                r"change your bio until then\."),
     gettext_noop("Your account is silenced until %(until)s UTC: you cannot change your bio "
                  "until then.")),
    (re.compile(r"(?P<name>.+) has withdrawn\."),
     gettext_noop("%(name)s has withdrawn.")),
    (re.compile(r"All (?P<n>\d+) rounds have been played\."),
     gettext_noop("All %(n)s rounds have been played.")),
    (re.compile(r"There is no playable ruleset (?P<name>.+)\."),
     gettext_noop("There is no playable ruleset %(name)s.")),
    (re.compile(r"Seat (?P<n>\d+) is not free\."), gettext_noop("Seat %(n)s is not free.")),
    (re.compile(r"The ruleset (?P<name>.+) is not playable yet\."),
     gettext_noop("The ruleset %(name)s is not playable yet.")),
    (re.compile(r"this game is already saved here, as table (?P<number>\d+)"),
     gettext_noop("this game is already saved here, as table %(number)s")),
    (re.compile(r"a game on this record's walls \(its seed\) is already saved here, as table "
                r"(?P<number>\d+), with other moves: a seed's game is saved once"),
     gettext_noop("a game on this record's walls (its seed) is already saved here, as table "
                  "%(number)s, with other moves: a seed's game is saved once")),
    (re.compile(r"the record's times run to (?P<date>[\d-]+), a date still to come"),
     gettext_noop("the record's times run to %(date)s, a date still to come")),
)


def said(message: str) -> str:
    """`message` in the active language: translated if known, else as it came."""
    if message in KNOWN:
        return gettext(message)
    for pattern, msgid in PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            return gettext(msgid) % found.groupdict()
    return message


def reason(exc: ServiceError) -> str:
    """A refusal's message as the page says it."""
    return said(exc.message)
