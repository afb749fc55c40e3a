"""What a Jass player sees: the observation layout (Schieber and Differenzler).

The engine fills an ``int64`` array of ``SIZE`` slots before every decision
and calls ``decide(obs, params) -> action``. A player never sees another
hand. Seats are absolute, numbered in play order (seat ``s + 1`` plays after
seat ``s``); in Schieber the teams are seats 0+2 (team 0) and 1+3 (team 1),
``team = seat % 2``. Cards are ids ``suit * 9 + rank`` (see ``cards.py``);
card sets are ``uint64`` bitmasks stored in an ``int64`` slot.

Decisions (``PHASE``), the action a player returns and what ``LEGAL`` holds:

``PHASE_TRUMP`` (Schieber, the first hand)
    action: a mode 0..5 (``S H D C`` trump, ``MODE_OBE`` Obenabe,
    ``MODE_UNE`` Unenufe) or ``ACTION_PUSH`` (6) to leave the choice to the
    partner. ``LEGAL``: bit ``a`` set for every legal action: ``0b1111111``.
``PHASE_TRUMP_PUSHED`` (Schieber, the first hand's partner after a push)
    action: a mode 0..5; pushing back is not allowed. ``LEGAL``: ``0b111111``.
``PHASE_WEIS`` (Schieber, before the first card, in play order from the
    first hand; asked only of a seat that holds at least one meld)
    action: 1 declare all melds of the hand, 0 declare nothing.
    ``LEGAL``: ``0b11``. ``OWN_WEIS`` holds what declaring would announce.
``PHASE_PREDICT`` (Differenzler, in play order from the first hand)
    action: the predicted card points, a whole number ``0 … 157``.
    ``LEGAL`` is *not* a bitmask here: it holds the largest legal
    prediction, ``MAX_PREDICTION`` (157); every number from 0 to it is legal.
``PHASE_PLAY``
    action: a card id. ``LEGAL``: bitmask of the legal cards.
``PHASE_CLAIM`` (Schieber, after every trick, the last one too, asked of the
    seat that took the trick — its team is the one that may claim)
    action: 1 "Thanks, enough" (claim the game), 0 play on.
    ``LEGAL``: ``0b11``. A right claim (the team's counted points,
    ``TEAM_COUNTED``, reach ``TARGET``) wins the game at once, a wrong one
    loses it at once.

Public information and when it appears:

* The mode (``MODE``, ``MULTIPLIER``, ``CHOOSER``, ``PUSHED``) from the
  moment it is chosen (Differenzler: from the deal, with ``TRUMP_CARD``).
* Weis: ``WEIS_DECLARED[seat]`` is the announced value (raw points of all
  the seat's declared melds) as soon as the seat has decided; ``0`` for a
  seat that declared nothing or holds no meld (the two look the same),
  ``-1`` before the seat's turn. ``WEIS_TEAM`` (the team whose Weis score)
  is known from the first card on; ``WEIS_CARDS`` (the cards of that team's
  melds) are shown after the first trick, as the seed says.
* Stöck: ``STOECK_SEAT`` is the holder of the trump Ober and King once he has
  played the second of the two (it is announced then, Swiss custom), else -1.
* Differenzler predictions: ``PREDICTIONS[seat]`` once made; with the option
  ``predictions=hidden`` a player sees only his own, the others stay -1.
* ``TEAM_COUNTED[team]``: the game total the team would have if its points
  were counted now: ``TEAM_TOTALS`` + multiplier × (announced Stöck +
  the Weis it scores once shown + card points taken so far; after the last
  trick also the match bonus of a team that took all nine). This is what a
  claim is judged on.
* ``VOIDS[seat]``, ``PLAYED_BY[seat]``: what the card play has shown of each
  hand (see the slots below); ``RULE_*``: the options that shape the play.
"""
N_SEATS = 4
N_CARDS = 36
MAX_PREDICTION = 157

VARIANT_SCHIEBER = 0
VARIANT_DIFFERENZLER = 1

# modes: 0..3 trump suit S H D C, then the two no-trump modes
MODE_OBE = 4
MODE_UNE = 5
ACTION_PUSH = 6

PHASE_TRUMP = 0
PHASE_TRUMP_PUSHED = 1
PHASE_WEIS = 2
PHASE_PREDICT = 3
PHASE_PLAY = 4
PHASE_CLAIM = 5

