"""French Tarot's metadata and options (registered by ``rules.py``).

Kept apart from the registration so that the replay and the tests can read
the options while the game is not offered by the registry yet.
"""
from ...options import Option
from ...registry import GameInfo

PETIT_SEC = ("redeal", "play")
EXCUSE_EXCHANGE = ("fft", "none")
DEALS_ONE_EACH = "players"

TAROT_INFO = GameInfo(
    name="tarot",
    title="French Tarot",
    family="tarot",
    summary="78 cards, 21 trumps and the Excuse; bid, take the dog, one taker against the rest "
            "(3, 4 or 5 players; 5: the taker calls a King)",
    min_players=3, max_players=5, default_players=4,
    options=(
        Option("petit_sec", "redeal",
               "a hand dealt the 1 of trumps as its only trump (no Excuse): redeal, or play on",
               choices=PETIT_SEC),
        Option("excuse_exchange", "fft",
               "the Excuse kept by its owner's side: fft gives a half-point card in exchange "
               "to the side that won its trick; none gives nothing",
               choices=EXCUSE_EXCHANGE),
        Option("deals", DEALS_ONE_EACH,
               "deals in a game: players (each deals once) or a whole number",
               choices=(DEALS_ONE_EACH,), int_range=(1, 100)),
    ),
    impl="sim.games.tarot.game:TAROT_GAME",
)
