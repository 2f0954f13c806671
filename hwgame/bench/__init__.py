"""Benchmarks: ``python -m hwgame.bench NAME`` prints figures (speed targets live here, not in tests)."""
