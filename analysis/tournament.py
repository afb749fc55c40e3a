"""A tournament's statistics: a rating of every entrant, and every pair's paired difference.

Input: ``sim.tournament.results`` — one row per game and entrant (its mean
rank and game total over the seats it held).

Rating. Each game ranks the entrants at its table by their rank in the
game's records (the game decides what is better: the higher total, or the
lower penalty in Differenzler). When every table seats two sides (a team
game, or two entrants) the model is Bradley–Terry, fitted with
``choix.ilsr_pairwise``; a tie counts half a win to each side (every decided
game enters as two wins, a tie as one win each way). With more sides it is
Plackett–Luce, fitted with ``choix.ilsr_rankings`` on each game's full
ranking; tied entrants are put in an order drawn at random for that game
from the tournament's seed (so every tie order is equally likely and the
fit reproducible). A rating is choix's log-strength, centred on the
entrants' mean: exp(a − b) is the odds of a beating b. A ridge penalty
:data:`ALPHA` keeps a clean sweep finite.

Interval: the percentile bootstrap over boards — boards drawn with
replacement (every table's games of a drawn board together, since they
share its cards), the model refitted, the 2.5 and 97.5 percentiles of the
refits; the draws come from the seed.

Pairs: for every two entrants, the game-total difference on the games
where they sat at the same table, averaged per board and then over boards
with :func:`analysis.stats.paired_diff_ci` (the boards are independent; the
games of one board share its cards).
"""
from __future__ import annotations

import itertools
from pathlib import Path

import choix
import numpy as np
import pandas as pd

from .stats import paired_diff_ci

ALPHA = 0.01                 # choix's ridge penalty (on log-strengths): a sweep stays finite
DEFAULT_BOOTSTRAP = 200      # bootstrap refits
_TIE_STREAM = 0x7469         # the tie orders' stream, apart from the bootstrap's


def _games(results: pd.DataFrame):
    """(board, entrants best first, ranks in that order) per game, in table and game order."""
    ordered = results.sort_values(["table", "game", "rank", "entrant"], kind="stable")
    for (_, _), game in ordered.groupby(["table", "game"], sort=True):
        yield int(game["board"].iat[0]), game["entrant"].to_numpy(), game["rank"].to_numpy()


def comparisons(results: pd.DataFrame, seed: int) -> tuple[str, dict[int, list[tuple[int, ...]]]]:
    """The model (``"bradley-terry"`` or ``"plackett-luce"``) and its data per board: pairs
    (winner, loser) or rankings (best first), ties resolved as the module docstring says."""
    sides = results.groupby(["table", "game"])["entrant"].nunique()
    pairwise = bool((sides == 2).all())
    ties = np.random.default_rng([seed, _TIE_STREAM])
    per_board: dict[int, list[tuple[int, ...]]] = {}
    for board, entrants, ranks in _games(results):
        data = per_board.setdefault(board, [])
        if pairwise:
            (a, b), (ra, rb) = entrants, ranks
            data += [(a, b), (a, b)] if ra < rb else [(a, b), (b, a)]
        else:
            key = ties.random(len(entrants))           # drawn for every game: one stream
            order = np.lexsort((key, ranks))
            data.append(tuple(int(e) for e in entrants[order]))
    return ("bradley-terry" if pairwise else "plackett-luce"), per_board


def fit(model: str, n_items: int, data: list, start: np.ndarray | None = None) -> np.ndarray:
    """choix's log-strengths, centred on their mean (its iterations started at ``start``)."""
    fitter = choix.ilsr_pairwise if model == "bradley-terry" else choix.ilsr_rankings
    params = np.asarray(fitter(n_items, data, alpha=ALPHA, initial_params=start, max_iter=1000),
                        dtype=np.float64)
    return params - params.mean()


def ratings(results: pd.DataFrame, names, seed: int, bootstrap: int = DEFAULT_BOOTSTRAP) -> pd.DataFrame:
    """Every entrant's rating with its bootstrap interval, best first."""
    model, per_board = comparisons(results, seed)
    boards = np.array(sorted(per_board))
    n = len(names)
    point = fit(model, n, [c for b in boards for c in per_board[b]])
    draws = np.random.default_rng(seed)
    refits = np.empty((bootstrap, n))
    for k in range(bootstrap):
        sample = boards[draws.integers(0, len(boards), len(boards))]
        # started at the full data's fit, a refit takes fewer iterations to the same tolerance:
        # 200 refits of four Wizard players on 200 boards (4,800 games) took 17 s, not 29 s
        # from choix's default start, with the same intervals to 3 decimals
        refits[k] = fit(model, n, [c for b in sample for c in per_board[b]], start=point)
    lo, hi = (np.percentile(refits, [2.5, 97.5], axis=0) if bootstrap else (np.full(n, np.nan),) * 2)
    by_entrant = results.groupby("entrant")
    table = pd.DataFrame({
        "player": list(names), "rating": point, "rating_lo": lo, "rating_hi": hi,
        "games": by_entrant.size().reindex(range(n), fill_value=0).to_numpy(),
        "mean_rank": by_entrant["rank"].mean().reindex(range(n)).to_numpy(),
        "mean_total": by_entrant["total"].mean().reindex(range(n)).to_numpy()})
    table = table.sort_values(["rating", "player"], ascending=[False, True], kind="stable")
    table.insert(0, "place", np.arange(1, n + 1))
    table.attrs.update(model=model, boards=len(boards), bootstrap=bootstrap,
                       title=f"Ratings ({model.replace('-', '–').title()}, log-strength; "
                             + (f"95 % bootstrap interval over boards, {bootstrap} refits)"
                                if bootstrap else "no bootstrap: no intervals)"))
    return table.reset_index(drop=True)


