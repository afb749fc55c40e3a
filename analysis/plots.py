"""Plot helpers shared by the games' analysis modules.

Figures are drawn with matplotlib's object interface on the Agg canvas
(``matplotlib.figure.Figure``, never ``pyplot``): nothing opens a window,
nothing changes the user's global backend, and figures are freed when they
go out of scope. Every estimate is drawn with its 95 % interval (a band for
lines, error bars for points).
"""
from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path

import numpy as np

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


@cache
def _matplotlib():
    """matplotlib's pieces, imported when the first figure is drawn.

    Every aggregate run imports its game's analysis module for ``reduce``
    and draws nothing; importing matplotlib there was 0.5–0.8 s of each
    ``tricksim simulate`` start (cProfile of a one-chunk Oh Hell run).
    """
    import matplotlib.backends.backend_agg
    import matplotlib.figure
    import matplotlib.ticker
    return matplotlib


def figure(title: str, subtitle: str = "", panels: int = 1, cols: int | None = None,
           panel_size=(6.0, 4.2)):
    """A figure with ``panels`` axes in a grid, a bold title and a wrapped subtitle.

    Returns ``(fig, axes)`` with ``axes`` a flat list (unused grid cells hidden).
    """
    cols = cols or min(panels, 3)
    rows = -(-panels // cols)
    mpl = _matplotlib()
    fig = mpl.figure.Figure(figsize=(panel_size[0] * cols, panel_size[1] * rows + 0.9), layout="constrained")
    # an Agg canvas of its own: drawable (and measurable) without pyplot
    mpl.backends.backend_agg.FigureCanvasAgg(fig)
    grid = fig.subplots(rows, cols, squeeze=False)
    axes = list(grid.ravel())
    for ax in axes[panels:]:
        ax.set_visible(False)
    text = title
    if subtitle:
        text += "\n" + wrap(subtitle, max(40, int(panel_size[0] * cols * 10)))
    fig.suptitle(text, fontsize=11)
    return fig, axes[:panels]


def wrap(text: str, width: int, sep: str = " · ") -> str:
    """Wrap a subtitle made of ``sep``-separated parts, breaking between parts where possible."""
    lines, line = [], ""
    for part in text.split(sep):
        candidate = f"{line}{sep}{part}" if line else part
        if line and len(candidate) > width:
            lines.append(line)
            candidate = part
        line = candidate
    lines.append(line)
    return "\n".join(sub for ln in lines for sub in (textwrap.wrap(ln, width) or [""]))


def integer_ticks(ax, axis: str = "x") -> None:
    (ax.xaxis if axis == "x" else ax.yaxis).set_major_locator(_matplotlib().ticker.MaxNLocator(integer=True))


def band(ax, x, y, lo, hi, label: str, i: int = 0) -> None:
    """A line of estimates with a shaded band for their intervals."""
    x, y, lo, hi = (np.asarray(v, dtype=float) for v in (x, y, lo, hi))
    ax.plot(x, y, marker="o", markersize=3.5, color=colour(i), label=label)
    ax.fill_between(x, lo, hi, color=colour(i), alpha=0.2, linewidth=0)


def points(ax, x, y, lo, hi, label: str | None = None, i: int = 0, offset: float = 0.0) -> None:
    """Estimates as points with error bars (for categories or sparse x)."""
    x, y, lo, hi = (np.asarray(v, dtype=float) for v in (x, y, lo, hi))
    err = np.vstack([y - lo, hi - y])
    err = np.clip(np.where(np.isfinite(err), err, 0.0), 0.0, None)   # rounding may put y a hair outside
    ax.errorbar(x + offset, y, yerr=err, fmt="o", capsize=3, markersize=4, color=colour(i),
                label=label)


def grouped_points(ax, table, by: str, x: str, y: str, label=str, spread: float = 0.08,
                   groups=None) -> None:
    """One series of :func:`points` per value of column ``by`` (in the order met, or
    ``groups``), estimates ``y`` with their ``y_lo``/``y_hi`` interval over ``x``; the
    series are shifted ``spread`` apart around each x so that their bars do not hide
    each other. ``label`` names a series from its value."""
    groups = list(dict.fromkeys(table[by])) if groups is None else list(groups)
    for i, value in enumerate(groups):
        s = table[table[by] == value]
        points(ax, s[x], s[y], s[f"{y}_lo"], s[f"{y}_hi"], label(value), i,
               offset=(i - (len(groups) - 1) / 2) * spread)


def category_points(ax, labels, y, lo, hi, i: int = 0) -> None:
    """Point estimates with error bars over category labels on the x axis."""
    points(ax, np.arange(len(labels)), y, lo, hi, i=i)
    ax.set_xticks(np.arange(len(labels)))
    ax.set_xticklabels(labels, rotation=20 if max(map(len, labels), default=0) > 8 else 0,
                       ha="right" if max(map(len, labels), default=0) > 8 else "center")
    ax.set_xlim(-0.6, len(labels) - 0.4)


def stacked_shares(ax, categories, shares: dict, colours: dict | None = None) -> None:
    """Stacked bars: for each category the shares of each part (summing to 1)."""
    x = np.arange(len(categories))
    bottom = np.zeros(len(categories))
    for i, (label, values) in enumerate(shares.items()):
        values = np.asarray(values, dtype=float)
        c = (colours or {}).get(label, colour(i))
        ax.bar(x, values, bottom=bottom, label=label, color=c, width=0.85)
        bottom += values
    ax.set_xticks(x)
    ax.set_xticklabels(categories, rotation=90 if len(categories) > 20 else 0,
                       fontsize=8 if len(categories) > 12 else 10)
    ax.set_xlim(-0.6, len(categories) - 0.4)
    percent_axis(ax)
    ax.set_ylim(0, 1)


def heatmap(ax, matrix, row_labels, col_labels, colour_label: str, annotate: bool = True,
            vmax: float | None = None):
    """A matrix of shares (0..1) as colours, optionally with the value in each cell.

    NaN cells stay blank. Give several panels the same ``vmax`` so that their
    colours compare.
    """
    m = np.asarray(matrix, dtype=float)
    if vmax is None:
        vmax = float(np.nanmax(m)) if np.isfinite(m).any() else 1.0
    image = ax.imshow(m, origin="lower", cmap="viridis", vmin=0, vmax=max(vmax, 1e-9),
                      aspect="auto", interpolation="nearest")
    ax.set_yticks(np.arange(len(row_labels)))
    ax.set_yticklabels(row_labels, fontsize=8)
    ax.set_xticks(np.arange(len(col_labels)))
    ax.set_xticklabels(col_labels, fontsize=8)
    if annotate:
        for r in range(m.shape[0]):
            for c in range(m.shape[1]):
                if np.isfinite(m[r, c]) and m[r, c] >= 0.005:
                    ax.text(c, r, f"{m[r, c] * 100:.0f}", ha="center", va="center", fontsize=6.5,
                            color="white" if m[r, c] < 0.6 * vmax else "black")
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.05)
    bar.set_label(colour_label)
    bar.ax.yaxis.set_major_formatter(percent_ticks_class()())


