# The four local components: install, start and check each. Sourced by tools/infra/infra.

KAFKA_PORT="${BERTH_KAFKA_PORT:-9192}"
KAFKA_CONTROLLER_PORT="${BERTH_KAFKA_CONTROLLER_PORT:-9193}"
MONGO_PORT="${BERTH_MONGO_PORT:-27127}"
REDIS_PORT="${BERTH_REDIS_PORT:-6389}"
PODMAN_SOCKET="${BERTH_PODMAN_SOCKET:-$BERTH_LOCAL/podman/podman.sock}"
FERRETDB_VERSION=v1.24.2
FERRETDB_BUILD="$FERRETDB_VERSION+id-lookups+id-narrowing"
INFRA_DIR="$BERTH_ROOT/tools/infra"
probe() { node "$INFRA_DIR/probe.js" "$@"; }

mongo_external() { [ -n "${MONGODB_URI:-}" ] && [ "${MONGODB_URI}" != "$(ferret_uri)" ]; }
# FerretDB 1.24 applies an update as "read the matching documents, then write them back", with
# no check in between: two connections updating one document at once lose one of the writes.
# One connection per client (maxPoolSize=1) sends one operation at a time, so every write
# from one process is applied in order. Two processes writing one document are only safe on
# MongoDB (docs/operations/index.md).
ferret_uri() { echo "mongodb://127.0.0.1:$MONGO_PORT/?maxPoolSize=1"; }
mongo_uri() { if mongo_external; then echo "$MONGODB_URI"; else ferret_uri; fi; }

# --- Kafka (KRaft, one node) ---
install_kafka() {
  local libs="$BERTH_LOCAL/kafka/libs" sum
  sum="$(sha256sum "$INFRA_DIR/kafka/pom.xml" | cut -c1-64)"
  [ "$(cat "$libs/.pom.sha256" 2>/dev/null)" = "$sum" ] && return 0
  command -v java >/dev/null || ensure_debs openjdk-17-jre-headless
  command -v mvn >/dev/null || ensure_debs maven
  say "resolving Kafka's jars from Maven Central"
  rm -rf "$libs"
  mvn -q -B -f "$INFRA_DIR/kafka/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$libs" >"$BERTH_LOCAL/logs/kafka-install.log" 2>&1 || report_failure kafka-install "mvn could not resolve the Kafka jars"
  echo "$sum" >"$libs/.pom.sha256"
}
start_kafka() {
  local dir="$BERTH_LOCAL/kafka" cp="$BERTH_LOCAL/kafka/libs/*"
  is_running kafka && return 0
  claim_port kafka "$KAFKA_PORT" BERTH_KAFKA_PORT; claim_port kafka "$KAFKA_CONTROLLER_PORT" BERTH_KAFKA_CONTROLLER_PORT
  mkdir -p "$dir/data"
  sed -e "s#@PORT@#$KAFKA_PORT#g; s#@CPORT@#$KAFKA_CONTROLLER_PORT#g; s#@DATA@#$dir/data#g" \
    "$INFRA_DIR/kafka/server.properties.in" >"$dir/server.properties"
  if [ ! -f "$dir/data/meta.properties" ]; then
    local id; id="$(java -cp "$cp" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
    java -Dlog4j2.configurationFile="$INFRA_DIR/kafka/log4j2.properties" -cp "$cp" kafka.tools.StorageTool \
      format -t "$id" -c "$dir/server.properties" >"$(logfile kafka)" 2>&1 || report_failure kafka "storage format failed"
  fi
  start_bg kafka java "-Xms256m" "-Xmx${BERTH_KAFKA_HEAP:-512m}" -XX:+UseG1GC -XX:TieredStopAtLevel=1 \
    -Dlog4j2.configurationFile="$INFRA_DIR/kafka/log4j2.properties" -cp "$cp" kafka.Kafka "$dir/server.properties"
}
check_kafka() { probe kafka "127.0.0.1:$KAFKA_PORT"; }

