# Leftovers of containers that died without their network being torn down. Sourced by tools/infra/infra.
#
# Podman's CNI network state is host-wide: the IP leases in CNI_LEASES, the iptables rules (the
# port forwards among them) and the network namespaces. When an engine is killed while its
# containers run, none of it is removed, and a forward rule keeps sending 127.0.0.1:<port> to a
# container address nobody answers: a local server that the kernel later gives that port (any
# test's listen(0)) is then unreachable. `sweep_dead_cni` removes the state of every lease whose
# container no process runs any more: no process names the container id (conmon does, for as long
# as the container lives) and the lease's namespace holds no process. It runs before this folder's
# engine starts. Another engine may be running (the fault run's, next to the shared infra's): a
# lease younger than a minute is left alone, since a container being started has its lease and
# rules before conmon runs. Safe under `set -euo pipefail`, as the infra script runs it.

CNI_LEASES="${BERTH_CNI_LEASES:-/var/lib/cni/networks/podman}"

sweep_dead_cni() {
  [ -d "$CNI_LEASES" ] && command -v iptables >/dev/null || return 0
  local lease ip id ns
  for lease in "$CNI_LEASES"/*; do
    ip="${lease##*/}"
    [[ "$ip" =~ ^[0-9]+(\.[0-9]+){3}$ ]] || continue
    [ -z "$(find "$lease" -mmin -1 2>/dev/null)" ] || continue
    id="$(head -n1 "$lease" 2>/dev/null | tr -d '\r' || true)"  # CNI writes "<id>\r\n<interface>"
    [[ "$id" =~ ^[0-9a-f]{12,64}$ ]] || continue
    pgrep -f -- "$id" >/dev/null && continue
    ns="$(netns_holding "$ip")"
    [ -n "$ns" ] && [ -n "$(ip netns pids "$ns" 2>/dev/null)" ] && continue
    remove_cni_rules "$id" "$ip"
    [ -z "$ns" ] || ip netns delete "$ns" 2>/dev/null || true
    rm -f "$lease"
    say "removed the network left behind by container ${id:0:12} ($ip), which no longer runs"
  done
  return 0
}

# The network namespace that has the address, if any.
netns_holding() {
  command -v ip >/dev/null || return 0
  local ns
  for ns in $(ip netns list 2>/dev/null | cut -d' ' -f1); do
    ip -n "$ns" -o -4 addr show 2>/dev/null | grep -q " inet $1/" && { echo "$ns"; return 0; }
  done
  return 0
}

# Deletes the rules that name the container (its id in their comment) or its address, then the
# chains those rules jumped to (its forward and masquerade chains).
remove_cni_rules() {
  local id="$1" ip="$2" table rules chains chain rule
  for table in nat filter; do
    rules="$(iptables -t "$table" -S 2>/dev/null | grep '^-A ' | grep -F -e "id: \\\"$id\\\"" -e " $ip/32 " || true)"
    [ -n "$rules" ] || continue
    chains="$(grep -o -- '-j CNI-[A-Za-z0-9-]*' <<<"$rules" | cut -c4- | sort -u || true)"
    while IFS= read -r rule; do eval "iptables -t $table -D ${rule#-A }" 2>/dev/null || true; done <<<"$rules"
    for chain in $chains; do
      iptables -t "$table" -F "$chain" 2>/dev/null && iptables -t "$table" -X "$chain" 2>/dev/null || true
    done
  done
}
