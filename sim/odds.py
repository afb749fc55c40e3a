"""Hand odds: what a hand is worth, by dealing the unseen cards many times and playing on.

:func:`hand_odds` takes a seat's hand and the public facts (round, dealer, turned
card or trump, other seats' cards, totals), deals the rest uniformly among the
deals consistent with them, lets a player play every seat, and returns a
:class:`HandOdds`: the seat's outcome (tricks, score, contract made) with 95 %
intervals (Wilson for shares, normal for means), and for each option of the
seat's first own decision (each bid; the trump suit when it deals and a Wizard
is turned; a Differenzler prediction on a grid; Pitch's trump when the seat
wins the bid; Beim Jupiter's layout) the mean score when it is taken, on the same deals for every
option, the best marked (the lowest, for a penalty). ``tricksim odds`` prints it and plots it.

A game takes part through a *facts module* (the Wizard family's is
``sim/games/wizard/odds.py``): ``question(game, players, hand, ...)`` checks the
facts and says what is fixed and what is drawn, and names the module of the
game's compiled outcome hook (``odds_outcome_nb``, ``sim/odds_nb.py``).
"""
from __future__ import annotations

import importlib
import math
import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm import tqdm

from . import board_nb, registry
from .binding import bind, binding_name
from .errors import TricksimError
from .rng_nb import chunk_states
from . import odds_nb
from .odds_nb import R_CONTRACT, R_LEGAL, R_MADE, R_SCORE, R_SIZE, R_TRICKS

DEFAULT_PLAYER = "pimc"          # the player every seat is played by unless told
DEFAULT_DEALS = 1_000            # pimc: about a minute for a 4-card Wizard hand on one core
# ... unless the game's facts module says otherwise: a French Tarot deal has five bids to
# play on, each a whole deal of pimc at every seat (1.2 s a deal on a busy core)
CHUNK_DEALS = 20_000             # deals a kernel call: results do not depend on it
# ... with a search player (of the user kind): ~0.1 s a deal, so small chunks keep the
# progress bar moving and the threads evenly loaded
SEARCH_CHUNK_DEALS = 50
Z95 = 1.959963984540054
# the facts module of each game family that has one
FACTS = {"wizard": "sim.games.wizard.odds", "tarot": "sim.games.tarot.odds",
         "jass": "sim.games.jass.odds", "pitch": "sim.games.pitch.odds",
         "jupiter": "sim.games.jupiter.odds"}


@dataclass
class Question:
    """The facts of a question, checked: what the deal holds fixed and what it draws."""

    game: str
    players: int
    seat: int
    dealer: int
    round: int
    hand_size: int
    cfg: np.ndarray
    hand: list
    fixed: np.ndarray           # the game's ``dealt`` array holding the fixed cards (the
                                # asking seat's hand among them)
    need: np.ndarray            # cards dealt at random to each holder (seats, then places)
    pool: np.ndarray            # the free cards
    turn_pool: np.ndarray       # the cards the turned card is drawn from (empty: it is fixed)
    chance: np.ndarray          # sim.kit_nb.CH_*: dealer, round, turned card, totals
    prefix: np.ndarray          # decisions the facts fix, taken right after the deal
    phase: int                  # the kind of decision the options are of
    decision: str               # its name ("bid", "trump")
    actions: list               # the options' labels, by action
    trump_text: str             # the turned card and the trump, as given, in words
    card_names: list
    hooks: str                  # the module of the game's odds_give_nb and odds_outcome_nb
    variant: str = ""           # the game's variant (its own steps, as Pitch's)
    wanted: np.ndarray | None = None   # the actions the options are (None: 0 … one per label)
    lower_better: bool = False  # the best option has the lowest mean score (a penalty)
    score: str = "score"        # what the score is called ("penalty")
    measure: str = "tricks"     # what the outcome counts: "tricks", or "points" (card points)
    unit: float = 1.0           # the measure's value of one count (Tarot: half points)
    made: str = "bid made"      # what "made" means for the seat
    setting: str = ""           # the deal in words for the heading (default: round, hand size)
    extra: dict = field(default_factory=dict)


