"""docs/architecture.md: the layers of `games` and how its modules may import one another.
Read from the source, so a cycle hidden in a function or under TYPE_CHECKING still counts."""

import pytest

from . import graph

MODULES = graph.build()

# Where an import inside a function is the point: Django's AppConfig.ready (the app registry must
# be ready first) and the engine's command line, which loads only the command asked for.
LAZY_ALLOWED = {"games.apps", "games.engine.__main__"}

# The edge: reached from URLs, sockets, the admin and the command line; nothing below it
# imports any of these packages.
EDGE = (
    "games.web", "games.organiser", "games.urls", "games.management", "games.apps",
    "games.templatetags",
)
# Of the live socket's package, the service door uses only the wire's words (protocol) and the
# ticker's bell (wakeup); the consumers, the routing, the layer and the ticker are the edge.
REALTIME_BELOW_SERVICES = ("games.realtime.protocol", "games.realtime.wakeup")


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
        (["games.models", "games.models.bots", "games.models.puzzles"],
         ["games.models", "games.models.bots", "games.models.puzzles", "games.engine",
          "games.clock", "games.conf", "games.realtime.protocol"]),
    ],
)
def test_lower_layers_import_only_below_them(layer, may_import):
    assert _imports_outside(layer, may_import) == []


def test_the_service_door_imports_nothing_of_the_edge():
    found = [
        f"{name} imports {target}"
        for name, module in MODULES.items() if _within(name, ["games.services"])
        for target in module.imports
        if _within(target, EDGE)
        or (_within(target, ["games.realtime"]) and not _within(target, REALTIME_BELOW_SERVICES))
    ]
    assert found == []


# The top of games/: the packages by job and four modules every package may need.
TOP_MODULES = {"__init__.py", "urls.py", "apps.py", "conf.py", "clock.py"}


def test_the_top_of_games_holds_packages_and_four_modules():
    top = graph.ROOT / "games"
    modules = {p.name for p in top.glob("*.py")}
    assert modules == TOP_MODULES
    packages = {p.name for p in top.iterdir() if (p / "__init__.py").exists()}
    assert packages >= {"engine", "tournaments", "thinking", "models", "services", "realtime",
                        "web", "organiser", "access"}


MAX_LINES = 400


def test_no_module_outside_the_engine_is_over_400_lines():
    long = [
        f"{m.path.relative_to(graph.ROOT)}: {n} lines"
        for m in MODULES.values()
        if not _within(m.name, ["games.engine", "games.migrations"])
        and (n := len(m.path.read_text().splitlines())) > MAX_LINES
    ]
    assert long == []


def test_pages_are_reached_only_from_urls():
    found = [
        f"{name} imports {target}"
        for name, module in MODULES.items()
        if not _within(name, ["games.web.pages", "games.urls"])
        for target in module.imports if _within(target, ["games.web.pages"])
    ]
    assert found == []
