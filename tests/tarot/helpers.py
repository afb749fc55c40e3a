"""Hand-made French Tarot deals as records (docs/records.md), and playing a
record out with a simple, fixed policy so a test sets up only what its rule needs."""
from sim.games.tarot import obs as O
from sim.games.tarot.cards import NAMES, N_CARDS, parse_card
from sim.games.tarot.replay import _Replay, replay

HAND = {3: 24, 4: 18, 5: 15}
DOG = {3: 6, 4: 6, 5: 3}


def deal(players: int, given: dict, dog=None) -> tuple[list[list[str]], list[str]]:
    """Hands and dog: the cards in ``given`` (seat -> "card card …", "dog" -> …) where
    they are said to be, every other card in pack order to the dog first, then to
    seats 0, 1, … as each has room."""
    hands = {s: [parse_card(c) for c in given.get(s, "").split()] for s in range(players)}
    dog_cards = [parse_card(c) for c in (dog or "").split()]
    used = {c for h in hands.values() for c in h} | set(dog_cards)
    rest = [c for c in range(N_CARDS) if c not in used]
    while len(dog_cards) < DOG[players]:
        dog_cards.append(rest.pop(0))
    for s in range(players):
        while len(hands[s]) < HAND[players]:
            hands[s].append(rest.pop(0))
    assert not rest
    return [[NAMES[c] for c in hands[s]] for s in range(players)], [NAMES[c] for c in dog_cards]


def record(players: int, given: dict, decisions=(), dog=None, dealer=None, options=None) -> dict:
    hands, dog_cards = deal(players, given, dog)
    rec = {"game": "tarot", "players": players,
           "dealer": players - 1 if dealer is None else dealer,
           "hands": hands, "extra": {"dog": dog_cards}, "decisions": list(decisions)}
    if options:
        rec["options"] = options
    return rec


def d(seat, kind, value):
    return {"seat": seat, "kind": kind, "value": value}


def bids(*words, first=0, players=4):
    return [d((first + i) % players, "bid", w) for i, w in enumerate(words)]


def play_out(rec: dict, keep=(), order=None) -> dict:
    """Append play decisions until the deal ends: each seat plays its lowest legal
    card (by ``order``, a list of card names from first to play to last; default
    pack order) that is not in ``keep``, else its lowest legal card. Returns the
    replay of the completed record."""
    keep = {parse_card(c) for c in keep}
    rank = {c: i for i, c in enumerate(range(N_CARDS))}
    if order is not None:
        rank = {parse_card(c): i for i, c in enumerate(order)}
        for c in range(N_CARDS):
            rank.setdefault(c, len(order) + c)
    state = _Replay(rec)
    for number, decision in enumerate(rec["decisions"], start=1):
        state.step(number, decision)
    while True:
        while state.phase() in (O.PHASE_SLAM, O.PHASE_HANDFUL):
            state.apply(0)
        if state.phase() == O.PHASE_OVER:
            break
        assert state.phase() == O.PHASE_PLAY, O.PHASE_NAMES[state.phase()]
        legal = sorted(state.legal(), key=rank.get)
        free = [c for c in legal if c not in keep]
        card = (free or legal)[0]
        decision = d(state.seat(), "play", NAMES[card])
        rec["decisions"].append(decision)
        state.step(len(rec["decisions"]), decision)
    return replay("tarot", rec)
