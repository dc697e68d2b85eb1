# Process helpers for tools/infra: every component runs as a plain background process with a
# pid file under .local/run and a log under .local/logs.

pidfile() { echo "$BERTH_LOCAL/run/$1.pid"; }
logfile() { echo "$BERTH_LOCAL/logs/$1.log"; }

is_running() {
  local pid; pid="$(cat "$(pidfile "$1")" 2>/dev/null)" || return 1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# start_bg NAME CMD...: starts CMD detached in its own session, output to the component's log.
start_bg() {
  local name="$1"; shift
  : >"$(logfile "$name")"
  setsid nohup "$@" >>"$(logfile "$name")" 2>&1 </dev/null &
  echo $! >"$(pidfile "$name")"
}

# stop_bg NAME: SIGTERM to the component's process group, SIGKILL after 20 s.
stop_bg() {
  local name="$1" pid i
  pid="$(cat "$(pidfile "$name")" 2>/dev/null)" || return 0
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
    for i in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && { kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid"; }
  fi
  rm -f "$(pidfile "$name")"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Refuses to start NAME when its port is held by a process that is not ours.
claim_port() {
  local name="$1" port="$2"
  if port_open "$port"; then
    local who; who="$(ss -ltnpH "sport = :$port" 2>/dev/null | sed -n 's/.*users:((\("[^"]*"\).*/\1/p' | head -n 1)"
    printf '\033[31m[berth] %s did not start: port %s is already taken%s; set %s to a free port\033[0m\n' \
      "$name" "$port" "${who:+ by $who}" "${3:-its port variable}" >&2
    exit 1
  fi
}

# Prints which component failed, why, and the tail of its log; exits non-zero.
report_failure() {
  local name="$1" reason="$2"
  printf '\033[31m[berth] %s did not start: %s\033[0m\n' "$name" "$reason" >&2
  if [ -s "$(logfile "$name")" ]; then
    echo "--- last lines of $(logfile "$name") ---" >&2
    tail -n 20 "$(logfile "$name")" >&2
  fi
  exit 1
}

# wait_ready NAME SECONDS CHECK...: polls CHECK until it succeeds, the process dies, or time runs out.
wait_ready() {
  local name="$1" secs="$2"; shift 2
  local deadline=$((SECONDS + secs))
  while ((SECONDS < deadline)); do
    "$@" >/dev/null 2>&1 && return 0
    is_running "$name" || report_failure "$name" "the process exited"
    sleep 0.3
  done
  report_failure "$name" "no answer within ${secs}s"
}
