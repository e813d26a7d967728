"""Parse workload specs of the command-line grammar into `Workload` records.

Grammar: ``KIND:POSITIONAL...[:key=value]...``, e.g. ``allreduce:1GiB:algo=hier``,
``incast:16:64MiB``, ``train:70b:tp=8:pp=4``, ``permutation:256MiB:qps=8:start=2ms``; ``train:`` also takes
``ep=`` and ``topk=`` (expert parallel, designer/sim/expert_parallel.py).
Every problem is reported as one `WorkloadError` line naming the spec.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import overload

import numpy as np

from designer.i18n.escaping import one_line
from designer.i18n.message import Message, text_of
from designer.model.jobs import N_CLASSES, PLACEMENTS  # job placement rules (designer/sim/placement.py)
from designer.model.limits import MAX_QPS

# Model presets: parameters, layers, hidden size (Llama-2/3 family shapes).
MODEL_PRESETS: dict[str, tuple[float, int, int]] = {
    "7b": (7e9, 32, 4096),
    "13b": (13e9, 40, 5120),
    "70b": (70e9, 80, 8192),
    "405b": (405e9, 126, 16384),
}

SIZED_KINDS = ("allreduce", "allgather", "reducescatter", "alltoall", "permutation", "pingpong", "replicate")
KINDS = SIZED_KINDS + ("incast", "train", "inference", "checkpoint")
ALLREDUCE_ALGOS = ("auto", "ring", "tree", "hier", "sharp")
PLACEMENT_OPTIONS = ("gpus", "place", "servers")               # a workload naming one of these is a placed job
MAX_SEED = 2**32 - 1

_SIZE_UNITS = {
    "b": 1, "kb": 1000, "mb": 1000**2, "gb": 1000**3, "tb": 1000**4,
    "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4,
}
_TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0}
MAX_COUNT = 1e7        # any whole-number option (queue pairs, GPUs, parallelism, senders)
MAX_POSNUM = 1e16      # any other positive number (tokens: 15 T for the largest published runs; qps)
OptionValue = int | float | bool | str   # what an option's parser gives: a count, a number, a switch or a text
_SWITCHES = {"on": True, "off": False, "true": True, "false": False, "1": True, "0": False}

# option name -> (parser kind, workloads that accept it; None = every workload)
_OPTIONS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "qps": ("qps", None),
    "plane": ("plane", None),
    "ar": ("switch", None),
    "spray": ("switch", None),
    "pfc": ("switch", None),
    "dcqcn": ("switch", None),
    "start": ("time", None),
    "gpus": ("posint", None),
    "place": ("place", None),
    "seed": ("seed", None),
    "servers": ("servers", None),
    "tc": ("tc", None),                   # traffic class: priority / virtual lane (designer/sim/traffic_classes.py)
    "algo": ("algo", ("allreduce",)),
    "dp": ("posint", ("train",)),
    "tp": ("posint", ("train", "inference")),
    "pp": ("posint", ("train",)),
    "vpp": ("posint", ("train",)),          # model chunks per GPU: Megatron's interleaved pipeline schedule
    "ep": ("posint", ("train",)),
    "topk": ("posint", ("train",)),
    "mfu": ("fraction", ("train", "inference")),
    "tokens": ("count", ("train",)),        # tokens to train on in all (train_days); designer/sim/iterations.py
    "batch": ("count", ("train",)),         # global batch in tokens per step
    "max_batch": ("posint", ("inference",)),   # requests a replica decodes together (continuous batching)
    "clients": ("clients", ("inference",)),    # where requests come from: this site, or another site
    "straggler": ("spread", ("train",)),    # per-GPU compute-time variation between steps (coefficient of variation)
    "seq": ("posint", ("train", "inference")),
    "iters": ("posint", ("pingpong", "train")),
    # the workload runs N times back to back (designer/sim/repeats.py)
    "repeat": ("repeat", ("allreduce", "allgather", "reducescatter", "alltoall", "permutation", "incast", "replicate",
                          "checkpoint", "pingpong")),
    "target_ms": ("posnum", ("inference",)),   # request latency target (p99) for max_qps_at_target
    "a": ("text", ("pingpong",)),
    "b": ("text", ("pingpong",)),
    "duration": ("time", ("inference",)),
    "prompt": ("posint", ("inference",)),
    "output": ("posint", ("inference",)),
    "dp_across_sites": ("dpsites", ("train",)),   # hier | flat: data parallelism across sites (site_dp.py)
    "overlap": ("switch", ("train",)),            # the DP AllReduce overlaps the last backward pass (default on)
    "pp_across_sites": ("switch", ("train",)),    # on: stages split between two sites; off: pipelines inside sites
    "state": ("ckstate", ("checkpoint",)),        # full (weights and optimizer state) | weights: what is copied
}


def accepts_option(kind: str, key: str) -> bool:
    """Whether workloads of `kind` take the option `key` (the window's Run form offers only those)."""
    entry = _OPTIONS.get(key)
    return entry is not None and (entry[1] is None or kind in entry[1])


class WorkloadError(ValueError):
    """A workload spec or a simulation option is invalid; the message is one line.

    The message is a `Message` (rendered in the language current when the error is printed) or text.
    """

    def __init__(self, message: str | Message):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        # user text echoed in the message may hold line breaks or control characters: show them escaped
        return one_line(text_of(self.message))


@dataclass
class Workload:
    """One parsed workload: its kind, sizes and the options that follow colons."""

    kind: str
    spec: str = ""
    size_bytes: int = 0                    # per-rank message (collectives), per flow (traffic)
    senders: int = 0                       # incast N
    model: str = ""                        # train / inference preset name, or "params"
    params: float = 0.0                    # model parameters
    layers: int = 0
    hidden: int = 0
    options: dict[str, OptionValue] = field(default_factory=dict)
    # the GPU ranks the placement gave a placed job for one run (designer/sim/placement.py); None: every GPU
    placed_gpus: np.ndarray | None = field(default=None, compare=False, repr=False)

    @property
    def is_placed(self) -> bool:
        """Whether the spec places the job (gpus=, place= or servers=) instead of spanning every GPU."""
        return any(key in self.options for key in PLACEMENT_OPTIONS)

    @overload
    def opt(self, name: str) -> OptionValue | None: ...
    @overload
    def opt(self, name: str, default: OptionValue) -> OptionValue: ...

    def opt(self, name: str, default: OptionValue | None = None) -> OptionValue | None:
        return self.options.get(name, default)

    def count(self, name: str) -> int | None:
        """A whole-number option (`qps=`, `gpus=`...), None when the spec does not set it."""
        value = self.options.get(name)
        assert value is None or (isinstance(value, int) and not isinstance(value, bool)), (name, value)
        return value

    def switch(self, name: str) -> bool | None:
        """An on/off option (`ar=`, `spray=`...), None when the spec leaves it to the segment's setting."""
        value = self.options.get(name)
        assert value is None or isinstance(value, bool), (name, value)
        return value

    @property
    def start_s(self) -> float:
        return float(self.options.get("start", 0.0))


def parse_size(text: str) -> int:
    """Bytes from '8B', '64KiB', '256MiB', '1GiB', '1.5GB' (KiB... powers of 1024, KB... of 1000)."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]*)\s*", text)
    if not m:
        raise WorkloadError(Message("error.workload.not_size", text=text))
    unit = m.group(2).lower() or "b"
    if unit not in _SIZE_UNITS:
        raise WorkloadError(Message("error.workload.size_unit", unit=m.group(2), text=text))
    value = float(m.group(1)) * _SIZE_UNITS[unit]
    if value < 1:
        raise WorkloadError(Message("error.workload.size_small", text=text))
    if value > 2**50:
        raise WorkloadError(Message("error.workload.size_large", text=text))
    return int(round(value))


def parse_time(text: str) -> float:
    """Seconds from '2ms', '10us', '500ns', '1.5s'."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([a-zµ]*)\s*", text.lower())
    if not m or m.group(2) not in _TIME_UNITS:
        raise WorkloadError(Message("error.workload.not_time", text=text))
    return float(m.group(1)) * _TIME_UNITS[m.group(2)]


