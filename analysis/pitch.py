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

The cube and the report's tables are declared (:mod:`analysis.spec`): the
tables of a variant by :func:`declared` (their notes name the pitcher or the
bidding team); only the game-length summary is a function of its own.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np
import pandas as pd

from sim.games.pitch.cards import HIGH_JOKER, LOW_JOKER, RANK_JACK, SAME_COLOUR

from . import balance, pitch_plots, pitch_summary
from .compare import DEALS_PER_GAME, RATE, Measure
from .common import Lineup, add_moments, contiguous_fields, square, study_dict, sum_by, tag, whole_blocks
from .spec import (CubeTable, Frames, Mean, Rate, Share, Table, build, keys_of, labelled, length_summary, mean_of,
                   positive)
from .stats import Scratch, combine_cubes, empty_frame

N_SEATS = 4
SCORING = {"auction": balance.Scoring("settlement"), "ten_point": balance.Scoring("game score")}
CUBE = {
    "contracts": CubeTable(("contract", "position", "player", "forced", "made", "points"), ("redeals",),
                           "one per deal"),
    "bids": CubeTable(("position", "player", "bid"), rows="one per deal and seat"),
    "positions": CubeTable(("position", "player", "role"), ("points_sum", "points_sq", "score_sum", "score_sq"),
                           "one per deal and seat"),
    "bidder_trumps": CubeTable(("player", "contract", "trumps_dealt", "made"), rows="one per deal"),
    "point_winners": CubeTable(("player", "point", "contract", "winner"), rows="one per deal and point (Auction)"),
    "trump_cards": CubeTable(("player", "card", "holder", "made"), rows="one per deal and card"),
    "burned": CubeTable(("burned", "burned_points"), rows="one per deal"),
    "game_ends": CubeTable(("end", "deals"), ("redeals",), "one per game"),
    "setbacks": CubeTable(("player", "setbacks"), rows="one per game and seat"),
}
KEYS = keys_of({**CUBE, **balance.KEYS})
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
        "contracts": CUBE["contracts"].sums(per_deal, {"redeals": per_deal["redeals"]}),
        "bids": CUBE["bids"].sums(d, scratch=scratch),
        "positions": CUBE["positions"].sums({**d, "role": role},
                                           {"points_sum": points, "points_sq": square(points), "score_sum": d["score"],
                                            "score_sq": square(d["score"])}, scratch=scratch),
        "bidder_trumps": CUBE["bidder_trumps"].sums(per_deal),
        "point_winners": (empty_frame(KEYS["point_winners"], ["n"]) if ten_point else _point_winners(d, b)),
        "trump_cards": _trump_cards(d, first, bidder, per_deal, ten_point),
        "burned": CUBE["burned"].sums(burned),
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
    return CUBE["point_winners"].sums({k: np.concatenate(x) for k, x in zip(KEYS["point_winners"], zip(*parts))})


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
    return CUBE["trump_cards"].sums({k: np.concatenate(v) for k, v in keys.items()})


def _game_tables(games: np.ndarray) -> dict[str, pd.DataFrame]:
    g = whole_blocks(contiguous_fields(games, GAME_FIELDS), ("game",), N_SEATS)
    once = {k: g[k][::N_SEATS] for k in ("end", "deals", "redeals")}
    return {"game_ends": CUBE["game_ends"].sums(once, {"redeals": once["redeals"]}),
            "setbacks": CUBE["setbacks"].sums(g)}


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
    frames = Frames(cube, lineup, _frames(variant))
    bids, trumps, deals, games = declared(variant)
    return {**build(bids + trumps + deals, frames), **game_length_summary(cube), **build(games, frames),
            **balance.tables(cube, lineup, QUESTIONS[2], SCORING[variant])}


# -- derived frames: what the tables read beside the cube's own tables ------------------------------

def _contracts(cube: dict, lineup: Lineup) -> pd.DataFrame:
    deals = add_moments(lineup.label(cube["contracts"].copy()), "points")
    deals["made_n"] = deals["n"] * deals["made"]
    deals["bidding"] = np.where(deals["forced"] == 1, "forced on the dealer", "won")
    return deals


def _named(name: str, **names) -> Callable[[dict, Lineup], pd.DataFrame]:
    """A derived frame: cube table ``name`` with the lineup's labels, the columns of ``names``
    (column → its names, by code) as categories, and ``made_n`` (deals made) when it has ``made``."""
    def frame(cube: dict, lineup: Lineup) -> pd.DataFrame:
        df = lineup.label(cube[name].copy())
        for column, words in names.items():
            df[column] = pd.Categorical([words[int(c)] for c in df[column]], categories=list(words))
        if "made" in df:
            df["made_n"] = df["n"] * df["made"]
        return df
    return frame


