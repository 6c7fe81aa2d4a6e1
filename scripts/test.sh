#!/usr/bin/env bash
# The test command: installs what the tests need, builds, and runs every test —
# unit and API tests (SQLite, and PostgreSQL/Redis when they answer) and browser tests in Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "Browser for the browser tests"
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null \
    || { echo "Could not install Debian's chromium; install it and run again."; exit 1; }
fi
fc-list 2>/dev/null | grep -qi "noto sans cjk" || {
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fonts-noto-cjk >/dev/null 2>&1 || true
}
echo "chromium: $(command -v chromium)"

step "Test services"
eval "$(node scripts/probe-services.mjs)"
echo "node: $(node --version)"
echo "TEST_DATABASE_URL=${TEST_DATABASE_URL:-(not set: API tests run on SQLite only)}"
echo "TEST_REDIS_URL=${TEST_REDIS_URL:-(not set)}"
echo "TEST_MYSQL_URL=${TEST_MYSQL_URL:-(not set: data-source and BladeX import tests skip MySQL)}"
export TEST_DATABASE_URL TEST_REDIS_URL TEST_MYSQL_URL

step "Build"
npm run build || exit 1

mkdir -p .tmp
rm -f .tmp/vitest*.json .tmp/playwright.json .tmp/playwright.log .tmp/second-node-*.log

# Every test runs once, and the product is exercised on two Node majors (decision 279): the browser
# suite drives the built server on the machine's Node; the three sweeps generated from the entity
# registry (the entity contract, the route fuzz and the list plans) run on the machine's Node too,
# from the first minute, while a second Node LTS is fetched from the npm registry and better-sqlite3
# is built against it in the background; every other unit and API test then runs on that Node.
second_major=${SECOND_NODE_MAJOR:-24}
step "Node $second_major for the unit and API tests (prepared in the background)"
( bash scripts/second-node.sh node --version > .tmp/second-node-prepare.log 2>&1 ) &
prepare_pid=$!

# The two suites are independent (the browser tests start their own server on a free port with
# its own data directory; API tests on PostgreSQL each use a schema of their own), so they run side
# by side: the browser tests mostly wait on Chromium and the server while Vitest keeps the cores busy.
step "Browser tests on Node $(node --version | sed 's/^v//') (started in the background; their output follows the unit and API tests)"
( E2E_FULL_RUN=1 PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" npm test -w e2e > .tmp/playwright.log 2>&1 ) &
browser_pid=$!

sweeps=(apps/api/src/engine/entity-contract*.test.ts apps/api/src/security/fuzz.test.ts apps/api/src/db/list-plans.test.ts)
# A test file that replaces a module, a global or the clock needs a module graph of its own; every
# other file shares its worker's (--isolate=false), which spares re-importing the API for each file
# (decision 282).
mapfile -t own_graph < <(grep -rlE 'vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(' apps packages scripts \
  --include='*.test.ts' --include='*.test.tsx' --exclude-dir=node_modules --exclude-dir=dist | sort)
step "The registry's sweeps and the files that replace modules, on Node $(node --version | sed 's/^v//')"
TEST_TEMPLATES=eager VITEST_RETRIED_FILE=.tmp/vitest-retried.json npx vitest run "${sweeps[@]}" "${own_graph[@]}" --reporter=default --reporter=json \
  --reporter=./scripts/vitest-retried-reporter.ts --outputFile.json=.tmp/vitest.json
unit=$?

exclude=()
for file in "${sweeps[@]}" "${own_graph[@]}"; do exclude+=(--exclude "$file"); done
if wait $prepare_pid; then
  cat .tmp/second-node-prepare.log
  step "Unit and API tests on Node $second_major"
  run_on=(bash scripts/second-node.sh node node_modules/vitest/vitest.mjs)
  rest_label="Node $second_major"
else
  cat .tmp/second-node-prepare.log
  echo "Node $second_major could not be prepared (see above): the unit and API tests run on this machine's Node."
  step "Unit and API tests on Node $(node --version | sed 's/^v//')"
  run_on=(npx vitest)
  rest_label="Node $(node --version | sed 's/^v//')"
fi
TEST_TEMPLATES=eager VITEST_RETRIED_FILE=.tmp/vitest-retried-rest.json "${run_on[@]}" run --isolate=false \
  "${exclude[@]}" --exclude '**/node_modules/**' \
  --reporter=default --reporter=json --reporter=./scripts/vitest-retried-reporter.ts --outputFile.json=.tmp/vitest-rest.json
rest=$?

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
