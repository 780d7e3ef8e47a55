import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    if os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL", "").startswith("postgres"):
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL)")
    for item in items:
        if HERE in Path(item.fspath).parents:
            item.add_marker(skip)
