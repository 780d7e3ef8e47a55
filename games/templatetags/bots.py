"""`{% bot_mark name %}`: the BOT mark after an account's name when it is a bot account
(docs/bot-api.md), so lists and player pages tell a program from a person.

The bot accounts' names are read once per request (one query, however many names a page
shows), and kept on the request for the rest of its rendering."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext, pgettext

from games.models.bots import BotAccount

register = template.Library()
KEPT = "bot_account_names"  # the request's attribute holding the names


def bot_names(request=None) -> frozenset[str]:
    names = getattr(request, KEPT, None) if request is not None else None
    if names is None:
        names = frozenset(BotAccount.objects.values_list("user__username", flat=True))
        if request is not None:
            setattr(request, KEPT, names)
    return names


@register.simple_tag(takes_context=True)
def bot_mark(context, name) -> str:
    if str(name) not in bot_names(context.get("request")):
        return ""
    return format_html(' <span class="badge bot" title="{}">{}</span>',
                       gettext("A bot account: a program playing through the bot API"),
                       pgettext("badge", "BOT"))
