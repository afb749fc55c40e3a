"""Analysis of Pitch runs (Auction Pitch and Ten-point Pitch): bid accuracy, trump odds, scoring balance.

The path is records → :func:`reduce` → cube → :func:`combine` → :func:`tables`
and :func:`plots`, as for every game (see ``analysis/wizard.py``): a *cube*
is a dict of small DataFrames of integer counts and sums per group, and the
cubes of different chunks add up. The plain-language summary is written by
:mod:`analysis.pitch_summary`, the plots are drawn by :mod:`analysis.pitch_plots`,
the scoring balance (tables, summary, plots) by :mod:`analysis.balance`.

A *deal* is one played deal of one game (a deal dealt again because every
player passed, under Auction's ``all_pass=redeal``, writes no records; the
next played deal counts it in ``redeals``). The *bidder* is the seat that
won the bidding (Auction: the pitcher); the *bidding side* is the bidder, and
in Ten-point Pitch his partner too. Its *points* are the points the bidding
side took in the deal (Auction: High, Low, Jack and Game, 0 … 4; Ten-point:
0 … 10, less the burned points).

Cube tables (keys → values, all int64):

``contracts``      contract, position, player, forced, made, points → n (one row per deal: the winning
                   bid, the bidder's position (0 first hand … 3 dealer) and lineup slot, forced 1 when
                   every other player passed and the dealer had to bid, made 1 when the bidding side
                   made the bid, points the bidding side took), ``redeals`` (Σ deals dealt again
                   before the deal)
``bids``           position, player, bid → n (one row per deal and seat: its bid, 0 pass)
``positions``      position, player, role → n (one row per deal and seat: role 0 the bidder, 1 the
                   bidder's partner (Ten-point), 2 an opponent), ``points_sum``, ``points_sq`` (Σ, Σ² of
                   the points the seat took), ``score_sum``, ``score_sq`` (Σ, Σ² of the deal's change of
                   its game score, Ten-point: its team's)
``bidder_trumps``  player, contract, trumps_dealt, made → n (one row per deal: the bidder's slot, the
                   trumps in his hand as dealt)
``point_winners``  player, point, contract, winner → n (Auction, one row per deal and point: the
                   pitcher's slot; point 0 High,
                   1 Low, 2 Jack, 3 Game; winner 0 the pitcher, 1 another player, 2 nobody: the Jack
                   not dealt, or Game tied); empty for Ten-point Pitch
``trump_cards``    player, card, holder, made → n (one row per deal and card: the bidder's slot; card
                   0 the Jack of trumps and,
                   Ten-point only, 1 the Jick, 2 the High Joker, 3 the Low Joker; holder, as dealt,
                   0 the bidder, 1 his partner, 2 an opponent, 3 nobody: Auction not dealt,
                   Ten-point in the stock)
``burned``         burned, burned_points → n (one row per deal: trumps burned by every seat, and the
                   points on them; Auction reads 0)
``game_ends``      end, deals → n (one row per game: end 1 the target reached, 2 a smudge made,
                   3 the deal limit; deals played), ``redeals`` (Σ deals dealt again in the game)
``setbacks``       player, setbacks → n (one row per game and seat: times the seat was set back in
                   the game; Ten-point reads 0)
``games``, ``totals``, ``slot_pairs``, ``strategy_pairs``, ``teammates``
                   the scoring-balance tables every game shares: see :mod:`analysis.balance`

``player`` is the lineup slot. A run has one variant: the tables of the
other game's points (``point_winners`` in Ten-point, the Jick and jokers in
Auction) are left out of its report.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.games.pitch.cards import HIGH_JOKER, LOW_JOKER, RANK_JACK, SAME_COLOUR

from . import balance, pitch_plots, pitch_summary
from .compare import DEALS_PER_GAME, RATE, Measure
from .common import (Lineup, add_moments, contiguous_fields, share_within, square, study_dict,
                     sum_by, tag, whole_blocks, with_mean, with_rate)
from .spec import length_summary, made_rate
from .stats import Scratch, combine_cubes, empty_frame, group_sums

N_SEATS = 4
SCORING = {"auction": balance.Scoring("settlement"), "ten_point": balance.Scoring("game score")}
KEYS = {
    "contracts": ["contract", "position", "player", "forced", "made", "points"],
    "bids": ["position", "player", "bid"],
    "positions": ["position", "player", "role"],
    "bidder_trumps": ["player", "contract", "trumps_dealt", "made"],
    "point_winners": ["player", "point", "contract", "winner"],
    "trump_cards": ["player", "card", "holder", "made"],
    "burned": ["burned", "burned_points"],
    "game_ends": ["end", "deals"],
    "setbacks": ["player", "setbacks"],
    **balance.KEYS,
}
DEAL_FIELDS = ("game", "deal", "seat", "player", "position", "team", "hand", "bid", "bidder", "contract", "forced",
               "trump", "trumps_dealt", "high", "low", "jack", "game_point", "points", "burned", "burned_points",
               "made", "score", "redeals")
GAME_FIELDS = ("game", "seat", "player", "setbacks", "end", "deals", "redeals")
POINT_NAMES = ("High", "Low", "Jack", "Game")
WINNER_NAMES = ("the pitcher", "another player", "nobody")
CARD_NAMES = ("Jack of trumps", "Jick", "High Joker", "Low Joker")
HOLDER_NAMES = {"auction": ("the pitcher", "the pitcher's partner", "an opponent", "not dealt"),
                "ten_point": ("the bidder", "the bidder's partner", "an opponent", "the stock")}
ROLE_NAMES = ("bidder", "partner", "opponent")
END_NAMES = {1: "the target reached", 2: "a smudge made", 3: "the deal limit"}
SMUDGE = 4                      # Auction's highest bid: all four points
QUESTIONS = ("Bid accuracy", "Trump odds", "Scoring balance")


def variant_of(study) -> str:
    return study_dict(study).get("variant") or "auction"


# -- records -> cube -----------------------------------------------------------------

def reduce(records: dict, study) -> dict[str, pd.DataFrame]:
    """The cube of one chunk's records ``{"deals": DEALS rows, "games": GAMES rows}``."""
    study = study_dict(study)
    ten_point = variant_of(study) == "ten_point"
    d = whole_blocks(contiguous_fields(records["deals"], DEAL_FIELDS), ("game", "deal"), N_SEATS)
    rows = len(d["game"])
    scratch = Scratch(rows)
    first = np.arange(0, rows, N_SEATS)
    bidder = d["bidder"][first].astype(np.int64)
    b = first + bidder                                         # the bidder's row of each deal
    seat = d["seat"].reshape(-1, N_SEATS).astype(np.int64)
    side = d["team"].reshape(-1, N_SEATS) == d["team"][b][:, None]     # the bidding side's seats
    per_deal = {k: d[k][b] for k in ("contract", "position", "player", "made", "trumps_dealt", "redeals")}
    per_deal["forced"] = d["forced"].reshape(-1, N_SEATS).max(axis=1)
    per_deal["points"] = np.where(side, d["points"].reshape(-1, N_SEATS), 0).sum(axis=1)
    role = np.where(seat == bidder[:, None], 0, np.where(side, 1, 2)).ravel()
    points = d["points"]
    burned = {"burned": d["burned"].reshape(-1, N_SEATS).astype(np.int64).sum(axis=1),
              "burned_points": d["burned_points"].reshape(-1, N_SEATS).astype(np.int64).sum(axis=1)}
    return {
        "contracts": group_sums({k: per_deal[k] for k in KEYS["contracts"]}, {"redeals": per_deal["redeals"]}),
        "bids": group_sums({k: d[k] for k in KEYS["bids"]}, scratch=scratch),
        "positions": group_sums({"position": d["position"], "player": d["player"], "role": role},
                                {"points_sum": points, "points_sq": square(points), "score_sum": d["score"],
                                 "score_sq": square(d["score"])}, scratch=scratch),
        "bidder_trumps": group_sums({k: per_deal[k] for k in KEYS["bidder_trumps"]}),
        "point_winners": (empty_frame(KEYS["point_winners"], ["n"]) if ten_point else _point_winners(d, b)),
        "trump_cards": _trump_cards(d, first, bidder, per_deal, ten_point),
        "burned": group_sums(burned),
        **_game_tables(records["games"]),
        **balance.reduce(records["games"], study),
    }


