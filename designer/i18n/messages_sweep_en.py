"""English text of the sweep's own messages (its results files, charts and command), by message id.

The errors of the sweep grid (--vary) are in messages_errors_en.py; file names, parameter names, metrics and
values are parameters and appear verbatim in every language.
"""

from __future__ import annotations

SWEEP: dict[str, str] = {
    # the results files (.csv / .parquet) and the chart
    "error.sweep.output_suffix": "'{path}': the results file must end in .csv or .parquet",
    "error.sweep.results_suffix": "'{path}': a sweep results file ends in .csv or .parquet",
    "error.sweep.results_missing": "'{path}': no such sweep results file",
    "error.sweep.results_unreadable": "cannot read '{path}': {reason}",
    "error.sweep.results_too_many": "'{path}' holds more than {limit} points, more than a sweep makes",
    "error.sweep.results_foreign": "'{path}' is not a results file of 'fabric-designer sweep' (other columns)",
    "error.sweep.results_other_sweep": "'{path}' holds the results of another sweep (other columns): choose "
                                       "another -o file or remove it",
    "error.sweep.results_not_number": "'{path}', point {point}: '{value}' in column {column} is not a number",
    "error.sweep.results_not_int": "'{path}', point {point}: '{value}' in column {column} is not a whole number",
    "error.sweep.results_bad_point": "'{path}': '{value}' in column point is not a whole number",
    "error.sweep.results_range": "'{path}', point {point}: '{value}' in column {column} is not a finite figure "
                                 "within ±{limit}",
    "error.sweep.parquet_missing": "Parquet results need the 'pyarrow' package (pip install pyarrow)",
    "error.sweep.chart_metric": "unknown chart metric '{metric}' (choose one of: {allowed})",
    "error.sweep.chart_param": "'{param}' is not a varied parameter of these results (varied: {allowed})",
    # the report's appendix
    "error.sweep.metric_needs_results": "--sweep-metric needs --sweep results.csv|results.parquet",
    # the sweep command's arguments
    "error.sweep.file_or_generate": "give either a design FILE or --generate KIND, not both and not neither",
    "error.sweep.unknown_generator": "unknown generator kind '{kind}' (choose one of: {kinds})",
    "error.sweep.seed": "--seed must be a whole number >= 0, not {seed}",
    "error.sweep.workers": "--workers must be at least 1, not {workers}",
    "error.sweep.workers_and_dask": "give --workers or --dask, not both (a Dask cluster has its own workers)",
    "error.sweep.cannot_write": "cannot write '{path}': {reason}",
    # the sweep command's progress bar and summary line
    "sweep.progress": "{done}/{total} points",
    "sweep.summary": "wrote {file}: {total} points ({resumed} already done, {computed} run on {where}{failed})",
    "sweep.where.dask": "Dask cluster {address}",
    "sweep.where.one_process": "1 process",
    "sweep.where.local": "local processes",
    "sweep.failed": ", {n} could not be built or run (see the error column)",
}
