"""A workload spec as a customer reads it: "allreduce:1GiB" is "AllReduce of 1 GiB across all GPUs",
"train:70b:dp=16" is "training step of a 70B-parameter model (data parallel 16)"."""

from __future__ import annotations

import re

from designer.report.strings import EN, tr

COLLECTIVES = {"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
               "alltoall": "AllToAll"}
# options written in words (the rest keep their spec form: they are settings an engineer reads)
PARALLELISM = ("dp", "tp", "pp", "vpp")
WORDED = ("tokens", "repeat", "target_ms", "max_batch")     # options with a phrase of their own
# options whose value picks a phrase
SITE_WORDS = ("dp_across_sites", "pp_across_sites", "overlap", "clients", "state")


def size_text(text: str) -> str:
    """'1GiB' -> '1 GiB', '8B' -> '8 B'."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([A-Za-z]*)\s*", text)
    return f"{m.group(1)} {m.group(2) or 'B'}" if m else text


def _model_text(name: str) -> str:
    """'70b' -> '70B'; 'params=1e9' stays as written."""
    return name.upper() if re.fullmatch(r"\d+(\.\d+)?[bm]", name, re.IGNORECASE) else name


def _option_text(kind: str, key: str, value: str, language: str) -> str:
    """An option in words where the proposal has them (the AllReduce algorithm, a start time), else as written."""
    if kind == "inference" and key == "qps":              # requests per second there, queue pairs elsewhere
        return tr("wl_requests", language, n=value)
    if key == "algo" and f"wl_algo_{value}" in EN:
        return tr(f"wl_algo_{value}", language)
    if key == "start":
        return tr("wl_start", language, time=size_text(value).replace(" us", " µs"))
    if key in SITE_WORDS and f"wl_{key}_{value}" in EN:
        return tr(f"wl_{key}_{value}", language)
    if key in WORDED:
        return tr(f"wl_{key}", language, n=value)
    return f"{key}={value}"


def describe_workload(spec: str, language: str = "en", *, whole: bool = True) -> str:
    """The spec in words; anything this does not know is shown as written. `whole=False` words a job's workload,
    which runs on its own GPUs only (a collective is not "across all GPUs")."""
    parts = [p.strip() for p in spec.split(":")]
    kind = parts[0].lower()
    positional = [p for p in parts[1:] if "=" not in p]
    options = dict(p.split("=", 1) for p in parts[1:] if "=" in p)
    extra = [_option_text(kind, k, v, language) for k, v in options.items() if k not in PARALLELISM]
    if kind in COLLECTIVES and positional:
        text = tr("wl_collective" if whole else "wl_collective_job", language, name=COLLECTIVES[kind],
                  size=size_text(positional[0]))
    elif kind in ("permutation", "replicate", "pingpong") and positional:
        text = tr(f"wl_{kind}", language, size=size_text(positional[0]))
    elif kind == "incast" and len(positional) >= 2:
        text = tr("wl_incast", language, n=positional[0], size=size_text(positional[1]))
    elif kind in ("checkpoint", "inference") and positional:
        text = tr(f"wl_{kind}", language, model=_model_text(positional[0]))
    elif kind == "train" and positional:
        text = tr("wl_train", language, model=_model_text(positional[0]))
        par = [tr(f"wl_{k}", language, n=options[k]) for k in PARALLELISM if k in options]
        if par:
            text += tr("wl_paren", language, text=tr("list_sep", language).join(par))
    else:
        return spec
    if extra:
        text += tr("wl_paren", language, text=tr("list_sep", language).join(extra))
    return text
