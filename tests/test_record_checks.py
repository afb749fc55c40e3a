"""The same malformed records in every game and variant: each is refused with one line
that names the field or the decision (docs/records.md, "The record, common to every game").

Every base record is a hand-made deal (``record_play``: the pack in order) played on with
the options the replay offers up to its first card, so that it has decisions of every
early kind and a card decision.
"""
import copy

import pytest

from sim.errors import TricksimError
from sim.replay import replay, transcript

from record_play import (auction_record, jass_record, jupiter_record, play_on, tarot_record,
                         ten_point_record, wizard_record)

GAMES = {
    "wizard": lambda: wizard_record("wizard", 3, 3),
    "oh_hell": lambda: wizard_record("oh_hell", 4, 3),
    "jass schieber": lambda: jass_record("schieber"),
    "jass differenzler": lambda: jass_record("differenzler"),
    "tarot 3": lambda: tarot_record(3),
    "tarot 4": lambda: tarot_record(4),
    "tarot 5": lambda: tarot_record(5),
    "jupiter 3": lambda: jupiter_record(3),
    "jupiter 4": lambda: jupiter_record(4),
    "jupiter 5": lambda: jupiter_record(5),
    "pitch auction": auction_record,
    "pitch ten_point": ten_point_record,
}
_BASES: dict[str, dict] = {}


def base(game: str) -> dict:
    """The game's record up to and including its first card played (built once)."""
    if game not in _BASES:
        rec = GAMES[game]()
        play_on(rec, until=lambda result: any(d["kind"] == "play" for d in result["decisions"]))
        assert rec["decisions"][-1]["kind"] == "play"
        _BASES[game] = rec
    return copy.deepcopy(_BASES[game])


def first_play(rec) -> dict:
    return next(d for d in rec["decisions"] if d["kind"] == "play")


def _set(field, value):
    return lambda r: r.update({field: value})


def _pop(field):
    return lambda r: r.pop(field)


def _decision(index, **fields):
    def change(r):
        r["decisions"][index].update(fields)
    return change


def _hand_card(seat, card):
    def change(r):
        r["hands"][seat][0] = card if card != "seat 0's" else r["hands"][0][0]
    return change


def _play_card(r):
    first_play(r)["value"] = "ZZ"


def _wrong_seat(r):
    d = r["decisions"][0]
    d["seat"] = (d["seat"] + 1) % r["players"]


def _extra_field(r):
    r["extra"] = {**(r.get("extra") or {}), "colour": 1}


def _delete_seat(r):
    del r["decisions"][0]["seat"]


# (case, change, what the message says: a text, or a function of the base record)
MALFORMED = [
    ("no players", _pop("players"), "the record has no 'players' field"),
    ("players a string", lambda r: r.update(players=str(r["players"])),
     "players must be a whole number, not '"),
    ("players out of range", _set("players", 9), "players, not 9"),
    ("no dealer", _pop("dealer"), "the record has no 'dealer' field"),
    ("dealer a string", _set("dealer", "0"), "dealer must be a whole number, not '0'"),
    ("dealer not a seat", lambda r: r.update(dealer=r["players"]),
     lambda r: f"dealer {r['players']} is not a seat of a {r['players']}-player game"),
    ("no hands", _pop("hands"), "the record has no 'hands' field"),
    ("hands not lists", _set("hands", "SA"), "hands must be a list of card lists"),
    ("hands one short", lambda r: r["hands"].pop(), "card lists but the game has"),
    ("extra a list", _set("extra", []), "extra must be an object"),
    ("extra of another game", _extra_field, "unknown field extra.colour"),
    ("no decisions", _pop("decisions"), "the record has no 'decisions' field"),
    ("decisions an object", _set("decisions", {}), "decisions must be a list"),
    ("seat_players short", _set("seat_players", ["random"]),
     "seat_players must list the player of each of the"),
    ("unknown card in a hand", _hand_card(0, "ZZ"), "hands[0][0]: unknown card 'ZZ'"),
    ("card twice", _hand_card(1, "seat 0's"),
     lambda r: f"card {r['hands'][0][0]} is dealt twice"),
    ("unknown card in a decision", _play_card,
     lambda r: (f"decision {r['decisions'].index(first_play(r)) + 1} "
                f"(seat {first_play(r)['seat']}, play): unknown card 'ZZ'")),
    ("decision not an object", lambda r: r["decisions"].__setitem__(0, "bid"),
     "decision 1 must be an object"),
    ("decision without a seat", _delete_seat, "decision 1 has no 'seat' field"),
    ("seat a string", _decision(0, seat="0"), "decision 1: seat must be a whole number"),
    ("seat not a seat", lambda r: _decision(0, seat=r["players"])(r),
     lambda r: f"decision 1: seat {r['players']} is not a seat of a {r['players']}-player game"),
    ("unknown kind", _decision(0, kind="nonsense"), "decision 1: unknown kind 'nonsense'"),
    ("wrong kind", _decision(0, kind="play"),
     lambda r: f"decision 1: seat {r['decisions'][0]['seat']}"),
    ("wrong seat", _wrong_seat, "decision 1: seat "),
]


@pytest.mark.parametrize("case, change, expected", MALFORMED, ids=[m[0] for m in MALFORMED])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_malformed_record_is_one_line_naming_the_field_or_decision(game, case, change, expected):
    good = base(game)
    bad = copy.deepcopy(good)
    change(bad)
    with pytest.raises(TricksimError) as caught:
        replay(bad)
    message = str(caught.value)
    assert "\n" not in message
    assert (expected(good) if callable(expected) else expected) in message, message


@pytest.mark.parametrize("game", list(GAMES))
def test_seat_players_is_optional_and_named_in_the_transcript(game):
    rec = base(game)
    result = replay(rec)
    assert "Players:" not in transcript(rec, result)
    rec["seat_players"] = [f"player{s}" for s in range(rec["players"])]
    text = transcript(rec, replay(rec))
    assert text.splitlines()[1] == "Players: " + ", ".join(
        f"seat {s} player{s}" for s in range(rec["players"]))
