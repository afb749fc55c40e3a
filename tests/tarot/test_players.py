"""The Tarot heuristic's card play and call, each decision on a hand-made observation.

Every test builds the observation the engine would show (``obs.py``): the
legal cards come from the rules (``rules_nb.legal_play``; the calls from the
engine's legal set on a hand-made deal), the trick's lead and winner from the
cards played to it. The expected card is argued in each
test from what the player is meant to do (``docs/tarot_players.md``), and the
param that turns the skill off shows the card played without it.
Notation: ``S H D C`` + rank (``S2``, ``SK``), ``T1`` … ``T21``, ``EX``.
"""
import numpy as np
import pytest

from sim.games.tarot import obs as O
from sim.games.tarot.cards import NAMES, parse_card, words_of
from sim.games.tarot.replay import _Replay
from sim.games.tarot.rules_nb import card_key, lead_of, legal_play
from sim.study import Study
from strategies import tarot_nb as H
from strategies.abi import N_PARAMS
from strategies.registry import resolve

from .helpers import bids, record


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def trumps(low: int, high: int) -> str:
    return " ".join(f"T{r}" for r in range(low, high + 1))


def params(**changes) -> np.ndarray:
    row = np.zeros(N_PARAMS, np.float64)
    row[: len(H.DEFAULTS)] = H.DEFAULTS
    for name, value in changes.items():
        row[H.NAMES.index(name)] = value
    return row


def position(hand, players=4, seat=0, taker=0, played="", trick="", called=-1, called_seat=-1):
    """The observation of ``seat`` about to play: ``played`` the cards of the completed
    tricks, ``trick`` the cards of this trick in play order (the last one just before
    ``seat``)."""
    obs = np.zeros(O.STATE_SIZE, np.int64)
    obs[O.PHASE] = O.PHASE_PLAY
    obs[O.SEAT] = seat
    obs[O.N_PLAYERS] = players
    obs[O.TAKER] = taker
    obs[O.CONTRACT] = 2
    obs[O.CALLED] = called
    obs[O.CALLED_SEAT] = called_seat
    obs[O.EXCUSE_SEAT] = -1
    obs[O.N_TRICKS] = {3: 24, 4: 18, 5: 15}[players]
    hand_words = words_of(cards(hand))
    obs[O.HAND:O.HAND + 2] = hand_words.view(np.int64)
    played_words = words_of(cards(played)).view(np.int64)
    obs[O.PLAYED], obs[O.PLAYED_HI] = played_words
    obs[O.TRICK_NO] = len(cards(played)) // players
    in_trick = cards(trick)
    obs[O.TRICK_CARDS:O.TRICK_CARDS + 5] = -1
    obs[O.TRICK_N] = len(in_trick)
    obs[O.TRICK_LEADER] = (seat - len(in_trick)) % players
    lead, best_trump, win_seat, win_card = -1, -1, -1, -1
    for i, c in enumerate(in_trick):
        obs[O.TRICK_CARDS + i] = c
        if lead < 0:
            lead = lead_of(c)
        if parse_card("T1") <= c < parse_card("EX"):
            best_trump = max(best_trump, c)
        if win_seat < 0 or card_key(c, lead) > card_key(win_card, lead):
            win_seat, win_card = (obs[O.TRICK_LEADER] + i) % players, c
    obs[O.LEAD], obs[O.BEST_TRUMP] = lead, best_trump
    obs[O.WINNING_SEAT], obs[O.WINNING_CARD] = win_seat, win_card
    legal = legal_play(hand_words[0], hand_words[1], lead, best_trump)
    obs[O.LEGAL:O.LEGAL + 2] = np.array(legal, dtype=np.uint64).view(np.int64)
    return obs


def play(obs, **changes) -> str:
    card = int(H.heuristic_decide(obs, params(**changes)))
    lo, hi = (np.uint64(w) for w in obs[O.LEGAL:O.LEGAL + 2])
    assert (int(lo) | int(hi) << 64) >> card & 1, f"{NAMES[card]} is not legal"
    return NAMES[card]


