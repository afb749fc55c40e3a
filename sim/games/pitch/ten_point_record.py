"""A traced Ten-point Pitch deal (``GameBase.trace_board``) as a replay record.

The kernel traces each deal's ``dealt`` words (hands 0 … 3, the stock, the 54
ids of the refill order) and every decision, burns one card at a time; a
record writes the refill as the cards it dealt and a loser's burns as one
``keep`` (the 6 trumps kept).
"""
from . import obs as O
from .cards import N_CARDS, NAMES, SUITS, card_name, cards_in, ten_point_trumps
from .ten_point_replay import names, refill_needs


def deal_record(study, deal: dict) -> dict:
    """The replay record of one deal traced by ``GameBase.trace_board`` (its ``hands`` are
    the kernel's ``dealt`` words: hands 0 … 3, the stock, the 54 ids of the refill order)."""
    words = deal["hands"]
    hands = [cards_in(words[s]) for s in range(4)]
    stock = cards_in(words[O.DEALT_STOCK])
    order = [int(w) for w in words[O.DEALT_REFILL:O.DEALT_REFILL + N_CARDS]]
    dealer = deal["dealer"]
    decisions, burns = [], {}
    bidder = trump = None
    high = 0
    for seat, kind, action in deal["decisions"]:
        if kind == O.PHASE_BID:
            decisions.append({"seat": seat, "kind": "bid", "value": action})
            if action > high:
                high, bidder = action, seat
        elif kind == O.PHASE_TRUMP:
            trump = action
            decisions.append({"seat": seat, "kind": "trump", "value": SUITS[action]})
        elif kind == O.PHASE_BURN:
            if seat not in burns:
                burns[seat] = []
                decisions.append({"seat": seat, "kind": "keep", "value": None})
            burns[seat].append(action)
        else:
            decisions.append({"seat": seat, "kind": "play", "value": card_name(action)})
    refill = []
    if trump is not None:
        trumps = ten_point_trumps(trump)
        pile, needs = refill_needs(hands, stock, dealer, bidder, trump)
        at = iter(c for c in order if c in pile)
        refill = [next(at) for _ in range(sum(n for _, n in needs))]
        for d in decisions:
            if d["kind"] == "keep":
                s = d["seat"]
                d["value"] = names(c for c in hands[s] if trumps >> c & 1 and c not in burns[s])
    totals = deal.get("totals") or [0, 0, 0, 0]
    return {"game": "pitch", "variant": "ten_point", "players": 4, "dealer": dealer,
            "hands": [names(h) for h in hands],
            "extra": {"stock": names(stock), "refill": [NAMES[c] for c in refill],
                      "scores": [int(totals[0]), int(totals[1])]},
            "decisions": decisions}
