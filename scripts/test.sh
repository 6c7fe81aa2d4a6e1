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
echo "TEST_DATABASE_URL=${TEST_DATABASE_URL:-(not set: API tests run on SQLite only)}"
echo "TEST_REDIS_URL=${TEST_REDIS_URL:-(not set)}"
echo "TEST_MYSQL_URL=${TEST_MYSQL_URL:-(not set: data-source and BladeX import tests skip MySQL)}"
export TEST_DATABASE_URL TEST_REDIS_URL TEST_MYSQL_URL

step "Build"
npm run build || exit 1

mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/vitest-retried.json .tmp/playwright.json .tmp/playwright.log

# The two suites are independent (the browser tests start their own server on a free port with
# its own data directory; API tests on PostgreSQL each use a schema of their own), so they run side
# by side: the browser tests mostly wait on Chromium and the server while Vitest keeps the cores busy.
step "Browser tests (started in the background; their output follows the unit and API tests)"
( PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" npm test -w e2e > .tmp/playwright.log 2>&1 ) &
browser_pid=$!

step "Unit and API tests"
TEST_TEMPLATES=eager VITEST_RETRIED_FILE=.tmp/vitest-retried.json npx vitest run --reporter=default --reporter=json \
  --reporter=./scripts/vitest-retried-reporter.ts --outputFile.json=.tmp/vitest.json
unit=$?

step "Browser tests"
wait $browser_pid
browser=$?
cat .tmp/playwright.log

node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json .tmp/vitest-retried.json
[ $unit -eq 0 ] && [ $browser -eq 0 ]