def facts_module(game: str):
    """The facts module of a game; a clear error for a game without one."""
    meta = registry.info(game)
    name = FACTS.get(meta.family)
    if name is None:
        have = [g.name for g in registry.all_games() if g.family in FACTS]
        raise TricksimError(f"{meta.name}: hand odds have no hooks for this game yet; "
                            f"games with hand odds: {', '.join(have)}")
    return importlib.import_module(name)


def odds_functions(game, hooks_module: str, variant: str = ""):
    """The odds templates bound to a variant's steps, its family's heuristic and its
    odds hooks (compiled once, cached on disk); a hook of ``odds_nb.DEFAULTS`` the
    game leaves out is the template's own."""
    from strategies.registry import heuristic_of
    from .engine import kernels_of
    module = game.steps_module(variant)
    own = importlib.import_module(hooks_module)
    hooks = {k: v for k, v in vars(board_nb).items() if not k.startswith("__")}
    hooks.update(vars(module))
    hooks["heuristic_nb"] = heuristic_of(game.family, variant or game.name)
    hooks.update({k: v for k, v in vars(own).items() if not k.startswith("__")})
    # the deal played on is the engine's own loop, compiled once for both (Beim Jupiter:
    # 14 s of CPU a copy)
    hooks["play_deal_nb"] = kernels_of(game, variant).play_deal_nb
    defaults = tuple(d for d in odds_nb.DEFAULTS if not hasattr(own, d[0]))
    unit, family = binding_name(module, game.family)
    return bind(f"{unit}_odds", family, hooks, defaults + odds_nb.ODDS,
                needs=odds_nb.ODDS_HOOKS, label=game.name, source=odds_nb)


def default_deals(game: str, variant: str | None = None) -> int:
    """The deals a question of ``game`` plays unless told (its facts module's, by variant
    where it has one for each, or :data:`DEFAULT_DEALS`)."""
    value = getattr(facts_module(game), "DEFAULT_DEALS", DEFAULT_DEALS)
    if isinstance(value, dict):
        return value[registry.info(game).check_variant(variant)]
    return value


def hand_odds(game: str, players: int, hand, seat: int = 0, round: int | None = None,
              dealer: int | None = None, turned=None, trump=None, fixed=None, scores=None,
              options: dict | None = None, variant: str | None = None,
              ask: str | None = None, player: str = DEFAULT_PLAYER,
              deals: int | None = None, seed: int = 0, jobs: int = 1,
              progress: bool = False, table=None, gone=None, zero_spent=None) -> "HandOdds":
    """The odds of ``hand`` held by ``seat`` (see the module). ``fixed``: ``{seat: cards}``
    of other seats (part of a hand is fine, the rest is dealt); ``turned``: the card
    turned up; ``trump``: the trump suit; ``scores``: the totals before the round;
    ``ask``: the decision asked about, for a game with more than one (its facts
    module's ``ASKS``; None: the first); ``player``: a player spec (``strategies.registry.resolve``) for every seat; ``deals``:
    how many (None: :func:`default_deals` of the game). Deal ``i``
    is the same for every option and every ``jobs``/chunking; same seed, same results.
    ``progress``: a progress bar on standard error. Beim Jupiter's later rounds take what
    the earlier ones left (``sim/games/jupiter/odds.py``): ``table``, ``{counter: cards}``
    beside each counter; ``gone``, the cards laid out before and off the table (won, or out
    of the game); ``zero_spent``, the seats whose zero-trick card is spent."""
    from strategies.registry import Lineup
    meta = registry.info(game)
    facts = facts_module(meta.name)
    deals = default_deals(meta.name, variant) if deals is None else deals
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals <= 0:
        raise TricksimError(f"deals must be a whole number of at least 1, not {deals!r}")
    asks = getattr(facts, "ASKS", ())
    if ask is not None and ask not in asks:
        raise TricksimError(f"{meta.name}: --ask {ask} " + (
            f"is not a decision asked about: give {' or '.join(asks)}" if asks else
            "does not apply: the game has one decision to ask about"))
    more = {"ask": ask or asks[0]} if asks else {}
    for name, value in (("table", table), ("gone", gone), ("zero_spent", zero_spent)):
        if value is None:
            continue
        if name not in getattr(facts, "MORE_FACTS", ()):
            raise TricksimError(f"{meta.name}: --{name.replace('_', '-')} does not apply (what "
                                f"earlier rounds left on Beim Jupiter's table)")
        more[name] = value
    q = Question(**facts.question(meta.name, players, hand, seat=seat, round=round,
                                  dealer=dealer, turned=turned, trump=trump, fixed=fixed,
                                  scores=scores, options=options, variant=variant, **more))
    wanted = (np.arange(len(q.actions), dtype=np.int64) if q.wanted is None
              else np.asarray(q.wanted, dtype=np.int64))
    lineup = Lineup.resolve(meta.family, [player] * q.players, meta.name,
                            meta.check_variant(variant))
    kinds, params, fns = lineup.arrays()
    fns_ = odds_functions(registry.game(meta.name), q.hooks, q.variant)
    states = chunk_states(int(seed), 0)
    out = np.zeros((int(deals), len(q.actions), R_SIZE), dtype=np.int64)
    mine = np.zeros((int(deals), R_SIZE), dtype=np.int64)
    chosen = np.zeros(int(deals), dtype=np.int64)

    chunk = SEARCH_CHUNK_DEALS if lineup.has_user_player else CHUNK_DEALS
    bar = tqdm(total=int(deals), unit="deal", disable=not progress, leave=False,
               desc=f"{meta.name} odds")

    def run(first: int) -> None:
        count = min(chunk, int(deals) - first)
        status = np.zeros(16, dtype=np.int64)
        done = fns_.odds_chunk_nb(q.cfg, kinds, params, fns, states[0], states[1], first, count,
                                  q.seat, q.phase, wanted, q.pool, q.turn_pool, q.fixed,
                                  q.need, q.chance, q.prefix, out[first:first + count],
                                  mine[first:first + count], chosen[first:first + count],
                                  status)
        if done < count:
            raise _illegal(registry.game(meta.name), lineup, status)

    firsts = range(0, int(deals), chunk)
    with bar:
        if jobs == 1 or len(firsts) == 1:
            for first in firsts:
                run(first)
                bar.update(min(chunk, int(deals) - first))
        else:
            with ThreadPoolExecutor(max_workers=jobs if jobs > 0 else os.cpu_count()) as pool:
                for first, _ in zip(firsts, pool.map(run, firsts)):
                    bar.update(min(chunk, int(deals) - first))
    return HandOdds(q, lineup.players[0].label, int(deals), int(seed), out, chosen, mine)


