# Fabric Designer — the two commands: `make run` and `make test`.
# Both create .venv with everything the program needs (and, as root, the Debian libraries Qt needs) and compile
# the simulation engine into its cache on disk once.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
ENGINE := $(VENV)/.engine-compiled
EXAMPLE ?= projects/small-rocev2-pod.json
OUT    := out

# Debian libraries Qt needs offscreen and under X, the CJK font for Chinese labels, and venv support.
SYSTEM_PACKAGES := python3-venv libegl1 libgl1 libxkbcommon0 libfontconfig1 libdbus-1-3 \
	libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 \
	libxcb-render-util0 libxcb-shape0 xauth fonts-wqy-microhei

.PHONY: run test setup venv system-packages clean lint bench i18n report-sample

run: setup
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		echo "Opening Fabric Designer on $(EXAMPLE)"; \
		$(BIN)/fabric-designer $(EXAMPLE); \
	else \
		echo "No display found (DISPLAY and WAYLAND_DISPLAY are unset): running the headless equivalent on $(EXAMPLE)."; \
		mkdir -p $(OUT); \
		$(BIN)/fabric-designer check $(EXAMPLE); \
		$(BIN)/fabric-designer cost $(EXAMPLE); \
		$(BIN)/fabric-designer simulate $(EXAMPLE) --workload allreduce:1GiB --timeline $(OUT)/timeline.csv \
			&& echo "Simulation timeline: $(OUT)/timeline.csv"; \
		$(BIN)/fabric-designer report $(EXAMPLE) -o $(OUT)/proposal.pdf \
			&& echo "PDF proposal: $(OUT)/proposal.pdf"; \
	fi

# Two processes compile the engine into its cache on disk (sim/dynamics/jit.py, sim/warm.py), one per core, instead
# of each test process on its own: one the step on one thread, the max-min solver and what tiny runs of the whole
# engine call around them, the other, once mypy has checked the types, the step in two halves of the flows. A
# failure of any stops the run. Then the engine counts as compiled for `make setup` ($(ENGINE)).
WARM := from designer.sim import warm; warm.compile_

test: venv
	$(BIN)/ruff check designer tests benchmarks
	$(BIN)/python -c '$(WARM)one_thread()' & one=$$!; \
		{ $(BIN)/mypy && $(BIN)/python -c '$(WARM)halves()'; } ; second=$$?; wait $$one && exit $$second
	@touch $(ENGINE)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -p no:randomly -n auto --dist loadfile --max-worker-restart=2 --durations=15 tests; \
	status=$$?; if [ $$status -eq 5 ]; then echo "make test: pytest collected no tests"; exit 1; fi; exit $$status

# The virtualenv, then the engine compiled once: without it a user's first simulation would compile it (a minute).
setup: venv $(ENGINE)

venv: system-packages $(STAMP)

# The same two compiles as `make test`'s, without mypy. Done again only when a source of the engine changed (the
# compiled code's cache tells a changed source by its time and size too) or the packages were installed anew.
$(ENGINE): $(STAMP) $(wildcard designer/sim/*.py designer/sim/*/*.py)
	@echo "Compiling the simulation engine once (about a minute)…"
	@$(BIN)/python -c '$(WARM)one_thread()' & one=$$!; \
		$(BIN)/python -c '$(WARM)halves()'; second=$$?; wait $$one && exit $$second
	@touch $(ENGINE)

# The packages are installed by uv, itself taken from PyPI like every other package and pinned here: it resolves
# once and fetches and unpacks the ~60 packages in parallel, without compiling their bytecode up front (Python
# compiles what it imports); on a fresh 2-core machine it takes about a tenth of the CPU of `pip install` and a
# fraction of its time (README, "Tests and checks"). Where uv cannot be installed or cannot reach the package index
# (it does not read pip's configuration), pip does the same install.
UV := uv==0.13.9

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	$(PYTHON) -m venv $(VENV)
	@if $(BIN)/python -m pip install --quiet --no-compile '$(UV)' \
		&& $(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[test]'; then :; else \
		echo "uv could not install the packages: installing them with pip"; \
		$(BIN)/python -m pip install --quiet --no-compile -e '.[test]'; \
	fi
	@touch $(STAMP)

# Installs what is missing with apt-get when running as root; otherwise names what to install.
system-packages:
	@command -v dpkg-query >/dev/null 2>&1 || exit 0; \
	glib=libglib2.0-0; if apt-cache show libglib2.0-0t64 >/dev/null 2>&1; then glib=libglib2.0-0t64; fi; \
	missing=""; for p in $(SYSTEM_PACKAGES) $$glib; do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = "0" ]; then \
			echo "Installing Debian packages:$$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
				|| { echo "apt-get could not install:$$missing"; exit 1; }; \
		else \
			echo "Missing Debian packages:$$missing — install them with: sudo apt-get install$$missing"; \
		fi; \
	fi

# Re-extract the window's strings into the zh_CN source and compile it (both are committed).
i18n: venv
	$(BIN)/pyside6-lupdate designer/ui/*.py -target-language zh_CN -no-obsolete -ts resources/i18n/designer_zh_CN.ts
	$(BIN)/pyside6-lrelease resources/i18n/designer_zh_CN.ts -qm resources/i18n/designer_zh_CN.qm

# The sample proposals in docs/report-sample/ (English and Chinese, with page images): rebuild after engine changes.
report-sample: setup
	FD=$(BIN)/fabric-designer sh docs/report-sample/build.sh

lint: venv
	$(BIN)/ruff check designer tests benchmarks
	$(BIN)/mypy

bench: setup
	$(BIN)/python benchmarks/engine_scale.py

clean:
	rm -rf $(VENV) $(OUT) .pytest_cache .ruff_cache
