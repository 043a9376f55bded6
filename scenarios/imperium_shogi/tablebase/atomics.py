"""CPU atomics and popcount for numba kernels (numba offers neither on the CPU target).

The parallel solver (``solver``, ADR 0017) lets both cores write the same bitmaps and
position states; these intrinsics emit the LLVM ``atomicrmw``/``cmpxchg`` instructions on an
array element (sequentially consistent), and ``ctpop`` (the ``popcnt`` instruction on x86-64);
``borrowed`` makes views of arrays that count no references (issue 47, round 7).

Each public name is the numba intrinsic itself, typed (``cast``) as the call the kernels make:
a numba intrinsic's Python signature has the typing context first, which a kernel never passes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic


def _element_pointer(context, builder, array_type, array, index, index_type):
    """LLVM pointer to ``array[index]`` (a C-contiguous 1-d array)."""
    ary = context.make_array(array_type)(context, builder, array)
    index = context.cast(builder, index, index_type, types.intp)
    return cgutils.get_item_pointer(context, builder, array_type, ary, [index])


def _rmw(operation: str):
    """An intrinsic ``f(array, index, value) -> old`` doing ``atomicrmw <operation>``."""

    @intrinsic
    def atomic(typingctx, array, index, value):
        signature = array.dtype(array, index, array.dtype)

        def codegen(context, builder, sig, args):
            array_value, index_value, operand = args
            pointer = _element_pointer(
                context, builder, sig.args[0], array_value, index_value, sig.args[1]
            )
            return builder.atomic_rmw(operation, pointer, operand, "seq_cst")

        return signature, codegen

    return atomic


#: The calls as kernels make them: ``f(array, index, value) -> old``, ``atomic_cas(array,
#: index, expected, value) -> found``, ``popcount(word) -> count``, ``prefetch(array, index)``.
#: Arguments are any numba integers (numpy scalars on the Python side); the old and found
#: values have the array's dtype.
ReadModifyWrite = Callable[[Any, Any, Any], Any]
CompareAndSwap = Callable[[Any, Any, Any, Any], Any]

#: ``atomic_or(array, i, bits)``: ``array[i] |= bits`` atomically; returns the old value.
atomic_or = cast(ReadModifyWrite, _rmw("or"))
#: ``atomic_add(array, i, value)``: ``array[i] += value`` atomically; returns the old value.
atomic_add = cast(ReadModifyWrite, _rmw("add"))
#: ``atomic_xchg(array, i, value)``: store ``value`` atomically; returns the old value.
atomic_xchg = cast(ReadModifyWrite, _rmw("xchg"))


def _atomic_cas(typingctx, array, index, expected, value):
    """``array[i] = value`` if it still holds ``expected``; returns the value found there."""
    signature = array.dtype(array, index, array.dtype, array.dtype)

    def codegen(context, builder, sig, args):
        array_value, index_value, old, new = args
        pointer = _element_pointer(
            context, builder, sig.args[0], array_value, index_value, sig.args[1]
        )
        pair = builder.cmpxchg(pointer, old, new, "seq_cst", "seq_cst")
        return builder.extract_value(pair, 0)

    return signature, codegen


atomic_cas = cast(CompareAndSwap, intrinsic(_atomic_cas))


def _popcount(typingctx, word):
    """Number of set bits of a 64-bit integer."""
    signature = types.int64(word)

    def codegen(context, builder, sig, args):
        value = context.cast(builder, args[0], sig.args[0], types.uint64)
        count = builder.ctpop(value)
        return builder.bitcast(count, ir.IntType(64))

    return signature, codegen


popcount = cast(Callable[[Any], int], intrinsic(_popcount))


def _prefetch(typingctx, array, index):
    """Hint the CPU to load ``array[index]``'s cache line (``llvm.prefetch``, for reading).

    The solver looks positions up at random in arrays far larger than the caches; asking for
    a batch of lines before using any of them lets the memory fetch them in parallel.
    """
    signature = types.void(array, index)

    def codegen(context, builder, sig, args):
        pointer = _element_pointer(context, builder, sig.args[0], args[0], args[1], sig.args[1])
        byte_pointer = ir.IntType(8).as_pointer()
        int32 = ir.IntType(32)
        function = cgutils.get_or_insert_function(
            builder.module,
            ir.FunctionType(ir.VoidType(), [byte_pointer, int32, int32, int32]),
            "llvm.prefetch.p0i8",
        )
        builder.call(
            function, [builder.bitcast(pointer, byte_pointer), int32(0), int32(3), int32(1)]
        )
        return context.get_dummy_value()

    return signature, codegen


prefetch = cast(Callable[[Any, Any], None], intrinsic(_prefetch))


def _without_count(context, builder, array_type, array):
    """``array`` (an LLVM array structure) with a null ``meminfo`` and ``parent``."""
    view = context.make_array(array_type)(context, builder, value=array)
    view.meminfo = cgutils.get_null_value(view.meminfo.type)
    view.parent = cgutils.get_null_value(view.parent.type)
    return view._getvalue()


def _borrowed(typingctx, arrays):
    """The same arrays (a tuple of them) as views that count no references."""
    signature = arrays(arrays)

    def codegen(context, builder, sig, args):
        items = [
            _without_count(context, builder, item_type, builder.extract_value(args[0], i))
            for i, item_type in enumerate(sig.args[0])
        ]
        return context.make_tuple(builder, sig.return_type, items)

    return signature, codegen


#: ``borrowed((a, b, ...))``: the arrays as views that count no references (issue 47, round
#: 7). numba counts references to an array at the entry and exit of the functions it is
#: passed to (``key_of_rank_near``, ``distinct_children``, ``parents``): an atomic add on the
#: array's one count, which both cores shared and waited for. A view with a null ``meminfo``
#: makes each of those a test of a null pointer. Only for arrays that outlive the views (a
#: function's arguments, used in that function).
borrowed = cast(Callable[[Any], Any], intrinsic(_borrowed))
