"""The framework's floor: a Daphne + Channels app of our own with a live table's message pattern
and none of its work (no database, engine or views). bench/load.py measures it beside the real
server; see app.py."""
