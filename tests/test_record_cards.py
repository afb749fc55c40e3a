"""Every card of every game in every record field that can hold it replays, and comes
back in the replay's output (its result or its transcript).

The engine keeps a set of cards as 64-bit words, so a card on bit 63 (Tarot's T8,
Beim Jupiter's L2) reads as a negative int64, and a card on bit 64 or higher lives in a
second word (Tarot's T9 … EX, Beim Jupiter's L3): those are the cards a decoding of the
engine's words gets wrong. Each test builds records of hand-made deals (``record_play``)
that put the cards in one field, replays them, and collects the cards of that field from
the output: they must be every card the field can hold.
"""
import re

import pytest

from sim.games.jupiter.cards import NAMES as JUPITER_NAMES, is_numbered, pack as jupiter_pack
from sim.games.pitch.cards import NAMES as PITCH_NAMES, ten_point_trumps
from sim.games.pitch.ten_point_replay import non_point_trumps
from sim.games.tarot.cards import NAMES as TAROT_NAMES
from sim.replay import replay, transcript

from record_play import (TAROT_DOG, TAROT_HAND, auction_record, deal, first_legal, jass_pack,
                         jass_record, jupiter_cards, jupiter_record, play_on, played, tarot_record,
                         ten_point_record, ten_point_refill, wizard_pack, wizard_record)


def hands_shown(rec: dict, result: dict, pack) -> set[str]:
    """The cards of ``pack`` on the transcript's hand lines (``  seat 2: …``, ``  dog: …``)."""
    text = transcript(rec, result)
    return {card for line in text.splitlines()
            if re.match(r"  (seat \d+|dog|stock|unseen):", line)
            for card in line.split(":", 1)[1].split()} & set(pack)


def groups(cards: list, size: int) -> list[list]:
    """``cards`` in groups of ``size``, the last one filled up from the first cards."""
    out = [cards[i:i + size] for i in range(0, len(cards), size)]
    out[-1] += [c for c in cards if c not in out[-1]][:size - len(out[-1])]
    return out


# -- Wizard and Oh Hell: the hands, the turned card, the cards played ----------------------------

