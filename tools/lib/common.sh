# Shared shell helpers for Berth's tools. Sourced, never executed.
# Sets BERTH_ROOT and BERTH_LOCAL (the one git-ignored folder everything local lives in),
# loads optional overrides from berth.env, and puts the project's Node 24 first on PATH.

BERTH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BERTH_LOCAL="${BERTH_LOCAL:-$BERTH_ROOT/.local}"
export BERTH_ROOT BERTH_LOCAL
mkdir -p "$BERTH_LOCAL"/{bin,logs,run,tmp}

# berth.env (KEY=value lines) fills in what the environment does not set: a variable given on the
# command line wins over the file.
if [ -f "$BERTH_ROOT/berth.env" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    [[ $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)= ]] || continue
    [ -n "${!BASH_REMATCH[2]+set}" ] && continue
    eval "export ${BASH_REMATCH[2]}=${line#*=}"
  done <"$BERTH_ROOT/berth.env"
fi

# glibc hands memory of 1 MB or more back to the system when freed: without this, the 16 MB buffers of
# scrypt (password checks) stay in malloc's per-thread arenas and an app's RSS climbs by 100 MB or more
# (`npm run bench:malloc`). Every process the tools start inherits it; an operator's value wins.
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-1048576}"

say()  { printf '\033[1m[berth]\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[31m[berth] %s\033[0m\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    fail "need root to run: $* (install it by hand, or run as root)"; fi
}

# Installs the named Debian packages that are missing, with one apt-get update at most.
ensure_debs() {
  local missing=() p
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || fail "missing packages ${missing[*]} and no apt-get to install them"
  say "installing Debian packages: ${missing[*]}"
  as_root apt-get -o DPkg::Lock::Timeout=600 update -qq >"$BERTH_LOCAL/logs/apt.log" 2>&1 || true
  DEBIAN_FRONTEND=noninteractive as_root apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" \
    >>"$BERTH_LOCAL/logs/apt.log" 2>&1 || { tail -n 20 "$BERTH_LOCAL/logs/apt.log" >&2; fail "apt-get install ${missing[*]} failed"; }
}

# Debian's chromium, for the browser specs (*.e2e-spec.ts using libs/testing's browser.ts): playwright-core
# drives this binary, so no browser is downloaded from anywhere else.
ensure_chromium() { ensure_debs chromium; }

# Node 24 LTS: the system's node when it is 24, else the npm registry's node-linux-<arch>@24
# unpacked under .local/node.
ensure_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" = 24 ]; then return 0; fi
  if [ ! -x "$BERTH_LOCAL/node/bin/node" ]; then
    command -v npm >/dev/null || fail "Node 24 is needed and there is no npm to fetch it with"
    local arch; case "$(uname -m)" in x86_64) arch=x64;; aarch64) arch=arm64;; *) fail "no Node 24 package for $(uname -m)";; esac
    say "installing Node 24 (node-linux-$arch@24) into .local/node"
    rm -rf "$BERTH_LOCAL/tmp/node" && mkdir -p "$BERTH_LOCAL/tmp/node"
    (cd "$BERTH_LOCAL/tmp/node" && npm pack --silent "node-linux-$arch@24" >/dev/null) || fail "could not download node-linux-$arch@24"
    rm -rf "$BERTH_LOCAL/node" && mkdir -p "$BERTH_LOCAL/node"
    tar xzf "$BERTH_LOCAL"/tmp/node/*.tgz -C "$BERTH_LOCAL/node" --strip-components=1
    rm -rf "$BERTH_LOCAL/tmp/node"
  fi
  export PATH="$BERTH_LOCAL/node/bin:$PATH"
  node -e 'process.exit(process.versions.node.startsWith("24.") ? 0 : 1)' || fail "Node 24 did not install"
}

# npm packages, reinstalled only when package-lock.json changed since node_modules was installed
# (the stamp lives inside node_modules, so it always describes the tree next to it; editing
# package.json's scripts reinstalls nothing).
ensure_npm_deps() {
  local stamp="$BERTH_ROOT/node_modules/.berth-npm-ci.stamp" sum
  sum="$(sha256sum "$BERTH_ROOT/package-lock.json" | cut -c1-64)"
  if [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then return 0; fi
  say "installing npm packages (npm ci)"
  (cd "$BERTH_ROOT" && npm ci --no-audit --no-fund --loglevel=error) >"$BERTH_LOCAL/logs/npm-ci.log" 2>&1 \
    || { tail -n 30 "$BERTH_LOCAL/logs/npm-ci.log" >&2; fail "npm ci failed"; }
  echo "$sum" >"$stamp"
}

# The fuzzer (tools/fuzz/requirements.txt) in a Python venv under .local/fuzz/venv, from PyPI;
# installed again when the requirements change. Needs Python 3.10 or newer (python3-venv from Debian where missing).
ensure_fuzzer() {
  local venv="$BERTH_LOCAL/fuzz/venv" req="$BERTH_ROOT/tools/fuzz/requirements.txt" stamp sum py="${BERTH_PYTHON:-python3}"
  stamp="$venv/.berth-requirements.stamp"
  sum="$(sha256sum "$req" | cut -c1-64)"
  if [ "$(cat "$stamp" 2>/dev/null)" = "$sum" ]; then return 0; fi
  command -v "$py" >/dev/null || ensure_debs python3 python3-venv
  "$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || fail "the fuzzer needs Python 3.10 or newer (set BERTH_PYTHON)"
  say "installing the fuzzer (schemathesis) into $venv"
  rm -rf "$venv"
  { "$py" -m venv "$venv" || { ensure_debs python3-venv && "$py" -m venv "$venv"; }; } >"$BERTH_LOCAL/logs/fuzz-venv.log" 2>&1 \
    || { tail -n 20 "$BERTH_LOCAL/logs/fuzz-venv.log" >&2; fail "could not make the fuzzer's Python venv"; }
  "$venv/bin/pip" install --disable-pip-version-check --no-input -q -r "$req" >>"$BERTH_LOCAL/logs/fuzz-venv.log" 2>&1 \
    || { tail -n 20 "$BERTH_LOCAL/logs/fuzz-venv.log" >&2; fail "pip install of the fuzzer failed"; }
  echo "$sum" >"$stamp"
}
