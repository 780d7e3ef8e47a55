"""`{{ name|bot_badge }}`: the BOT mark after an account's name when it is a bot account
(docs/bot-api.md), so lists, leaderboards and player pages tell a program from a person.

Kept per process by name: a bot's for good (an account stays a bot), a person's for a minute
(an account becomes a bot only while it has no game, rating or queue entry, so a name a list
shows was a bot already or never will be; only a new account's own page may wait that minute)."""

from __future__ import annotations

import time
from collections import OrderedDict

from django import template
from django.utils.html import format_html

from games.bot_models import BotAccount

register = template.Library()
KEPT = 10_000
PERSON_SECONDS = 60
_known: OrderedDict[str, float] = OrderedDict()  # name: until when it is known (inf: a bot)


def is_bot_name(name: str) -> bool:
    name, now = str(name), time.monotonic()
    until = _known.get(name)
    if until is not None and until > now:
        _known.move_to_end(name)
        return until == float("inf")
    found = BotAccount.objects.filter(user__username=name).exists()
    _known[name] = float("inf") if found else now + PERSON_SECONDS
    _known.move_to_end(name)
    while len(_known) > KEPT:
        _known.popitem(last=False)
    return found


@register.filter
def bot_badge(name: str) -> str:
    if not is_bot_name(name):
        return ""
    return format_html(' <span class="badge bot" title="{}">BOT</span>',
                       "A bot account: a program playing through the bot API")
