"""docs/architecture.md: the layers of `games` and how its modules may import one another.
Read from the source, so a cycle hidden in a function or under TYPE_CHECKING still counts."""

import pytest

from . import graph

MODULES = graph.build()

# Where an import inside a function is the point: Django's AppConfig.ready (the app registry must
# be ready first) and the engine's command line, which loads only the command asked for.
LAZY_ALLOWED = {"games.apps", "games.engine.__main__"}

# The web edge: reached from URLs, sockets, the admin and the command line; nothing below it
# imports any of these.
EDGE = (
    "games.pages", "games.consumers", "games.admin", "games.urls", "games.routing",
    "games.forms", "games.tournament_form", "games.timers", "games.records", "games.plots",
    "games.management", "games.apps", "games.templatetags", "games.entry_form",
    "games.seat_swap",
)


def _within(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _imports_outside(owner_prefixes, allowed_prefixes) -> list[str]:
    return [
        f"{name} imports {target}"
        for name, module in MODULES.items() if _within(name, owner_prefixes)
        for target in module.imports if not _within(target, allowed_prefixes)
    ]


def test_the_graph_is_read_from_every_module():
    assert len(MODULES) > 100
    assert "games.engine.match" in MODULES["games.engine.record"].imports
    assert "games.services.play" in MODULES["games.services"].imports


def test_no_import_cycles():
    assert graph.cycles(MODULES) == []


def test_a_cycle_is_found_where_there_is_one():
    a = graph.Module("a", graph.ROOT, None, imports={"b": 1})
    b = graph.Module("b", graph.ROOT, None, imports={"c": 1})
    c = graph.Module("c", graph.ROOT, None, imports={"a": 1})
    assert graph.cycles({"a": a, "b": b, "c": c}) == [["a", "b", "c"]]
    c.imports = {}
    assert graph.cycles({"a": a, "b": b, "c": c}) == []


def test_no_private_name_is_used_across_modules():
    used = [f"{name}:{where}" for name, m in MODULES.items() for where in m.private]
    assert used == []


def test_project_modules_are_imported_at_the_top():
    lazy = [
        f"{name}:{where}" for name, m in MODULES.items() if name not in LAZY_ALLOWED
        for where in m.in_functions
    ]
    assert lazy == []


@pytest.mark.parametrize(
    ("layer", "may_import"),
    [
        # The rules: pure Python, deterministic, testable alone (DESIGN.md).
        (["games.engine"], ["games.engine"]),
        # Tournament seating: pure Python too.
        (["games.tournaments"], ["games.tournaments", "games.engine"]),
        # What is persisted sits below everything that reads or changes it.
        (["games.models", "games.bot_models", "games.puzzle_models"],
         ["games.models", "games.bot_models", "games.puzzle_models", "games.engine",
          "games.clock", "games.conf", "games.protocol"]),
    ],
)
def test_lower_layers_import_only_below_them(layer, may_import):
    assert _imports_outside(layer, may_import) == []


def test_the_service_door_imports_nothing_of_the_web_edge():
    found = [
        f"{name} imports {target}"
        for name, module in MODULES.items() if _within(name, ["games.services"])
        for target in module.imports if _within(target, EDGE)
    ]
    assert found == []


def test_pages_are_reached_only_from_urls():
    found = [
        f"{name} imports {target}"
        for name, module in MODULES.items()
        if not _within(name, ["games.pages", "games.urls"])
        for target in module.imports if _within(target, ["games.pages"])
    ]
    assert found == []