@pytest.mark.parametrize("game, players", [("wizard", 3), ("oh_hell", 4)])
def test_wizard_and_oh_hell_every_card_dealt_turned_and_played(game, players):
    pack = wizard_pack(game)
    rec = wizard_record(game, players, len(pack) // players)    # the whole pack dealt
    result = play_on(rec)
    assert result["result"]["complete"]
    assert played(result) == set(pack) == hands_shown(rec, result, pack)
    turned = {replay(wizard_record(game, players, 1, turned=card))["trump_card"] for card in pack}
    assert turned == set(pack)


# -- Jass: the hands, the cards played, Differenzler's turned card -----------------------------

@pytest.mark.parametrize("variant", ["schieber", "differenzler"])
def test_jass_every_card_dealt_and_played(variant):
    rec = jass_record(variant)
    result = play_on(rec)
    assert result["result"]["complete"]
    assert played(result) == set(jass_pack()) == hands_shown(rec, result, jass_pack())


def test_differenzler_every_card_turned():
    turned = {replay(jass_record("differenzler", {3: [card]}, turned=card))["trump_card"]
              for card in jass_pack()}
    assert turned == set(jass_pack())


# -- French Tarot: hands, dog, discard, handful, called card, cards played ---------------------

PLAYERS = [3, 4, 5]
TRUMPS = [f"T{k}" for k in range(1, 22)]
KINGS = ["SK", "HK", "DK", "CK"]
OUDLERS = ["T1", "T21", "EX"]


def _taking(players: int, contract: str) -> list[dict]:
    """Seat 0 (the dealer's left) bids ``contract``, the others pass."""
    return [{"seat": s, "kind": "bid", "value": contract if s == 0 else "pass"}
            for s in range(players)]


def _after_the_bids(rec: dict) -> dict:
    """The record played on to the first decision after the bids and the call."""
    return play_on(rec, until=lambda r: r["next"]["kind"] not in ("bid", "call"))


@pytest.mark.parametrize("players", PLAYERS)
def test_tarot_every_card_dealt_and_played(players):
    shown, seen = set(), set()
    for dog in (None, TAROT_NAMES[:TAROT_DOG[players]]):      # two dogs: each card dealt once
        rec = tarot_record(players, dog=dog)
        rec["decisions"] = _taking(players, "guard_against")
        result = play_on(rec)
        assert result["result"]["complete"] and not result["result"]["redeal"]
        seen |= played(result)
        shown |= hands_shown(rec, result, TAROT_NAMES) - set(result["dog"])
    assert seen == shown == set(TAROT_NAMES)


@pytest.mark.parametrize("players", PLAYERS)
def test_tarot_every_card_in_the_dog(players):
    in_dog = set()
    for dog in groups(list(TAROT_NAMES), TAROT_DOG[players]):
        rec = tarot_record(players, dog=dog)
        result = replay(rec)
        assert result["dog"] == dog
        in_dog |= set(result["dog"]) & hands_shown(rec, result, TAROT_NAMES)
    assert in_dog == set(TAROT_NAMES)


def _discard_deals(players: int):
    """(taker's hand and dog, discard): every card but the Kings and oudlers discarded once.
    A trump is discarded only when unavoidable: the taker holds the Kings, the oudlers and
    trumps, and as few other cards as his hand and the dog leave room for."""
    hand, dog = TAROT_HAND[players], TAROT_DOG[players]
    suit_cards = [c for c in TAROT_NAMES[:56] if c not in KINGS]
    for discard in groups(suit_cards, dog):
        yield discard, discard
    plain_trumps = TRUMPS[1:20]                                  # T2 … T20
    fillers = suit_cards[:max(0, hand + dog - 7 - len(plain_trumps))]
    room = hand + dog - 7 - len(fillers)                          # trumps the taker holds
    for trumps in groups(plain_trumps, dog - len(fillers)):
        held = KINGS + OUDLERS + fillers + trumps
        held += [t for t in plain_trumps if t not in held][:room - len(trumps)]
        yield held, fillers + trumps


@pytest.mark.parametrize("players", PLAYERS)
def test_tarot_every_card_that_may_be_discarded(players):
    hand = TAROT_HAND[players]
    discarded, shown = set(), set()
    for held, discard in _discard_deals(players):
        rec = tarot_record(players, {0: held[:hand]}, dog=held[hand:] or None)
        rec["options"] = {"petit_sec": "play"}
        rec["decisions"] = _taking(players, "take")
        _after_the_bids(rec)
        rec["decisions"].append({"seat": 0, "kind": "discard", "value": discard})
        result = replay(rec)["result"]
        assert result["discard"] == sorted(discard, key=TAROT_NAMES.index)
        discarded |= set(result["discard"])
        shown |= set(result["discard_shown"] or [])
    assert discarded == set(TAROT_NAMES) - set(KINGS) - set(OUDLERS)
    assert shown == set(TRUMPS[1:20])          # T2 … T20: the trumps a discard may hold


@pytest.mark.parametrize("players", PLAYERS)
def test_tarot_every_trump_and_the_excuse_in_a_handful(players):
    single = {3: 13, 4: 10, 5: 8}[players]
    handfuls = groups(TRUMPS, single) + [TRUMPS[:single - 1] + ["EX"]]
    shown = set()
    for handful in handfuls:
        rec = tarot_record(players, {0: handful})
        rec["options"] = {"petit_sec": "play"}
        rec["decisions"] = _taking(players, "guard_against")
        _after_the_bids(rec)
        rec["decisions"].append({"seat": 0, "kind": "handful", "value": handful})
        result = play_on(rec)
        assert result["result"]["handful"][0] == sorted(handful, key=TAROT_NAMES.index)
        shown |= set(result["result"]["handful"][0])
    assert shown == set(TRUMPS) | {"EX"}


def test_tarot_every_card_that_may_be_called():
    """Every King, Queen, Knight and Jack may be called, each with the hand that allows it:
    a Queen with all four Kings, a Knight with all Kings and Queens as well, a Jack with all
    Kings, Queens and Knights as well."""
    ranks = ["K", "Q", "N", "J"]                       # King, Queen, Knight, Jack
    called = set()
    for depth, rank in enumerate(ranks):
        held = [f"{suit}{r}" for r in ranks[:depth] for suit in "SHDC"]
        for suit in "SHDC":
            card = f"{suit}{rank}"
            rec = tarot_record(5, {0: held} if held else {})
            rec["decisions"] = _taking(5, "guard_against") + [{"seat": 0, "kind": "call", "value": card}]
            called.add(replay(rec)["result"]["called"])
    assert called == {f"{suit}{r}" for r in ranks for suit in "SHDC"}


# -- Beim Jupiter: hands, unseen card, layouts, table, the cards played and taken -----------

def _last_layout(rec: dict, nxt: dict) -> dict:
    """The last legal layout card (the first legal option for everything else)."""
    if nxt["kind"] == "layout":
        return {"seat": nxt["seat"], "kind": "layout", "value": nxt["legal"][-1]}
    return first_legal(rec, nxt)


def _numbered(players: int) -> list[str]:
    return [JUPITER_NAMES[c] for c in jupiter_pack(players) if is_numbered(c)]


@pytest.mark.parametrize("players", PLAYERS)
def test_jupiter_every_card_dealt_and_played(players):
    cards = jupiter_cards(players)
    seen, shown = set(), set()
    # the second deal lays out other cards, and deals the first's unseen card (Jupiter unseen)
    for unseen, choose in ((None, first_legal), ("JUP" if players < 5 else None, _last_layout)):
        rec = jupiter_record(players, unseen=unseen)
        result = play_on(rec, choose)
        assert result["result"]["complete"] and "redeal" not in result["rounds"][0]
        seen |= played(result)
        shown |= hands_shown(rec, result, cards) - {result["rounds"][0]["unseen"]}
    assert seen == shown == set(cards)


@pytest.mark.parametrize("players", [3, 4])
def test_jupiter_every_card_unseen(players):
    unseen = set()
    for card in jupiter_cards(players):
        rec = jupiter_record(players, unseen=card)
        result = replay(rec)
        assert result["rounds"][0]["unseen"] == card and f"  unseen: {card}" in transcript(rec, result)
        unseen.add(card)
    assert unseen == set(jupiter_cards(players))


@pytest.mark.parametrize("players", PLAYERS)
def test_jupiter_every_card_in_a_later_deal_of_a_whole_game(players):
    """A whole game: round 1 played out, round 2 dealt from extra.next_deals — every card of
    round 2's pack in a hand, and (3 or 4 players) as the unseen card."""
    first = jupiter_record(players)
    del first["extra"]["round"]                      # a whole game, from round 1
    result = play_on(first)
    assert not result["result"]["complete"] and result["rounds"][0]["tricks"]
    laid_out = result["rounds"][0]["layouts"]
    pack = [c for c in jupiter_cards(players) if c not in laid_out]
    in_hands, unseen = set(), set()
    for k in range(len(pack) if players < 5 else 1):
        order = pack[k:] + pack[:k]
        hands = deal(order, [12] * players + [len(pack) - 12 * players])
        later = {"hands": hands[:players]}
        if players < 5:
            later["unseen"] = hands[players][0]
        rec = {**first, "extra": {**first["extra"], "next_deals": [later]},
               "decisions": first["decisions"] + [
                   {"seat": 1, "kind": "layout",
                    "value": next(c for c in hands[1] if is_numbered(JUPITER_NAMES.index(c)))}]}
        second = replay(rec)["rounds"]
        if "redeal" in second[1]:
            continue
        assert second[1]["round"] == 2 and second[1]["hands"] == [
            sorted(h, key=JUPITER_NAMES.index) for h in later["hands"]]
        in_hands |= {c for h in second[1]["hands"] for c in h}
        unseen |= {second[1]["unseen"]} - {None}
    assert in_hands == set(pack)
    assert unseen == (set(pack) if players < 5 else set())


@pytest.mark.parametrize("players", PLAYERS)
def test_jupiter_every_numbered_card_laid_out(players):
    laid = set()
    for cards in groups(_numbered(players), players):
        rec = jupiter_record(players, {s: [c] for s, c in enumerate(cards)})
        rec["decisions"] = [{"seat": s, "kind": "layout", "value": c} for s, c in enumerate(cards)]
        laid |= set(replay(rec)["result"]["layouts"])
    assert laid == set(_numbered(players))


@pytest.mark.parametrize("players", PLAYERS)
def test_jupiter_every_numbered_card_on_the_table(players):
    """Round 8: the 7 × players numbered cards laid out in rounds 1 … 7 lie beside counters."""
    on_table = set()
    for out in groups(_numbered(players), 7 * players):
        rest = [c for c in jupiter_cards(players) if c not in out]
        places = deal(rest, [6] * players + [len(rest) - 6 * players])
        table = {str(k + 1): out[k::5] for k in range(5)}
        extra = {"round": 8, "table": table}
        if players < 5:
            extra["unseen"] = places[players][0]
        rec = {"game": "jupiter", "players": players, "dealer": players - 1,
               "hands": places[:players], "extra": extra, "decisions": []}
        result = replay(rec)
        on_table |= {c for cards in result["rounds"][0]["table"].values() for c in cards}
    assert on_table == set(_numbered(players))


@pytest.mark.parametrize("players", PLAYERS)
def test_jupiter_every_numbered_card_laid_out_and_taken_at_the_allocation(players):
    """An allocation record: seat 0 made counter 1, alone, and takes its own layout card."""
    numbered = _numbered(players)
    taken, laid = set(), set()
    for card in numbered:
        others = [c for c in numbered if c != card][:players - 1]
        rec = {"game": "jupiter", "players": players, "dealer": players - 1,
               "hands": [[] for _ in range(players)],
               "extra": {"phase": "allocation", "round": 1, "layouts": [card] + others,
                         "bids": [{"counter": s + 1, "locked": False} for s in range(players)],
                         "tricks": [1, 11] + [0] * (players - 2),
                         "card_points": [0] * players},
               "decisions": []}
        result = play_on(rec)
        laid |= set(result["result"]["layouts"])
        taken |= {t["card"] for t in result["rounds"][0]["takes"] if t["seat"] == 0}
    assert taken == laid == set(numbered)


# -- Pitch ---------------------------------------------------------------------------------------

def test_auction_pitch_every_card_dealt_and_played():
    pack = list(PITCH_NAMES[:52])
    seen, shown = set(), set()
    for first in (0, 24, 48):
        hands = (pack[first:] + pack[:first])[:24]
        rec = auction_record({s: hands[6 * s:6 * s + 6] for s in range(4)})
        result = play_on(rec)
        assert result["result"]["complete"]
        seen |= played(result)
        shown |= hands_shown(rec, result, pack)
    assert seen == shown == set(pack)


def _ten_point_rotated(k: int) -> dict:
    """Deal k of three: the stock is the pack's cards 18k … 18k + 17."""
    pack = list(PITCH_NAMES)
    order = pack[18 * k + 18:] + pack[:18 * k]
    return ten_point_record({**{s: order[9 * s:9 * s + 9] for s in range(4)},
                             4: pack[18 * k:18 * k + 18]})


def _suit_for(rec: dict, bidder: int) -> str:
    """A suit in which no bid loser holds more than 6 trumps (no keep decision)."""
    ids = {n: c for c, n in enumerate(PITCH_NAMES)}
    for suit in "SHDC":
        trumps = ten_point_trumps("SHDC".index(suit))
        if all(sum(trumps >> ids[c] & 1 for c in rec["hands"][s]) <= 6
               for s in range(4) if s != bidder):
            return suit
    raise AssertionError("every suit gives a loser more than 6 trumps")


def test_ten_point_every_card_dealt_and_in_the_stock():
    dealt, stock = set(), set()
    for k in range(3):
        rec = _ten_point_rotated(k)
        result = replay(rec)
        shown = hands_shown(rec, result, PITCH_NAMES)
        dealt |= shown & {c for h in rec["hands"] for c in h}
        stock |= shown & set(rec["extra"]["stock"])
    assert dealt == stock == set(PITCH_NAMES)


def test_ten_point_every_card_dealt_by_the_refill():
    refilled = set()
    for card in PITCH_NAMES:
        rec = _ten_point_rotated(PITCH_NAMES.index(card) // 18)      # the card in the stock

        def choose(rec, nxt):
            decision = first_legal(rec, nxt)
            if nxt["kind"] == "trump":
                decision["value"] = _suit_for(rec, nxt["seat"])
                rec["extra"]["refill"] = ten_point_refill(rec, nxt["seat"], decision["value"],
                                                          first=[card])
            return decision
        result = play_on(rec, choose, until=lambda r: r["next"]["kind"] == "play")["result"]
        got = {c for cards in result["refill"].values() for c in cards}
        assert card in got and any(card in hand for hand in result["hands_in_play"])
        refilled |= got
    assert refilled == set(PITCH_NAMES)


def _trump_deal(suit: str, loser=None):
    """A deal for trump ``suit``: seat 0, the bidder, holds 9 of its 16 trumps; the other 7
    are the stock's, or ``loser`` (a list) is seat 1's 7 trumps and 2 other cards."""
    trumps = [c for i, c in enumerate(PITCH_NAMES) if ten_point_trumps("SHDC".index(suit)) >> i & 1]
    others = [c for c in PITCH_NAMES if c not in trumps]
    if loser is None:
        return ten_point_record({0: trumps[:9], 4: trumps[9:]})
    rest = [c for c in trumps if c not in loser]
    return ten_point_record({0: rest, 1: loser + others[:2]})


def _bids_and_trump(rec: dict, suit: str) -> None:
    rec["decisions"] = [{"seat": 0, "kind": "bid", "value": 10}] + [
        {"seat": s, "kind": "bid", "value": 0} for s in (1, 2, 3)] + [
        {"seat": 0, "kind": "trump", "value": suit}]
    rec["extra"]["refill"] = ten_point_refill(rec, 0, suit)


def test_ten_point_every_card_kept_by_a_loser_over_6_trumps():
    kept = set()
    for card in PITCH_NAMES:
        suit = card[0] if card[0] in "SHDC" and len(card) == 2 else "S"
        trump_id = "SHDC".index(suit)
        trumps = [c for i, c in enumerate(PITCH_NAMES) if ten_point_trumps(trump_id) >> i & 1]
        burn = next(PITCH_NAMES[c] for c in sorted(non_point_trumps(trump_id))
                    if PITCH_NAMES[c] != card)
        keep = [card] + [c for c in trumps if c not in (card, burn)][:5]
        rec = _trump_deal(suit, loser=keep + [burn])
        _bids_and_trump(rec, suit)
        rec["decisions"].append({"seat": 1, "kind": "keep", "value": keep})
        result = play_on(rec, until=lambda r: r["next"]["kind"] == "play")
        value = result["decisions"][-1]["value"]
        assert card in value and card in result["result"]["hands_in_play"][1]
        assert result["result"]["burned"] == {1: [burn]}
        kept |= set(value)
    assert kept == set(PITCH_NAMES)


@pytest.mark.parametrize("suit", "SHDC")
def test_ten_point_every_trump_played(suit):
    rec = _trump_deal(suit)
    _bids_and_trump(rec, suit)
    result = play_on(rec)
    assert result["result"]["complete"]
    trumps = {c for i, c in enumerate(PITCH_NAMES) if ten_point_trumps("SHDC".index(suit)) >> i & 1}
    assert played(result) == trumps
