"""French Tarot: the game as implemented (metadata and options), registered as ``tarot``.

The complete rules as implemented, with their public sources, are in
``docs/rules.md``; this is their summary beside the code.

78 cards: four suits of 14 (King, Queen, Knight, Jack, 10 … 1), 21 trumps and
the Excuse. 4 players (default) get 18 cards and a dog of 6; 3 players 24 and
6; 5 players 15 and 3. Bidding once each from the dealer's right: pass, Take,
Guard, Guard Without, Guard Against, each above the last; all pass → the deal
is dealt again (counted). Take/Guard: the taker takes the dog and discards (no
Kings, no oudlers, trumps only when unavoidable, then shown); Guard Without:
the dog counts for the taker; Guard Against: for the defence. 5 players: the
taker calls a King (with all four Kings a Queen, and so on down to a Jack) and
its holder is his secret partner. Play: follow suit; void → trump; a trump must
beat the highest trump in the trick when it can; the Excuse at any time. Target
by oudlers 56/51/41/36; score ``[(±25 + margin ± petit au bout) × 1/2/4/6] ±
handful ± slam`` per defender (the margin signed: below the target, negative),
settled zero-sum. docs/rules.md has every rule and the readings taken where the
sources differ.
"""
from ...options import Option
from ...registry import GameInfo, register

PETIT_SEC = ("redeal", "play")
EXCUSE_EXCHANGE = ("fft", "none")
DEALS_ONE_EACH = "players"

TAROT = register(GameInfo(
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
))


def deals_per_game(players: int, deals) -> int:
    """Played deals in a game: one dealt by each seat, or the option's number."""
    return players if deals == DEALS_ONE_EACH else int(deals)
