"""How fast the engine plays random deals on one core: python bench/simulate.py [deals]."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine.simulate import main  # noqa: E402

if __name__ == "__main__":
    deals = sys.argv[1] if len(sys.argv) > 1 else "2000"
    sys.exit(main(["--deals", deals, "--seed", "bench"]))