def _point_winners(d: dict, b: np.ndarray) -> pd.DataFrame:
    """Auction: who won each of the four points, read from the pitcher's row (-1 there: nobody)."""
    parts = []
    for point, col in enumerate(("high", "low", "jack", "game_point")):
        value = d[col][b]
        winner = np.where(value == -1, 2, np.where(value == 1, 0, 1))
        parts.append((d["player"][b], np.full(len(b), point), d["contract"][b], winner))
    return group_sums({k: np.concatenate(x) for k, x in zip(KEYS["point_winners"], zip(*parts))})


def _trump_cards(d: dict, first: np.ndarray, bidder: np.ndarray, per_deal: dict, ten_point: bool) -> pd.DataFrame:
    """Who was dealt the Jack of trumps (Ten-point: also the Jick and the jokers), relative to the bidder."""
    trump = np.maximum(d["trump"][first].astype(np.int64), 0)
    cards = [13 * trump + RANK_JACK]
    if ten_point:
        jick = 13 * np.asarray(SAME_COLOUR, dtype=np.int64)[trump] + RANK_JACK
        cards += [jick, np.full(len(first), HIGH_JOKER), np.full(len(first), LOW_JOKER)]
    hands = d["hand"].reshape(-1, N_SEATS)
    keys = {"player": [], "card": [], "holder": [], "made": []}
    for index, card in enumerate(cards):
        held = (hands >> card.astype(np.uint64)[:, None]) & np.uint64(1)
        anyone = held.any(axis=1)
        relative = (held.argmax(axis=1) - bidder) % N_SEATS        # 0 the bidder, 2 his partner
        role = np.where(relative == 0, 0, np.where((relative == 2) & ten_point, 1, 2))
        keys["player"].append(per_deal["player"])
        keys["card"].append(np.full(len(first), index))
        keys["holder"].append(np.where(anyone, role, 3))
        keys["made"].append(per_deal["made"])
    return group_sums({k: np.concatenate(v) for k, v in keys.items()})


