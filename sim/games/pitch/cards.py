"""Pitch's cards: notation <-> ids, and the per-card tables both games read.

Ids: ``13 × suit + rank`` for the 52 suit cards (suits ``S H D C`` = 0 … 3,
ranks ``2 3 … 9 T J Q K A`` = 0 … 12), then the Low Joker ``LJ`` = 52 and
the High Joker ``BJ`` = 53 (Ten-point Pitch only). A set of cards is one
``uint64`` word, bit ``id``. Notation is parsed case-insensitively.
"""
import numpy as np

from ...bits_nb import cards_of
from ...errors import TricksimError

SUITS = "SHDC"
RANKS = "23456789TJQKA"
N_SUIT_CARDS = 52
LOW_JOKER = 52
HIGH_JOKER = 53
N_CARDS = 54
RANK_TEN, RANK_JACK, RANK_QUEEN, RANK_KING, RANK_ACE = 8, 9, 10, 11, 12

NAMES = tuple(s + r for s in SUITS for r in RANKS) + ("LJ", "BJ")
_IDS = {name: i for i, name in enumerate(NAMES)}

# The Jack of the other suit of the same colour (spades/clubs black, hearts/diamonds red).
SAME_COLOUR = (3, 2, 1, 0)

# Auction Pitch's Game count of a card taken in tricks: 10 = 10, A = 4, K = 3, Q = 2, J = 1.
GAME_VALUE = np.zeros(N_CARDS, dtype=np.int64)
for _s in range(4):
    GAME_VALUE[13 * _s + RANK_TEN] = 10
    GAME_VALUE[13 * _s + RANK_ACE] = 4
    GAME_VALUE[13 * _s + RANK_KING] = 3
    GAME_VALUE[13 * _s + RANK_QUEEN] = 2
    GAME_VALUE[13 * _s + RANK_JACK] = 1

# Per-card tables the compiled code reads (suit cards only): suit, rank, each suit as a set
SUIT_OF = np.array([c // 13 for c in range(N_SUIT_CARDS)], dtype=np.int64)
RANK_OF = np.array([c % 13 for c in range(N_SUIT_CARDS)], dtype=np.int64)
SUIT_MASKS = np.array([((1 << 13) - 1) << (13 * s) for s in range(4)], dtype=np.uint64)


def _rank_set(rank: int) -> np.uint64:
    return np.uint64(sum(1 << (13 * s + rank) for s in range(4)))


# Game's count by rank, as sets: 10 = 10, A = 4, K = 3, Q = 2, J = 1
TENS, ACES, KINGS = _rank_set(RANK_TEN), _rank_set(RANK_ACE), _rank_set(RANK_KING)
QUEENS, JACKS = _rank_set(RANK_QUEEN), _rank_set(RANK_JACK)


def card_id(card: int | str) -> int:
    return 13 * SUITS.index(card[0]) + RANKS.index(card[1]) if isinstance(card, str) else card


def card_name(card: int) -> str:
    return NAMES[card]


def parse_card(text, deck_size: int = N_CARDS) -> int:
    """The id of a card written in the notation; a clear error otherwise."""
    if not isinstance(text, str) or text.strip().upper() not in _IDS:
        jokers = ", or the jokers BJ, LJ" if deck_size > N_SUIT_CARDS else ""
        raise TricksimError(f"unknown card {text!r}: write a suit S H D C and a rank "
                            f"2-9 T J Q K A (e.g. 'HA', 'S2'){jokers}")
    card = _IDS[text.strip().upper()]
    if card >= deck_size:
        raise TricksimError(f"card {text!r} is not in Auction Pitch's 52-card deck, which has "
                            f"no jokers")
    return card


def cards_in(word: int) -> list[int]:
    """The ids of a one-word set, ascending (the word as uint64, int64 or int)."""
    return cards_of(word)


def mask_of(cards) -> int:
    word = 0
    for c in cards:
        word |= 1 << c
    return word


def suit_mask(suit: int) -> int:
    """The 13 cards of a suit as a set."""
    return ((1 << 13) - 1) << (13 * suit)


def ten_point_trumps(suit: int) -> int:
    """Ten-point Pitch's 16 trumps when ``suit`` is named: the suit, the Jick
    (the other Jack of its colour) and both jokers."""
    return suit_mask(suit) | 1 << (13 * SAME_COLOUR[suit] + RANK_JACK) | 1 << LOW_JOKER | 1 << HIGH_JOKER
