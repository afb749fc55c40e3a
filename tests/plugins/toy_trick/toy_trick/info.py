"""The game's metadata: the rules as data, with its options.

Two players, 16 cards (suits S H D C, ranks 1–4). A game is ``deals`` deals
of 4 cards each; the deal passes to the other player, who leads first the
next time. Follow suit if able; the highest card of the suit led takes the
trick, or the highest trump with ``trump=spades``. A deal scores one point
per trick; the higher game total wins, a tie shares the win.
"""
from sim.options import Option
from sim.registry import GameInfo

TRUMPS = ("none", "spades")

TOY_TRICK = GameInfo(
    name="toy_trick",
    title="Toy trick",
    family="toy_trick",
    summary="two players, 16 cards, follow suit; a point a trick",
    min_players=2, max_players=2, default_players=2,
    options=(
        Option("trump", "none", "whether spades are trumps", choices=TRUMPS),
        Option("deals", 2, "deals in a game", int_range=(1, 8)),
    ),
    impl="toy_trick.game:TOY_TRICK_GAME",
)