def pair_boards(results: pd.DataFrame, names):
    """``(a, b, per_board, games)`` for every two entrants that shared a table: the mean
    game-total difference a − b per board (a Series indexed by board, in board order) on
    the games where both sat, and the number of those games."""
    wide = results.pivot_table(index=["table", "board", "game"], columns="entrant", values="total")
    for a, b in itertools.combinations(range(len(names)), 2):
        if a not in wide or b not in wide:
            continue
        both = wide[[a, b]].dropna()
        yield a, b, (both[a] - both[b]).groupby(level="board").mean().sort_index(), len(both)


def pair_label(names, a: int, b: int) -> str:
    return f"{names[a]} − {names[b]}"


def pair_differences(results: pd.DataFrame, names) -> pd.DataFrame:
    """For every two entrants a and b: the mean game-total difference a − b per board on the
    games where both sat, with its 95 % interval."""
    rows = []
    for a, b, by_board, games in pair_boards(results, names):
        per_board = by_board.to_numpy(np.float64)
        mean, lo, hi = paired_diff_ci(len(per_board), per_board.sum(), (per_board ** 2).sum())
        rows.append({"a": names[a], "b": names[b], "boards": len(per_board), "games": games,
                     "diff": float(mean), "diff_lo": float(lo), "diff_hi": float(hi),
                     "significant": bool(lo > 0 or hi < 0), "interval": "t"})
    table = pd.DataFrame(rows, columns=["a", "b", "boards", "games", "diff", "diff_lo", "diff_hi",
                                        "significant", "interval"])
    table.attrs["title"] = "Pairs: mean game total of a − b on the same games, per board (95 % interval)"
    return table


def summary(tournament, ratings_table: pd.DataFrame, pairs: pd.DataFrame, lead=()) -> list[str]:
    """The sentences that head ``tournament.md`` and the terminal output (``lead``: how a
    sequential tournament stopped, first)."""
    best = ratings_table.iloc[0]
    interval = (f", {best['rating_lo']:+.3f} to {best['rating_hi']:+.3f}"
                if np.isfinite(best["rating_lo"]) else "")
    lines = [*lead, f"{tournament.describe()}.",
             f"Best: {best['player']} (rating {best['rating']:+.3f}{interval})."]
    clear = int(pairs["significant"].sum())
    sequences = bool(len(pairs)) and (pairs["interval"] == "confidence sequence").all()
    lines.append(f"{clear} of {len(pairs)} pair differences exclude 0 at 95 %"
                 + (" (their confidence sequences)." if sequences else "."))
    return lines


def write_tournament(tournament, ratings_table: pd.DataFrame, pairs: pd.DataFrame,
                     lineups: pd.DataFrame, out_dir, command: list[str], lead=(),
                     looks=None) -> Path:
    """``ratings.csv``, ``pairs.csv``, ``seatings.csv``, ``tournament.png`` (and ``.svg``),
    ``tournament.md`` and ``report.html`` (``command``: the command that plays it again;
    ``lead``: sentences first; ``looks``: a sequential tournament's looks, ``sequential.csv``)."""
    from sim.files import write_atomic
    from .report import markdown_table
    out_dir = Path(out_dir)
    tables = {"ratings": ratings_table, "pairs": pairs, "seatings": lineups}
    if looks is not None:
        tables["sequential"] = looks
    for name, table in tables.items():
        write_atomic(out_dir / f"{name}.csv", lambda temp, t=table: t.to_csv(temp, index=False))
    fig = plot(ratings_table, pairs, tournament)
    # no date and fixed element ids in the SVG: the same seed writes the same file
    import matplotlib
    with matplotlib.rc_context({"svg.hashsalt": "tricksim"}):
        for kind, metadata in (("png", None), ("svg", {"Date": None})):
            write_atomic(out_dir / f"tournament.{kind}",
                         lambda temp, k=kind, m=metadata: fig.savefig(temp, dpi=110, format=k, metadata=m))
    sentences = summary(tournament, ratings_table, pairs, lead)
    lines = ["# Tournament", ""] + [f"- {s}" for s in sentences] + [""]
    for name, table in tables.items():
        lines += [f"## {table.attrs.get('title', name.title())}", ""]
        if table.attrs.get("note"):
            lines += [table.attrs["note"], ""]
        lines += [markdown_table(table), ""]
    lines += ["![ratings and pair differences](tournament.png)", ""]
    text = "\n".join(lines)
    _write_html(tournament, tables, sentences, out_dir, command)
    return write_atomic(out_dir / "tournament.md", lambda temp: temp.write_text(text, encoding="utf-8"))


