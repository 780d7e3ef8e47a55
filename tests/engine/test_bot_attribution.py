"""bench/attribution.py puts strong's difference from the intermediate, play by play, on the
first decision where the two differ. Its total must be the arena's figure on the same walls, and
a play where strong never differs must end exactly as the control did."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import arena  # noqa: E402
import attribution  # noqa: E402


@pytest.mark.parametrize("ruleset", ["cantonese", "british"])
def test_the_attribution_adds_up_to_the_arena(ruleset):
    walls = [f"attribution-test:{ruleset}:{i}" for i in range(1)]
    attributed = [attribution.attribute_wall((ruleset, w)) for w in walls]
    arena_points = sum(p["delta"] for w in walls
                       for p in arena.play_wall((ruleset, w, "strong", "intermediate", False)))
    total, table = attribution.summarise(attributed)
    assert total == pytest.approx(arena_points / (4 * len(walls)))
    assert sum(share for _, _, _, share in table.values()) == pytest.approx(total)
    for wall in attributed:
        for diff, cause in wall:
            if cause is None:
                assert diff == 0
            else:
                assert cause.split(" / ")[0] in (*attribution.WITHOUT, "several")