def _game_tables(games: np.ndarray) -> dict[str, pd.DataFrame]:
    g = whole_blocks(contiguous_fields(games, GAME_FIELDS), ("game",), N_SEATS)
    once = {k: g[k][::N_SEATS] for k in ("end", "deals", "redeals")}
    return {"game_ends": group_sums({"end": once["end"], "deals": once["deals"]}, {"redeals": once["redeals"]}),
            "setbacks": group_sums({"player": g["player"], "setbacks": g["setbacks"]})}


def combine(cubes) -> dict[str, pd.DataFrame]:
    """Add cubes (of chunks, or of earlier combinations): canonical and associative."""
    return combine_cubes(cubes, KEYS)


# -- cube -> tables ------------------------------------------------------------------------

def tables(cube: dict, manifest: dict) -> dict[str, pd.DataFrame]:
    """Labelled tables answering the three questions, every estimate with a 95 % interval
    (rates with Wilson intervals, means with t intervals; deals of one game, and the
    rotations of a duplicate board, are treated as independent, so the intervals are
    somewhat narrow)."""
    lineup = Lineup(manifest["study"])
    variant = variant_of(manifest["study"])
    return {**bid_tables(cube, lineup, variant), **trump_tables(cube, lineup, variant),
            **balance_tables(cube, lineup, variant)}


