"""The rules engine: pure Python, deterministic, no Django.

A deal (and a whole match) is a pure function of (ruleset, seed, actions).
"""

ENGINE_VERSION = "1.0"