# --- FerretDB 1.24 on SQLite (skipped when MONGODB_URI names another store) ---
install_ferretdb() {
  mongo_external && return 0
  [ -x "$BERTH_LOCAL/bin/ferretdb" ] && [ "$(cat "$BERTH_LOCAL/bin/ferretdb.build" 2>/dev/null)" = "$FERRETDB_BUILD" ] && return 0
  command -v go >/dev/null || report_failure ferretdb-install "Go is needed to build FerretDB from its module"
  say "building FerretDB $FERRETDB_VERSION from its Go module"
  local src dir="$BERTH_LOCAL/tmp/ferretdb-src"
  src="$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
  [ -d "$src" ] || report_failure ferretdb-install "go mod download of FerretDB failed"
  rm -rf "$dir" && cp -r "$src" "$dir" && chmod -R u+w "$dir"
  echo "$FERRETDB_VERSION" >"$dir/build/version/version.txt"
  patch_ferretdb_id_lookups "$dir"
  patch_ferretdb_id_narrowing "$dir"
  (cd "$dir" && go build -trimpath -o "$BERTH_LOCAL/bin/ferretdb" ./cmd/ferretdb) >"$BERTH_LOCAL/logs/ferretdb-install.log" 2>&1 \
    || report_failure ferretdb-install "go build failed (see .local/logs/ferretdb-install.log)"
  echo "$FERRETDB_BUILD" >"$BERTH_LOCAL/bin/ferretdb.build"
  rm -rf "$dir"
}
# FerretDB 1.24's SQLite backend indexes `_id` as `_ferretdb_sjson->"_id"` but looks documents up
# by `_ferretdb_sjson->'$._id'`, an expression SQLite does not match to that index: every find,
# update and delete by `_id` reads the whole table (an update costs 6 ms at 500 documents, 56 ms
# at 5,000). The one-line patch makes lookups use the index's form (about 1.5 ms at any size).
patch_ferretdb_id_lookups() {
  local meta="$1/internal/backends/sqlite/metadata/metadata.go"
  grep -q "IDColumn = DefaultColumn + \"->'\$._id'\"" "$meta" \
    || report_failure ferretdb-install "FerretDB's source changed: the _id lookup patch no longer applies"
  sed -i "s|IDColumn = DefaultColumn + \"->'\$._id'\"|IDColumn = DefaultColumn + \"->'_id'\"|" "$meta"
}
# It also narrows a query by `_id` only when the filter is `{_id}` and nothing else: a guarded write
# (`{_id, version}`, `{_id, version, subscribed: true}`) or a lease renewal (`{_id, $or: […]}`) reads
# the whole table. FerretDB applies the whole filter to what the backend returns anyway (find,
# count, distinct, update, delete, findAndModify and aggregate all filter again), so narrowing by
# `_id` whenever the filter names a string or ObjectId `_id` only leaves out documents the filter
# would refuse. The patch drops the "and nothing else" (in the query and in its `explain`).
patch_ferretdb_id_narrowing() {
  local coll="$1/internal/backends/sqlite/collection.go"
  [ "$(grep -c 'if params.Filter.Len() == 1 {' "$coll")" = 2 ] \
    || report_failure ferretdb-install "FerretDB's source changed: the _id narrowing patch no longer applies"
  sed -i 's|if params.Filter.Len() == 1 {|if params.Filter.Len() >= 1 {|' "$coll"
}
start_ferretdb() {
  mongo_external && return 0
  is_running ferretdb && return 0
  claim_port ferretdb "$MONGO_PORT" BERTH_MONGO_PORT
  mkdir -p "$BERTH_LOCAL/ferretdb/data"
  # WAL with synchronous=normal: a crash of the process loses nothing; a power cut may lose the
  # last transactions (never corrupts). Full sync fsyncs every write (inserts 1.7 ms, not 1.05).
  start_bg ferretdb "$BERTH_LOCAL/bin/ferretdb" --handler=sqlite \
    --sqlite-url="file:$BERTH_LOCAL/ferretdb/data/?_pragma=synchronous(normal)" \
    --listen-addr="127.0.0.1:$MONGO_PORT" --debug-addr=- --telemetry=disable --state-dir="$BERTH_LOCAL/ferretdb" --log-level=warn
}
check_ferretdb() { probe mongo "$(mongo_uri)"; }

# --- Redis ---
install_redis() { command -v redis-server >/dev/null || ensure_debs redis-server; }
start_redis() {
  is_running redis && return 0
  claim_port redis "$REDIS_PORT" BERTH_REDIS_PORT
  mkdir -p "$BERTH_LOCAL/redis"
  start_bg redis redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$BERTH_LOCAL/redis" \
    --save 60 1000 --appendonly no --daemonize no --loglevel warning
}
check_redis() { probe redis "redis://127.0.0.1:$REDIS_PORT"; }

# --- Podman's Docker-compatible API ---
podman_env() {
  export CONTAINERS_CONF="$BERTH_LOCAL/podman/containers.conf" CONTAINERS_STORAGE_CONF="$BERTH_LOCAL/podman/storage.conf"
}
install_podman() { command -v podman >/dev/null && command -v runc >/dev/null || ensure_debs podman runc; }
start_podman() {
  podman_env
  is_running podman && return 0
  local d="$BERTH_LOCAL/podman"
  mkdir -p "$d/root" "$d/run"
  # On this kind of machine containers start only with runc, cgroupfs, and ulimits within the hard limits.
  cat >"$d/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=$(ulimit -Hu):$(ulimit -Hu)"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
  printf '[storage]\ndriver = "overlay"\ngraphroot = "%s"\nrunroot = "%s"\n' "$d/root" "$d/run" >"$d/storage.conf"
  rm -f "$PODMAN_SOCKET"
  sweep_dead_cni
  start_bg podman podman system service --time=0 "unix://$PODMAN_SOCKET"
}
check_podman() { probe docker "$PODMAN_SOCKET"; }
stop_podman_containers() {
  podman_env
  command -v podman >/dev/null || return 0
  local ids; ids="$(podman ps -q --filter label=io.berth.managed=true 2>/dev/null)"
  [ -n "$ids" ] && podman stop -t 5 $ids >/dev/null 2>&1
  return 0
}
# conmon keeps each finished exec session (the orchestrator's exec probes) for 300 s before it
# exits; those of this folder's engine go with it, so that `infra down` leaves no process (and no
# mount) behind.
stop_podman_leftovers() {
  local pattern="conmon .*$BERTH_LOCAL/podman/root" overlay="$BERTH_LOCAL/podman/root/overlay" i
  pkill -f "$pattern" 2>/dev/null || true
  for i in $(seq 20); do pgrep -f "$pattern" >/dev/null || break; sleep 0.25; done
  # Podman bind-mounts its overlay folder onto itself and leaves it mounted; without this the
  # folder cannot be removed after `infra down` (lazily, should a process still hold it).
  if mountpoint -q "$overlay" 2>/dev/null; then umount "$overlay" 2>/dev/null || umount -l "$overlay" 2>/dev/null || true; fi
  return 0
}
