#!/usr/bin/env bash
# Runs a command in a fresh network namespace that has only loopback (up).
# Usage: scripts/lib/in-netns.sh CMD [ARG...]
set -euo pipefail
if [ -z "${DICE_DUEL_IN_NETNS:-}" ]; then
  userns=(); [ "$(id -u)" -eq 0 ] || userns=(-r)
  exec env DICE_DUEL_IN_NETNS=1 unshare "${userns[@]}" -n -- "$0" "$@"
fi
ip link set lo up
exec "$@"