# --- counting trumps ---------------------------------------------------------------------

def test_taker_stops_pulling_trumps_when_the_others_have_none():
    # seven trumps, more than pull_trumps: it pulls, but every other trump is played
    obs = position("T15 T16 T17 T18 T19 T20 T21 S2 S3", taker=0, played=trumps(1, 14))
    assert play(obs) == "S2"
    assert play(obs, trumps_out_stop=-1) == "T21"         # not counting: it pulls on


def test_taker_pulls_while_a_trump_is_out():
    obs = position("T15 T16 T17 T18 T19 T20 T21 S2 S3", taker=0, played=trumps(1, 13))
    assert play(obs) == "T21"                               # T14 is still out
    assert play(obs, trumps_out_stop=1) == "S2"


def test_trumps_shown_from_the_discard_count_as_seen():
    obs = position("T15 T16 T17 T18 T19 T20 T21 S2 S3", taker=0, played=trumps(1, 13))
    obs[O.SHOWN:O.SHOWN + 2] = words_of(cards("T14")).view(np.int64)
    assert play(obs) == "S2"


def test_the_master_trump_holds_the_trick_surely():
    # defence (seat 2): partner seat 1 trumped with T12, every higher trump is played;
    # seat 3 is still to play, but cannot beat T12: give the King
    obs = position("SK S2 H3", seat=2, taker=0, played=trumps(13, 21), trick="S4 T12")
    assert play(obs) == "SK"
    assert play(obs, trumps_out_stop=-1) == "S2"          # T12 is not sure without counting


# --- protecting the Petit and saving the Excuse ---------------------------------------------

def test_the_petit_is_saved_under_a_master_trump_of_the_side():
    # void in Spades, no trump above T12: the Petit goes to the trick the side holds
    obs = position("T1 T3 H3", seat=2, taker=0, played=trumps(13, 21), trick="S4 T12")
    assert play(obs) == "T1"
    assert play(obs, trumps_out_stop=-1) == "T3"


def test_the_petit_is_given_to_a_trick_the_side_holds_as_last():
    obs = position("T1 T5 T6 T7 H3", seat=3, taker=0, trick="S4 S5 SK")
    assert play(obs) == "T1"


def test_the_excuse_saves_a_king_that_would_be_lost():
    obs = position("SK EX H2", seat=1, taker=0, trick="S4 T8", players=4)
    assert play(obs) == "EX"
    assert play(obs, excuse_points=10) == "SK"


def test_the_excuse_is_never_kept_for_the_last_trick():
    obs = position("T1 EX", seat=1, taker=0, played=trumps(2, 21))
    assert play(obs) == "EX"          # even when the Petit would win the last trick


# --- hunting the Petit ----------------------------------------------------------------------

HUNTER = "T20 T10 T9 SK S2 H3"


def test_defence_hunts_the_petit_when_few_trumps_guard_it():
    # T1, T11, T12 unseen: three trumps out, the Petit among them
    obs = position(HUNTER, seat=1, taker=0, played=trumps(2, 8) + " " + trumps(13, 19) + " T21")
    assert play(obs) == "T20"
    assert play(obs, hunt_petit=0) == "SK"
    assert play(obs, hunt_petit=2) == "SK"                 # three out: more than 2


def test_defence_does_not_hunt_its_own_petit_or_a_played_one():
    own = position("T1 " + HUNTER, seat=1, taker=0, played=trumps(2, 8) + " " + trumps(13, 19))
    assert play(own, petit_au_bout=-1) == "SK"
    gone = position(HUNTER, seat=1, taker=0, played=trumps(1, 8) + " " + trumps(13, 19))
    assert play(gone) == "SK"


def test_the_taker_does_not_hunt():
    obs = position(HUNTER, seat=0, taker=0, played=trumps(2, 8) + " " + trumps(13, 19) + " T21")
    assert play(obs) == "SK"


