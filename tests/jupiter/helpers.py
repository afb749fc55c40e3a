"""Hand-made Beim Jupiter rounds as records (docs/records.md), and playing a record
out with a simple, fixed policy so a test sets up only what its rule needs."""
from sim.games.jupiter import obs as O
from sim.games.jupiter.cards import NAMES, is_numbered, pack, parse_card
from sim.games.jupiter.replay import _Replay, replay


def deal(players: int, round_no: int, given: dict, unseen=None, table=None):
    """Hands and the unseen card of round ``round_no``: the cards in ``given`` (seat ->
    "card card …") where they are said to be; every card that never leaves the pack
    (God cards, Jupiter, Juno, lambs) not given goes to the hands first, then numbered
    cards in pack order; the numbered cards left over are the ones laid out in earlier
    rounds (``table`` cards among them)."""
    size = 14 - round_no
    hands = {s: [parse_card(c) for c in given.get(s, "").split()] for s in range(players)}
    table_cards = [parse_card(c) for cards in (table or {}).values() for c in cards.split()]
    placed = {c for h in hands.values() for c in h} | set(table_cards)
    unseen_id = parse_card(unseen) if unseen else None
    if unseen_id is not None:
        placed.add(unseen_id)
    rest = [c for c in pack(players) if c not in placed]
    rest.sort(key=lambda c: (is_numbered(c), c))        # the cards that never leave first
    for s in range(players):
        while len(hands[s]) < size:
            hands[s].append(rest.pop(0))
    if players < 5 and unseen_id is None:
        unseen_id = rest.pop(0)
    assert all(is_numbered(c) for c in rest), "special cards left over: give fewer cards"
    assert len(rest) + len(table_cards) == players * (round_no - 1), (len(rest), len(table_cards))
    return ([[NAMES[c] for c in hands[s]] for s in range(players)],
            NAMES[unseen_id] if unseen_id is not None else None)


def record(players: int, round_no: int, given: dict, decisions=(), dealer=None, table=None,
           unseen=None, options=None, zero_unused=None, scores=None) -> dict:
    hands, unseen_card = deal(players, round_no, given, unseen, table)
    extra = {"round": round_no, "table": {k: v.split() for k, v in (table or {}).items()}}
    if unseen_card is not None:
        extra["unseen"] = unseen_card
    if zero_unused is not None:
        extra["zero_unused"] = zero_unused
    if scores is not None:
        extra["scores"] = scores
    rec = {"game": "jupiter", "players": players,
           "dealer": players - 1 if dealer is None else dealer,
           "hands": hands, "extra": extra, "decisions": list(decisions)}
    if options:
        rec["options"] = options
    return rec


def d(seat, kind, value, god=None):
    out = {"seat": seat, "kind": kind, "value": value}
    if god is not None:
        out["god"] = god
    return out


def layouts(*cards, first=0, players=4):
    return [d((first + i) % players, "layout", c) for i, c in enumerate(cards)]


def bids(*values, first=0, players=4):
    """Bids from ``first``: an int k (counter k), "k!" (locked) or "zero"."""
    out = []
    for i, v in enumerate(values):
        if v == "zero":
            value = "zero"
        else:
            text = str(v)
            value = {"counter": int(text.rstrip("!")), "locked": text.endswith("!")}
        out.append(d((first + i) % players, "bid", value))
    return out


def plays(seats_cards: str, first: int, players: int = 4):
    """Plays of one trick from ``first``: "B3 JUP BX=15 L1"."""
    out = []
    for i, text in enumerate(seats_cards.split()):
        card, _, god = text.partition("=")
        out.append(d((first + i) % players, "play", card, int(god) if god else None))
    return out


def state_after(rec: dict) -> _Replay:
    state = _Replay(rec)
    for number, decision in enumerate(rec["decisions"], start=1):
        state.step(number, decision)
    return state


def play_out(rec: dict) -> dict:
    """Append decisions until the round ends: the lowest legal card in id order (a God
    card as 0), the first allowed card at the allocation; returns the replay."""
    state = state_after(rec)
    while state.phase() != O.PHASE_OVER:
        phase, seat = state.phase(), state.seat()
        legal = state.legal()
        assert phase in (O.PHASE_PLAY, O.PHASE_TAKE), O.PHASE_NAMES[phase]
        card = legal[0]
        god = 0 if phase == O.PHASE_PLAY and NAMES[card].endswith("X") else None
        decision = d(seat, O.PHASE_NAMES[phase], NAMES[card], god)
        rec["decisions"].append(decision)
        state.step(len(rec["decisions"]), decision)
    return replay("jupiter", rec)
