"""Parse workload specs of the command-line grammar (DESIGN.md §3) into `Workload` records.

Grammar: ``KIND:POSITIONAL...[:key=value]...``, e.g. ``allreduce:1GiB:algo=hier``,
``incast:16:64MiB``, ``train:70b:tp=8:pp=4``, ``permutation:256MiB:qps=8:start=2ms``.
Every problem is reported as one `WorkloadError` line naming the spec.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Model presets: parameters, layers, hidden size (Llama-2/3 family shapes).
MODEL_PRESETS: dict[str, tuple[float, int, int]] = {
    "7b": (7e9, 32, 4096),
    "13b": (13e9, 40, 5120),
    "70b": (70e9, 80, 8192),
    "405b": (405e9, 126, 16384),
}

SIZED_KINDS = ("allreduce", "allgather", "reducescatter", "alltoall", "permutation", "pingpong")
KINDS = SIZED_KINDS + ("incast", "train", "inference")
ALLREDUCE_ALGOS = ("ring", "tree", "hier")

_SIZE_UNITS = {
    "b": 1, "kb": 1000, "mb": 1000**2, "gb": 1000**3, "tb": 1000**4,
    "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4,
}
_TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1.0}
_SWITCHES = {"on": True, "off": False, "true": True, "false": False, "1": True, "0": False}

# option name -> (parser kind, workloads that accept it; None = every workload)
_OPTIONS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "qps": ("posint", None),
    "plane": ("plane", None),
    "ar": ("switch", None),
    "spray": ("switch", None),
    "pfc": ("switch", None),
    "dcqcn": ("switch", None),
    "start": ("time", None),
    "gpus": ("posint", None),
    "algo": ("algo", ("allreduce",)),
    "dp": ("posint", ("train",)),
    "tp": ("posint", ("train", "inference")),
    "pp": ("posint", ("train",)),
    "mfu": ("fraction", ("train", "inference")),
    "tokens": ("posnum", ("train",)),
    "seq": ("posint", ("train", "inference")),
    "iters": ("posint", ("pingpong",)),
    "a": ("text", ("pingpong",)),
    "b": ("text", ("pingpong",)),
    "duration": ("time", ("inference",)),
    "prompt": ("posint", ("inference",)),
    "output": ("posint", ("inference",)),
}


class WorkloadError(ValueError):
    """A workload spec or a simulation option is invalid; the message is one line."""

    def __init__(self, message: str):
        # user text echoed in the message may hold line breaks or control characters: show them escaped
        super().__init__("".join(c if c.isprintable() else repr(c)[1:-1] for c in str(message)))


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
    options: dict[str, object] = field(default_factory=dict)

    def opt(self, name: str, default: object = None) -> object:
        return self.options.get(name, default)

    @property
    def start_s(self) -> float:
        return float(self.options.get("start", 0.0))  # type: ignore[arg-type]


def parse_size(text: str) -> int:
    """Bytes from '8B', '64KiB', '256MiB', '1GiB', '1.5GB' (KiB... powers of 1024, KB... of 1000)."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]*)\s*", text)
    if not m:
        raise WorkloadError(f"'{text}' is not a size (use e.g. 8B, 64KiB, 256MiB, 1GiB)")
    unit = m.group(2).lower() or "b"
    if unit not in _SIZE_UNITS:
        raise WorkloadError(f"unknown size unit '{m.group(2)}' in '{text}' (B, KB, MB, GB, KiB, MiB, GiB)")
    value = float(m.group(1)) * _SIZE_UNITS[unit]
    if value < 1:
        raise WorkloadError(f"size '{text}' must be at least 1 byte")
    if value > 2**50:
        raise WorkloadError(f"size '{text}' is too large (at most 1 PiB)")
    return int(round(value))