PHASE = 0           # one of the PHASE_* constants
VARIANT = 1         # VARIANT_SCHIEBER or VARIANT_DIFFERENZLER
SEAT = 2            # the deciding seat
DEALER = 3          # the seat before the first hand
FIRST_HAND = 4      # chooses the mode (Schieber), predicts first, leads the first trick
DEAL_NO = 5         # index of the deal in the game, from 0 (Differenzler: >= 4 is a tie-break deal)
MODE = 6            # 0..3 trump suit S H D C, 4 Obenabe, 5 Unenufe; -1 not chosen yet
CHOOSER = 7         # Schieber: seat that chose the mode (the first hand, or its partner after a push); -1
PUSHED = 8          # Schieber: 1 when the first hand pushed, else 0
MULTIPLIER = 9      # the mode's multiplier under the option `multipliers`; 0 until chosen; 1 Differenzler
TRUMP_CARD = 10     # Differenzler: the dealer's turned-up last card; -1 in Schieber
HAND = 11           # own hand, card bitmask
LEGAL = 12          # legal actions (see the phases above)
PLAYED = 13         # cards played in completed tricks of this deal, bitmask
TRICK_NO = 14       # index of the current trick, from 0 (PHASE_CLAIM: the tricks taken, 9 after the last)
TRICK_LEADER = 15   # seat that leads / led the current trick
TRICK_N = 16        # cards in the current trick so far
LEAD_SUIT = 17      # suit of the card led, -1 while the trick is empty
WINNING_SEAT = 18   # seat currently taking the trick, -1 when empty
WINNING_CARD = 19   # card currently taking the trick, -1 when empty
RANDOM = 20         # a non-negative 63-bit draw from the decision stream
TARGET = 21         # Schieber: the option `target`; 0 in Differenzler
STOECK_SEAT = 22    # Schieber: seat that announced Stöck (after playing trump Ober and King), else -1
WEIS_TEAM = 23      # Schieber: team whose Weis score, -1 none or not yet decided (decided before the first card)
WEIS_CARDS = 24     # Schieber: cards of the scoring team's declared melds, shown after the first trick; 0 before
OWN_WEIS = 25       # Schieber: raw points of all melds in the deciding seat's hand as dealt (0: none)
TRICK_CARDS = 26                          # N_SEATS slots: current trick in play order from the leader, -1 empty
PREDICTIONS = TRICK_CARDS + N_SEATS       # per seat: Differenzler prediction, -1 not yet made or hidden
POINTS = PREDICTIONS + N_SEATS            # per seat: card points taken this deal (raw, last trick's 5 included)
TRICKS = POINTS + N_SEATS                 # per seat: tricks taken this deal
WEIS_DECLARED = TRICKS + N_SEATS          # per seat: announced Weis points (raw), 0 none, -1 not yet decided
PENALTIES = WEIS_DECLARED + N_SEATS       # per seat: Differenzler penalty total before this deal (0 Schieber)
TEAM_TOTALS = PENALTIES + N_SEATS         # 2 slots: Schieber game total per team before this deal
TEAM_COUNTED = TEAM_TOTALS + 2            # 2 slots: Schieber total per team if counted now (see above)
# per seat: the cards it has shown it does not hold (a card set), by a card the rules allow only
# without them: another suit to a plain suit led (none of that suit), a plain card to a trump
# led (no trump but perhaps the Buur), an under-trump (nothing but trumps). And per seat: the
# cards it has played this deal. Both kept whenever a user's player sits at the table (a search
# player reads them) and in the step interface; a table of built-in players only leaves them 0,
# as no built-in reads them (its play loop does no more work than before)
VOIDS = TEAM_COUNTED + 2
PLAYED_BY = VOIDS + N_SEATS
# the rules every seat knows that no other slot shows: the option `multipliers` (a row of
# rules_nb.MULTIPLIERS) and the option `predictions` (rules_nb.PREDICTIONS_*)
RULE_MULTIPLIERS = PLAYED_BY + N_SEATS
RULE_PREDICTIONS = RULE_MULTIPLIERS + 1
SIZE = RULE_PREDICTIONS + 1

# The trick in progress: the kit's trick block (sim/kit_nb.py T_*) starts at PLAYED
TRICK_BLOCK = PLAYED
assert (TRICK_NO, TRICK_LEADER, TRICK_N, LEAD_SUIT, WINNING_SEAT, WINNING_CARD) == tuple(
    range(PLAYED + 1, PLAYED + 7))
