"""Toy trick: a two-player trick-taking game that lives outside tricksim.

It is written exactly as docs/new_game.md says, and reaches tricksim only
through the entry points in pyproject.toml (``tricksim.games``,
``tricksim.players``).
"""