def _points_in_play(cube: dict, lineup: Lineup) -> pd.DataFrame:
    winners = cube["point_winners"]
    return pd.DataFrame({"point": pd.Categorical([POINT_NAMES[int(p)] for p in winners["point"]],
                                                 categories=POINT_NAMES),
                         "n": winners["n"], "in_play": winners["n"].where(winners["winner"] < 2, 0),
                         "to_pitcher": winners["n"].where(winners["winner"] == 0, 0)})


def _game_ends(cube: dict, lineup: Lineup) -> pd.DataFrame:
    ends = cube["game_ends"]
    return ends.assign(how=[END_NAMES.get(int(e), f"end {e}") for e in ends["end"]])


def _frames(variant: str) -> dict:
    return {"contracts": _contracts, "labelled_bids": labelled("bids"), "points_in_play": _points_in_play,
            "point_winners": _named("point_winners", point=POINT_NAMES, winner=WINNER_NAMES),
            "trump_cards": _named("trump_cards", card=CARD_NAMES, holder=HOLDER_NAMES[variant]),
            "bidder_trumps": _named("bidder_trumps"),
            "bidder_trumps_moments": labelled("bidder_trumps", "trumps_dealt"),
            "bidders": lambda cube, lineup: cube["positions"].assign(
                bidder_n=lambda t: np.where(t["role"] == 0, t["n"], 0)),
            "roles": _named("positions", role=ROLE_NAMES), "game_ends": _game_ends,
            "setbacks": labelled("setbacks", "setbacks")}


def game_length_summary(cube: dict) -> dict[str, pd.DataFrame]:
    """Deals per game: the mean with its interval, the quantiles, the redeals per game."""
    ends = cube["game_ends"]
    length = sum_by(ends, ["deals"], ["n"]).rename(columns={"n": "games"})
    redeals = {"redeals_per_game": lambda n: float(ends["redeals"].sum()) / n}
    return {"game_length_summary": tag(length_summary(length, redeals), QUESTIONS[2], "Deals per game", "terminal",
                                       "redeals: deals dealt again because every player passed (all_pass=redeal)")}


# -- the tables, declared ----------------------------------------------------------------------------

MADE = (positive("deals"), Rate("made_rate", "made", "deals"))
POINTS = mean_of("points", "deals")


def _made(name: str, title: str, show: str, note: str = "", by=(), frame: str = "contracts", sums=(),
          steps=(), **more) -> Table:
    """A table of bids made (:func:`analysis.spec.made_rate`'s columns) by ``by``, then ``steps``."""
    return Table(name, QUESTIONS[0], title, show, note, frame=frame, by=by, sums=("n", "made_n", *sums),
                 counted="deals", rename={"made_n": "made"}, steps=(*MADE, *steps), **more)


