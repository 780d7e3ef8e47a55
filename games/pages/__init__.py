"""Pages that read the engine but never change a game: the scoring calculator, the rules."""
