"""The PIMC player from Python: its templates bound to a family, and its ``Player``.

``pimc_functions(family)`` binds ``sim/search/pimc_nb.py`` to the family's step
module and its PIMC hooks (:data:`HOOKS`); :func:`pimc_player` makes the
``pimc`` player of the family's ``strategies`` module from the bound
``pimc_decide_nb``. The player is of the user kind: the engine calls it at its
address like a player written outside tricksim, so seating it compiles no
kernel anew, and a table where it sits keeps the public record of voids that
it reads (``sim/games/wizard/obs.py`` ``VOIDS``).

The bound copies are cached in the folder of code outside the game families
(``sim/cache.py``), keyed by every source: the hooks read the belief and the
sampler, which no family's key covers.
"""
from __future__ import annotations

import importlib

from strategies.abi import KIND_USER
from strategies.registry import Player

from .. import board_nb
from ..binding import bind
from ..errors import TricksimError
from . import pimc_nb

# deals a study's chunk holds where pimc sits: a few seconds of work for one seat of Wizard
# (about 1,000 deals a minute with one pimc seat of four), so the bar moves and cores share
CHUNK_DEALS = 500
# a family's PIMC hooks, and the game whose step module the family's deals follow
HOOKS = {"wizard": ("sim.search.pimc_wizard_nb", "wizard"),
         "jass": ("sim.search.pimc_jass_nb", "jass"),
         "tarot": ("sim.search.pimc_tarot_nb", "tarot"),
         # each variant its own step module and hooks (the module's VARIANT_HOOKS), and its
         # pimc_decide_nb template hands a decision to its variant's
         "pitch": ("sim.search.pimc_pitch_nb", "pitch")}


def pimc_functions(family: str, variant: str = ""):
    """The bound templates of ``family`` (``pimc_decide_nb`` among them); of a family
    whose variants have hooks of their own, ``variant``'s (none: the family's decider
    alone, which dispatches on the variant)."""
    if family not in HOOKS:
        raise TricksimError(f"the pimc player has no hooks for the {family} family yet; "
                            f"families with them: {', '.join(sorted(HOOKS))}")
    from .. import registry
    hooks_name, game_name = HOOKS[family]
    variants = getattr(importlib.import_module(hooks_name), "VARIANT_HOOKS", None)
    if variants is not None and not variant:
        deciders = {f"decide_{v}_nb": pimc_functions(family, v).pimc_decide_nb for v in variants}
        return bind(f"pimc_{family}", None, deciders, (("pimc_decide_nb", {"nogil": True}),),
                    needs=(), label=f"pimc ({family})", source=importlib.import_module(hooks_name))
    if variants is not None:
        hooks_name = variants[variant]
    steps = registry.game(game_name).steps_module(variant)
    # the kit's names first: a default hook bound from sim/board_nb.py reads them
    hooks = {k: v for k, v in vars(board_nb).items() if not k.startswith("__")}
    hooks.update(vars(steps))
    hooks.update({k: v for k, v in vars(importlib.import_module(hooks_name)).items()
                  if not k.startswith("__")})
    heuristic = _heuristic(family)
    hooks["heuristic_nb"] = heuristic
    unit = f"pimc_{family}_{variant}" if variant else f"pimc_{family}"
    return bind(unit, None, hooks, pimc_nb.PIMC, needs=pimc_nb.PIMC_HOOKS,
                label=f"pimc ({family} {variant})".replace(" )", ")"), source=pimc_nb)


def _heuristic(family: str):
    module = importlib.import_module(f"strategies.{family}_nb")
    return module.heuristic_nb


def pimc_player(family: str, doc: str) -> Player:
    """The ``pimc`` player of ``family``."""
    return Player(
        name="pimc", family=family, kind=KIND_USER,
        decide=pimc_functions(family).pimc_decide_nb,
        param_names=pimc_nb.NAMES, param_values=pimc_nb.DEFAULTS, param_ranges=pimc_nb.RANGES,
        param_docs=pimc_nb.DOCS, doc=doc, chunk_deals=CHUNK_DEALS)


def decision_rates(game: str, players: int, hand_size: int | None, spec: str = "pimc",
                   deals: int = 3, seed: int = 0, variant: str = "") -> dict:
    """The speed of a PIMC player: ``deals`` random deals of ``hand_size`` cards a seat (a
    Wizard family round of that size; None: the game's deal, whatever its size) played
    by ``spec`` at every seat through the step interface (of ``variant``: the game's
    first by default), each decision timed (the first
    call, which compiles or loads the player, is not counted). ``{"decisions_per_s",
    "seconds_per_deal", "decisions"}``."""
    import time

    import numpy as np

    from strategies.registry import resolve
    from .. import registry
    from ..study import Study
    impl = registry.game(game)
    player = resolve(impl.family, spec, game)
    params = player.params()
    study = Study.create(game, players=players, boards=1, variant=variant or None)
    cfg = impl.config(study)
    steps = impl.steps_of(variant)
    rng = np.random.default_rng(seed)
    obs = np.zeros(impl.steps_module(variant).OBS_SIZE, dtype=np.int64)
    spent, decisions, draw = 0.0, 0, seed << 20
    for deal in range(deals + 1):
        dealt, chance = impl.random_deal(study, rng)
        while hand_size is not None and bin(int(dealt[0])).count("1") != hand_size:
            dealt, chance = impl.random_deal(study, rng)      # a round of that many cards
        st, hands = steps.new_state_nb(cfg)
        steps.start_deal_nb(st, hands, cfg, dealt, chance)
        while not steps.is_over_nb(st):
            draw += 1
            steps.observation_nb(st, hands, cfg, draw, obs)
            t = time.perf_counter()
            action = player.decide(obs, params)
            if deal > 0:            # deal 0 warms the player up
                spent += time.perf_counter() - t
                decisions += 1
            steps.apply_nb(st, hands, cfg, action)
    return {"decisions_per_s": decisions / spent, "seconds_per_deal": spent / deals,
            "decisions": decisions}
