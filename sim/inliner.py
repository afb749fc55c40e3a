"""numba's IR inliner, made to do each piece of work once.

numba inlines a function compiled with ``inline="always"`` at the IR level,
and most of a kernel's compile time goes there (measured on Jass's kernel:
about three quarters). Two things make it slow, and :func:`install` changes
both, in this process only:

* **The callee is translated again at every call site.** numba runs the
  callee's whole untyped pipeline (bytecode, rewrites, and the inlining of
  the callee's own inlinees, which do the same, recursively) for each call
  site, while the kernels inline the same functions at many sites (Jass's
  ``decide_nb`` at three sites of the card play, each with the players'
  dispatch and the built-in heuristic in it). Here the translated IR of each
  function is kept and handed to numba's inliner, which copies it before it
  changes anything. It depends only on the function object (its code, and
  globals the kit fills before anything compiles: ``sim/binding.py``) and
  the ``no_rewrites`` flag, which is the key; a caller compiled with
  ``locals=`` declarations (tricksim has none) gets numba's own inliner.
* **The copy is quadratic.** numba copies the callee block by block, each
  block with a fresh ``copy.deepcopy`` memo, so the function's scope, with
  every variable of the function, is copied once per block (millions of
  variable copies for one kernel). Here the blocks of one function share one
  memo: the scope and each variable are copied once, as in one deep copy of
  the whole function.

The IR that reaches type inference is the same as without these changes, so
the machine code is too (``tests/test_inliner.py`` compares the LLVM IR of
a kernel built both ways); only the time to get there changes
(docs/architecture.md, "numba's inliner, once and linear"). If numba's
inliner changes shape (it is not a public interface), nothing is installed
and numba works as it always has.
"""
from __future__ import annotations

import copy
import weakref
from contextlib import contextmanager

_TRANSLATED: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_ORIGINAL: dict = {}     # numba's own pieces, while ours are in place


class _OneMemoPerFunction:
    """Stands in for the ``copy`` module inside numba's inliner, whose one use of
    it is ``copy.deepcopy(block)`` for each block of the function it copies: the
    blocks of one function (one scope) share one memo. A block seen again starts
    a new memo: it is the next copy of the same function."""

    def __init__(self, ir):
        self._block = ir.Block
        self._scope = None
        self._memo: dict = {}

    def deepcopy(self, x, memo=None):
        if memo is not None or not isinstance(x, self._block):
            return copy.deepcopy(x, memo)
        if x.scope is not self._scope or id(x) in self._memo:
            self._scope, self._memo = x.scope, {}
        return copy.deepcopy(x, self._memo)

    def __getattr__(self, name):
        return getattr(copy, name)


def install() -> bool:
    """Change numba's inliner in this process as above; True when it is in place."""
    if _ORIGINAL:
        return True
    try:
        from numba.core import inline_closurecall, ir
        from numba.core.inline_closurecall import InlineWorker
    except ImportError:     # pragma: no cover - another numba
        return False
    if not all(hasattr(InlineWorker, name) for name in
               ("inline_function", "run_untyped_passes", "inline_ir")) \
            or getattr(inline_closurecall, "copy", None) is not copy:
        return False        # pragma: no cover - another numba

    _ORIGINAL.update(inline_function=InlineWorker.inline_function, copy=inline_closurecall.copy)

    def inline_function(self, caller_ir, block, i, function, arg_typs=None):
        if self.locals:     # a caller's ``locals=`` declarations reach the callee's translation
            return _ORIGINAL["inline_function"](self, caller_ir, block, i, function, arg_typs)
        no_rewrites = bool(getattr(self.flags, "no_rewrites", False))
        by_flags = _TRANSLATED.setdefault(function, {})
        callee_ir = by_flags.get(no_rewrites)
        if callee_ir is None:
            callee_ir = by_flags[no_rewrites] = self.run_untyped_passes(function)
        else:
            self.flags.enable_ssa = False    # as run_untyped_passes leaves the caller's flags
        return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars,
                              arg_typs=arg_typs)

    InlineWorker.inline_function = inline_function
    inline_closurecall.copy = _OneMemoPerFunction(ir)
    return True


@contextmanager
def numba_as_is():
    """numba's own inliner inside the block (the tests compare the two)."""
    from numba.core import inline_closurecall
    from numba.core.inline_closurecall import InlineWorker

    ours = (InlineWorker.inline_function, inline_closurecall.copy)
    if _ORIGINAL:
        InlineWorker.inline_function = _ORIGINAL["inline_function"]
        inline_closurecall.copy = _ORIGINAL["copy"]
    try:
        yield
    finally:
        InlineWorker.inline_function, inline_closurecall.copy = ours