def test_defence_takes_the_takers_petit_with_its_highest_trump():
    # 5 players, the partner not yet revealed: seats 2 and 3 still to play may be his
    obs = position("T5 T18 H2", players=5, seat=1, taker=0, called=parse_card("DK"), trick="S4 T1")
    assert play(obs) == "T18"
    assert play(obs, hunt_petit=0) == "T5"                 # the cheapest winning card


def test_the_last_to_play_takes_the_petit_cheaply():
    obs = position("T5 T18 H2", players=3, seat=2, taker=1, trick="S4 T1")
    assert play(obs) == "T5"


# --- petit au bout -------------------------------------------------------------------------

def test_the_petit_is_kept_when_its_holder_has_the_last_trumps():
    # defence, last to play on its partner's King: it must trump, and keeps the Petit
    obs = position("T1 T2 H2", seat=3, taker=0, played=trumps(3, 21), trick="S4 S5 SK")
    assert play(obs) == "T2"
    assert play(obs, petit_au_bout=-1) == "T1"


def test_the_holder_draws_the_last_trumps_for_petit_au_bout():
    # three other trumps against one out (T5): enough with a margin of 2
    hand = "T1 T19 T20 T21 S2 S3"
    obs = position(hand, seat=1, taker=0, played=trumps(2, 4) + " " + trumps(6, 18))
    assert play(obs) == "T21"
    assert play(obs, petit_au_bout=-1) == "S2"
    assert play(obs, petit_au_bout=3) == "S2"              # 3 < 1 + 3: not enough trumps


def test_the_petit_does_not_win_an_early_trick_while_kept():
    # last to play against the taker's S6: the Petit would be the cheapest win; it is kept
    obs = position("T1 T2 T3 H2", seat=3, taker=2, played=trumps(4, 21), trick="S4 S5 S6")
    assert play(obs) == "T2"
    assert play(obs, petit_au_bout=-1) == "T1"


# --- legal at the ends of every range, every player count -----------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_plays_legally_at_the_ends_of_its_ranges(players, play_all_chunks):
    heuristic = resolve("tarot", "heuristic")
    for end in (0, 1):
        values = ",".join(f"{name}={heuristic.param_range(name)[end]!r}" for name in heuristic.param_names)
        lineup = ([f"heuristic[{values}]", "random"] * 3)[:players]
        study = Study.create("tarot", players=players, lineup=lineup,
                             boards=12, seed=17 + end, seating="rotate")
        play_all_chunks(study)          # raises TricksimError on an illegal action


# --- the call (5 players) -----------------------------------------------------------------

@pytest.mark.parametrize("hand,called", [
    ("SK HK DK CK SQ HQ DQ CQ C1 C2 C3 D1 D2", "CN"),          # Knights: clubs its longest suit
    ("SK HK DK CK SQ HQ DQ CQ SN HN DN CN H1 H2 H3", "HJ"),    # Jacks: all the Knights held
    ("SK HK DK CK SQ DQ CQ H1 H2 S1", "HQ"),                   # the one Queen it lacks
    ("SK DK H1 H2 H3 C1", "HK"),                               # a King of its longest suit lacking it
])
def test_the_heuristic_calls_a_card_it_does_not_hold_from_its_longest_suit(hand, called):
    rec = record(5, {0: hand}, bids("guard", "pass", "pass", "pass", "pass", players=5))
    state = _Replay(rec)
    for number, decision in enumerate(rec["decisions"], start=1):
        state.step(number, decision)
    assert state.phase() == O.PHASE_CALL
    obs = np.zeros(O.STATE_SIZE, np.int64)
    obs[:O.OBS_SIZE] = state.st[:O.OBS_SIZE]
    obs[O.HAND:O.HAND + 2] = state.hands[0:2].view(np.int64)
    obs[O.LEGAL:O.LEGAL + 2] = words_of(state.legal()).view(np.int64)
    assert play(obs) == called
