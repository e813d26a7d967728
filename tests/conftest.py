"""Test set-up: Qt always offscreen (no display needed), deterministic hypothesis profile, and the `gui`
marker on every test that needs a Qt application (`pytest -m "not gui"` runs the core alone)."""

import faulthandler
import os
import sys
import tempfile
from collections import Counter

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# windows made by tests write their recovery files to a throw-away folder, never the user's
os.environ.setdefault("FABRIC_DESIGNER_RECOVERY_DIR", tempfile.mkdtemp(prefix="fd-recovery-"))

from hypothesis import settings

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("ci")


import pytest  # noqa: E402

GUI_FIXTURES = {"qtbot", "qapp"}
# A guard against a hung run, not a speed bound: the whole suite takes minutes; if the controlling process is
# still running after this long, something waits forever (a lost test process, a dialog): print where every
# thread stands and end the run, so that it fails with that evidence rather than at the CI's time limit.
SESSION_WATCHDOG_S = 45 * 60
# The same guard for one test in a test process: pytest-timeout's signal (pyproject.toml) reaches a test only when
# its main thread next runs Python, which a thread stuck in compiled code or in a Qt event loop without Python
# callbacks never does. Past this long a test process prints where every thread stands and ends; pytest-xdist
# reports the test as crashed and goes on in a new process instead of waiting for it until the session's guard.
TEST_WATCHDOG_S = 270


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):          # the controlling process (or a run without workers)
        faulthandler.dump_traceback_later(SESSION_WATCHDOG_S, exit=True)


def pytest_unconfigure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        faulthandler.cancel_dump_traceback_later()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item):
    """After pytest-qt has closed a test's widgets: delete them now, while no run of a later test is going, not in
    whichever later event loop would otherwise get to their deferred deletion. (A collection of the garbage here
    too cost the suite 83 CPU-s, 483 against 400: a test process's heap is large by the time its window tests run.)"""
    yield
    core = sys.modules.get("PySide6.QtCore")
    if core is not None and core.QCoreApplication.instance() is not None:
        core.QCoreApplication.sendPostedEvents(None, core.QEvent.Type.DeferredDelete)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    guarded = hasattr(item.config, "workerinput")     # a test process of pytest-xdist
    if guarded:
        faulthandler.dump_traceback_later(TEST_WATCHDOG_S, exit=True, file=sys.__stderr__)
    try:
        yield
    finally:
        if guarded:
            faulthandler.cancel_dump_traceback_later()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if GUI_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.gui)
    # files with the most slow tests first: test processes take whole files in this order, and a long file
    # started last would leave the other processes idle while it ends the run
    slow = Counter(item.path for item in items if item.get_closest_marker("slow"))
    items.sort(key=lambda item: -slow[item.path])


@pytest.fixture(autouse=True)
def never_block_on_questions(monkeypatch, tmp_path_factory):
    """Windows made by tests keep their settings in a throw-away store of their own test, and closing one with
    unsaved work answers Discard unless a test says otherwise (a modal question would wait forever offscreen).
    The store is per test: one shared by the test processes let a window closing in one process overwrite the
    arrangement another test had just saved and was about to restore."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is not None:                       # only tests that use Qt have it loaded
        core = sys.modules["PySide6.QtCore"]
        core.QStandardPaths.setTestModeEnabled(True)
        store = str(tmp_path_factory.mktemp("settings"))
        for fmt in (core.QSettings.Format.NativeFormat, core.QSettings.Format.IniFormat):
            core.QSettings.setPath(fmt, core.QSettings.Scope.UserScope, store)
        monkeypatch.setattr(widgets.QMessageBox, "question",
                            lambda *a, **k: widgets.QMessageBox.StandardButton.Discard)


@pytest.fixture
def dask_address():
    """The scheduler of a local Dask cluster (two worker processes) for a test that sweeps on Dask. One per test,
    not per session: an idle cluster's heartbeats cost more CPU over a whole run than starting one does."""
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address
