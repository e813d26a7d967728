"""A sweep's results read back, typed: from its CSV or Parquet file, or from the rows of a running sweep.

The files hold one row per point: `point`, the varied parameters (as text, `format_value`), then METRIC_COLUMNS.
Here the metrics are typed (int or float, None where a point failed or lacks the figure); `currency` and `error`
are text ('' when absent). The messages that reach users are message ids of designer/i18n/messages_sweep_en.py.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from designer.analysis.sweep.grid import SweepError, format_value
from designer.analysis.sweep.runner import METRIC_COLUMNS
from designer.i18n.message import Message, os_reason
from designer.model.errors import ProjectError
from designer.model.file_read import read_bytes_limited
from designer.model.fileformat import MAX_FILE_ENV, max_file_bytes
from designer.model.limits import RESULT_FIGURE

SUFFIXES = (".csv", ".parquet")
MAX_POINTS = 10_000_000
# the rows a results file may hold, counted before they are typed: the window's sweeps stop at 2,000 points and a
# point is a whole simulation, so more is not a sweep; a few KB of compressed Parquet can declare millions of rows
MAX_ROWS = 50_000      # read back from a CSV: about 260 MiB and 3 s of CPU
TEXT_COLUMNS = ("currency", "error")
INT_COLUMNS = ("gpu_count", "switch_count", "dropped_bytes")
# every metric's type in the files (Parquet: int64 / float64 / string, all nullable)
METRIC_TYPES: dict[str, type] = {c: str if c in TEXT_COLUMNS else int if c in INT_COLUMNS else float
                                 for c in METRIC_COLUMNS}


def message(key: str, **values: object) -> Message:
    """Message `key` of designer/i18n/messages_sweep_en.py with `values`, rendered when it is shown."""
    return Message(key, **values)


@dataclass(frozen=True)
class SweepResults:
    """The points of one sweep, in point order.

    Each row has `point` (int), the varied parameters as their text, and every metric of METRIC_COLUMNS typed.
    """

    param_names: list[str]            # the varied parameters, in --vary order
    rows: list[dict[str, object]]


def header(param_names: list[str]) -> list[str]:
    """The columns of a results file of a sweep varying `param_names`."""
    return ["point", *param_names, *METRIC_COLUMNS]


def param_names_of(columns: list[str]) -> list[str] | None:
    """The varied parameters of a results file with these columns; None when they are not a sweep's."""
    n = len(METRIC_COLUMNS)
    if len(columns) <= n + 1 or columns[0] != "point" or tuple(columns[-n:]) != METRIC_COLUMNS:
        return None
    names = list(columns[1:-n])
    return names if len(set(names)) == len(names) and all(names) else None


def typed_metric(column: str, value: object, *, path: object = "", point: object = "") -> object:  # noqa: C901
    """A metric cell as the results hold it: text '' / None -> None (currency, error -> ''), numbers typed."""
    kind = METRIC_TYPES[column]
    if kind is str:
        return "" if value is None else str(value)
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise SweepError(Message("error.sweep.results_not_number", path=path, point=point, value=value,
                                 column=column))
    if isinstance(value, int | float):
        number = value
    else:
        try:
            number = int(str(value)) if kind is int else float(str(value))
        except ValueError:
            try:
                number = float(str(value))
            except ValueError:
                raise SweepError(Message("error.sweep.results_not_number", path=path, point=point, value=value,
                                         column=column)) from None
    if not _finite_figure(number):     # 1e400 reads as inf, a 400-digit integer breaks any float arithmetic
        raise SweepError(Message("error.sweep.results_range", path=path, point=point, value=_clipped(value),
                                 column=column, limit=f"{RESULT_FIGURE.maximum:g}"))
    if kind is int and isinstance(number, float):
        if not number.is_integer():
            raise SweepError(Message("error.sweep.results_not_int", path=path, point=point, value=value,
                                     column=column))
        return int(number)
    if kind is float and isinstance(number, int):
        return float(number)
    return number


def _finite_figure(number: int | float) -> bool:
    return (math.isfinite(number) if isinstance(number, float) else True) and RESULT_FIGURE.accepts(number)


def _clipped(value: object) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:12]}…({len(text)} characters)"


def metric_text(value: object) -> str:
    """A typed metric back to the text of the CSV ('' for None)."""
    return "" if value is None else format_value(value)


