"""tricksim players: the strategy ABI, the registry and the built-in players."""
import sim  # noqa: F401  (sets up the numba cache before any player compiles)
