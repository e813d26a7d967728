"""Compilation of the fluid model's hot loops with Numba.

Why Numba: a step of the fluid queues touches every flow-hop a few times; written as NumPy calls, the fixed
cost of each call (tens of calls per step) dominated runs of thousands of steps. A compiled loop does the same
work in one pass with no per-call overhead and keeps the code as plain loops with the equations beside them.

Compiled code is cached on disk so that only the first run on a machine pays for compilation. The cache lives in
the user's cache directory under a key made from the source of every module of this package: Numba checks only
the timestamp of the file that defines a function, not of the functions it calls from other modules, so a change
to any mechanism module must start a new cache.

Constants. A compiled function called (not inlined) from another is compiled for the types of what it is handed,
and Numba types a constant by its value (`Literal[bool](True)`), even a variable's first value before the loop
reassigns it: the delivery pass was compiled six times over (a `lost_set = True` before the steps, an
`any_drop = False` before a scan, a literal `0` for the first flow), each a whole compile for nothing. Flags handed
to such functions therefore start as `bool(True)` / `bool(False)` (typed `bool`, not a constant), which took the
first compile of the step from 103 to 34 CPU-s and of the two-halves step from 68 to 18 (docs/speed-history.md).
designer/sim/warm.py refuses a constant-typed specialisation, so `make test` fails if one comes back.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numba
import numba.core.config
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

_PACKAGE = Path(__file__).resolve().parent
_Fn = TypeVar("_Fn", bound=Callable[..., Any])


def _source_key() -> str:
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _cache_dir() -> str:
    """A writable directory for compiled code, keyed by the package's source."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    for root in (Path(base) / "fabric-designer" / "numba", Path(tempfile.gettempdir()) / "fabric-designer-numba"):
        path = root / _source_key()
        try:
            path.mkdir(parents=True, exist_ok=True)
            probe = path / ".write-test"
            probe.write_bytes(b"")
            probe.unlink()
            return str(path)
        except OSError:
            continue
    return ""


if "NUMBA_CACHE_DIR" not in os.environ:
    _DIR = _cache_dir()
    if _DIR:
        # numba.core.config fills its options in through globals() at import, so a type checker sees none of them
        numba.core.config.CACHE_DIR = _DIR  # type: ignore[attr-defined]
CACHING = bool(numba.core.config.CACHE_DIR)  # type: ignore[attr-defined]


def njit(fn: _Fn) -> Dispatcher[_Fn]:
    """Compile `fn` in nopython mode, cached on disk when a cache directory is available."""
    return numba.njit(cache=CACHING, fastmath=False, boundscheck=False)(fn)


def njit_no_refcount(fn: _Fn) -> Dispatcher[_Fn]:
    """Like `njit`, without Numba's reference counting, for loops that allocate nothing. Each helper inlined into a
    loop (`njit_inline`) counts a reference to every array it is given, an atomic increment and decrement per array
    and call, which cost more than the helpers' own work: a DCQCN alpha update took 51 ns a flow with the counting and
    3 ns without it (measured alone on 15,000 flows). Without the runtime an array cannot be created, so a function
    that does fails to compile instead of running wrongly."""
    no_runtime: dict[str, Any] = {"_nrt": False}      # an option Numba takes but does not declare in its types
    compiled: Dispatcher[_Fn] = numba.njit(cache=CACHING, fastmath=False, boundscheck=False, **no_runtime)(fn)
    return compiled


# The threading layer of the halves (njit_halves): Numba's own work queue, whose idle thread sleeps between the
# parallel loops. OpenMP's (GNU libgomp, taken first where it is installed) spins there, burning the core the step's
# serial stages or another process could use: the halves' test took 9.0 s instead of 1.7 with the machine's other
# core busy. The work queue may not be entered from two threads at once; a compiled call holds the GIL, so none is.
if "NUMBA_THREADING_LAYER" not in os.environ:
    numba.config.THREADING_LAYER = "workqueue"  # type: ignore[attr-defined]


def two_threads() -> None:
    """The calling thread's parallel loops run on (at most) two of Numba's threads: the halves' two iterations would
    leave any others idle, and waking them costs."""
    numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]


# Numba's parallel compilation for the explicit `prange` loops alone: none of the array expressions it could also
# spread over threads (the steps' loops are written to run on one thread each)
PRANGE_ONLY: Any = {"prange": True, "comprehension": False, "reduction": False, "inplace_binop": False,
                    "setitem": False, "numpy": False, "stencil": False, "fusion": False}


def njit_halves(fn: _Fn) -> Dispatcher[_Fn]:
    """Like `njit_no_refcount`, for a `prange(2)` loop whose two iterations (the halves of the flows,
    step_halves.run_steps_halves) run on two threads of Numba's threading layer where there are two, one after the
    other where there is one: what each does depends on its half alone, not on the thread that runs it."""
    no_runtime: dict[str, Any] = {"_nrt": False}
    compiled: Dispatcher[_Fn] = numba.njit(cache=CACHING, fastmath=False, boundscheck=False, parallel=PRANGE_ONLY,
                                           **no_runtime)(fn)
    return compiled


def njit_inline(fn: _Fn) -> Dispatcher[_Fn]:
    """Like `njit`, inlined into its callers: the helpers of a step take whole state tuples, and a real call would
    reference-count every array of them each time (about a microsecond per call)."""
    return numba.njit(cache=CACHING, fastmath=False, boundscheck=False, inline="always")(fn)


def _prefetch_row(typingctx: Any, rows: Any, i: Any, j: Any) -> Any:
    """`prefetch_row(rows, i, j)` in compiled code: a hint to fetch the cache line where rows[i, j] (of a 3-D
    array) starts, ahead of a write: LLVM's `llvm.prefetch` (PREFETCHW on x86, PRFM on Arm). It changes no result:
    the step reads the row as it would."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        rows_t, i_t, j_t = signature.args
        array = context.make_array(rows_t)(context, builder, args[0])
        index = [context.cast(builder, args[1], i_t, types.intp), context.cast(builder, args[2], j_t, types.intp),
                 context.get_constant(types.intp, 0)]
        ptr = cgutils.get_item_pointer(context, builder, rows_t, array, index,  # type: ignore[no-untyped-call]
                                       wraparound=False)
        i8p, i32 = ir.IntType(8).as_pointer(), ir.IntType(32)
        fn = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call]
            builder.module, ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32]), "llvm.prefetch.p0")
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(1), i32(3), i32(1)])   # for a write, keep it, data cache
        return context.get_dummy_value()
    return types.void(rows, i, j), codegen


prefetch_row: Any = intrinsic(_prefetch_row)
