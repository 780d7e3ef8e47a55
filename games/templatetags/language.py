"""The active language as HTML writes it (docs/i18n.md): `zh-hans` is `zh-Hans` in `lang`."""

from __future__ import annotations

from django import template
from django.utils.translation import to_locale

register = template.Library()


@register.filter
def html_lang(code: str) -> str:
    """A Django language code as a BCP 47 tag: en, zh-Hans, zh-Hant."""
    return to_locale(code).replace("_", "-")
