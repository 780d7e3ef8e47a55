"""A seat's view of the game, weighed: what each legal action leaves, how near it is to going
out, what it would be worth, and how dangerous its discard is. The bots' levels above the
beginner decide with it; a hint shown at the table can read the same candidates.

  knowledge.py  `Knowledge`: what one seat may see, read from its seat view only
  shape.py      distance from going out under the ruleset's win shape (chow limits, wilds)
  value.py      what a hand is worth if it goes out: calling hands scored exactly, plans priced
  chance.py     how likely a hand is to go out before the deal ends
  danger.py     how likely a discard is to let an opponent go out, and the cost
  evaluate.py   `Candidate` and `evaluate(knowledge) -> list[Candidate]`, best first
  levels.py     the intermediate and strong bots' choice
"""

from .evaluate import INTERMEDIATE, STRONG, Candidate, Style, evaluate
from .knowledge import Knowledge, knowledge_for

__all__ = ["INTERMEDIATE", "STRONG", "Candidate", "Knowledge", "Style", "evaluate",
           "knowledge_for"]
