"""What a project file may declare: the physical range of every numeric field, and the sizes the program handles.

A file is checked against these before anything in it is expanded or computed with, so that a few bytes
declaring a billion ports, a link of 0 Gb/s or a TCO over 10^400 years get one line naming the field instead of
minutes of work, gigabytes of memory or an overflow.

Sizes. The largest design the generators make (a 3-tier fat-tree of 64-port switches: 65,536 GPUs on 14,302
nodes, 224,100 links and 450,948 ports) fits with room to spare; the largest catalog device has 144 ports split
in two, 288 ports, below `MAX_PORTS_PER_NODE` (user catalogs are held to the same limit). Counts also stay
within the simulation's memory budget (designer/sim/budget.py: about 600 bytes per directed port, at least 4 GiB by
default; tests/test_hostile_limits.py checks that `MAX_LINKS` fits it).

Ranges. Each is wide enough for any real device or site and narrow enough that arithmetic on it stays finite:
link and port speeds from 1 Gb/s (the slowest data-centre Ethernet) to 10 Tb/s, cable lengths up to 100 km,
canvas positions within a billion points, money and time assumptions within what a budget can mean. The
segment settings' ranges are those the inspector offers (designer/ui/field_specs.py), widened where a file
written by hand may reasonably go further.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.i18n.message import Message

MAX_NODES = 131_072
MAX_LINKS = 1_048_576
MAX_SEGMENTS = MAX_NODES
MAX_PORTS_PER_NODE = 512
MAX_GPUS_PER_NODE = 256          # a server holds 8 today; a 72-GPU NVLink rack drawn as one node fits
# a multi-plane node has one port group per NIC (its plane ports, designer/topology/multi_plane.py): up to one per GPU,
# plus a few for the front-end and the rest
MAX_PORT_GROUPS_PER_NODE = MAX_GPUS_PER_NODE + 8
MAX_PORTS = 1_048_576
MAX_GPUS = 131_072               # twice the largest generated design
MAX_SCENARIOS = 1_000
MAX_DEPTH = 32                   # JSON nesting: a project file needs 6 levels
MAX_EXACT_INT = 2**53            # beyond this a whole number is not exact as a float
# the longest id, name or label: longer ones are no name a drawing, a table or a cable label can show, and a PDF
# line breaker spends seconds on each unbroken word of thousands of characters (a 2,000-character id: 11 s)
MAX_NAME_CHARS = 256
MAX_TEXT_CHARS = 100_000         # any other text (notes, a proposal's question)
NAME_KEYS = frozenset({"id", "name", "label", "node", "port", "customer", "prefix", "segment", "site", "model",
                       "gpu_model", "nic_model", "rack", "row"})


def text_limit(key: str | int | None) -> int:
    """The most characters the text field `key` may hold: a name's, or any other text's."""
    return MAX_NAME_CHARS if key in NAME_KEYS else MAX_TEXT_CHARS


@dataclass(frozen=True)
class Range:
    """The accepted values of a numeric field: `minimum` <= value <= `maximum`; with `zero_means_unset`, 0 is
    accepted too (the field is not given and the program's default applies)."""

    minimum: float
    maximum: float
    zero_means_unset: bool = False

    def accepts(self, value: float) -> bool:
        return self.minimum <= value <= self.maximum or (self.zero_means_unset and value == 0)

    def refusal(self, value: object) -> Message:
        """The message that says `value` is outside this range."""
        msg_id = "error.value.range_or_zero" if self.zero_means_unset else "error.value.range"
        shown = repr(value)
        return Message(msg_id, minimum=number_text(self.minimum), maximum=number_text(self.maximum),
                       value=shown if len(shown) <= 24 else f"{shown[:12]}…({len(shown)} characters)")


def number_text(value: float) -> str:
    """1000000 -> '1,000,000', 0.001 -> '0.001', 1e-06 -> '1e-06': whole numbers in full, others as %g."""
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:g}"


SPEED_GBPS = Range(1, 10_000)
# GPU-to-GPU bandwidth inside a server, per GPU per direction; 0 means "the catalog's figure" (designer/sim/compile.py).
# The slowest path between two GPUs of any GPU server is PCIe Gen3 x16: 16 lanes at 8 GT/s with 128b/130b encoding,
# about 126 Gb/s per direction (PCI-SIG, PCI Express Base Specification 3.0); below 100 Gb/s a figure is a typing
# error, and the engine's time grows as it falls (at 1 Gb/s a 1 GiB AllReduce on 64 GPUs ran for minutes).
NVLINK_GBPS = Range(100, 100_000, zero_means_unset=True)
NODE = {"x": Range(-1e9, 1e9), "y": Range(-1e9, 1e9), "gpus": Range(0, MAX_GPUS_PER_NODE),
        "nvlink_gbps": NVLINK_GBPS,
        "pod": Range(0, MAX_NODES), "rail": Range(0, MAX_NODES)}
PORT_GROUP = {"count": Range(0, MAX_PORTS_PER_NODE), "speed_gbps": SPEED_GBPS}
LINK = {"speed_gbps": SPEED_GBPS, "length_m": Range(0, 100_000)}
ASSUMPTIONS = {"cny_per_usd": Range(0.01, 1_000), "electricity_per_kwh_usd": Range(0, 10), "pue": Range(1, 5),
               "tco_years": Range(1, 50), "support_fraction_per_year": Range(0, 1),
               "target_oversubscription": Range(1, 1_000)}
IB_SETTINGS = {"virtual_lanes": Range(1, 15), "credit_buffer_kb": Range(1, 65_536), "mtu_bytes": Range(256, 4_096),
               "sm_reroute_ms": Range(0, 600_000), "self_healing_us": Range(0, 10_000_000)}
MAX_QPS = 128          # queue pairs a connection can open: NCCL_IB_MAX_QPS (NVIDIA/nccl src/transport/net_ib.cc)
ROCE_SETTINGS = {
    "xoff_kb": Range(1, 65_536), "xon_kb": Range(0, 65_536), "headroom_kb": Range(0, 65_536),
    "kmin_kb": Range(1, 1_000_000), "kmax_kb": Range(1, 1_000_000), "pmax": Range(0, 1),
    "dcqcn_g": Range(1e-6, 1), "alpha_update_us": Range(1, 1_000_000), "rate_ai_mbps": Range(0.001, 100_000),
    "rate_hai_mbps": Range(0.001, 100_000), "rate_timer_us": Range(1, 1_000_000),
    "byte_counter_kb": Range(0, 10_000_000), "fast_recovery_steps": Range(1, 100), "min_dec_fac": Range(0.01, 1),
    "cnp_interval_us": Range(0, 10_000), "rate_reduce_period_us": Range(0.1, 10_000),
    "min_rate_mbps": Range(0.001, 100_000), "qps": Range(1, MAX_QPS), "mtu_bytes": Range(256, 4_096),
    "reconvergence_ms": Range(0, 600_000), "local_repair_ms": Range(0, 600_000), "ecn_reference_gbps": Range(0, 10_000),
    "retransmit_timeout_us": Range(1, 10_000_000)}
SCENARIO_SEED = Range(0, 2**32 - 1)
RESULT_FIGURE = Range(-1e15, 1e15)   # a saved run's figures: any size that arithmetic on them keeps finite
