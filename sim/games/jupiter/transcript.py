"""A replayed Beim Jupiter record as text (``replay.py`` replays it)."""


def _bid_words(bid) -> str:
    if bid is None:
        return "-"
    if bid == "zero":
        return "zero-trick card"
    return f"counter {bid['counter']}" + (" locked" if bid["locked"] else "")


def transcript(game: str, record: dict, result: dict) -> str:
    n = int(record["players"])
    kind = result["kind"]
    lines = [f"Beim Jupiter, {n} players ({'a whole game' if kind == 'game' else 'one ' + kind})"]
    for rnd in result["rounds"]:
        lines.append(f"Round {rnd['round']}, dealer seat {rnd['dealer']}")
        if kind != "allocation":
            for s, hand in enumerate(rnd["hands"]):
                lines.append(f"  seat {s}: {' '.join(hand)}")
            if rnd["unseen"]:
                lines.append(f"  unseen: {rnd['unseen']}")
        if rnd["table"]:
            lines.append("  table: " + "; ".join(f"counter {k}: {' '.join(v)}"
                                               for k, v in rnd["table"].items()))
        if "redeal" in rnd:
            lines.append(f"  seat {rnd['redeal']} holds no numbered colour card: dealt again")
            continue
        if "trump_step" not in rnd and rnd is result["rounds"][-1]:
            rnd = {**rnd, **{k: v for k, v in result["result"].items() if k not in rnd}}
        if kind != "allocation" and rnd.get("layouts") and all(rnd["layouts"]):
            lines.append("  layouts: " + ", ".join(f"seat {s} {c}" for s, c in enumerate(rnd["layouts"])))
            lines.append(f"  trump: {rnd['trump'] or 'none'} (settled by: {rnd['trump_step']})")
        if rnd.get("bids"):
            lines.append("  bids: " + ", ".join(f"seat {s} {_bid_words(b)}"
                                              for s, b in enumerate(rnd["bids"])))
        for i, t in enumerate(rnd["tricks"], start=1):
            played = ", ".join(f"seat {s} {c}" for s, c in zip(t["seats"], t["cards"]))
            lines.append(f"  trick {i}: {played} -> seat {t['winner']}")
        if rnd.get("tricks_won") and ("taken" in rnd):
            lines.append("  tricks: " + ", ".join(f"seat {s} {k} ({p} points)" for s, (k, p) in
                                                  enumerate(zip(rnd["tricks_won"], rnd["card_points"]))))
            for t in rnd["takes"]:
                lines.append(f"  counter {t['counter']}: seat {t['seat']} takes {t['card']}")
            lines.append("  victory points: " + ", ".join(f"seat {s} {v}" for s, v in
                                                        enumerate(rnd["victory_points"])))
            if rnd["table_left"]:
                lines.append("  left on the table: " + "; ".join(
                    f"counter {k}: {' '.join(v)}" for k, v in rnd["table_left"].items()))
    r = result["result"]
    if r.get("winners") is not None:
        lines.append("scores: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(r["scores"]))
                     + "; winner" + ("s" if len(r["winners"]) > 1 else "") + ": seat "
                     + ", ".join(str(s) for s in r["winners"]))
    if not r["complete"] and "next" in result:
        nxt = result["next"]
        lines.append(f"(incomplete) seat {nxt['seat']} to {nxt['kind']}")
    return "\n".join(lines)
