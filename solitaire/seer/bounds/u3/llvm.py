"""Three processor instructions for the search's compiled code, reached through numba's LLVM layer.

- :func:`prefetch` ``(array, index)``: asks the processor to load the cache line of ``array[index]``
  (the first entry of that row of a 2-d array) into its caches ahead of its use (``llvm.prefetch``).
  It changes nothing else: no value, no array. Its LLVM name is the opaque-pointer one
  (``llvm.prefetch.p0``), which needs numba 0.68 or later (the pin in ``pyproject.toml``).
- :func:`trailing_zeros` ``(x)``: the index of the lowest set bit of a non-zero integer, one
  instruction (numba's own intrinsic).
- :func:`load_relaxed` ``(array, index)``: ``array[index]`` of a 1-d integer array, read from memory
  each time it runs (an atomic load, LLVM's ``monotonic`` ordering, a plain load on x86 and ARM), so
  that a write by another thread is seen; a plain read the compiler may keep in a register, or move
  out of a loop that does not write it, and never see the write.

All three are usable only from numba-compiled functions.
"""

from llvmlite import ir
from numba.core import cgutils, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

__all__ = ["load_relaxed", "prefetch", "trailing_zeros"]


@intrinsic
def prefetch(typingctx, array, index):
    """Ask the processor to load the cache line of ``array[index]`` (the first entry of that row for a 2-d
    array) into its caches ahead of its use (``llvm.prefetch``); changes nothing else."""
    def codegen(context, builder, signature, args):
        view = context.make_array(signature.args[0])(context, builder, args[0])
        where = [args[1]] + [context.get_constant(types.intp, 0)] * (signature.args[0].ndim - 1)
        pointer = builder.bitcast(cgutils.get_item_pointer(context, builder, signature.args[0], view, where),
                                  cgutils.voidptr_t)
        i32 = ir.IntType(32)
        kind = ir.FunctionType(ir.VoidType(), [pointer.type, i32, i32, i32])
        hint = cgutils.get_or_insert_function(builder.module, kind, "llvm.prefetch.p0")
        builder.call(hint, [pointer, i32(0), i32(3), i32(1)])  # read, keep in all caches, data
        return context.get_dummy_value()
    return types.void(array, index), codegen


@intrinsic
def load_relaxed(typingctx, array, index):
    """``array[index]`` of a 1-d integer array, loaded from memory at each run (LLVM's ``load atomic ...
    monotonic``): a write by another thread is seen, in no particular order with the other loads."""
    if not (isinstance(array, types.Array) and array.ndim == 1 and isinstance(array.dtype, types.Integer)
            and isinstance(index, types.Integer)):
        return None

    def codegen(context, builder, signature, args):
        view = context.make_array(signature.args[0])(context, builder, args[0])
        pointer = cgutils.get_item_pointer(context, builder, signature.args[0], view, [args[1]])
        return builder.load_atomic(pointer, "monotonic", signature.args[0].dtype.bitwidth // 8)
    return array.dtype(array, index), codegen