def _write_html(tournament, tables: dict, sentences, out_dir: Path, command) -> Path:
    """The tournament's ``report.html``: its setup, the code that played its tables, the
    sentences, the tables and the plot."""
    from sim.store import load_manifest
    from sim.tournament import table_dir
    from .html import HTML_FILE, Section, write_html
    from .report import game_title
    manifests = [load_manifest(table_dir(out_dir, i)) for i in range(len(tournament.lineups))]
    study = manifests[0]["study"]
    title = game_title(study)
    ratings_table = tables["ratings"]
    setup = [("game", f"{title} (`{study['game']}`)"),
             ("seats", f"{tournament.players}"
                       + (f", teams of {tournament.partners}" if tournament.partners > 1 else "")),
             *((f"player {i}", f"`{spec}`") for i, spec in enumerate(tournament.entrants, 1)),
             ("options", ", ".join(f"{k}={v}" for k, v in tournament.options) or "the defaults"),
             ("tables", f"{len(tournament.lineups)} (each board played in every rotation)"),
             ("boards", f"{int(ratings_table.attrs.get('boards', tournament.boards)):,} at every table"),
             ("seed", str(tournament.seed)),
             ("rating", f"{ratings_table.attrs['model'].replace('-', '–').title()}, "
                        f"{ratings_table.attrs['bootstrap']} bootstrap refits")]
    versions = sorted({str(m.get("versions", {}).get("tricksim", "unknown")) for m in manifests})
    engines = sorted({m.get("code", {}).get("engine") for m in manifests} - {None})
    modules = {name: digest for m in manifests for name, digest in m.get("code", {}).get("modules", {}).items()}
    provenance = [("tricksim", ", ".join(versions))] + [("engine", f"`{e}`") for e in engines]
    provenance += [(f"module {name}", f"`{digest}`") for name, digest in sorted(modules.items())]
    sections = [Section("Ratings and pairs", list(sentences), [tables["ratings"], tables["pairs"]],
                        [out_dir / "tournament.png"]),
                Section("Tables", [], [tables["seatings"]])]
    if "sequential" in tables:
        sections.append(Section("Sequential looks", [], [tables["sequential"]]))
    return write_html(out_dir / HTML_FILE, f"{title}: tournament", setup, sections, command, provenance)


def tournament_text(tournament, ratings_table: pd.DataFrame, pairs: pd.DataFrame, lead=()) -> str:
    from .report import markdown_table
    head = "\n".join(f"- {s}" for s in summary(tournament, ratings_table, pairs, lead))
    return "\n\n".join([head, f"{ratings_table.attrs['title']}\n{markdown_table(ratings_table)}",
                        f"{pairs.attrs['title']}\n{markdown_table(pairs)}"])


def plot(ratings_table: pd.DataFrame, pairs: pd.DataFrame, tournament):
    """Ratings with their intervals; the pair differences as a heat map (row − column), a
    difference whose interval excludes 0 marked with *."""
    from .plots import category_points, figure
    fig, (left, right) = figure("Tournament", tournament.describe(), panels=2)
    names = list(ratings_table["player"])
    category_points(left, names, ratings_table["rating"], ratings_table["rating_lo"],
                    ratings_table["rating_hi"])
    left.axhline(0, color="grey", lw=0.8)
    left.set_ylabel("rating (log-strength, 95 % bootstrap interval)")
    index = {name: i for i, name in enumerate(names)}
    matrix = np.full((len(names), len(names)), np.nan)
    stars = np.zeros_like(matrix, dtype=bool)
    for row in pairs.itertuples(index=False):
        i, j = index[row.a], index[row.b]
        matrix[i, j], matrix[j, i] = row.diff, -row.diff
        stars[i, j] = stars[j, i] = row.significant
    limit = float(np.nanmax(np.abs(matrix))) if np.isfinite(matrix).any() else 1.0
    image = right.imshow(matrix, cmap="RdBu", vmin=-limit, vmax=limit, aspect="auto",
                         interpolation="nearest")
    right.set_xticks(range(len(names)), names, fontsize=8, rotation=20, ha="right")
    right.set_yticks(range(len(names)), names, fontsize=8)
    for i, j in zip(*np.where(np.isfinite(matrix))):
        right.text(j, i, f"{matrix[i, j]:+.1f}{'*' if stars[i, j] else ''}", ha="center",
                   va="center", fontsize=7,
                   color="white" if abs(matrix[i, j]) > 0.6 * limit else "black")
    sequences = bool(len(pairs)) and (pairs["interval"] == "confidence sequence").all()
    right.set_title(f"game total, row − column (* 95 % {'confidence sequence' if sequences else 'interval'} "
                    f"excludes 0)", fontsize=9)
    fig.colorbar(image, ax=right, fraction=0.05)
    return fig
