"""Tournament logic that needs no database: seating (pure Python, no Django imports)."""
