"""Wizard and Oh Hell: the games as implemented (metadata and options).

The complete rules as implemented, with their public sources, are in
``docs/rules.md``; this is their summary beside the code.

Wizard (3–6 players, 60 cards: 4 suits of 13, 4 Wizards, 4 Jesters)
  * A game is rounds 1 … 60/n; round r deals r cards each. The first dealer is
    random; the deal passes left; the player left of the dealer bids first
    and leads the first trick.
  * Trump: the next card of the pack. Jester → no trump; Wizard → the dealer
    chooses a suit after seeing the hand; no card left (last round) → none.
  * Bids 0 … r in turn from the dealer's left. ``dealer_restriction``:
    ``leader`` (seed: the dealer may not make the bids add up to r when the
    dealer has strictly more points than every other player), ``always``,
    ``never``. If every bid were forbidden the restriction is void.
  * Play: follow the suit led if able; Wizards and Jesters may always be
    played. Wizard led → anything goes. Jester led → the first non-Jester
    sets the suit (a Wizard there frees the trick).
  * Trick: the first Wizard; else the highest trump; else the highest card
    of the suit led; all Jesters → the first Jester.
  * Score: exact bid → 20 + 10 × tricks; else −10 × |tricks − bid|. Highest
    total wins; ties share the win.

Oh Hell (3–7 players, 52 cards): the same engine without Wizards and Jesters.
  * Trump: the card turned after the deal; none when the deal uses the pack.
  * ``scoring``: ``classic`` (one point a trick + 10 for an exact bid; a miss
    keeps its tricks), ``penalty`` (exact → tricks + 10, miss → −|tricks − bid|),
    ``wizard`` (the Wizard table).
  * ``dealer_restriction`` as Wizard, default ``always`` (the "hook").
  * ``rounds``: the hand sizes of a game, with m = 52 // players:
    ``up`` 1 … m, ``down`` m … 1, ``up_down`` 1 … m … 1, ``down_up``
    m … 1 … m (the turning hand played once), or a number k: a single deal
    of k cards each (for single-deal studies).
"""
import numpy as np

from ...errors import TricksimError
from ...options import Option
from ...registry import GameInfo, register
from .cards import OH_HELL_DECK, WIZARD_DECK

RESTRICTIONS = ("leader", "always", "never")
SCORINGS = ("classic", "penalty", "wizard")
SCHEDULES = ("up", "down", "up_down", "down_up")

WIZARD = register(GameInfo(
    name="wizard",
    title="Wizard",
    family="wizard",
    summary="60 cards with Wizards and Jesters; bid the exact number of tricks, rounds 1 … 60/n",
    min_players=3, max_players=6, default_players=4,
    options=(
        Option("dealer_restriction", "leader",
               "when the dealer may not make the bids add up to the cards in hand",
               choices=RESTRICTIONS),
    ),
    impl="sim.games.wizard.game:WIZARD_GAME",
))

OH_HELL = register(GameInfo(
    name="oh_hell",
    title="Oh Hell",
    family="wizard",
    summary="52 cards, trump turned up; bid the exact number of tricks",
    min_players=3, max_players=7, default_players=4,
    options=(
        Option("scoring", "classic", "how a round scores", choices=SCORINGS),
        Option("dealer_restriction", "always",
               "when the dealer may not make the bids add up to the cards in hand",
               choices=RESTRICTIONS),
        Option("rounds", "up_down", "hand sizes of a game: a schedule or one fixed hand size",
               choices=SCHEDULES, int_range=(1, 17)),
    ),
    impl="sim.games.wizard.game:OH_HELL_GAME",
))


def schedule(game: str, n_players: int, rounds) -> np.ndarray:
    """Hand sizes of the deals (rounds) of one game."""
    if game == "wizard":
        return np.arange(1, WIZARD_DECK // n_players + 1, dtype=np.int64)
    top = OH_HELL_DECK // n_players
    if isinstance(rounds, int):
        if not 1 <= rounds <= top:
            raise TricksimError(f"oh_hell: rounds={rounds} is more cards than {n_players} players "
                                f"can be dealt; rounds takes {', '.join(SCHEDULES)} or a number from 1 to {top}")
        return np.array([rounds], dtype=np.int64)
    up = list(range(1, top + 1))
    return np.array({"up": up, "down": up[::-1], "up_down": up + up[-2::-1],
                     "down_up": up[::-1] + up[1:]}[rounds], dtype=np.int64)
