"""The language chooser's filters (docs/i18n.md): `zh-hans` is `zh-Hans` in `lang`; the page to return to."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language, to_locale

from games.engine import hand_names
from games.engine.ruleset import PRESETS

register = template.Library()


@register.filter
def html_lang(code: str) -> str:
    """A Django language code as a BCP 47 tag: en, zh-Hans, zh-Hant."""
    return to_locale(code).replace("_", "-")


NEXT_MOST = 200  # a longer address (a hostile query) is not echoed back: the path alone is


@register.filter
def back_here(request) -> str:
    """Where switching the language returns: this page, its query kept when it is short."""
    full = request.get_full_path()
    return full if len(full) <= NEXT_MOST else request.path


@register.filter
def ruleset_title(game) -> str:
    """A game's ruleset's title in the page's language (the name tables' titles,
    docs/hand-names.md); a ruleset no preset has any more keeps its own title, else its name."""
    name = game.ruleset_name
    if name in PRESETS:
        return hand_names.ruleset_title(name, get_language())
    return getattr(game.ruleset, "title", "") or name
