"""Records of every game built from hand-made deals, and played on with the options
the replay offers (``sim.replay.replay``'s ``next``), so that a test sets up only the
cards and decisions it is about.

A deal is the pack in id order, the cards a test places where it says and the rest
to the seats in turn, one hand after the other, then to the dog, stock or unseen card.
"""
from sim.games.jass.cards import N_CARDS as JASS_CARDS, card_name as jass_name
from sim.games.jupiter.cards import NAMES as JUPITER_NAMES, pack as jupiter_pack
from sim.games.pitch.cards import NAMES as PITCH_NAMES
from sim.games.pitch.ten_point_replay import refill_needs
from sim.games.tarot.cards import NAMES as TAROT_NAMES
from sim.games.wizard.cards import card_name as wizard_name
from sim.replay import replay

TAROT_HAND = {3: 24, 4: 18, 5: 15}
TAROT_DOG = {3: 6, 4: 6, 5: 3}


def deal(pack: list[str], sizes: list[int], given: dict[int, list[str]] | None = None):
    """The pack's cards in places of ``sizes`` (seats first, then the dog or stock):
    ``given[place]`` first, the rest in pack order."""
    given = given or {}
    placed = {c for cards in given.values() for c in cards}
    assert len(placed) == sum(len(v) for v in given.values()), "a card given twice"
    rest = [c for c in pack if c not in placed]
    places = []
    for i, size in enumerate(sizes):
        cards = list(given.get(i, []))
        assert len(cards) <= size, (i, cards)
        while len(cards) < size:
            cards.append(rest.pop(0))
        places.append(cards)
    assert not rest, f"{len(rest)} cards left over"
    return places


# -- each game's pack and a record of a hand-made deal -------------------------------------

def wizard_pack(game: str) -> list[str]:
    return [wizard_name(c) for c in range(60 if game == "wizard" else 52)]


def wizard_record(game: str, players: int, hand: int, given=None, turned=None) -> dict:
    pack = wizard_pack(game)
    left = len(pack) - players * hand
    if turned is not None:
        pack = [c for c in pack if c != turned]
        left -= 1
    places = deal(pack, [hand] * players + [left], given)
    return {"game": game, "players": players, "dealer": players - 1, "hands": places[:players],
            "extra": {"trump_card": turned if turned is not None
                      else (places[players][0] if places[players] else None)},
            "decisions": []}


def jass_pack() -> list[str]:
    return [jass_name(c) for c in range(JASS_CARDS)]


def jass_record(variant: str, given=None, dealer: int = 3, turned=None) -> dict:
    hands = deal(jass_pack(), [9] * 4, given)
    rec = {"game": "jass", "variant": variant, "players": 4, "dealer": dealer, "hands": hands,
           "extra": {}, "decisions": []}
    if variant == "differenzler":
        rec["extra"]["trump_card"] = turned or hands[dealer][-1]
    return rec


def tarot_record(players: int, given=None, dog=None) -> dict:
    given = dict(given or {})
    if dog is not None:
        given[players] = dog
    places = deal(list(TAROT_NAMES), [TAROT_HAND[players]] * players + [TAROT_DOG[players]], given)
    return {"game": "tarot", "players": players, "dealer": players - 1,
            "hands": places[:players], "extra": {"dog": places[players]}, "decisions": []}


def jupiter_cards(players: int) -> list[str]:
    return [JUPITER_NAMES[c] for c in jupiter_pack(players)]


def jupiter_record(players: int, given=None, unseen=None) -> dict:
    """Round 1 of a 4-player game (13 cards a hand; the unseen card with 3 or 4 players)."""
    given = dict(given or {})
    left = 1 if players < 5 else 0
    if unseen is not None:
        given[players] = [unseen]
    places = deal(jupiter_cards(players), [13] * players + [left], given)
    extra = {"round": 1}
    if left:
        extra["unseen"] = places[players][0]
    return {"game": "jupiter", "players": players, "dealer": players - 1,
            "hands": places[:players], "extra": extra, "decisions": []}


def auction_record(given=None) -> dict:
    places = deal(list(PITCH_NAMES[:52]), [6] * 4 + [28], given)
    return {"game": "pitch", "variant": "auction", "players": 4, "dealer": 3,
            "hands": places[:4], "decisions": []}


def ten_point_record(given=None, dealer: int = 3) -> dict:
    places = deal(list(PITCH_NAMES), [9] * 4 + [18], given)
    return {"game": "pitch", "variant": "ten_point", "players": 4, "dealer": dealer,
            "hands": places[:4], "extra": {"stock": places[4]}, "decisions": []}


# -- playing a record on --------------------------------------------------------------------

def first_legal(rec: dict, nxt: dict) -> dict:
    """The first option the replay offers, but the highest bid (one seat bids, the others
    pass, no dog to discard in Tarot) and a God card played as 15."""
    kind, legal, seat = nxt["kind"], nxt["legal"], nxt["seat"]
    value = legal[-1] if kind == "bid" else legal[0]
    decision = {"seat": seat, "kind": kind, "value": value}
    if kind == "play" and isinstance(value, str) and "=" in value:   # Beim Jupiter's God cards
        card, god = value.split("=")
        decision.update(value=card, god=int(god))
    if kind == "discard":
        decision["value"] = legal[:TAROT_DOG[rec["players"]]]
    if kind == "trump" and rec.get("variant") == "ten_point":
        rec["extra"]["refill"] = ten_point_refill(rec, seat, value)
    return decision


def ten_point_refill(rec: dict, bidder: int, suit: str, first=()) -> list[str]:
    """The refill once ``bidder`` names ``suit``: the cards ``first`` from the pile, then
    the pile in pack order, as many as the losers need."""
    ids = {name: c for c, name in enumerate(PITCH_NAMES)}
    hands = [[ids[c] for c in h] for h in rec["hands"]]
    stock = [ids[c] for c in rec["extra"]["stock"]]
    pile, needs = refill_needs(hands, stock, rec["dealer"], bidder, "SHDC".index(suit))
    order = [ids[c] for c in first] + sorted(pile - {ids[c] for c in first})
    assert all(c in pile for c in order), "a card of the refill is not in the pile"
    return [PITCH_NAMES[c] for c in order[:sum(n for _, n in needs)]]


def play_on(rec: dict, choose=first_legal, until=None) -> dict:
    """Append the decisions ``choose(rec, next)`` gives until the record is complete, or
    ``until(result)``; returns the last replay."""
    while True:
        result = replay(rec)
        if "next" not in result or (until is not None and until(result)):
            return result
        rec["decisions"].append(choose(rec, result["next"]))


def played(result: dict) -> set[str]:
    """Every card played in a replayed record (Beim Jupiter: its rounds')."""
    tricks = [t for r in result.get("rounds", [result]) for t in r["tricks"]]
    current = result.get("current_trick")
    cards = [c for t in tricks + ([current] if current else []) for c in t["cards"]]
    return {c.split("=")[0] for c in cards}
