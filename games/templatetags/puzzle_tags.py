"""Puzzles on other pages: the puzzle of the day (home) and a person's own puzzles (their page)."""

from django import template

from games.engine.ruleset import get_ruleset
from games.services import puzzles

register = template.Library()

OWN_SHOWN = 10


@register.inclusion_tag("games/_puzzle_of_the_day.html")
def puzzle_of_the_day():
    puzzle = puzzles.of_the_day()
    title = get_ruleset(puzzle.ruleset_name).title if puzzle else ""
    return {"puzzle": puzzle, "title": title}


@register.inclusion_tag("games/_own_puzzles.html")
def own_puzzles(user):
    shown = []
    if user is not None and user.is_authenticated:
        shown = list(user.own_puzzles.order_by("-created")[:OWN_SHOWN])
    return {"puzzles": shown}
