"""A Beim Jupiter record's notation (docs/records.md) and the checks of its fields.

A bid is ``{"counter": k, "locked": bool}`` or ``"zero"`` (the bid action:
``k``, ``obs.LOCKED_BID + k`` locked, 0 the zero-trick card); a play is a
card, a God card with its value (``BX=15`` in a replay's text). The record's
fields that give a round's table are read and checked here, the decisions
by the replay (``replay.py``).
"""
from functools import partial

from ...errors import TricksimError, counted
from ...replay import card_list, dealt_once, record_int, sorted_names
from . import obs as O
from .cards import COLOURS, NAMES, card_name, is_god, is_numbered, pack, parse_card
from .info import ROUNDS
from .rules_nb import GOD_HIGH_ACTION

cards_of_record = partial(card_list, parse_card=parse_card)   # a record's list of cards
names_of = partial(sorted_names, names=NAMES)                 # card ids -> names, in id order


def bid_text(counter: int, locked: int):
    """A bid as the record writes it."""
    return "zero" if counter == 0 else {"counter": int(counter), "locked": bool(locked)}


def bid_action(value, where: str, n_tricks: int) -> int:
    """The bid action of a record's bid value (counter checked by the legal set)."""
    if isinstance(value, str) and value.strip().lower() == "zero":
        return 0
    if not isinstance(value, dict) or set(value) - {"counter", "locked"} or "counter" not in value:
        raise TricksimError(f"{where}: a bid is {{\"counter\": k, \"locked\": true|false}} or "
                            f"\"zero\", not {value!r}")
    counter = record_int(value["counter"], f"{where}: the counter")
    if not 1 <= counter <= n_tricks:
        raise TricksimError(f"{where}: there is no counter {counter}: this round's counters are "
                            f"1 … {n_tricks}")
    locked = value.get("locked", False)
    if not isinstance(locked, bool):
        raise TricksimError(f"{where}: locked is true or false, not {locked!r}")
    return counter + (O.LOCKED_BID if locked else 0)


def read_table(value, where: str, n_tricks: int) -> dict[int, list[int]]:
    """The cards beside each counter: {"k": [cards]} with counters 1 … n_tricks."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TricksimError(f"{where} is an object {{\"counter\": [cards]}}, not {value!r}")
    out = {}
    for key, cards in value.items():
        try:
            k = int(key)
        except ValueError:
            k = 0
        if not 1 <= k <= n_tricks:
            raise TricksimError(f"{where}: there is no counter {key!r}: this round's counters are "
                                f"1 … {n_tricks}")
        ids = cards_of_record(cards, f"{where}[{key}]")
        for c in ids:
            if not is_numbered(c):
                raise TricksimError(f"{where}[{key}]: only numbered colour cards lie beside a "
                                    f"counter, not {card_name(c)}")
        out[k] = ids
    return out


def seat_list(value, where: str, n: int, default, check):
    if value is None:
        return [default] * n
    if not isinstance(value, list) or len(value) != n:
        raise TricksimError(f"{where} must be a list of {n} values, one per seat")
    return [check(v, f"{where}[{s}]") for s, v in enumerate(value)]


def read_bool(value, where):
    if not isinstance(value, bool):
        raise TricksimError(f"{where} is true or false, not {value!r}")
    return value


def round_number(extra) -> int:
    r = record_int(extra.get("round"), "extra.round")
    if not 1 <= r <= ROUNDS:
        raise TricksimError(f"extra.round must be a round from 1 to {ROUNDS}, not {r}")
    return r


def check_pack(n: int, r: int, hands: list[list[int]], unseen, table: dict[int, list[int]]):
    """Hands, unseen card and table make round ``r``'s pack: every card of the pack
    for ``n`` players, ``n × (r - 1)`` numbered colour cards out of the hands (laid
    out in earlier rounds), the table's among them."""
    size = 14 - r
    for s, h in enumerate(hands):
        if len(h) != size:
            raise TricksimError(f"hands[{s}] has {counted(len(h), 'card')}; in round {r} each hand "
                                f"has {size}")
    lists = hands + [[unseen] if unseen is not None else []] + [table[k] for k in sorted(table)]
    dealt_once(lists, card_name)
    the_pack = set(pack(n))
    for h in lists:
        for c in h:
            if c not in the_pack:
                raise TricksimError(f"card {card_name(c)} is not in the pack for {n} players")
    in_play = {c for h in hands for c in h} | ({unseen} if unseen is not None else set())
    out = the_pack - in_play
    if len(out) != n * (r - 1) or any(not is_numbered(c) for c in out):
        raise TricksimError(f"the cards do not make round {r}'s pack: the hands and the unseen card "
                            f"hold every card of the {n}-player pack but the {n * (r - 1)} numbered "
                            f"colour cards laid out in earlier rounds")


def play_text(action: int) -> str:
    """A play action as text: the card, a God card with its value (``BX=15``)."""
    if action >= GOD_HIGH_ACTION:
        return f"{COLOURS[action - GOD_HIGH_ACTION]}X=15"
    return f"{NAMES[action]}=0" if is_god(action) else NAMES[action]
