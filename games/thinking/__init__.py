"""Thinking off the live thread: bot decisions, hints and reviews of finished games worked out
in worker processes from the pure engine (a seat's view or a record in, an action or figures
out). `pool` runs them; `jobs` is what a worker runs and imports nothing but the engine."""