_success = made_rate


def _contracts(cube: dict, lineup: Lineup) -> pd.DataFrame:
    return add_moments(lineup.label(cube["contracts"].copy()), "points")


def bid_tables(cube: dict, lineup: Lineup, variant: str) -> dict[str, pd.DataFrame]:
    """Bid accuracy: bids made by contract, position and strategy; points taken against the bid;
    bids forced on the dealer; Auction's smudges."""
    q, out = QUESTIONS[0], {}
    side = "the pitcher" if variant == "auction" else "the bidding team"
    deals = _contracts(cube, lineup)
    success = _success(deals, ["strategy", "contract"], ["points_x", "points_xx"])
    out["contract_success"] = tag(with_mean(success, "deals", "points_x", "points_xx", "mean_points"), q,
                                  "Bids made, by strategy and contract", "terminal",
                                  f"strategy: the bidder's; mean_points: points {side} took in the deal")
    by_position = _success(deals, ["strategy", "position", "contract"])
    by_position.insert(2, "order", lineup.orders(by_position["position"]))
    out["contract_success_by_position"] = tag(by_position, q,
                                              "Bids made, by strategy, the bidder's position and contract", "report",
                                              "position 0 bids first, 3 is the dealer (who bids last)")
    points = sum_by(deals, ["contract", "points"], ["n"]).rename(columns={"n": "deals"})
    out["points_by_contract"] = tag(share_within(points, ["contract"], "deals"), q,
                                    "Points taken by the bidding side, by contract", "csv",
                                    f"points: taken by {side}; share: of the contract's deals")
    forced = _success(deals.assign(bidding=np.where(deals["forced"] == 1, "forced on the dealer", "won")),
                      ["strategy", "bidding"], ["points_x", "points_xx"])
    forced = with_mean(share_within(forced, ["strategy"], "deals"), "deals", "points_x", "points_xx",
                       "mean_points")
    out["forced_bids"] = tag(forced, q, "Bids forced on the dealer and bids won in the bidding", "report",
                             "forced on the dealer: every other player passed and the dealer had to bid; "
                             "share: of the strategy's contracts")
    bids = lineup.label(cube["bids"].copy())
    bids = sum_by(bids, ["strategy", "position", "bid"], ["n"]).rename(columns={"n": "hands"})
    bids.insert(2, "order", lineup.orders(bids["position"]))
    out["bids_by_position"] = tag(share_within(bids, ["strategy", "position"], "hands"), q,
                                  "Bids, by strategy and position", "csv",
                                  "bid 0: pass; hands: hands of played deals")
    if variant == "auction":
        smudge = deals[deals["contract"] == SMUDGE]
        smudge = _success(smudge, ["strategy"]).rename(columns={"deals": "attempts"})
        out["smudges"] = tag(smudge, q, "Smudges (bids of 4) tried and made, by strategy", "report",
                             "made: all four points taken; a smudge made wins the game at once "
                             "unless the pitcher was in the hole")
    return out


