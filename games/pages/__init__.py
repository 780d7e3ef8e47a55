"""Pages beyond the table and lobby, one module per concern (games/views.py stays small)."""