def _parse_number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise WorkloadError(Message("error.workload.not_number", text=text)) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise WorkloadError(Message("error.workload.not_finite", text=text))
    return value


def _posint(key: str, text: str) -> int:
    value = _parse_number(text)
    if value < 1 or value != int(value):
        raise WorkloadError(Message("error.workload.posint", key=key, text=text))
    if value > MAX_COUNT:
        raise WorkloadError(Message("error.workload.too_large", key=key, text=text))
    return int(value)


def _qps(key: str, text: str) -> int:
    """Queue pairs per connection: 1 to NCCL's most."""
    value = _posint(key, text)
    if value > MAX_QPS:
        raise WorkloadError(Message("error.workload.qps_most", text=text, most=MAX_QPS))
    return value


def _posnum(key: str, text: str) -> float:
    value = _parse_number(text)
    if value <= 0:
        raise WorkloadError(Message("error.workload.positive", key=key, text=text))
    if value > MAX_POSNUM:      # tokens=1e308 would overflow the arithmetic on it
        raise WorkloadError(Message("error.workload.too_large", key=key, text=text))
    return value


_COUNT_SUFFIXES = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}


def _count(key: str, text: str) -> float:
    """A positive amount with an optional decimal suffix: 4M, 300B, 1.5T (K, M, B or G, T)."""
    raw = text.strip()
    scale = _COUNT_SUFFIXES.get(raw[-1:].lower(), 1.0) if raw else 1.0
    value = _posnum(key, raw[:-1] if scale != 1.0 else raw) * scale
    if value > MAX_POSNUM:
        raise WorkloadError(Message("error.workload.too_large", key=key, text=text))
    return value