def trump_tables(cube: dict, lineup: Lineup, variant: str) -> dict[str, pd.DataFrame]:
    """Trump odds: the points in play, who holds the key trumps, the bidder's trumps and the bid,
    Ten-point's burned points."""
    q, out = QUESTIONS[1], {}
    if variant == "auction":
        out["points_in_play"] = tag(_points_in_play(cube["point_winners"]), q,
                                    "The four points: in play, won by the pitcher", "terminal",
                                    "in_play: High and Low always; the Jack when dealt; Game unless tied; "
                                    "to_pitcher: points the pitcher won, pitcher_rate of those in play")
        winners = lineup.label(cube["point_winners"].copy())
        winners["point"] = pd.Categorical([POINT_NAMES[int(p)] for p in winners["point"]], categories=POINT_NAMES)
        winners["winner"] = pd.Categorical([WINNER_NAMES[int(w)] for w in winners["winner"]],
                                           categories=WINNER_NAMES)
        winners = sum_by(winners, ["strategy", "point", "contract", "winner"], ["n"]).rename(columns={"n": "deals"})
        out["point_winners"] = tag(share_within(winners, ["strategy", "point", "contract"], "deals"), q,
                                   "Who won each point, by the pitcher's strategy and contract", "csv",
                                   "nobody: the Jack not dealt, or Game tied")
    holders = HOLDER_NAMES[variant]
    cards = lineup.label(cube["trump_cards"].copy())
    cards["card"] = pd.Categorical([CARD_NAMES[int(c)] for c in cards["card"]], categories=CARD_NAMES)
    cards["holder"] = pd.Categorical([holders[int(h)] for h in cards["holder"]], categories=holders)
    cards = _success(cards, ["strategy", "card", "holder"])
    out["trump_card_holders"] = tag(share_within(cards, ["strategy", "card"], "deals"), q,
                                    "Who was dealt the key trumps, by the bidder's strategy", "report",
                                    "as dealt; share: of the strategy's contracts; made_rate: bids made when the "
                                    "card was there"
                                    + ("; the bidder takes the stock's trumps after the refill"
                                       if variant == "ten_point" else ""))
    trumps = lineup.label(cube["bidder_trumps"].copy())
    out["made_by_trumps"] = tag(_success(trumps, ["strategy", "contract", "trumps_dealt"]), q,
                                "Bids made, by the bidder's trumps as dealt", "report",
                                "trumps_dealt: trumps in the bidder's hand as dealt"
                                + (" (the 16 trumps with the Jick and the jokers)" if variant == "ten_point"
                                   else " (the suit of his first card)"))
    moments = sum_by(add_moments(trumps, "trumps_dealt"), ["strategy", "contract"],
                     ["n", "trumps_dealt_x", "trumps_dealt_xx"]).rename(columns={"n": "deals"})
    out["bidder_trumps_by_contract"] = tag(
        with_mean(moments[moments["deals"] > 0], "deals", "trumps_dealt_x", "trumps_dealt_xx", "mean_trumps_dealt"),
        q, "The bidder's trumps as dealt, by contract", "report")
    if variant == "ten_point":
        burned = sum_by(cube["burned"], ["burned", "burned_points"], ["n"]).rename(columns={"n": "deals"})
        out["burned_points"] = tag(share_within(burned, [], "deals"), q, "Trumps and points burned in a deal",
                                   "report", "burned: trumps discarded face up by players left with more than 6 "
                                   "(non-point trumps first); burned_points: the points on them, which score "
                                   "for nobody")
    return out


