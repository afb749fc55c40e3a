"""``tricksim games`` and ``tricksim players``: what the registry holds, as a user reads it."""
from __future__ import annotations


def add_info_parsers(sub) -> None:
    sub.add_parser("games", help="list games, variants, options and defaults",
                   description="List every game with its player counts and rule options.")

    p = sub.add_parser("players", help="list the built-in players of a game",
                       description="List the built-in players of a game, and each param with "
                                   "its default, the values it takes and what it means; for a "
                                   "game with variants, each variant's params apart.")
    p.add_argument("game")
    p.add_argument("-v", "--variant", help="only this variant's params (see `tricksim games`)")



def player_counts(meta) -> str:
    """``4 players`` or ``3-5 players, default 4``."""
    if meta.min_players == meta.max_players:
        return f"{meta.min_players} players"
    return f"{meta.min_players}-{meta.max_players} players, default {meta.default_players}"


def cmd_games(args) -> None:
    from . import registry
    for g in registry.all_games():
        print(f"{g.name}  ({g.title}, {player_counts(g)})")
        print(f"    {g.summary}")
        for v in g.variants:
            applies = ", ".join(v.options) or "no options"
            print(f"    --variant {v.name}: {v.summary} (options: {applies})")
        for o in g.options:
            print(f"    --option {o.name}=…   default {o.default}; {o.allowed()}")
            print(f"        {o.doc}")
        print()


def cmd_players(args) -> None:
    from . import registry
    from strategies.registry import available, resolve
    meta = registry.info(args.game)
    # one variant if asked for, else each variant's params apart
    variants = [meta.check_variant(args.variant)] if args.variant or not meta.variants \
        else [v.name for v in meta.variants]
    for name in available(meta.family):
        player = resolve(meta.family, name)
        print(f"{name}: {player.doc}")
        if not player.param_names:
            continue
        for variant in variants:
            used = player.params_of(variant or meta.name)
            where = f"{meta.name} {variant}".strip()
            indent = "    "
            if len(variants) > 1:
                print(f"    in {where} (--variant {variant}):{'' if used else ' no params'}")
                indent = "        "
            for key in used:
                print(indent + _param_line(player, key))
            unused = [k for k in player.param_names if k not in used]
            if unused and len(variants) == 1:
                print(f"{indent}not read in {where} (refused there): {', '.join(unused)}")
    from strategies.preset_files import presets
    from .errors import TricksimError
    for name, entry in sorted(presets().items()):
        if entry["family"] != meta.family:
            continue
        # a preset of the family whose params this game (or variant) does not read is
        # refused here (wizard_tuned's `wizard` weight in Oh Hell): list where it applies
        usable = []
        for variant in variants:
            try:
                resolve(meta.family, name, game=meta.name, variant=variant or "")
                usable.append(variant)
            except TricksimError:
                pass
        if not usable:
            continue
        where = f" (in {', '.join(usable)})" if len(usable) < len(variants) else ""
        print(f"{name}: preset{where}, {entry['player']}"
              + (f" ({entry['note']})" if entry.get("note") else ""))


def _param_line(player, key: str) -> str:
    """``bias = 0   (a number from -20 to 20)  tricks added to ...``"""
    value = player.param_values[player.param_names.index(key)]
    meaning = player.meaning(key)
    return f"{key} = {value:g}   ({player.allowed(key)})" + (f"  {meaning}" if meaning else "")
