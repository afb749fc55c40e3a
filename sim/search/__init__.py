"""Search over a game's step interface: determinization (the hidden cards drawn uniformly
from what a seat knows), the exact solver of card play, and the search players."""