def trump_facts(trump: str | None, turned: str | None = None) -> tuple:
    """(turned, trump) from the command line's ``--trump`` (a card: the turned card; a suit
    letter or ``none``: the trump) and ``--turned``."""
    if trump is None or len(trump.strip()) == 1 or trump.strip().lower() == "none":
        return turned, trump
    if turned is not None:
        raise TricksimError(f"--trump {trump} and --turned {turned}: give the turned card once")
    return trump, None


def _illegal(game, lineup, status) -> TricksimError:
    from .kit_nb import ST_ACTION, ST_LEGAL, ST_LEGAL_HI, ST_PHASE, ST_SEAT
    kind, action_text, legal_text = game.decision_text(
        int(status[ST_PHASE]), int(status[ST_ACTION]), int(status[ST_LEGAL]),
        int(status[ST_LEGAL_HI]))
    return TricksimError(f"player {lineup.players[0].label} (seat {int(status[ST_SEAT])}) made an "
                         f"illegal {kind} {action_text}; legal: {legal_text}")


def _share(k, n):
    from analysis.stats import wilson
    lo, hi = wilson(k, n)
    return (k / n if n else math.nan), float(lo), float(hi)


def _mean(x):
    """(mean, lo, hi) with the normal interval (NaN for fewer than two values)."""
    x = np.asarray(x, dtype=np.float64)
    if len(x) == 0:
        return math.nan, math.nan, math.nan
    m = float(x.mean())
    half = Z95 * float(x.std(ddof=1)) / math.sqrt(len(x)) if len(x) > 1 else math.nan
    return m, m - half, m + half


