"""Page views, a module per area."""