def parse_time(text: str) -> float:
    """Seconds from '2ms', '10us', '500ns', '1.5s'."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([a-zµ]*)\s*", text.lower())
    if not m or m.group(2) not in _TIME_UNITS:
        raise WorkloadError(f"'{text}' is not a time (use e.g. 500ns, 10us, 2ms, 1s)")
    return float(m.group(1)) * _TIME_UNITS[m.group(2)]


def _parse_number(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise WorkloadError(f"'{text}' is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise WorkloadError(f"'{text}' is not a finite number")
    return value


def _parse_option(kind: str, key: str, text: str) -> object:
    if kind == "posint":
        value = _parse_number(text)
        if value < 1 or value != int(value):
            raise WorkloadError(f"{key}={text}: must be a whole number >= 1")
        if value > 1e7:
            raise WorkloadError(f"{key}={text}: too large")
        return int(value)
    if kind == "posnum":
        value = _parse_number(text)
        if value <= 0:
            raise WorkloadError(f"{key}={text}: must be > 0")
        return value
    if kind == "fraction":
        value = _parse_number(text)
        if not 0 < value <= 1:
            raise WorkloadError(f"{key}={text}: must be in (0, 1]")
        return value
    if kind == "switch":
        if text.lower() not in _SWITCHES:
            raise WorkloadError(f"{key}={text}: use on or off")
        return _SWITCHES[text.lower()]
    if kind == "plane":
        if text not in ("backend", "frontend"):
            raise WorkloadError(f"plane={text}: use backend or frontend")
        return text
    if kind == "algo":
        if text not in ALLREDUCE_ALGOS:
            raise WorkloadError(f"algo={text}: use one of {', '.join(ALLREDUCE_ALGOS)}")
        return text
    if kind == "time":
        value = parse_time(text)
        if value < 0 or value > 3600:
            raise WorkloadError(f"{key}={text}: must be between 0 and 1 hour")
        return value
    if not text:
        raise WorkloadError(f"{key}= needs a value")
    return text


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
            raise WorkloadError(f"'{text}': params must be a number like 30e9 or 30b") from None
        if not 1e6 <= params <= 1e14:
            raise WorkloadError(f"'{text}': params must be between 1e6 and 1e14")
        # Transformer with aspect ratio h/L = 128: N = 12·L·h² = 12·h³/128  ->  h = (N·128/12)^(1/3)
        hidden = int(round((params * 128 / 12) ** (1 / 3) / 128) * 128) or 128
        layers = max(1, int(round(params / (12 * hidden * hidden))))
        return "params", params, layers, hidden
    raise WorkloadError(f"unknown model '{text}' (use {', '.join(MODEL_PRESETS)} or params=N)")


def parse_workload(spec: str) -> Workload:
    """One spec string -> Workload, or WorkloadError naming the spec and the problem."""
    try:
        return _parse(spec)
    except WorkloadError as exc:
        raise WorkloadError(f"workload '{spec}': {exc}") from None


def _parse(spec: str) -> Workload:
    if not isinstance(spec, str) or not spec.strip():
        raise WorkloadError("empty workload spec")
    parts = [p.strip() for p in spec.strip().split(":")]
    kind = parts[0].lower()
    if kind not in KINDS:
        raise WorkloadError(f"unknown kind '{parts[0]}' (use {', '.join(KINDS)})")
    positional: list[str] = []
    options: dict[str, object] = {}
    for i, part in enumerate(parts[1:], start=1):
        is_model_params = kind in ("train", "inference") and i == 1 and part.lower().startswith("params=")
        if "=" in part and not is_model_params:
            key, _, value = part.partition("=")
            key = key.strip().lower()
            if key not in _OPTIONS:
                raise WorkloadError(f"unknown option '{key}'")
            parser, allowed = _OPTIONS[key]
            if kind == "inference" and key == "qps":
                parser = "posnum"  # for inference, qps means requests per second
            if allowed is not None and kind not in allowed:
                raise WorkloadError(f"option '{key}' does not apply to {kind}")
            if key in options:
                raise WorkloadError(f"option '{key}' given twice")
            options[key] = _parse_option(parser, key, value.strip())
        else:
            if options:
                raise WorkloadError(f"'{part}' must come before the key=value options")
            positional.append(part)
    w = Workload(kind=kind, spec=spec, options=options)
    if kind in SIZED_KINDS:
        if len(positional) != 1:
            raise WorkloadError(f"{kind} takes one SIZE, e.g. {kind}:64MiB")
        w.size_bytes = parse_size(positional[0])
    elif kind == "incast":
        if len(positional) != 2:
            raise WorkloadError("incast takes N and SIZE, e.g. incast:16:64MiB")
        n = _parse_number(positional[0])
        if n < 1 or n != int(n):
            raise WorkloadError(f"incast N '{positional[0]}' must be a whole number >= 1")
        w.senders = int(n)
        w.size_bytes = parse_size(positional[1])
    else:
        if len(positional) != 1:
            raise WorkloadError(f"{kind} takes one MODEL (7b, 13b, 70b, 405b or params=N)")
        w.model, w.params, w.layers, w.hidden = _model_shape(positional[0])
        if kind == "inference" and "qps" not in options:
            raise WorkloadError("inference needs qps=REQUESTS_PER_SECOND (e.g. inference:70b:qps=20)")
    return w


def parse_workloads(specs: list[str] | list[Workload] | str) -> list[Workload]:
    """Specs (or already parsed workloads) -> workloads; at least one is required."""
    if isinstance(specs, str):
        specs = [specs]
    out = [s if isinstance(s, Workload) else parse_workload(s) for s in specs]
    if not out:
        raise WorkloadError("no workload given")
    return out