class HandOdds:
    """The result of :func:`hand_odds`: the raw results (``out[i, option, R_*]``,
    ``chosen``: the option the player chose, -1 the seat never decided, -2 an action
    not among the options; ``mine[i, R_*]``: as it chose) and the tables made from them."""

    def __init__(self, question: Question, player: str, deals: int, seed: int, out, chosen,
                 mine):
        self.question, self.player, self.deals, self.seed = question, player, deals, seed
        self.out, self.chosen, self.mine = out, chosen, mine
        self.rows = mine[chosen != -1]      # as the player played

    # -- tables --------------------------------------------------------------------------
    def summary(self) -> pd.DataFrame:
        """The seat's outcome as its player plays: mean tricks, mean score, contract made."""
        r = self.rows
        rows = [(self.question.measure, *_mean(r[:, R_TRICKS] * self.question.unit)),
                (self.question.score, *_mean(r[:, R_SCORE])),
                ("made", *_share(int(r[:, R_MADE].sum()), len(r)))]
        return pd.DataFrame(rows, columns=["quantity", "estimate", "lo", "hi"])

    def tricks(self) -> pd.DataFrame:
        """The share of deals in which the seat takes each number of tricks (or card
        points: the question's ``measure``)."""
        q = self.question
        n = len(self.rows)
        counts = np.bincount(self.rows[:, R_TRICKS], minlength=q.hand_size + 1
                             if q.measure == "tricks" else 1)
        return pd.DataFrame([(k * q.unit if q.unit != 1 else k, int(c), *_share(int(c), n))
                             for k, c in enumerate(counts)],
                            columns=[q.measure, "deals", "share", "lo", "hi"])

    def scores(self) -> pd.DataFrame:
        """The share of deals with each score of the seat."""
        n = len(self.rows)
        values, counts = np.unique(self.rows[:, R_SCORE], return_counts=True)
        return pd.DataFrame([(int(v), int(c), *_share(int(c), n)) for v, c in zip(values, counts)],
                            columns=["score", "deals", "share", "lo", "hi"])

    def options(self) -> pd.DataFrame:
        """Each option of the seat's first own decision: the deals where it is legal, its
        mean score, contract made and tricks with intervals, how often the player chose
        it, and its mean score against the best option's on the same deals."""
        q, out = self.question, self.out
        n_played = int((self.chosen != -1).sum())
        sign = -1 if q.lower_better else 1
        means = []
        for a in range(len(q.actions)):
            legal = out[:, a, R_LEGAL] == 1
            means.append(sign * out[legal, a, R_SCORE].mean() if legal.any() else -math.inf)
        best = int(np.argmax(means))
        rows = []
        for a, label in enumerate(q.actions):
            legal = out[:, a, R_LEGAL] == 1
            x = out[legal, a]
            both = legal & (out[:, best, R_LEGAL] == 1)
            rows.append((label, int(legal.sum()), *_mean(x[:, R_SCORE]),
                         *_share(int(x[:, R_MADE].sum()), len(x)),
                         *_mean(x[:, R_TRICKS] * q.unit)[:1],
                         *_share(int((self.chosen == a).sum()), n_played),
                         *_mean(out[both, a, R_SCORE] - out[both, best, R_SCORE]), a == best))
        return pd.DataFrame(rows, columns=[
            q.decision, "deals", "score", "score_lo", "score_hi", "made", "made_lo", "made_hi",
            q.measure, "chosen", "chosen_lo", "chosen_hi", "vs_best", "vs_best_lo", "vs_best_hi",
            "best"])

    @property
    def best(self) -> str:
        """The option with the highest mean score (the lowest, for a penalty)."""
        table = self.options()
        return str(table.loc[table["best"], self.question.decision].iloc[0])

    # -- output --------------------------------------------------------------------------
    def heading(self) -> str:
        q = self.question
        setting = q.setting or (f"round {q.round} ({q.hand_size} card"
                                f"{'s' if q.hand_size != 1 else ''})")
        return (f"{q.game}, {q.players} players, {setting}: seat {q.seat} holds "
                f"{' '.join(q.card_names)}; dealer seat {q.dealer}; {q.trump_text}; "
                f"every seat played by {self.player}; {self.deals:,} deals, seed {self.seed}")

    def text(self) -> str:
        """The result as readable lines."""
        q = self.question
        lines = [self.heading(), "", "the seat's outcome as its player plays (95 % intervals):"]
        for r in self.summary().itertuples():
            if r.quantity == "made":
                lines.append(f"  {q.made:<12} {r.estimate:7.1%}   ({r.lo:.1%} to {r.hi:.1%})")
            else:
                lines.append(f"  mean {r.quantity:<7} {r.estimate:7.2f}   ({r.lo:.2f} to {r.hi:.2f})")
        if q.measure == "tricks":
            lines.append("  tricks taken: " + ", ".join(
                f"{r.tricks}: {r.share:.1%} ({r.lo:.1%} to {r.hi:.1%})"
                for r in self.tricks().itertuples() if r.deals))
        else:                           # a long range: its deciles
            values = self.rows[:, R_TRICKS] * q.unit
            if len(values):
                lines.append(f"  {q.measure} taken, deciles 10 % … 90 %: " + ", ".join(
                    f"{v:g}" for v in np.quantile(values, np.arange(1, 10) / 10, method="lower")))
        what = {"bid": "bid", "trump": "trump suit"}.get(q.decision, q.decision)
        width = max(6, len(q.decision), *(len(str(a)) for a in q.actions))
        lines += ["", f"each {what} of seat {q.seat}, the rest played on (the same deals for each):",
                  f"  {q.decision:<{width}} {'deals':>7}  {'mean ' + q.score:>12}  {'95 % interval':>17}  "
                  f"{'made':>6}  {q.measure:>6}  {'chosen':>6}  {'vs best':>8}"]
        table = self.options()
        for r in table.itertuples(index=False):
            row = r._asdict()
            mark = " best" if r.best else ""
            lines.append(f"  {str(row[q.decision]):<{width}} {r.deals:>7,}  {r.score:>12.2f}  "
                         f"{r.score_lo:>8.2f} {r.score_hi:>8.2f}  {r.made:>6.1%}  "
                         f"{row[q.measure]:>6.2f}  {r.chosen:>6.1%}  {r.vs_best:>8.2f}{mark}")
        lines.append(f"best {what}: {self.best}")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        q = self.question
        records = lambda t: t.replace({np.nan: None}).to_dict(orient="records")  # noqa: E731
        return {"game": q.game, "players": q.players, "seat": q.seat, "dealer": q.dealer,
                "round": q.round, "hand": q.card_names, "trump": q.trump_text,
                "player": self.player, "deals": self.deals, "seed": self.seed,
                "decision": q.decision, "best": self.best,
                "summary": records(self.summary()), q.measure: records(self.tricks()),
                "scores": records(self.scores()), "options": records(self.options())}

    def plot(self, path) -> Path:
        """The mean score of each option and the tricks taken, with their intervals, as a
        PNG at ``path``: written whole or not at all."""
        from analysis.plots import colour, figure, integer_ticks, percent_axis
        q = self.question
        path = Path(path)
        if not path.parent.is_dir():
            raise TricksimError(f"--plot {path}: no folder {path.parent}")
        fig, (left, right) = figure(f"Hand odds: {' '.join(q.card_names)}", self.heading(),
                                    panels=2)
        table = self.options()
        x = np.arange(len(table))
        y = table["score"].to_numpy(dtype=float)
        err = np.vstack([y - table["score_lo"], table["score_hi"] - y])
        left.bar(x, y, color=[colour(1) if b else colour(0) for b in table["best"]])
        left.errorbar(x, y, yerr=np.nan_to_num(err), fmt="none", ecolor="black", capsize=3)
        left.set_xticks(x, table[q.decision].astype(str))
        left.set_xlabel(q.decision)
        left.set_ylabel(f"mean {q.score} (95 % interval)")
        left.set_title(f"each {q.decision}, the rest played on (best in red)")
        t = self.tricks()
        share = t["share"].to_numpy(dtype=float)
        if q.measure == "tricks":
            right.bar(t["tricks"], share, color=colour(2))
            right.errorbar(t["tricks"], share, yerr=np.vstack([share - t["lo"], t["hi"] - share]),
                           fmt="none", ecolor="black", capsize=3)
            right.set_ylabel("share of deals (95 % interval)")
            integer_ticks(right)
        else:                           # many values: their shares without intervals
            right.bar(t[q.measure], share, width=q.unit, color=colour(2))
            right.set_ylabel("share of deals")
        right.set_xlabel(f"{q.measure} taken")
        right.set_title(f"{q.measure} as the seat's player plays")
        percent_axis(right)
        handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".png")
        os.close(handle)
        try:
            fig.savefig(tmp, dpi=110)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return path
