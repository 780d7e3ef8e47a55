"""Puzzles on other pages: the puzzle of the day (home) and a person's own puzzles (their page)."""

from django import template
from django.utils.translation import get_language, pgettext, pgettext_lazy

from games.engine import hand_names
from games.engine.ruleset import PRESETS, get_ruleset
from games.services import puzzles

register = template.Library()

OWN_SHOWN = 10
# A puzzle's themes (codes, games/thinking/puzzle_jobs.py) as a page says them; the browser's
# are static/js/puzzle_themes.js.
THEMES = {
    "kong": pgettext_lazy("puzzle theme", "kong"),
    "claim": pgettext_lazy("puzzle theme", "claim"),
    "original-call": pgettext_lazy("puzzle theme", "original-call"),
    "defence": pgettext_lazy("puzzle theme", "defence"),
    "waits": pgettext_lazy("puzzle theme", "waits"),
    "shape": pgettext_lazy("puzzle theme", "shape"),
    "value": pgettext_lazy("puzzle theme", "value"),
    "goulash": pgettext_lazy("puzzle theme", "goulash"),
}


def theme_words(themes: str) -> str:
    """A puzzle's stored themes ("kong,defence") as the page says them."""
    codes = [code for code in themes.split(",") if code]
    return pgettext("list", ", ").join(str(THEMES.get(code, code)) for code in codes)


@register.inclusion_tag("games/_puzzle_of_the_day.html")
def puzzle_of_the_day():
    puzzle = puzzles.of_the_day()
    title = ""
    if puzzle is not None:
        title = (hand_names.ruleset_title(puzzle.ruleset_name, get_language())
                 if puzzle.ruleset_name in PRESETS else get_ruleset(puzzle.ruleset_name).title)
    return {"puzzle": puzzle, "title": title}


@register.inclusion_tag("games/_own_puzzles.html")
def own_puzzles(user):
    shown = []
    if user is not None and user.is_authenticated:
        shown = list(user.own_puzzles.order_by("-created")[:OWN_SHOWN])
    for puzzle in shown:
        puzzle.theme_words = theme_words(puzzle.themes)
    return {"puzzles": shown}