MAX_REPEAT = 1000     # a workload's copies each add its phases to the plan


def _repeat(key: str, text: str) -> int:
    value = _posint(key, text)
    if value > MAX_REPEAT:
        raise WorkloadError(Message("error.workload.repeat_large", key=key, text=text, most=MAX_REPEAT))
    return value


def _spread(key: str, text: str) -> float:
    """A coefficient of variation: 0 (none) up to 0.5."""
    value = _parse_number(text)
    if not 0 <= value <= 0.5:
        raise WorkloadError(Message("error.workload.spread", key=key, text=text))
    return value


def _fraction(key: str, text: str) -> float:
    value = _parse_number(text)
    if not 0 < value <= 1:
        raise WorkloadError(Message("error.workload.fraction", key=key, text=text))
    return value


def _switch(key: str, text: str) -> bool:
    if text.lower() not in _SWITCHES:
        raise WorkloadError(Message("error.workload.switch", key=key, text=text))
    return _SWITCHES[text.lower()]


def _plane(key: str, text: str) -> str:
    if text not in ("backend", "frontend"):
        raise WorkloadError(Message("error.workload.plane", text=text))
    return text


def _one_of(text: str, choices: tuple[str, ...], msg_id: str) -> str:
    if text not in choices:
        raise WorkloadError(Message(msg_id, text=text, choices=", ".join(choices)))
    return text


def _algo(key: str, text: str) -> str:
    return _one_of(text, ALLREDUCE_ALGOS, "error.workload.algo")


def _dp_sites(key: str, text: str) -> str:
    return _one_of(text, ("hier", "flat"), "error.workload.dp_across_sites")


def _time(key: str, text: str) -> float:
    value = parse_time(text)
    if value < 0 or value > 3600:
        raise WorkloadError(Message("error.workload.time_range", key=key, text=text))
    return value


def _place(key: str, text: str) -> str:
    return _one_of(text, PLACEMENTS, "error.workload.place")


def _clients(key: str, text: str) -> str:
    return _one_of(text, ("local", "remote"), "error.workload.clients")


def _checkpoint_state(key: str, text: str) -> str:
    return _one_of(text, ("full", "weights"), "error.workload.checkpoint_state")


def _seed(key: str, text: str) -> int:
    value = _parse_number(text)
    if value < 0 or value != int(value) or value > MAX_SEED:
        raise WorkloadError(Message("error.workload.seed", text=text))
    return int(value)


