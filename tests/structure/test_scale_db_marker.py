"""The second pass of `make test` (.ci/with-services.sh) runs on PostgreSQL + Redis only the web
tests marked scale_db: those whose behaviour depends on the database's locking or the channel
layer. A module that touches either must carry the mark (tests/web/conftest.py's SCALE_DB, or a
`pytestmark` of its own), or the scaled-out configuration would stop being tested there."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.conftest import OWN_SERVER, SCALE_DB

WEB = Path(__file__).resolve().parents[1] / "web"

# What "touching" looks like in a test module's source.
TOUCHES = {
    "the live ASGI app and its channel layer (the app fixture)": r"def test\w*\([^)]*\bapp\b",
    "the channel layer": r"get_channel_layer|channel_layers|channel_layer\b",
    "threads or processes beside the test": r"\bthreading\b|ThreadPool|concurrent\.futures"
                                            r"|multiprocessing|\bsubprocess\b",
    "the database connection, its queries or locks": r"\bconnections?\b|select_for_update"
                                                     r"|CaptureQueriesContext|assert_num_queries"
                                                     r"|\.raw\(|cursor\(",
    "transactions and commit hooks": r"\btransaction\.|on_commit",
    "the cache (Redis in the scaled-out configuration)": r"\bcache\b",
}


def touches(source: str) -> list[str]:
    return [what for what, pattern in TOUCHES.items() if re.search(pattern, source)]


def test_every_web_module_that_touches_locking_or_the_channel_layer_is_marked():
    missing = []
    for path in sorted(WEB.glob("test_*.py")):
        source = path.read_text()
        marked = path.stem in SCALE_DB | OWN_SERVER or "pytest.mark.scale_db" in source
        found = touches(source)
        if found and not marked:
            missing.append(f"{path.name}: {', '.join(found)}")
    assert missing == [], (
        "add these to SCALE_DB in tests/web/conftest.py so they run on PostgreSQL + Redis too:\n"
        + "\n".join(missing))


def test_the_list_names_only_modules_that_exist():
    assert SCALE_DB, "the second pass would run no web test"
    assert sorted(n for n in SCALE_DB | OWN_SERVER if not (WEB / f"{n}.py").exists()) == []


def test_the_detector_sees_what_it_is_meant_to():
    assert touches("async def test_x(app, players):") != []
    assert touches("from channels.layers import get_channel_layer") != []
    assert touches("with ThreadPoolExecutor(2) as pool:") != []
    assert touches("from django.db import connection") != []
    assert touches("transaction.on_commit(f)") != []
    assert touches("def test_page(client, players):\n    assert client.get('/').ok\n") == []
