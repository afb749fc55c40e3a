#!/bin/sh
# A tournament of every Oh Hell player (tricksim players oh_hell): random,
# the heuristic and the search player (pimc), at three seats, every seating
# on the same 1,000 boards of one 7-card deal each (docs/studies.md,
# Tournaments). Ratings with bootstrap intervals, every pair's paired
# difference, a plot and report.html in OUT/oh_hell-tournament.
#   sh scripts/studies/oh_hell_tournament.sh [OUT [OPTION ...]]
# OUT defaults to results/gallery; the options are passed on (e.g. --fresh).
set -e
out="${1:-results/gallery}"
[ $# -gt 0 ] && shift
"${TRICKSIM:-tricksim}" tournament oh_hell -p random -p heuristic -p pimc -o rounds=7 \
    --boards 1000 --seed 2026 --out "$out/oh_hell-tournament" "$@"
