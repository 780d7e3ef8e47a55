"""`{{ "b1 b2 b3"|tiles }}`: tiles drawn as pictures (static/css/tiles.css), named for screen
readers in the page's language (the classical name table's names in Chinese); `|tiles:"set"`
draws them as one named group, `|tiles:"hidden"` unnamed (the caller names them)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language, pgettext

from games.engine.hand_names import tile_name

register = template.Library()


@register.filter
def tiles(text: str, group: str = "") -> str:
    tokens = str(text).split()
    language = get_language()
    words = [tile_name(t, language) for t in tokens]
    if group == "hidden":  # inside something that names them itself
        return format_html_join("", '<span class="tile t-{}" aria-hidden="true"></span>', ((t,) for t in tokens))
    if group:
        inner = format_html_join("", '<span class="tile t-{}" aria-hidden="true"></span>', ((t,) for t in tokens))
        return format_html('<span class="tile-group" role="img" aria-label="{}">{}</span>',
                           pgettext("list", ", ").join(words), inner)
    return format_html_join(
        "", '<span class="tile t-{}" role="img" aria-label="{}" title="{}"></span>',
        ((t, w, w) for t, w in zip(tokens, words, strict=True)),
    )
