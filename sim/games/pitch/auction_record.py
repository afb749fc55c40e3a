"""A traced Auction Pitch deal (``GameBase.trace_board``) as a replay record.

The kernel traces each deal's four hands as dealt, the scores and the
set-backs before it, and every decision (bids, cards).
"""
from . import obs as O
from .cards import NAMES, cards_in


def deal_record(study, deal: dict) -> dict:
    """The replay record of one deal traced by ``GameBase.trace_board``."""
    decisions = [{"seat": seat, "kind": O.PHASE_NAMES[kind],
                  "value": action if kind == O.PHASE_BID else NAMES[action]}
                 for seat, kind, action in deal["decisions"]]
    totals = deal["totals"]          # the scores, then the set-backs, before the deal
    return {"game": "pitch", "variant": "auction", "options": dict(study.option_dict),
            "players": 4, "dealer": deal["dealer"],
            "hands": [[NAMES[c] for c in cards_in(w)] for w in deal["hands"][:4]],
            "extra": {"scores": totals[:4], "setbacks": totals[4:8]},
            "decisions": decisions}
