"""The sweep's results file (CSV): each finished point is appended and flushed at once, so an interrupted sweep
keeps its finished points and a rerun skips them; at the end the file is rewritten in point order, so serial,
local-parallel and Dask runs give byte-identical files."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from designer.analysis.sweep.grid import SweepError, format_value, point_key
from designer.analysis.sweep.runner import METRIC_COLUMNS
from designer.model.fileformat import write_text_atomically


def columns(param_names: list[str]) -> list[str]:
    return ["point", *param_names, *METRIC_COLUMNS]


def check_output_path(path: str | Path) -> Path:
    """Only CSV is written; anything else gets one line saying so."""
    p = Path(path)
    if p.suffix.lower() == ".parquet":
        raise SweepError(f"'{p}': Parquet output is not available in this version; write results to a .csv file")
    if p.suffix.lower() != ".csv":
        raise SweepError(f"'{p}': the results file must end in .csv")
    return p


def _cell(value: object) -> str:
    if value is None:
        return ""
    return format_value(value)


class ResultStore:
    """The rows of one sweep, keyed by their parameter values; appends each new row to the file at once."""

    def __init__(self, path: str | Path, param_names: list[str]):
        self.path = check_output_path(path)
        self.header = columns(param_names)
        self.param_names = list(param_names)
        self.rows: dict[tuple[str, ...], dict[str, str]] = {}
        if self.path.exists() and self.path.stat().st_size > 0:
            self._read()

    def _read(self) -> None:
        try:
            with self.path.open(newline="", encoding="utf-8") as fh:
                reader = csv.DictReader(fh)
                if reader.fieldnames != self.header:
                    raise SweepError(f"'{self.path}' holds the results of another sweep (other columns): "
                                     f"choose another -o file or remove it")
                for row in reader:
                    if None in row or any(v is None for v in row.values()):
                        continue    # a line cut short by an interruption: that point runs again
                    self.rows[tuple(row[n] for n in self.param_names)] = row
        except (OSError, UnicodeDecodeError, csv.Error) as exc:
            raise SweepError(f"cannot read '{self.path}': {exc}") from None

    def is_done(self, point: dict[str, object]) -> bool:
        return point_key(point) in self.rows

    def add(self, point: dict[str, object], row: dict[str, object]) -> None:
        """Record a finished point and append it to the file (header first when the file is new)."""
        text = {"point": str(row["point"]), **{n: format_value(point[n]) for n in self.param_names},
                **{c: _cell(row.get(c)) for c in METRIC_COLUMNS}}
        self.rows[point_key(point)] = text
        new = not self.path.exists() or self.path.stat().st_size == 0
        with self.path.open("a", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.header, lineterminator="\n")
            if new:
                writer.writeheader()
            writer.writerow(text)
            fh.flush()

    def finish(self, all_points: list[dict[str, object]]) -> None:
        """Rewrite the file with the rows of `all_points` in point order (atomically)."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=self.header, lineterminator="\n")
        writer.writeheader()
        for index, point in enumerate(all_points):
            row = self.rows.get(point_key(point))
            if row is not None:
                writer.writerow({**row, "point": str(index)})
        write_text_atomically(self.path, out.getvalue())
