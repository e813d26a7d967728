"""The sweep's results file, CSV or Parquet, resumable.

CSV: each finished point is appended and flushed at once, so an interrupted sweep keeps its finished points and a
rerun skips them; at the end the file is rewritten in point order, so serial, local-parallel and Dask runs give
byte-identical files.

Parquet: while the sweep runs, finished points are appended to a journal CSV beside it (`NAME.parquet.partial.csv`);
at the end the Parquet file is written atomically with typed columns (parameters as text, as in the CSV; metrics
int64/float64, null where absent; currency and error text, null where empty) and the journal removed. A rerun reads
the Parquet file and the journal and computes only the missing points.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from designer.analysis.sweep.grid import SweepError, format_value, point_key
from designer.analysis.sweep.results import (
    METRIC_TYPES,
    SUFFIXES,
    TEXT_COLUMNS,
    header,
    import_pyarrow,
    metric_text,
    read_csv_rows,
    read_parquet_rows,
    typed_row,
)
from designer.analysis.sweep.runner import METRIC_COLUMNS
from designer.i18n.message import Message
from designer.model.fileformat import write_bytes_atomically, write_text_atomically

JOURNAL_SUFFIX = ".partial.csv"


def columns(param_names: list[str]) -> list[str]:
    return header(param_names)


def check_output_path(path: str | Path) -> Path:
    """A .csv or .parquet path (Parquet only when pyarrow is installed); anything else gets one line saying so."""
    p = Path(path)
    if p.suffix.lower() not in SUFFIXES:
        raise SweepError(Message("error.sweep.output_suffix", path=p))
    if p.suffix.lower() == ".parquet":
        import_pyarrow()
    return p


def journal_path(path: str | Path) -> Path:
    """Where a Parquet sweep keeps its finished points while it runs."""
    p = Path(path)
    return p.with_name(p.name + JOURNAL_SUFFIX)


def parquet_table(param_names: list[str], rows: list[dict[str, object]]):
    """The typed table of `rows` (as SweepResults holds them): point int64, parameters string, metrics typed."""
    pa, _ = import_pyarrow()
    arrow_type = {int: pa.int64(), float: pa.float64(), str: pa.string()}
    schema = pa.schema([pa.field("point", pa.int64(), nullable=False)]
                       + [pa.field(n, pa.string()) for n in param_names]
                       + [pa.field(c, arrow_type[METRIC_TYPES[c]]) for c in METRIC_COLUMNS])
    data: dict[str, list] = {name: [r[name] for r in rows] for name in ["point", *param_names, *METRIC_COLUMNS]}
    for name in TEXT_COLUMNS:
        data[name] = [v or None for v in data[name]]
    return pa.table(data, schema=schema)


def write_parquet(path: Path, param_names: list[str], rows: list[dict[str, object]]) -> None:
    """Write the typed rows to `path` atomically (a crash leaves the old file or the new one)."""
    pa, pq = import_pyarrow()
    sink = pa.BufferOutputStream()
    pq.write_table(parquet_table(param_names, rows), sink)
    write_bytes_atomically(path, sink.getvalue().to_pybytes())


class ResultStore:
    """The rows of one sweep, keyed by their parameter values; appends each new row to the file (CSV) or its
    journal (Parquet) at once."""

    def __init__(self, path: str | Path, param_names: list[str]):
        self.path = check_output_path(path)
        self.parquet = self.path.suffix.lower() == ".parquet"
        self.journal = journal_path(self.path) if self.parquet else self.path
        self.header = columns(param_names)
        self.param_names = list(param_names)
        self.rows: dict[tuple[str, ...], dict[str, str]] = {}
        if self.parquet and self.path.exists():
            self._read(self.path)
        if self.journal.exists() and self.journal.stat().st_size > 0:
            self._read(self.journal)

    def _read(self, path: Path) -> None:
        names, rows = read_parquet_rows(path) if path.suffix.lower() == ".parquet" else read_csv_rows(path)
        if names != self.header:
            raise SweepError(Message("error.sweep.results_other_sweep", path=path))
        for row in rows:
            text = {n: metric_text(v) for n, v in typed_row(self.param_names, row, path=path).items()}
            self.rows[tuple(text[n] for n in self.param_names)] = text

    def is_done(self, point: dict[str, object]) -> bool:
        return point_key(point) in self.rows

    def add(self, point: dict[str, object], row: dict[str, object]) -> None:
        """Record a finished point and append it to the file or journal (header first when that is new)."""
        text = {"point": str(row["point"]), **{n: format_value(point[n]) for n in self.param_names},
                **{c: metric_text(row.get(c)) for c in METRIC_COLUMNS}}
        self.rows[point_key(point)] = text
        new = not self.journal.exists() or self.journal.stat().st_size == 0
        with self.journal.open("a", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.header, lineterminator="\n")
            if new:
                writer.writeheader()
            writer.writerow(text)
            fh.flush()

    def ordered_rows(self, all_points: list[dict[str, object]]) -> list[dict[str, str]]:
        """The stored rows of `all_points`, in point order, numbered by their place in it (as text)."""
        out = []
        for index, point in enumerate(all_points):
            row = self.rows.get(point_key(point))
            if row is not None:
                out.append({**row, "point": str(index)})
        return out

    def finish(self, all_points: list[dict[str, object]]) -> None:
        """Rewrite the file with the rows of `all_points` in point order (atomically); a Parquet sweep's journal
        is removed once the Parquet file is written."""
        rows = self.ordered_rows(all_points)
        if self.parquet:
            typed = [typed_row(self.param_names, r, path=self.journal) for r in rows]
            write_parquet(self.path, self.param_names, typed)
            self.journal.unlink(missing_ok=True)
            return
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=self.header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        write_text_atomically(self.path, out.getvalue())
