"""Records -> tables, plots and reports: the three questions the product answers.

* :mod:`analysis.stats` – Wilson and t intervals from counts and moments, and
  the additive *cube* (grouped counts and sums that add up across chunks).
* :mod:`analysis.plots` – matplotlib helpers (Agg canvas, no window).
* :mod:`analysis.report` – CSV, PNG and ``report.md`` for a run directory;
  it never branches on a game's name.
* :mod:`analysis.compare` – two runs dealt the same cards, board by board.
* :mod:`analysis.common` – the game-neutral pieces of the game modules
  (labels, paired sums, rates and means with intervals, summaries).
* :mod:`analysis.balance` – the scoring balance of every game (who scores and
  wins by seat, team, start position, player; paired differences on common
  boards), drawn by :mod:`analysis.balance_plots`; a game with no analysis
  of its own can name :mod:`analysis.balance_only`.
* :mod:`analysis.words` – how estimates read in sentences;
  :mod:`analysis.columns` – what the columns mean (the note under each table).
* one module per game family (``analysis.wizard``, ``analysis.jass``, ``analysis.tarot``), named
  by the game's registry entry, with ``reduce(records, study)``,
  ``combine(cubes)``, ``tables(cube, manifest)``, ``plots(cube, manifest,
  out_dir)`` (drawn by ``analysis.<family>_plots``) and
  ``summary(tables, manifest)``; each calls :mod:`analysis.balance` for the
  scoring balance and keeps only what is its game's own.

``docs/outputs.md`` is the reference of every table, column and plot.
"""
