"""A replayed Jass record as text (``tricksim replay``): the hands, the mode or the
predictions, Weis, tricks, claims and the result (``replay.replay`` gives the result)."""
from __future__ import annotations

from ...replay import current_trick_lines, trick_line
from .cards import MODE_NAMES, SUIT_NAMES, SUITS, TRUMP_WORDS, card_name
from .replay import parse_record


def _hand_text(cards) -> str:
    return " ".join(card_name(c) for c in sorted(cards))


def _value_text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def transcript(game: str, record: dict, result: dict) -> str:
    """The deal as text: hands, the mode or predictions, Weis, tricks, claims, result."""
    deal = parse_record(record)
    option_text = ", ".join(f"{k}={v}" for k, v in deal.options.items())
    lines = [f"Jass {deal.variant}: dealer seat {deal.dealer}, first hand seat "
             f"{(deal.dealer + 1) % 4} ({option_text})"]
    if deal.scores is not None:
        label = "team" if deal.schieber else "seat"
        lines.append("Totals before the deal: " + ", ".join(
            f"{label} {i} {v}" for i, v in enumerate(deal.scores)))
    lines.append("Hands:")
    lines += [f"  seat {s}: {_hand_text(hand)}" for s, hand in enumerate(deal.hands)]
    if not deal.schieber:
        suit = SUITS.index(card_name(deal.trump_card)[0])
        lines.append(f"Turned {card_name(deal.trump_card)}: trump is {SUIT_NAMES[suit]} ({SUITS[suit]}).")
    plays = 0
    for d in result["decisions"]:
        kind, seat, value = d["kind"], d["seat"], d["value"]
        if kind == "trump":
            lines.append(f"Seat {seat} pushes to the partner." if value == "push" else
                         f"Seat {seat} chooses {MODE_NAMES[TRUMP_WORDS.index(value)]} ({value}), "
                         f"multiplier {result['multiplier']}.")
        elif kind == "weis":
            lines.append(f"Seat {seat} " + (f"declares Weis {result['weis']['declared'][seat]}: "
                                             + _melds_text(result['weis']['held'][seat])
                                             if value else "declares no Weis."))
        elif kind == "predict":
            lines.append(f"Seat {seat} predicts {value}.")
        elif kind == "claim":
            lines.append(f"  seat {seat} " + ("claims the game (Thanks, enough)." if value
                                               else "plays on."))
        else:
            if plays == 0 and deal.schieber:
                team = result["weis"]["team"]
                lines.append(f"Best Weis: team {team}." if team is not None else "No Weis declared.")
                if result["stoeck"] is not None:
                    lines.append(f"Seat {result['stoeck']} holds Stöck.")
            plays += 1
            if plays % 4 == 0:
                trick = result["tricks"][plays // 4 - 1]
                lines.append(trick_line(plays // 4, trick,
                                        f"seat {trick['winner']} takes {trick['points']}"))
    lines += current_trick_lines(result)
    final = result["result"]
    if final["over"]:
        lines.append("Result:")
        lines += _schieber_result(final) if deal.schieber else _differenzler_result(final)
    else:
        nxt = result["next"]
        legal = nxt["legal"]
        legal_text = (f"0 to {legal[-1]}" if nxt["kind"] == "predict"
                      else " ".join(_value_text(v) for v in legal))
        lines.append(f"The record stops here; next: seat {nxt['seat']} to {nxt['kind']} "
                     f"(legal: {legal_text}).")
    return "\n".join(lines) + "\n"


def _melds_text(held: list[dict]) -> str:
    return "; ".join(f"{m['kind']} {' '.join(m['cards'])} ({m['points']})" for m in held)


def _schieber_result(final: dict) -> list[str]:
    lines = []
    if final["claim"]:
        c = final["claim"]
        lines.append(f"  seat {c['seat']} said \"Thanks, enough\": "
                     + ("right, the team wins." if c["right"] else "wrong, the team loses."))
    for t in range(2):
        parts = [f"card points {final['points'][t]}"]
        for key, label in (("weis", "Weis"), ("stoeck", "Stöck"), ("match", "match")):
            if final[key][t]:
                parts.append(f"{label} {final[key][t]}")
        total = f" (total {final['totals'][t]})" if final["totals"] is not None else ""
        lines.append(f"  team {t}: {' + '.join(parts)}, × {final['multiplier']} = "
                     f"{final['deal_score'][t]}{total}")
    if final["game_over"]:
        lines.append(f"  team {final['winner']} wins the game: {final['end']}.")
    return lines


def _differenzler_result(final: dict) -> list[str]:
    lines = []
    for s in range(4):
        total = f" (total {final['totals'][s]})" if final["totals"] is not None else ""
        lines.append(f"  seat {s}: predicted {final['predictions'][s]}, took "
                     f"{final['points'][s]}, penalty {final['penalties'][s]}{total}")
    return lines