def legend(ax, **kwargs) -> None:
    """A legend, if anything on the axes has a label (tiny runs may leave a panel empty)."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(**kwargs)


def legend_below(ax, **kwargs) -> None:
    """A legend under the axes (below the tick labels), where it covers no data however the data fall."""
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncols=2, **kwargs)


@cache
def percent_ticks_class():
    """:class:`PercentTicks`, a matplotlib ``Formatter`` (made when first used, see :func:`_matplotlib`)."""

    class PercentTicks(_matplotlib().ticker.Formatter):
        """Fractions as percent ticks with as many decimals as the tick spacing needs.

        A fixed number of decimals repeats labels on a narrow axis (ticks 0.255,
        0.26, 0.265 all read "26%"); here the decimals follow the step between
        the ticks, so neighbouring labels always differ.
        """

        def __init__(self):
            self.ticks = np.zeros(0)

        def set_locs(self, locs):
            self.ticks = np.sort(np.asarray(locs, dtype=float))

        def __call__(self, x, pos=None):
            locs = self.ticks
            steps = np.diff(locs)
            steps = steps[steps > 0]
            step = float(steps.min()) * 100 if len(steps) else 1.0
            # the fewest decimals that write the step exactly (2.5 % steps need one, 5 % steps none)
            decimals = next((d for d in range(6) if abs(step * 10**d - round(step * 10**d)) < 1e-6 * 10**d), 6)
            return f"{100 * x + 0.0:.{decimals}f}%"

    return PercentTicks


def percent_axis(ax, axis: str = "y") -> None:
    """Percent tick labels (the values are fractions) that never repeat (see :class:`PercentTicks`)."""
    target = ax.yaxis if axis == "y" else ax.xaxis
    target.set_major_formatter(percent_ticks_class()())


def tick_labels(ax, axis: str = "y") -> list[str]:
    """The tick labels of a drawn axis as text, in order, those within the view only."""
    ax.figure.canvas.draw()
    target = ax.yaxis if axis == "y" else ax.xaxis
    low, high = sorted(ax.get_ylim() if axis == "y" else ax.get_xlim())
    return [t.get_text() for t, loc in zip(target.get_ticklabels(), target.get_ticklocs()) if low <= loc <= high]


def save(fig, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    return path