def _tc(key: str, text: str) -> int:
    """A traffic class: one of the 8 priorities of IEEE 802.1Q (0-7); on InfiniBand a service level and virtual lane,
    checked against the segment's lanes when the job runs (designer/sim/traffic_classes.py)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < N_CLASSES or value != int(value):
        raise WorkloadError(Message("error.workload.tc", text=text, highest=N_CLASSES - 1, count=N_CLASSES))
    return int(value)


def _servers(key: str, text: str) -> str:
    """A server set `ID`, `ID..ID` or a comma list of those; checked here, resolved against the design later."""
    server_ranges(text)
    return text


def server_ranges(text: str) -> list[tuple[str, str]]:
    """(first, last) of each comma-separated item of a `servers=` value; a single id is (id, id).

    A range's ends share their prefix and end in a number (srv-001..srv-016)."""
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise WorkloadError(Message("error.workload.servers_empty", text=text))
    out = []
    for item in items:
        first, sep, last = item.partition("..")
        first, last = first.strip(), last.strip()
        if not sep:
            out.append((first, first))
            continue
        a, b = numbered_id(first), numbered_id(last)
        if not first or not last or ".." in last or a is None or b is None or a[0] != b[0]:
            raise WorkloadError(Message("error.workload.servers_range", item=item))
        if a[1] > b[1]:
            raise WorkloadError(Message("error.workload.servers_order", item=item))
        out.append((first, last))
    return out


def numbered_id(node_id: str) -> tuple[str, int] | None:
    """(prefix, number) of an id that ends in digits (srv-012 -> ("srv-", 12)), else None."""
    m = re.fullmatch(r"(.*?)(\d+)", node_id)
    return (m.group(1), int(m.group(2))) if m else None


def _text(key: str, text: str) -> str:
    if not text:
        raise WorkloadError(Message("error.workload.needs_value", key=key))
    return text


# parser kind of _OPTIONS -> the function that checks and converts an option's value (option name, text)
_PARSERS: dict[str, Callable[[str, str], OptionValue]] = {
    "posint": _posint, "qps": _qps, "repeat": _repeat, "posnum": _posnum, "count": _count, "spread": _spread,
    "fraction": _fraction, "switch": _switch, "plane": _plane,
    "algo": _algo, "dpsites": _dp_sites, "time": _time, "text": _text, "place": _place, "clients": _clients,
    "ckstate": _checkpoint_state, "seed": _seed, "servers": _servers, "tc": _tc,
}


def _model_shape(text: str) -> tuple[str, float, int, int]:
    """(name, params, layers, hidden) of a preset or of `params=N` (shape from N ≈ 12·L·h², L = h/128)."""
    low = text.lower()
    if low in MODEL_PRESETS:
        params, layers, hidden = MODEL_PRESETS[low]
        return low, params, layers, hidden
    if low.startswith("params="):
        raw = low.split("=", 1)[1]
        mult = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}
        try:
            params = float(raw[:-1]) * mult[raw[-1]] if raw and raw[-1] in mult else float(raw)
        except ValueError:
            raise WorkloadError(Message("error.workload.params_number", text=text)) from None
        if not 1e6 <= params <= 1e14:
            raise WorkloadError(Message("error.workload.params_range", text=text))
        # Transformer with aspect ratio h/L = 128: N = 12·L·h² = 12·h³/128  ->  h = (N·128/12)^(1/3)
        hidden = int(round((params * 128 / 12) ** (1 / 3) / 128) * 128) or 128
        layers = max(1, int(round(params / (12 * hidden * hidden))))
        return "params", params, layers, hidden
    raise WorkloadError(Message("error.workload.unknown_model", text=text, presets=", ".join(MODEL_PRESETS)))


def parse_workload(spec: str) -> Workload:
    """One spec string -> Workload, or WorkloadError naming the spec and the problem."""
    try:
        return _parse(spec)
    except WorkloadError as exc:
        raise WorkloadError(Message("error.workload.in_spec", spec=spec, text=exc.message)) from None


