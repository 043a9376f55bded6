#!/usr/bin/env bash
# Packaging test: build the sdist and, from it, the wheel; install the wheel into a fresh virtual
# environment outside the checkout; run the tool from an empty directory as a new user would.
#
#   tools/check_wheel.sh            (run by .ci/run after `make test`; about 30 s of CPU)
#
# HOME and the XDG folders point into a temporary directory, so the user's campaigns, keymap and
# settings are never read or written; CAMPAIGN_DATA_DIR and CAMPAIGN_DB_URL are cleared. The
# builder is the checkout's .venv (the `build` package comes with the test extra); pip keeps its
# own cache, so the dependencies come from the cache or the package index.
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
builder=${VENV:-.venv}/bin/python

work=$(mktemp -d "${TMPDIR:-/tmp}/campaign-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }
fail() { printf 'check_wheel: FAILED: %s\n' "$*" >&2; exit 1; }

step "copy the checkout's files (tracked and new, not ignored) to $work/src"
mkdir -p "$work/src"
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
    | tar --null -T - -cf - | tar -C "$work/src" -xf -

step "build the sdist, then the wheel from the sdist"
"$builder" -m build --outdir "$work/dist" "$work/src" >"$work/build.log" 2>&1 \
    || { tail -n 30 "$work/build.log"; fail "python -m build"; }
if grep -q "would be ignored" "$work/build.log"; then
    grep -A4 "would be ignored" "$work/build.log" | head -n 20
    fail "setuptools would ignore a folder: list it in setup.py's packages"
fi
wheel=$(ls "$work"/dist/*.whl)
sdist=$(ls "$work"/dist/*.tar.gz)
"$builder" -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' \
    "$wheel" >"$work/wheel.txt"
tar -tzf "$sdist" >"$work/sdist.txt"
for member in campaign/data/units.csv campaign/data/tables/space_crt.csv \
              campaign/seeds/standard-turn1.json scenarios/imperial/data/map.toml \
              scenarios/imperium_shogi/data/opening-book.bin scenarios/games.tcss \
              campaign/tui/app.tcss campaign/tui/widgets/campaign.tcss \
              campaign/store/migrations/env.py \
              campaign/store/migrations/versions/0003_app_version.py \
              campaign/docs/tutorial.md campaign/docs/data-formats.md \
              campaign/docs/schemas/systems.schema.json; do
    grep -qx "$member" "$work/wheel.txt" || fail "$member missing from the wheel"
done
for member in data/units.csv seeds/standard-turn1.json scenarios/imperial/data/map.toml \
              scenarios/imperium_shogi/data/opening-book.bin scenarios/games.tcss \
              campaign/tui/app.tcss campaign/tui/widgets/campaign.tcss docs/tutorial.md; do
    grep -q "^[^/]*/$member\$" "$work/sdist.txt" || fail "$member missing from the sdist"
done
grep -q "^dark_nebula_campaign-[^/]*\.dist-info/licenses/LICENSE\$" "$work/wheel.txt" \
    || fail "LICENSE missing from the wheel"
echo "$(basename "$wheel") and $(basename "$sdist") carry data/, seeds/, docs/, the migrations and LICENSE"

step "install the wheel into a fresh virtual environment"
"$builder" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel" \
    >"$work/install.log" 2>&1 || { tail -n 30 "$work/install.log"; fail "pip install"; }

step "run the tool from an empty directory with a temporary HOME"
mkdir -p "$work/run" "$work/home"
cd "$work/run"
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_CONFIG_HOME="$work/home/config"
export XDG_CACHE_HOME="$work/home/cache" XDG_STATE_HOME="$work/home/state"
unset CAMPAIGN_DATA_DIR CAMPAIGN_DB_URL PYTHONPATH
campaign=$work/venv/bin/campaign

run() { echo "\$ campaign $*"; "$campaign" "$@" >"$work/out" 2>&1 || { cat "$work/out"; fail "campaign $*"; }; }
expect() { grep -q -- "$1" "$work/out" || { cat "$work/out"; fail "expected '$1'"; }; }

location=$("$work/venv/bin/python" -c 'import campaign; print(campaign.__file__)')
case "$location" in
    "$work/venv/"*) ;;
    *) fail "campaign imported from $location, not from the installed wheel" ;;
esac
case "$location" in "$checkout"/*) fail "the checkout leaked into the installed tool" ;; esac

version=$("$work/venv/bin/python" -c 'import campaign; print(campaign.__version__)')
run --version;                               expect "campaign $version"
run data check;                              expect "data OK"
run new t --layout random --seed 3;          expect "legal orders now"
run status t;                                expect "t: game turn 0"
run scenario perft imperium-shogi --depth 4; expect "depth 4: 1002"
run scenario solve imperium-shogi --position 'mf1/1cb/BC1/1FM - b' --level hard
expect "opening book: 1 of 7 moves keep the solved result"
run demo --create-only;                      expect "demo campaign 'demo' is ready"
run status demo;                             expect "demo: game turn 1"
run seeds;                                   expect "standard-turn1"
run replay standard-turn1;                   expect "every digest matches"
run docs data-formats;                       expect "# "
run docs adr/13 --path;                      expect "$work/venv/.*/campaign/docs/adr/0013-"
[ -f "$XDG_DATA_HOME/dark-nebula-campaign/campaigns.db" ] \
    || fail "campaigns were not stored in the user data directory under the temporary HOME"

step "a database of 0.1.0 is migrated (with a copy) and verifies"
cp "$checkout/tests/compat/v0_1_0/bob.db" "$work/old.db"
run verify nebula --db "sqlite:///$work/old.db";  expect "hash chain intact"
[ -f "$work/old.db.schema-1.bak" ] || fail "no copy of the database before its migration"

step "a referee's own data directory still wins (--data and CAMPAIGN_DATA_DIR)"
mkdir -p "$work/own-data"
cp -R "$("$work/venv/bin/python" -c 'from campaign.bundled import bundled_data_dir as d; print(d())')/." \
    "$work/own-data/"
run data check --data "$work/own-data";     expect "data OK"
printf 'side,code\n' >"$work/own-data/units.csv"
if CAMPAIGN_DATA_DIR="$work/own-data" "$campaign" data check >"$work/out" 2>&1; then
    cat "$work/out"; fail "a broken data directory in CAMPAIGN_DATA_DIR was not read"
fi
expect "units.csv"

echo
echo "check_wheel: OK (wheel installed in a fresh venv, run from an empty directory)"