def typed_row(param_names: list[str], row: Mapping[str, object], *, path: object = "") -> dict[str, object]:
    """A row (text from a CSV, typed from Parquet or from run_points) in the form SweepResults holds."""
    point = row.get("point")
    try:
        index = int(point)  # type: ignore[call-overload]  # text or number; anything else is the error below
    except (TypeError, ValueError):
        index = -1
    if not 0 <= index <= MAX_POINTS:
        raise SweepError(Message("error.sweep.results_bad_point", path=path, value=_clipped(point)))
    out: dict[str, object] = {"point": index}
    for name in param_names:
        value = row.get(name)
        out[name] = value if isinstance(value, str) else "" if value is None else format_value(value)
    for column in METRIC_COLUMNS:
        out[column] = typed_metric(column, row.get(column), path=path, point=index)
    return out


def results_from_rows(param_names: list[str], rows: list[dict[str, object]]) -> SweepResults:
    """SweepResults from in-memory rows (as run_points yields them, merged with their point's parameters), in
    point order; the window redraws its chart from these while a sweep runs."""
    typed = [typed_row(param_names, r) for r in rows]
    typed.sort(key=lambda r: int(r["point"]))  # type: ignore[call-overload]
    return SweepResults(list(param_names), typed)


def read_csv_rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """(columns, complete rows as text) of a CSV; a line cut short by an interruption is left out."""
    try:
        text = _read_limited(path).decode("utf-8")
        reader = csv.DictReader(io.StringIO(text, newline=""))
        columns = list(reader.fieldnames or [])
        rows = []
        for r in reader:
            if None not in r and not any(v is None for v in r.values()):
                rows.append(r)
                if len(rows) > MAX_ROWS:
                    raise SweepError(Message("error.sweep.results_too_many", path=path, limit=f"{MAX_ROWS:,}"))
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        reason = os_reason(exc) if isinstance(exc, OSError) and exc.strerror else \
            (str(exc).splitlines() or [type(exc).__name__])[0]
        raise SweepError(Message("error.sweep.results_unreadable", path=path, reason=reason)) from None
    return columns, rows


def _read_limited(path: Path) -> bytes:
    """The file's bytes, refused (SweepError) when it is not a regular file or is above the project-file limit."""
    try:
        return read_bytes_limited(path, max_file_bytes(), env=MAX_FILE_ENV)
    except ProjectError as exc:
        raise SweepError(Message("error.sweep.results_unreadable", path=path, reason=exc.messages[0])) from None


def import_pyarrow():
    """pyarrow and pyarrow.parquet, or SweepError saying how to install it."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise SweepError(Message("error.sweep.parquet_missing")) from None
    return pyarrow, pyarrow.parquet


def read_parquet_rows(path: Path) -> tuple[list[str], list[dict[str, object]]]:
    """(columns, rows with Python values) of a Parquet file."""
    pa, pq = import_pyarrow()
    try:
        parquet = pq.ParquetFile(pa.BufferReader(_read_limited(path)))
        if parquet.metadata.num_rows > MAX_ROWS:        # declared in the footer: refused before anything is unpacked
            raise SweepError(Message("error.sweep.results_too_many", path=path, limit=f"{MAX_ROWS:,}"))
        table = parquet.read()
    except (OSError, pa.ArrowException) as exc:
        text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise SweepError(Message("error.sweep.results_unreadable", path=path, reason=text)) from None
    return list(table.column_names), table.to_pylist()


def read_results(path: str | Path) -> SweepResults:
    """The results of a sweep from its .csv or .parquet file; SweepError (one line) for a missing, unreadable or
    foreign file."""
    p = Path(path)
    if p.suffix.lower() not in SUFFIXES:
        raise SweepError(Message("error.sweep.results_suffix", path=p))
    if not p.is_file():
        raise SweepError(Message("error.sweep.results_missing", path=p))
    columns, rows = read_parquet_rows(p) if p.suffix.lower() == ".parquet" else read_csv_rows(p)
    names = param_names_of(columns)
    if names is None:
        raise SweepError(Message("error.sweep.results_foreign", path=p))
    typed = [typed_row(names, r, path=p) for r in rows]
    typed.sort(key=lambda r: int(r["point"]))  # type: ignore[call-overload]
    return SweepResults(names, typed)
