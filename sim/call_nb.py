"""A user's player called at its address.

A lineup slot that seats a user's player holds the address of that player's
compiled ``decide`` (numba's own calling convention, the ABI signature of
``strategies/abi.py``) in an ``int64`` array, ``fns``; every other slot
holds 0. The kernel calls the address with :func:`call_player_nb`; an error
raised inside the player propagates as it would from a direct call.

An array of addresses has one type whatever the players, where numba's
first-class functions made each tuple of decision functions a type of its
own, and a built-in's ``decide`` needed a twin compiled with the signature
alone before it could go into such a tuple.
"""
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

OBS_TYPE = types.Array(types.int64, 1, "C")
PARAMS_TYPE = types.Array(types.float64, 1, "C")


@intrinsic
def call_player_nb(typingctx, address, obs, params):
    """``decide(obs, params)`` of the player compiled at ``address`` (an int64 from
    ``strategies.registry.decide_address``); ``obs`` and ``params`` are C-contiguous
    1-d arrays."""
    if not (isinstance(address, types.Integer) and obs == OBS_TYPE and params == PARAMS_TYPE):
        return None
    sig = types.int64(types.int64, OBS_TYPE, PARAMS_TYPE)

    def codegen(context, builder, signature, args):
        address_value, obs_value, params_value = args
        call_conv = context.call_conv
        function_type = call_conv.get_function_type(types.int64, (OBS_TYPE, PARAMS_TYPE))
        player = builder.inttoptr(address_value, ir.PointerType(function_type))
        status, result = call_conv.call_function(builder, player, types.int64,
                                                 (OBS_TYPE, PARAMS_TYPE),
                                                 (obs_value, params_value))
        with cgutils.if_unlikely(builder, status.is_error):
            call_conv.return_status_propagate(builder, status)
        return result

    return sig, codegen

