"""French Tarot, registered as ``tarot`` (the metadata is in ``info.py``).

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
from ...registry import register
from .info import TAROT_INFO

TAROT = register(TAROT_INFO)
