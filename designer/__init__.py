"""Fabric Designer: draw, simulate and cost the network of an AI cluster."""

import os

__version__ = "0.1.0"

# NumPy asks Linux to back its large arrays with transparent huge pages. Where the kernel compacts memory to find
# them at the first write (transparent_hugepage/defrag = madvise, the Debian and Ubuntu default), the engine's
# first writes of its tables (about 2.5 GB on the 1,024-GPU RoCEv2 AllToAll) ran about six times slower per MB and
# a run stalled at times: 70.0, 38.0 and 36.8 s against 34.1, 33.8 and 33.9 s without the advice (run in turn,
# load below 1); the 16,384-GPU AllReduce 1.7-2.4 s against 2.0 s (docs/speed-history.md). Off unless the user
# set it; NumPy reads it when first imported, which the command line and the window do after this.
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")