def _points_in_play(winners: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for point, name in enumerate(POINT_NAMES):
        part = winners[winners["point"] == point]
        deals = int(part["n"].sum())
        in_play = int(part.loc[part["winner"] < 2, "n"].sum())
        rows.append({"point": name, "deals": deals, "in_play": in_play,
                     "to_pitcher": int(part.loc[part["winner"] == 0, "n"].sum())})
    frame = pd.DataFrame(rows, columns=["point", "deals", "in_play", "to_pitcher"])
    frame = with_rate(frame[frame["deals"] > 0], "in_play", "deals", "in_play_rate")
    return with_rate(frame, "to_pitcher", "in_play", "pitcher_rate")


def balance_tables(cube: dict, lineup: Lineup, variant: str) -> dict[str, pd.DataFrame]:
    """Scoring balance: per deal by position (the dealer's advantage), game length and how games
    ended, and the shared tables of :mod:`analysis.balance`."""
    q, out = QUESTIONS[2], {}
    score = "its score change" if variant == "auction" else "its team's score change"
    pos = cube["positions"].assign(bidder_n=lambda t: np.where(t["role"] == 0, t["n"], 0))
    pos = sum_by(pos, ["position"], ["n", "bidder_n", "points_sum", "points_sq", "score_sum", "score_sq"])
    pos = pos.rename(columns={"n": "hands", "bidder_n": "bidder"})
    pos.insert(1, "order", lineup.orders(pos["position"]))
    pos = with_rate(pos, "bidder", "hands", "bidder_rate")
    pos = with_mean(pos, "hands", "points_sum", "points_sq", "mean_points")
    out["deals_by_position"] = tag(with_mean(pos, "hands", "score_sum", "score_sq", "mean_score"), q,
                                   "Per deal by position: the bidding won, points taken, score", "terminal",
                                   f"bidder: deals the seat won the bidding; mean_points: points the seat "
                                   f"took; mean_score: {score} per deal; position 3 is the dealer")
    roles = lineup.label(cube["positions"].copy())
    roles["role"] = pd.Categorical([ROLE_NAMES[int(r)] for r in roles["role"]], categories=ROLE_NAMES)
    roles = sum_by(roles, ["strategy", "role"], ["n", "score_sum", "score_sq"]).rename(columns={"n": "hands"})
    out["score_by_role"] = tag(with_mean(roles[roles["hands"] > 0], "hands", "score_sum", "score_sq", "mean_score"),
                               q, "Score change per deal, by strategy and role", "report",
                               f"mean_score: {score} per deal")
    ends = cube["game_ends"]
    length = sum_by(ends, ["deals"], ["n"]).rename(columns={"n": "games"})
    out["game_length"] = tag(share_within(length, [], "games"), q, "Deals per game (distribution)", "csv")
    redeals = {"redeals_per_game": lambda n: float(ends["redeals"].sum()) / n}
    out["game_length_summary"] = tag(length_summary(length, redeals), q, "Deals per game", "terminal",
                                     "redeals: deals dealt again because every player passed (all_pass=redeal)")
    kinds = sum_by(ends, ["end"], ["n"]).rename(columns={"n": "games"})
    kinds.insert(1, "how", [END_NAMES.get(int(e), f"end {e}") for e in kinds["end"]])
    out["game_ends"] = tag(share_within(kinds, [], "games"), q, "How games ended", "report")
    if variant == "auction":
        setbacks = add_moments(lineup.label(cube["setbacks"].copy()), "setbacks")
        setbacks = sum_by(setbacks, ["strategy"], ["n", "setbacks_x", "setbacks_xx"]).rename(columns={"n": "games"})
        out["setbacks_by_strategy"] = tag(
            with_mean(setbacks[setbacks["games"] > 0], "games", "setbacks_x", "setbacks_xx", "mean_setbacks"), q,
            "Times a player was set back in a game", "report",
            "with settle_setbacks=yes the winner also receives 1 from each player for every setback")
    out.update(balance.tables(cube, lineup, q, SCORING[variant]))
    return out


# -- compared on common deals -------------------------------------------------------------------

def compared(study: dict) -> tuple[Measure, ...]:
    """What ``tricksim compare`` compares beside the total and win rate: bids made, read from the
    bidder's row of each played deal (its ``player`` the bidder), and game length."""
    return (Measure("made_rate", "bids made", lambda d: d["made"],
                    rows=lambda d: d["seat"] == d["bidder"], bounds=RATE),
            DEALS_PER_GAME)


# -- summary and plots ---------------------------------------------------------------------

def summary(tabs: dict, manifest: dict) -> dict[str, list[str]]:
    """A few plain sentences per question, with the numbers and their 95 % intervals."""
    study = manifest["study"]
    return pitch_summary.summary(tabs, study, variant_of(study), SCORING[variant_of(study)], QUESTIONS)


def plots(cube: dict, manifest: dict, out_dir, tabs: dict | None = None) -> list[Path]:
    """Draw the PNG plots of a run into ``out_dir`` (see :mod:`analysis.pitch_plots`); returns their paths."""
    variant = variant_of(manifest["study"])
    return pitch_plots.draw(cube, tabs if tabs is not None else tables(cube, manifest), manifest, out_dir,
                            SCORING[variant])
