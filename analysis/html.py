"""``report.html``: a report in one self-contained file, for a browser.

Every run's report and every comparison writes one beside its Markdown: the
setup, the command that reproduces it and the code that played it, then
sections of sentences, tables and plots. The file loads nothing at view time
(no script, font or style sheet from elsewhere): it can be mailed, archived
or opened offline and shows the same.

* Tables go through pandas' Styler: the strings of
  :func:`analysis.report.display_frame` (numbers formatted, an estimate and
  its 95 % interval as one cell), the interval set smaller and grey beside its
  value, numbers right-aligned, the table's title as its caption.
* Plots are embedded as PNG ``data:`` URIs. The analysis modules already draw
  every plot as a PNG for ``report.md``, so the HTML reuses those bytes as
  they are: SVG would mean drawing every figure a second time, and a plot of
  many points is larger as SVG than as a PNG.

:func:`write_html` knows nothing of runs: any report (a comparison, a
tournament, a grid) passes its own setup, :class:`Section` list and command.
"""
from __future__ import annotations

import base64
import re
import shlex
import struct
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

import jinja2
import pandas as pd
from pandas.io.formats.style import Styler

from sim.files import write_atomic

from .display import display_frame, looks_numeric

HTML_FILE = "report.html"
MAX_HTML_ROWS = 200
# an estimate as display_frame writes it: "41.2 % (40.8 % to 41.6 %)"
_ESTIMATE = re.compile(r"^(?P<value>.+?) (?P<interval>\(.+ to .+\))$")


@dataclass
class Section:
    """A heading, its sentences, tables (DataFrames with ``attrs`` ``title`` and ``note``) and
    plots (PNG files). ``column_notes``: each table followed by what its columns mean
    (``analysis/columns.py``, written for the tables of a run's report)."""
    title: str
    sentences: list[str] = field(default_factory=list)
    tables: list[pd.DataFrame] = field(default_factory=list)
    plots: list[Path] = field(default_factory=list)
    column_notes: bool = False


def write_html(path, title: str, setup, sections, command, provenance=()) -> Path:
    """Write a self-contained HTML report to ``path`` (atomically); return its path.

    ``setup``: (label, value) pairs (the game, options, players, boards, seed …);
    ``sections``: :class:`Section` objects in order; ``command``: the command
    that reproduces the report, as a list of arguments or one string;
    ``provenance``: (label, value) pairs of the code that made it (versions,
    hashes). A value's ```words``` read as code.
    """
    text = render_html(title, setup, sections, command, provenance)   # whole before anything is written
    return write_atomic(path, lambda temp: temp.write_text(text, encoding="utf-8"))


def render_html(title: str, setup, sections, command, provenance=()) -> str:
    if not isinstance(command, str):
        command = shlex.join(str(part) for part in command)
    shown, count = [], 0
    for s in sections:
        tables = [_table(t, s.column_notes, f"t{count + i}") for i, t in enumerate(s.tables)]
        count += len(tables)
        shown.append({"title": s.title, "sentences": s.sentences, "tables": tables,
                      "plots": [_plot(Path(p)) for p in s.plots]})
    return _template().render(title=title, setup=list(setup), sections=shown, command=command,
                              provenance=list(provenance))


def _template() -> jinja2.Template:
    env = jinja2.Environment(loader=jinja2.PackageLoader("analysis", "templates"),
                             autoescape=True, keep_trailing_newline=True)
    env.filters["code"] = _code
    return env.get_template("report.html.j2")


def _code(text) -> jinja2.utils.markupsafe.Markup:
    """The text escaped, with its ```words``` as ``<code>``."""
    escaped = escape(str(text), quote=False)
    return jinja2.utils.markupsafe.Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", escaped))


def _table(table: pd.DataFrame, notes: bool, uuid: str) -> dict:
    """The table through pandas' Styler; ``uuid`` names its cells' ids (Styler's default is
    random: the same report would not be the same file twice)."""
    from .columns import column_notes
    shown = display_frame(table)
    more = ""
    if len(shown) > MAX_HTML_ROWS:
        more = f"{len(shown) - MAX_HTML_ROWS:,} more rows in the CSV"
        shown = shown.head(MAX_HTML_ROWS)
    numeric = [c for c in shown.columns if len(shown) and all(looks_numeric(str(v)) for v in shown[c])]
    styler = (Styler(shown, uuid=uuid).hide(axis="index")
              .set_caption(escape(str(table.attrs.get("title", ""))))
              .set_table_attributes('class="tricksim"')
              .format(_estimate_html, escape="html")
              .set_td_classes(pd.DataFrame({c: ["number" if c in numeric else ""] * len(shown)
                                            for c in shown.columns}, index=shown.index)))
    return {"html": styler.to_html(), "note": table.attrs.get("note", ""), "more": more,
            "columns": column_notes(table) if notes else ""}


def _estimate_html(text) -> str:
    """An estimate's interval (already escaped) in a smaller, grey span beside its value."""
    match = _ESTIMATE.match(str(text))
    if not match:
        return str(text)
    return f'{match["value"]} <span class="ci">{match["interval"]}</span>'


def _plot(path: Path) -> dict:
    data = path.read_bytes()
    # a PNG's IHDR holds its width and height (bytes 16-24): the page keeps their room while it lays out
    width, height = struct.unpack(">II", data[16:24]) if data[:8] == b"\x89PNG\r\n\x1a\n" else (None, None)
    return {"src": "data:image/png;base64," + base64.b64encode(data).decode("ascii"),
            "title": path.stem.replace("_", " "), "width": width, "height": height}


# -- what runs and comparisons put in it -----------------------------------------------------

def simulate_command(manifest: dict, run_dir) -> list[str]:
    """``tricksim simulate …`` that plays the manifest's study into ``run_dir`` and reports it."""
    study = manifest["study"]
    command = ["tricksim", "simulate", study["game"]]
    if study.get("variant"):
        command += ["--variant", study["variant"]]
    command += ["-n", str(study["players"])]
    for spec in study["lineup"]:
        command += ["-p", spec]
    for key, value in sorted(study.get("options", {}).items()):
        command += ["-o", f"{key}={value}"]
    command += ["--seating", study.get("seating", "fixed"), "--games", str(study["boards"]),
                "--seed", str(study.get("seed", 0))]
    if study.get("aggregate"):
        command.append("--aggregate")
    return command + ["--out", str(run_dir), "--report"]


def code_provenance(manifest: dict, label: str = "") -> list[tuple[str, str]]:
    """The code that played a run, from its manifest: tricksim's version, the engine's hash,
    each user player module's, and the hash of them all with the players' params."""
    code, versions = manifest.get("code", {}), manifest.get("versions", {})
    prefix = f"{label} " if label else ""
    pairs = [(f"{prefix}tricksim", str(versions.get("tricksim", "unknown")))]
    if code.get("engine"):
        pairs.append((f"{prefix}engine", f"`{code['engine']}`"))
    pairs += [(f"{prefix}module {name}", f"`{digest}`") for name, digest in code.get("modules", {}).items()]
    if code.get("hash"):
        pairs.append((f"{prefix}code hash", f"`{code['hash']}`"))
    return pairs
