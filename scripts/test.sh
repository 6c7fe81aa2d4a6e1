#!/usr/bin/env bash
# The test command: installs what the tests need, builds, and runs every test —
# unit and API tests (SQLite, and PostgreSQL/Redis when they answer) and browser tests in Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "Browser for the browser tests"
# Debian's headless shell runs the suite (the build Playwright itself runs headless: without the full
# browser's interface it costs about a sixth less CPU per test); the full browser is kept for the
# benchmarks, which measure what a user's browser does.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
fc-list 2>/dev/null | grep -qi "noto sans cjk" || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null; } \
    || command -v chromium-headless-shell >/dev/null 2>&1 || command -v chromium >/dev/null 2>&1 \
    || { echo "Could not install Debian's chromium; install it and run again."; exit 1; }
fi
echo "browser: $(command -v chromium-headless-shell || command -v chromium)"

step "Test services"
eval "$(node scripts/probe-services.mjs)"
echo "node: $(node --version)"
echo "TEST_DATABASE_URL=${TEST_DATABASE_URL:-(not set: API tests run on SQLite only)}"
echo "TEST_REDIS_URL=${TEST_REDIS_URL:-(not set)}"
echo "TEST_MYSQL_URL=${TEST_MYSQL_URL:-(not set: data-source and BladeX import tests skip MySQL)}"
export TEST_DATABASE_URL TEST_REDIS_URL TEST_MYSQL_URL

step "Build"
npm run build || exit 1
# The processes the crash and lease tests start run this build rather than compiling the sources again.
export TEST_BUILT_API=1

mkdir -p .tmp
rm -f .tmp/vitest*.json .tmp/vitest-rest.* .tmp/playwright.json .tmp/playwright.log .tmp/second-node-*.log

# Every test runs once, and the product is exercised on two Node majors (decision 279): the browser
# suite drives the built server on the machine's Node; the three sweeps generated from the entity
# registry (the entity contract, the route fuzz and the list plans) run on the machine's Node too,
# from the first minute; every other unit and API test runs beside them on a second Node LTS.
second_major=${SECOND_NODE_MAJOR:-24}

# The two suites are independent (the browser tests start their own server on a free port with
# its own data directory; API tests on PostgreSQL each use a schema of their own), so they run side
# by side: the browser tests mostly wait on Chromium and the server while Vitest keeps the cores busy.
# The browser suite is the longest part and a test of it waits on a page the cores must draw: the
# unit and API runs beside it yield the cores to it (a lower priority, not a smaller share when it
# waits), so a loaded start no longer pushes its first pages past their waits (decision 336).
background_nice=${TEST_BACKGROUND_NICE:-5}

step "Browser tests on Node $(node --version | sed 's/^v//') (started in the background; their output follows the unit and API tests)"
( E2E_FULL_RUN=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" npm test -w e2e > .tmp/playwright.log 2>&1 ) &
browser_pid=$!

sweeps=(apps/api/src/engine/entity-contract*.test.ts apps/api/src/security/fuzz.test.ts apps/api/src/db/list-plans.test.ts)
# A test file that replaces a module, a global or the clock needs a module graph of its own; every
# other file shares its worker's (--isolate=false), which spares re-importing the API for each file
# (decision 282).
mapfile -t own_graph < <(grep -rlE 'vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(' apps packages scripts \
  --include='*.test.ts' --include='*.test.tsx' --exclude-dir=node_modules --exclude-dir=dist | sort)
exclude=()
for file in "${sweeps[@]}" "${own_graph[@]}"; do exclude+=(--exclude "$file"); done

# Every other unit and API test runs on a second Node LTS, fetched from the npm registry with
# better-sqlite3 built against it, beside the sweeps rather than after them: those files mostly wait
# (on the databases, the job queue's timers, child processes and their leases; about a fifth of a
# core over a run), so they run four at a time and take little from the sweeps and the browser tests,
# which use the cores (decision 310). Their output follows the sweeps'.
step "Unit and API tests on Node $second_major (prepared and started in the background; their output follows the sweeps)"
(
  if nice -n "$background_nice" bash scripts/second-node.sh node --version > .tmp/second-node-prepare.log 2>&1; then
    run_on=(nice -n "$background_nice" bash scripts/second-node.sh node node_modules/vitest/vitest.mjs)
    echo "Node $second_major" > .tmp/vitest-rest.label
  else
    echo "Node $second_major could not be prepared (see above): the unit and API tests run on this machine's Node." >> .tmp/second-node-prepare.log
    run_on=(nice -n "$background_nice" npx vitest)
    echo "Node $(node --version | sed 's/^v//')" > .tmp/vitest-rest.label
  fi
  TEST_TEMPLATES=eager VITEST_RETRIED_FILE=.tmp/vitest-retried-rest.json "${run_on[@]}" run --isolate=false --maxWorkers=4 \
    "${exclude[@]}" --exclude '**/node_modules/**' \
    --reporter=default --reporter=json --reporter=./scripts/vitest-retried-reporter.ts --outputFile.json=.tmp/vitest-rest.json \
    > .tmp/vitest-rest.log 2>&1
) &
rest_pid=$!

step "The registry's sweeps and the files that replace modules, on Node $(node --version | sed 's/^v//')"
TEST_TEMPLATES=eager VITEST_RETRIED_FILE=.tmp/vitest-retried.json nice -n "$background_nice" npx vitest run "${sweeps[@]}" "${own_graph[@]}" --reporter=default --reporter=json \
  --reporter=./scripts/vitest-retried-reporter.ts --outputFile.json=.tmp/vitest.json
unit=$?

wait $rest_pid
rest=$?
rest_label=$(cat .tmp/vitest-rest.label 2>/dev/null || echo "Node $second_major")
cat .tmp/second-node-prepare.log
step "Unit and API tests on $rest_label"
cat .tmp/vitest-rest.log

step "Browser tests"
wait $browser_pid
browser=$?
cat .tmp/playwright.log

node scripts/summarize-tests.mjs ".tmp/vitest.json=Node $(node --version | sed 's/^v//'), sweeps and module replacements" .tmp/playwright.json .tmp/vitest-retried.json \
  ".tmp/vitest-rest.json=$rest_label" .tmp/vitest-retried-rest.json
# A run can fail outside its tests (an unhandled error after a file's tests passed): the counts above
# then show no failure, so the run is named here.
for run in "sweeps and module replacements:$unit" "unit and API tests on $rest_label:$rest" "browser tests:$browser"; do
  [ "${run##*:}" -eq 0 ] || echo "The run of the ${run%:*} ended with status ${run##*:}: its output above names what failed (see 'Unhandled Errors' or 'Error')."
done
[ $unit -eq 0 ] && [ $browser -eq 0 ] && [ $rest -eq 0 ]