def declared(variant: str) -> tuple[list, list, list, list]:
    """The tables of a run of ``variant``: bid accuracy, trump odds, the scoring balance of a deal
    and of a game (the game-length summary goes between the last two)."""
    auction, ten_point = variant == "auction", variant == "ten_point"
    side = "the pitcher" if auction else "the bidding team"
    score = "its score change" if auction else "its team's score change"
    q = QUESTIONS[0]
    bids = [
        _made("contract_success", "Bids made, by strategy and contract", "terminal",
              f"strategy: the bidder's; mean_points: points {side} took in the deal", ("strategy", "contract"),
              sums=("points_x", "points_xx"), steps=(POINTS,)),
        _made("contract_success_by_position", "Bids made, by strategy, the bidder's position and contract",
              "report", "position 0 bids first, 3 is the dealer (who bids last)",
              ("strategy", "position", "contract"), order=True, order_at=2),
        Table("points_by_contract", q, "Points taken by the bidding side, by contract", "csv",
              f"points: taken by {side}; share: of the contract's deals", frame="contracts",
              by=("contract", "points"), counted="deals", steps=(Share("deals", ("contract",)),)),
        _made("forced_bids", "Bids forced on the dealer and bids won in the bidding", "report",
              "forced on the dealer: every other player passed and the dealer had to bid; "
              "share: of the strategy's contracts", ("strategy", "bidding"), sums=("points_x", "points_xx"),
              steps=(Share("deals", ("strategy",)), POINTS)),
        Table("bids_by_position", q, "Bids, by strategy and position", "csv",
              "bid 0: pass; hands: hands of played deals", frame="labelled_bids", by=("strategy", "position", "bid"),
              counted="hands", steps=(Share("hands", ("strategy", "position")),), order=True, order_at=2),
    ]
    if auction:
        bids.append(Table("smudges", q, "Smudges (bids of 4) tried and made, by strategy", "report",
                          "made: all four points taken; a smudge made wins the game at once "
                          "unless the pitcher was in the hole", frame="contracts",
                          rows=lambda t: t["contract"] == SMUDGE, by=("strategy",), sums=("n", "made_n"),
                          counted="attempts", rename={"made_n": "made"},
                          steps=(positive("attempts"), Rate("made_rate", "made", "attempts"))))
    q = QUESTIONS[1]
    trumps = [
        Table("points_in_play", q, "The four points: in play, won by the pitcher", "terminal",
              "in_play: High and Low always; the Jack when dealt; Game unless tied; "
              "to_pitcher: points the pitcher won, pitcher_rate of those in play", frame="points_in_play",
              by=("point",), sums=("n", "in_play", "to_pitcher"), counted="deals",
              steps=(positive("deals"), Rate("in_play_rate", "in_play", "deals"),
                     Rate("pitcher_rate", "to_pitcher", "in_play"))),
        Table("point_winners", q, "Who won each point, by the pitcher's strategy and contract", "csv",
              "nobody: the Jack not dealt, or Game tied", frame="point_winners",
              by=("strategy", "point", "contract", "winner"), counted="deals",
              steps=(Share("deals", ("strategy", "point", "contract")),)),
    ] if auction else []
    trumps += [
        Table("trump_card_holders", q, "Who was dealt the key trumps, by the bidder's strategy", "report",
              "as dealt; share: of the strategy's contracts; made_rate: bids made when the card was there"
              + ("; the bidder takes the stock's trumps after the refill" if ten_point else ""),
              frame="trump_cards", by=("strategy", "card", "holder"), sums=("n", "made_n"), counted="deals",
              rename={"made_n": "made"}, steps=(*MADE, Share("deals", ("strategy", "card")))),
        Table("made_by_trumps", q, "Bids made, by the bidder's trumps as dealt", "report",
              "trumps_dealt: trumps in the bidder's hand as dealt"
              + (" (the 16 trumps with the Jick and the jokers)" if ten_point else " (the suit of his first card)"),
              frame="bidder_trumps", by=("strategy", "contract", "trumps_dealt"), sums=("n", "made_n"),
              counted="deals", rename={"made_n": "made"}, steps=MADE),
        Table("bidder_trumps_by_contract", q, "The bidder's trumps as dealt, by contract", "report",
              frame="bidder_trumps_moments", by=("strategy", "contract"),
              sums=("n", "trumps_dealt_x", "trumps_dealt_xx"), counted="deals",
              steps=(positive("deals"), mean_of("trumps_dealt", "deals"))),
    ]
    if ten_point:
        trumps.append(Table("burned_points", q, "Trumps and points burned in a deal", "report",
                            "burned: trumps discarded face up by players left with more than 6 "
                            "(non-point trumps first); burned_points: the points on them, which score for nobody",
                            frame="burned", by=("burned", "burned_points"), counted="deals",
                            steps=(Share("deals"),)))
    q = QUESTIONS[2]
    deals = [
        Table("deals_by_position", q, "Per deal by position: the bidding won, points taken, score", "terminal",
              f"bidder: deals the seat won the bidding; mean_points: points the seat took; mean_score: {score} "
              "per deal; position 3 is the dealer", frame="bidders", by=("position",),
              sums=("n", "bidder_n", "points_sum", "points_sq", "score_sum", "score_sq"), counted="hands",
              rename={"bidder_n": "bidder"},
              steps=(Rate("bidder_rate", "bidder", "hands"), Mean("mean_points", "hands", "points_sum", "points_sq"),
                     Mean("mean_score", "hands", "score_sum", "score_sq")), order=True),
        Table("score_by_role", q, "Score change per deal, by strategy and role", "report",
              f"mean_score: {score} per deal", frame="roles", by=("strategy", "role"),
              sums=("n", "score_sum", "score_sq"), counted="hands",
              steps=(positive("hands"), Mean("mean_score", "hands", "score_sum", "score_sq"))),
        Table("game_length", q, "Deals per game (distribution)", "csv", frame="game_ends", by=("deals",),
              counted="games", steps=(Share("games"),)),
    ]
    games = [
        Table("game_ends", q, "How games ended", "report", frame="game_ends", by=("end", "how"), counted="games",
              steps=(Share("games"),)),
    ]
    if auction:
        games.append(Table("setbacks_by_strategy", q, "Times a player was set back in a game", "report",
                           "with settle_setbacks=yes the winner also receives 1 from each player for every setback",
                           frame="setbacks", by=("strategy",), sums=("n", "setbacks_x", "setbacks_xx"),
                           counted="games", steps=(positive("games"), mean_of("setbacks", "games"))))
    return bids, trumps, deals, games


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
