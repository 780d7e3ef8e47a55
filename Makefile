# make run: serve the site on the embedded defaults.  make test: ruff + the whole suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install lint bench simulate

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

# The translation catalogues: locale/*/django.po compiled to .mo (docs/i18n.md), when older.
install: $(VENV)/.installed
	$(BIN)/python -m mahjong_site.catalogues

run: install
	$(BIN)/python manage.py migrate --noinput
	@echo "Serving Classical Mahjong on http://$(HOST):$(PORT)/"
	$(BIN)/python -m mahjong_site.serve -b $(HOST) -p $(PORT)

lint: install
	$(BIN)/ruff check .

# The ten slowest tests of each pass and the total time are printed at the end.
test: install
	@start=$$(date +%s); \
	$(BIN)/ruff check . && bash .ci/system-deps.sh && \
	bash .ci/with-services.sh $(BIN)/pytest --durations=10; \
	status=$$?; echo "make test: $$(( $$(date +%s) - start )) s in all"; exit $$status

simulate: install
	$(BIN)/python -m games.engine simulate --deals 1000 --seed 1

bench: install
	$(BIN)/python bench/simulate.py
	$(BIN)/python bench/hand_analysis.py
	$(BIN)/python bench/live_game.py
	$(BIN)/python bench/seating.py
	$(BIN)/python bench/replay.py
