"""Building Jass records by hand for the rule tests, and the rules restated for checking.

Cards are written ``suit + rank`` (``S H D C`` × ``6 7 8 9 T J Q K A``; ``J`` is
the Under, ``Q`` the Ober). Legal lists from the replay are in pack order:
suits S H D C, ranks 6 … A within a suit.
"""
import random

from sim.replay import replay

SUITS = "SHDC"
RANKS = "6789TJQKA"
PACK = [s + r for s in SUITS for r in RANKS]

# the seed's card points (jass-en.md, "Scoring" and "Obenabe / Unenufe")
PLAIN_POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "T": 10, "J": 2, "Q": 3, "K": 4, "A": 11}
TRUMP_POINTS = {**PLAIN_POINTS, "J": 20, "9": 14}
OBE_POINTS = {**PLAIN_POINTS, "8": 8}
UNE_POINTS = {**PLAIN_POINTS, "8": 8, "6": 11, "A": 0}


def card_points(card: str, mode: str) -> int:
    """Points of a card in a mode (``S H D C obe une``)."""
    if mode == "obe":
        return OBE_POINTS[card[1]]
    if mode == "une":
        return UNE_POINTS[card[1]]
    return TRUMP_POINTS[card[1]] if card[0] == mode else PLAIN_POINTS[card[1]]


def melds_in(cards) -> list[tuple[str, int]]:
    """The melds of a set of cards in a suit mode or Obenabe, restated from the seed:
    maximal runs of 3+ in a suit, and four of a kind of 9, 10, U, O, K, A."""
    out = []
    for s in SUITS:
        ranks = [RANKS.index(c[1]) for c in cards if c[0] == s]
        run = []
        for r in range(10):
            if r in ranks:
                run.append(r)
                continue
            if len(run) >= 3:
                out.append((f"{s} run {len(run)}", len(run)))
            run = []
    for r in "9TJQKA":
        if all(s + r in cards for s in SUITS):
            out.append((f"four {r}", 4))
    return sorted(out)


def deal(*fixed: str, seed: int = 0, melds_ok: bool = False) -> list[list[str]]:
    """Four hands of 9: each seat's given cards (a space-separated string), the rest of
    the pack shared out at random (fixed ``seed``) so that no seat gets a meld its
    given cards do not already hold — unless ``melds_ok``."""
    given = [f.split() for f in fixed] + [[] for _ in range(4 - len(fixed))]
    used = [c for h in given for c in h]
    assert len(set(used)) == len(used) and all(len(h) <= 9 for h in given)
    rest = [c for c in PACK if c not in used]
    rng = random.Random(seed)
    for _ in range(10_000):
        rng.shuffle(rest)
        hands, i = [], 0
        for h in given:
            hands.append(h + rest[i:i + 9 - len(h)])
            i += 9 - len(h)
        if melds_ok or all(melds_in(hands[s]) == melds_in(given[s]) for s in range(4)):
            return [sorted(h, key=PACK.index) for h in hands]
    raise AssertionError("no filler without extra melds")


def play(seat, card):
    return {"seat": seat, "kind": "play", "value": card}


def trump(seat, value):
    return {"seat": seat, "kind": "trump", "value": value}


def weis(seat, value=True):
    return {"seat": seat, "kind": "weis", "value": value}


def claim(seat, value=True):
    return {"seat": seat, "kind": "claim", "value": value}


def predict(seat, value):
    return {"seat": seat, "kind": "predict", "value": value}


def trick(leader: int, cards: str):
    """Play decisions for one trick: the cards in play order from ``leader``."""
    return [play((leader + i) % 4, c) for i, c in enumerate(cards.split())]


def record(hands, decisions=(), *, variant="schieber", dealer=3, options=None, scores=None,
           trump_card=None):
    """A one-deal record; the dealer defaults to seat 3, so seat 0 is the first hand."""
    extra = {}
    if scores is not None:
        extra["scores"] = scores
    if trump_card is not None:
        extra["trump_card"] = trump_card
    return {"game": "jass", "variant": variant, "options": options or {}, "players": 4,
            "dealer": dealer, "hands": hands, "extra": extra, "decisions": list(decisions)}


def finish(rec, weis_answer=False, claim_answer=False):
    """Play the record on to the end: the first legal card each time, Weis and claims
    answered as given. Returns (record, result)."""
    rec = dict(rec, decisions=list(rec["decisions"]))
    result = replay(rec)
    while "next" in result:
        nxt = result["next"]
        value = {"weis": weis_answer, "claim": claim_answer}.get(nxt["kind"], nxt["legal"][0])
        rec["decisions"].append({"seat": nxt["seat"], "kind": nxt["kind"], "value": value})
        result = replay(rec)
    return rec, result
