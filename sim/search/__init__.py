"""Search over a game's step interface: exact solvers and search players."""
