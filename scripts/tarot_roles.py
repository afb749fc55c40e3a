"""French Tarot: the heuristic's card play against random, as taker and in defence.

    python scripts/tarot_roles.py PLAYERS DEALS

On the same random deals, the heuristic makes every decision before the first
card (bids, call, discard, slam, handfuls) for everyone; the card play is then
done three times with the same decision draws: (taker's side, defence) =
(heuristic, random), (random, random) and (random, heuristic). Prints the paired
differences of the taker's settlement per deal with their 95 % intervals.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from sim import registry
from sim.study import Study
from sim.games.tarot import obs as O
from sim.games.tarot.cards import words_of
from sim.kit_nb import random_choice2_nb
from strategies import tarot_nb as T

n = int(sys.argv[1]); N = int(sys.argv[2])
impl = registry.game("tarot")
study = Study.create("tarot", players=n, boards=1)
cfg = impl.config(study)
S = impl.steps
params = np.array(T.DEFAULTS + (0.0,) * (16 - len(T.DEFAULTS)), dtype=np.float64)
rng = np.random.default_rng(7)
out = np.zeros(8, dtype=np.int64)
actions = np.zeros(128, dtype=np.int64)

def decide(st, hands, heuristic, draw):
    lo, hi = words_of(actions[:S.legal_actions_nb(st, hands, cfg, actions)])   # the legal set's two words
    if not heuristic:
        return random_choice2_nb(np.uint64(lo), np.uint64(hi), np.int64(draw))
    obs = np.zeros(O.STATE_SIZE, dtype=np.int64)
    obs[:O.OBS_SIZE] = st[:O.OBS_SIZE]
    seat = st[O.SEAT]
    obs[O.HAND:O.HAND + 2] = hands[2 * seat:2 * seat + 2].view(np.int64)
    obs[O.LEGAL:O.LEGAL + 2] = np.array([lo, hi], dtype=np.uint64).view(np.int64); obs[O.RANDOM] = draw
    return T.heuristic_decide(obs, params)

res = {k: [] for k in ("HR", "RR", "RH")}
done = 0
while done < N:
    dealt, chance = impl.random_deal(study, rng)
    st, hands = S.new_state_nb(cfg)
    S.start_deal_nb(st, hands, cfg, dealt, chance)
    while not S.is_over_nb(st) and st[O.PHASE] != O.PHASE_PLAY and st[O.PHASE] != O.PHASE_HANDFUL:
        S.apply_nb(st, hands, cfg, decide(st, hands, True, 0))
    if S.is_over_nb(st):
        continue
    draws = rng.integers(0, 2**62, size=200)
    for key in res:
        s2, h2 = st.copy(), hands.copy()
        i = 0
        while not S.is_over_nb(s2):
            seat = s2[O.SEAT]
            taker_side = seat == s2[O.TAKER] or seat == s2[O.PARTNER]
            heur = (key[0] == "H") if taker_side else (key[1] == "H")
            if s2[O.PHASE] == O.PHASE_HANDFUL:
                heur = True
            S.apply_nb(s2, h2, cfg, decide(s2, h2, heur, draws[i])); i += 1
        S.result_nb(s2, cfg, out)
        res[key].append(out[s2[O.TAKER]])
    done += 1
hr, rr, rh = (np.array(res[k], dtype=float) for k in ("HR", "RR", "RH"))
def ci(x):
    m = x.mean(); s = x.std(ddof=1) / np.sqrt(len(x)); return f"{m:+.1f} (95% CI {m-1.96*s:+.1f} to {m+1.96*s:+.1f})"
print(f"{n} players, {N} deals; taker settlement per deal")
print("  heuristic taker - random taker (random defence):", ci(hr - rr))
print("  heuristic defence - random defence (random taker): taker's loss", ci(rr - rh))