def _parse(spec: str) -> Workload:
    if not isinstance(spec, str) or not spec.strip():
        raise WorkloadError(Message("error.workload.empty"))
    parts = [p.strip() for p in spec.strip().split(":")]
    kind = parts[0].lower()
    if kind not in KINDS:
        raise WorkloadError(Message("error.workload.unknown_kind", kind=parts[0], kinds=", ".join(KINDS)))
    positional, options = _split_parts(kind, parts[1:])
    w = Workload(kind=kind, spec=spec, options=options)
    if kind in SIZED_KINDS:
        if len(positional) != 1:
            raise WorkloadError(Message("error.workload.one_size", kind=kind))
        w.size_bytes = parse_size(positional[0])
    elif kind == "incast":
        w.senders, w.size_bytes = _incast_args(positional)
    else:
        if len(positional) != 1:
            raise WorkloadError(Message("error.workload.one_model", kind=kind))
        w.model, w.params, w.layers, w.hidden = _model_shape(positional[0])
        if kind == "inference" and "qps" not in options:
            raise WorkloadError(Message("error.workload.inference_qps"))
    _check_placement(options)
    return w


def _check_placement(options: dict[str, OptionValue]) -> None:
    """The placement options that go together: place= needs gpus=, servers= excludes place=, seed= is random's."""
    if "place" in options and "servers" in options:
        raise WorkloadError(Message("error.workload.place_and_servers"))
    if "place" in options and "gpus" not in options:
        raise WorkloadError(Message("error.workload.place_needs_gpus", place=str(options["place"])))
    if "seed" in options and options.get("place") != "random":
        raise WorkloadError(Message("error.workload.seed_random"))


def _split_parts(kind: str, parts: list[str]) -> tuple[list[str], dict[str, OptionValue]]:
    """(positional arguments, parsed `key=value` options) of the parts after the kind; options come last."""
    positional: list[str] = []
    options: dict[str, OptionValue] = {}
    for i, part in enumerate(parts, start=1):
        is_model_params = kind in ("train", "inference", "checkpoint") and i == 1 and part.lower().startswith("params=")
        if "=" in part and not is_model_params:
            key, _, value = part.partition("=")
            key = key.strip().lower()
            parse = _option_parser(kind, key)
            if key in options:
                raise WorkloadError(Message("error.workload.option_twice", key=key))
            options[key] = parse(key, value.strip())
        else:
            if options:
                raise WorkloadError(Message("error.workload.positional_late", part=part))
            positional.append(part)
    return positional, options


def _option_parser(kind: str, key: str) -> Callable[[str, str], OptionValue]:
    """The parser of option `key` in a workload of `kind`; WorkloadError if that workload does not take it."""
    if key not in _OPTIONS:
        raise WorkloadError(Message("error.workload.unknown_option", key=key))
    parser, allowed = _OPTIONS[key]
    if allowed is not None and kind not in allowed:
        raise WorkloadError(Message("error.workload.option_kind", key=key, kind=kind))
    if kind == "inference" and key == "qps":
        parser = "posnum"  # for inference, qps means requests per second
    return _PARSERS[parser]


def _incast_args(positional: list[str]) -> tuple[int, int]:
    """(senders, bytes per sender) of `incast:N:SIZE`."""
    if len(positional) != 2:
        raise WorkloadError(Message("error.workload.incast_args"))
    n = _parse_number(positional[0])
    if n < 1 or n != int(n):
        raise WorkloadError(Message("error.workload.incast_n", text=positional[0]))
    if n > MAX_COUNT:
        raise WorkloadError(Message("error.workload.too_large", key="N", text=positional[0]))
    return int(n), parse_size(positional[1])


def parse_workloads(specs: list[str] | list[Workload] | str) -> list[Workload]:
    """Specs (or already parsed workloads) -> workloads; at least one is required."""
    if isinstance(specs, str):
        specs = [specs]
    out = [s if isinstance(s, Workload) else parse_workload(s) for s in specs]
    if not out:
        raise WorkloadError(Message("error.workload.none"))
    return out
