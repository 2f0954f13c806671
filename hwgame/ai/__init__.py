"""The computer opponent: evaluation, search, levels and a background worker (imports rules only)."""
