"""`{{ "b1 b2 b3"|tiles }}`: tiles drawn as pictures (static/css/tiles.css), named for screen
readers; `|tiles:"set"` draws them as one named group, `|tiles:"hidden"` unnamed (the caller
names them)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join

from games.engine.tiles import parse_tile, tile_words

register = template.Library()


@register.filter
def tiles(text: str, group: str = "") -> str:
    tokens = str(text).split()
    words = [tile_words(parse_tile(t)) for t in tokens]
    if group == "hidden":  # inside something that names them itself
        return format_html_join("", '<span class="tile t-{}" aria-hidden="true"></span>', ((t,) for t in tokens))
    if group:
        inner = format_html_join("", '<span class="tile t-{}" aria-hidden="true"></span>', ((t,) for t in tokens))
        return format_html('<span class="tile-group" role="img" aria-label="{}">{}</span>', ", ".join(words), inner)
    return format_html_join(
        "", '<span class="tile t-{}" role="img" aria-label="{}" title="{}"></span>',
        ((t, w, w) for t, w in zip(tokens, words, strict=True)),
    )
