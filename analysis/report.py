"""The report of a run: tables as CSV, plots as PNG, and ``report.md`` that ties them together.

Layout of a run directory after :func:`report`::

    run_dir/
      manifest.json         (written by the runner)
      report.md             the study, a plain summary per question, the key tables, the plots
      report.html           the same in one self-contained file, with the command that reproduces it
      report/
        <table>.csv         every table, full precision
        <plot>.png          every plot

The code here never branches on the game's name: the game's analysis module
(``registry.game(name).analysis``) supplies ``tables(cube, manifest)``,
``plots(cube, manifest, out_dir)`` and optionally ``summary(tables, manifest)``.
A table says where it belongs through ``DataFrame.attrs``: ``question``,
``title``, ``note`` and ``show`` (``terminal``: printed by the CLI and shown
in report.md; ``report``: shown in report.md; ``csv``: only written as CSV).

Estimates are columns ``x, x_lo, x_hi`` (a value and its 95 % interval); the
renderers (``analysis/display.py``) show them as one column ``x (95 % CI)``, in percent when the
name ends in ``rate`` or ``share``.
"""
from __future__ import annotations

import importlib
from pathlib import Path

import pandas as pd

from .columns import column_notes
from .display import display_frame, looks_numeric
from sim.errors import counted
from sim.files import write_atomic

REPORT_DIR = "report"
REPORT_FILE = "report.md"
MAX_MARKDOWN_ROWS = 40


class Report(dict):
    """The tables of a report (name -> DataFrame), with the rest of it as attributes.

    ``path`` (report.md), ``plots`` (PNG paths), ``summary`` (question ->
    sentences), ``manifest``.
    """

    def __init__(self, tables: dict, path: Path, plots: list, summary: dict, manifest: dict):
        super().__init__(tables)
        self.path, self.plots, self.summary, self.manifest = path, plots, summary, manifest


def report(run_dir) -> Report:
    """Analyse a stored run and write its report; returns the tables (a :class:`Report`)."""
    from sim import store
    run_dir = Path(run_dir)
    manifest = store.load_manifest(run_dir)
    cube = store.load_cube(run_dir)
    module = analysis_module(manifest)
    tables = module.tables(cube, manifest)
    plot_paths = module.plots(cube, manifest, run_dir / REPORT_DIR)
    summary = module.summary(tables, manifest) if hasattr(module, "summary") else {}
    path = write_report(run_dir, tables, plot_paths, manifest, summary)
    return Report(tables, path, plot_paths, summary, manifest)


def analysis_module(manifest: dict):
    """The analysis module of the run's game, as the game's registry entry names it."""
    from sim import registry
    return importlib.import_module(registry.game(manifest["study"]["game"]).analysis)


# -- writing -------------------------------------------------------------------------------

