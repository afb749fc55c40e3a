"""Pitch, registered as ``pitch``: two games, the variants ``auction`` and ``ten_point``.

Auction Pitch (Setback), variant ``auction``: 52 cards, Ace high, 4 players
on their own, 6 cards each dealt in threes. One round of bidding from the
dealer's left: pass, 2, 3 or 4 (smudge), each above the last; all pass →
the dealer must bid 2 (option ``all_pass``: or deal again). The pitcher's
first card sets trump. Trump led → follow if able; another suit led →
follow or trump; unable → any card. Points: High and Low (option
``low_to``) to the player dealt them, Jack to whoever takes it, Game (10,
A, K, Q, J taken) to the strictly highest count. The pitcher scores his
points if they reach his bid, else is set back by it. First to 7 in the
counting order (the pitcher, then High, Low, Jack, Game) wins; a smudge
made wins at once unless the pitcher was in the hole. Settlement 1 (score
≥ 1) or 2 (score ≤ 0) from each loser (option ``settle_setbacks``).

Ten-point Pitch, variant ``ten_point``: 54 cards (the two jokers), two teams
(0+2, 1+3), 9 cards each in threes. Bids 4 … 10 once each from the
dealer's left, the dealer forced to 4 when all pass. The bidder names trump:
16 trumps A K Q J Jick BJ LJ 10 … 2. Losers discard their non-trumps (over 6
trumps: keep 6, burn the rest, non-point trumps first) and are refilled to
6; the bidder sweeps the stock's trumps. Only trumps are played; a player
out of trumps folds. A, J, Jick, BJ, LJ, 10 one point each to the trick's
winner, the 3 three, the 2 one to whoever played it. The bidding team scores
its points if they reach the bid, else loses the bid; game to 52, the
bidding team winning when both reach it.

docs/rules.md has every rule and the readings taken where the sources differ.
"""
from ...options import Option
from ...registry import GameInfo, Variant, register

ALL_PASS = ("dealer_forced", "redeal")
LOW_TO = ("dealt", "taken")
SETTLE_SETBACKS = ("no", "yes")

PITCH_INFO = register(GameInfo(
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
))
