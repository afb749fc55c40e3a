"""Records -> tables, plots and reports: the three questions the product answers.

* :mod:`analysis.stats` – Wilson and t intervals from counts and moments, and
  the additive *cube* (grouped counts and sums that add up across chunks).
* :mod:`analysis.plots` – matplotlib helpers (Agg canvas, no window).
* :mod:`analysis.report` – CSV, PNG and ``report.md`` for a run directory;
  it never branches on a game's name.
* one module per game family (``analysis.wizard``), named by the game's
  registry entry, with ``reduce(records, study)``, ``combine(cubes)``,
  ``tables(cube, manifest)``, ``plots(cube, manifest, out_dir)`` and
  ``summary(tables, manifest)``.
"""