def write_report(run_dir, tables: dict, plot_paths, manifest: dict, summary: dict | None = None) -> Path:
    """Write every table as CSV to ``run_dir/report/``, ``run_dir/report.md`` and
    ``run_dir/report.html``; return the Markdown's path.

    ``summary`` maps each question to a few sentences; when it is None the
    game's analysis module is asked for it (if it has a ``summary``).
    """
    run_dir = Path(run_dir)
    out = run_dir / REPORT_DIR
    out.mkdir(parents=True, exist_ok=True)
    csv_paths = {}
    for name, table in tables.items():
        csv_paths[name] = out / f"{name}.csv"
        table.to_csv(csv_paths[name], index=False)
    if summary is None:
        module = analysis_module(manifest)
        summary = module.summary(tables, manifest) if hasattr(module, "summary") else {}
    text = render_markdown(run_dir, tables, [Path(p) for p in plot_paths], csv_paths, manifest, summary)
    write_html_report(run_dir, tables, [Path(p) for p in plot_paths], manifest, summary)
    # a reader never sees half a report, and a failed write leaves no temporary behind
    return write_atomic(run_dir / REPORT_FILE, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def write_html_report(run_dir: Path, tables: dict, plot_paths: list[Path], manifest: dict,
                      summary: dict) -> Path:
    """``report.html``: report.md's questions, each with its sentences, tables and the plots
    named after its tables, in one self-contained file (``analysis/html.py``)."""
    from .html import HTML_FILE, Section, code_provenance, simulate_command, write_html
    plots = {Path(p).stem: Path(p) for p in plot_paths}
    sections = []
    for question in list(summary) + [q for q in _questions(tables) if q not in summary]:
        names = [name for name, table in tables.items() if table.attrs.get("question", "Tables") == question]
        shown = [tables[n] for n in names if tables[n].attrs.get("show") in ("terminal", "report")]
        section = Section(question, list(summary.get(question, [])), shown,
                          [plots.pop(n) for n in names if n in plots], column_notes=True)
        if section.sentences or section.tables or section.plots:
            sections.append(section)
    if plots:       # plots that draw no single table (or several)
        sections.append(Section("Plots", plots=list(plots.values())))
    sections.append(Section("All tables", [f"`{REPORT_DIR}/{name}.csv`: {table.attrs.get('title', name)}"
                                           for name, table in tables.items()]))
    setup = [(label, value) for label, value in describe_study(manifest)]
    return write_html(run_dir / HTML_FILE, f"{game_title(manifest['study'])}: simulation report", setup,
                      sections, simulate_command(manifest, run_dir), code_provenance(manifest))


def render_markdown(run_dir: Path, tables: dict, plot_paths: list[Path], csv_paths: dict,
                    manifest: dict, summary: dict) -> str:
    study = manifest["study"]
    lines = [f"# {game_title(study)}: simulation report", "", "## Study", ""]
    lines += [f"- {key}: {value}" for key, value in describe_study(manifest)]
    questions = list(summary) + [q for q in _questions(tables) if q not in summary]
    for question in questions:
        lines += ["", f"## {question}", ""]
        lines += [f"- {sentence}" for sentence in summary.get(question, [])]
        for name, table in tables.items():
            if table.attrs.get("question") != question or table.attrs.get("show") not in ("terminal", "report"):
                continue
            lines += ["", f"### {table.attrs.get('title', name)}", ""]
            if table.attrs.get("note"):
                lines += [f"*{table.attrs['note']}*", ""]
            lines += [markdown_table(table, MAX_MARKDOWN_ROWS), ""]
            if column_notes(table):
                lines += [f"Columns: {column_notes(table)}.", ""]
            lines += [f"[{name}.csv]({_relative(csv_paths[name], run_dir)})"]
    lines += ["", "## Plots", ""]
    for path in plot_paths:
        title = path.stem.replace("_", " ")
        lines += [f"### {title}", "", f"![{title}]({_relative(path, run_dir)})", ""]
    lines += ["## All tables", "", "Every table in full as CSV (estimates: value, 95 % low, 95 % high):", ""]
    for name, table in tables.items():
        lines.append(f"- [{name}]({_relative(csv_paths[name], run_dir)}): {table.attrs.get('title', name)}")
    lines.append("")
    return "\n".join(lines)


def game_title(study: dict) -> str:
    """``Jass Schieber``, ``Wizard``: the game's title and its variant, if any."""
    from sim import registry
    title = registry.info(study["game"]).title
    variant = study.get("variant") or ""
    return f"{title} {variant.capitalize()}" if variant else title


def describe_study(manifest: dict) -> list[tuple[str, str]]:
    """The study as (label, value) pairs for the report's header."""
    from sim import registry
    from sim.study import Study
    study = manifest["study"]
    per_board = manifest.get("games_per_board")        # runs written before it: ask the engine
    if per_board is None:
        per_board = registry.game(study["game"]).games_per_board(Study.from_dict(study))
    games = int(study["boards"]) * int(per_board)
    options = ", ".join(f"{k}={v}" for k, v in sorted(study.get("options", {}).items())) or "defaults"
    players = ", ".join(f"{slot} {spec}" for slot, spec in enumerate(study["lineup"]))
    return [
        ("game", f"{game_title(study)} (`{study['game']}`"
                 + (f", variant `{study['variant']}`)" if study.get("variant") else ")")),
        ("options", options),
        ("players", f"{study['players']}: {players}"),
        ("seating", study.get("seating", "fixed")),
        ("boards", f"{int(study['boards']):,} ({counted(games, 'game')})"),
        ("seed", str(study.get("seed"))),
    ]


def _questions(tables: dict) -> list[str]:
    seen = []
    for table in tables.values():
        q = table.attrs.get("question", "Tables")
        if q not in seen:
            seen.append(q)
    return seen


def _relative(path: Path, run_dir: Path) -> str:
    try:
        return Path(path).resolve().relative_to(run_dir.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


# -- rendering tables ------------------------------------------------------------------------

def markdown_table(table: pd.DataFrame, max_rows: int | None = None) -> str:
    """A pipe table (GitHub Markdown), columns padded so that it also reads as plain text."""
    shown = display_frame(table)
    cut = max_rows is not None and len(shown) > max_rows
    if cut:
        shown = shown.head(max_rows)
    header = list(shown.columns)
    rows = [[str(v) for v in row] for row in shown.itertuples(index=False)]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]
    numeric = [all(looks_numeric(r[i]) for r in rows) and rows != [] for i in range(len(header))]

    def line(cells):
        padded = [c.rjust(w) if num else c.ljust(w) for c, w, num in zip(cells, widths, numeric)]
        return "| " + " | ".join(padded) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if num else ("-" * (w + 2))
                          for w, num in zip(widths, numeric)) + "|"
    text = "\n".join([line(header), rule] + [line(r) for r in rows])
    if cut:
        text += f"\n\n({len(table) - max_rows} more rows in the CSV)"
    return text


def format_for_terminal(tables: dict, show=("terminal",)) -> str:
    """The summary (when ``tables`` is a :class:`Report`) and the key tables as aligned text.

    Key tables are those with ``attrs["show"] == "terminal"``.
    """
    blocks = []
    for question, sentences in (getattr(tables, "summary", None) or {}).items():
        blocks.append("\n".join([question, "=" * len(question)] + [f"- {s}" for s in sentences]))
    for name, table in tables.items():
        if table.attrs.get("show") not in show:
            continue
        title = table.attrs.get("title", name)
        notes = column_notes(table)
        blocks.append(f"{title}\n{'=' * len(title)}\n{markdown_table(table, MAX_MARKDOWN_ROWS)}"
                      + (f"\nColumns: {notes}." if notes else ""))
    return "\n\n".join(blocks)
