"""Beim Jupiter: the game as implemented (metadata and options), registered as ``jupiter``.

65 cards: four colours (blue, red, yellow, green) of 1 … 14 and a God card,
Jupiter, Juno and three sacrificial lambs; 3 players play without 9 … 14 and
one lamb (40 cards), 4 players without 12 … 14 (53), 5 players with all.
8 rounds; round r deals 14 - r cards a hand (3 and 4 players: one card left
unseen). Each player lays out a numbered colour card (a hand without one:
the round is dealt again, counted); the trump colour comes from every face-up
colour card on the table, new and left from earlier rounds: most cards, then
the highest sum, then the highest single card, else no trump (option
``trump_rule``: ``sum_first`` compares the sum before the count). From the
start player (left of the dealer) each lays his card beside a trick counter
1 … 13 - r, locked with his marker or not, or once per game covers it with
his zero-trick card. Play: follow the colour led; void: a trump or any card;
trumps led (the trump colour, Jupiter or Juno): a trump if able; Jupiter and
Juno are the highest trumps (the first of them played wins), God cards are 0
or 15 as their player chooses when he plays one, lambs may always be played
and never win (a lamb lead leaves the choice of colour to the next card). At
the end of the round the players at each counter take cards beside it: a
sole claimant the highest; else locked-and-made first (by card points in
their tricks, then bidding order; own locked card or any unlocked card),
then unlocked players, then failed locks (markers moved to the counter of the
tricks taken), each the highest card left. The highest counter then leaves
the game with its cards (option ``orphans``: ``move_down`` moves them to the
new highest counter). Most victory points (the numbers on the cards won)
wins; ties share. docs/rules.md has every rule and the readings taken where
the sources allow two.
"""
from ...options import Option
from ...registry import GameInfo, register

# the options' choices, in the order of rules_nb's constants (TRUMP_*, ORPHANS_*)
TRUMP_RULES = ("count_first", "sum_first")
ORPHANS = ("removed", "move_down")
ROUNDS = 8              # rounds in a game; round r deals 14 - r cards a hand

JUPITER = register(GameInfo(
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
))
