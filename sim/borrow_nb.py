"""Arrays the hot loops use without counting references to them.

numba counts the references to every array it passes around: an increment
when a function (inlined or not) receives it, a decrement when done. Each is
an atomic operation on the array's header, far dearer than the few integer
operations of a card play, and numba's own pruning removes only some of them.
In the board loop of random Oh Hell 4×12 they were 31 % of the kernel's time
(perf samples on numba's ``NRT_incref`` and ``NRT_decref``).

:func:`borrowed` hands a function the same array without its reference
count; numba's increments and decrements of it then test a null pointer and
do nothing. Borrow only an array whose owner keeps it alive while the
borrowed one is used: an argument of the function (its caller owns it), or
a local array kept by :func:`keep` after its last borrowed use.
"""
from numba.core import cgutils, types
from numba.extending import intrinsic


@intrinsic
def borrowed(typingctx, arr):
    """The same array without a reference count (no meminfo, no parent object)."""
    if not isinstance(arr, types.Array):
        return None

    def codegen(context, builder, signature, args):
        view = cgutils.create_struct_proxy(signature.args[0])(context, builder, value=args[0])
        view.meminfo = cgutils.get_null_value(view.meminfo.type)
        view.parent = cgutils.get_null_value(view.parent.type)
        return view._getvalue()
    return arr(arr), codegen


@intrinsic
def keep(typingctx, owners):
    """Nothing, but a use of ``owners`` (a tuple of arrays): they stay alive up to here,
    so the arrays borrowed from them stay valid."""
    if not isinstance(owners, types.BaseTuple):
        return None

    def codegen(context, builder, signature, args):
        return context.get_dummy_value()
    return types.none(owners), codegen
