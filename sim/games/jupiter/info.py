"""Beim Jupiter's metadata and options (registered by ``rules.py``).

Kept apart from the registration so that the replay and the tests can read
the options while the game is not offered by the registry yet.
"""
from ...options import Option
from ...registry import GameInfo

TRUMP_RULES = ("count_first", "sum_first")
ORPHANS = ("removed", "move_down")

JUPITER_INFO = GameInfo(
    name="jupiter",
    title="Beim Jupiter",
    family="jupiter",
    summary="65 cards in four colours with God cards, Jupiter, Juno and lambs; lay out a card, "
            "bid it beside a trick counter, win it back by taking that many tricks "
            "(3, 4 or 5 players, 8 rounds)",
    min_players=3, max_players=5, default_players=4,
    options=(
        Option("trump_rule", "count_first",
               "the trump colour from the face-up cards: count_first (most cards, then the "
               "highest sum, then the highest card) or sum_first (the sum, then the count)",
               choices=TRUMP_RULES),
        Option("orphans", "removed",
               "the cards beside the counter removed after each round: removed from the game, "
               "or move_down to the new highest counter",
               choices=ORPHANS),
    ),
    impl="sim.games.jupiter.game:JUPITER_GAME",
)
