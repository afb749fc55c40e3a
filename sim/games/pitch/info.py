"""Pitch's metadata and options (registered by ``rules.py``).

Kept apart from the registration so that the replay and the tests can read
the options while the game is not offered by the registry yet.
"""
from ...options import Option
from ...registry import GameInfo, Variant

ALL_PASS = ("dealer_forced", "redeal")
LOW_TO = ("dealt", "taken")
SETTLE_SETBACKS = ("no", "yes")

PITCH_INFO = GameInfo(
    name="pitch",
    title="Pitch",
    family="pitch",
    summary="Auction Pitch (Setback: 52 cards, the first lead sets trump, High Low Jack Game, "
            "to 7) or Ten-point Pitch (54 cards with the jokers and the Jick, two teams, to 52)",
    min_players=4, max_players=4, default_players=4,
    options=(
        Option("all_pass", "dealer_forced",
               "Auction Pitch, every player passes: the dealer must bid 2 (dealer_forced), "
               "or the deal is dealt again by the same dealer (redeal)",
               choices=ALL_PASS),
        Option("low_to", "dealt",
               "Auction Pitch, the Low point: to the player dealt the lowest trump in play "
               "(dealt), or to the player who takes it in a trick (taken)",
               choices=LOW_TO),
        Option("settle_setbacks", "no",
               "Auction Pitch settlement: the winner also receives 1 from each player for "
               "every time that player was set back (yes), or not (no)",
               choices=SETTLE_SETBACKS),
    ),
    impl="sim.games.pitch.game:PITCH_GAME",
    variants=(
        Variant("auction", "Auction Pitch (Setback): 4 players, 6 cards, bids 2-4, "
                "High Low Jack Game, the game to 7",
                options=("all_pass", "low_to", "settle_setbacks")),
        Variant("ten_point", "Ten-point Pitch: 2 teams, 54 cards with the jokers and the Jick, "
                "bids 4-10, discard and refill to 6, trumps only, the game to 52",
                options=()),
    ),
)
