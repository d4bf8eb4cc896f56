#!/bin/bash
# The compile of hx711-rpi-py held to a Raspberry Pi Zero 2 W's memory (issue 28).
#
#   sudo install/prove-low-memory-compile.sh      # from the repo root; takes minutes
#
# Not part of ./run-tests or CI (too slow). In the cached trixie arm64 root of
# install/test-in-emulated-pi.sh (its functions, sourced; the emulated Cortex-A53), with
# lg and libhx711 from that script's cache: pip compiles hx711-rpi-py as install/pi.sh
# does (its CFLAGS/CXXFLAGS, pip's cache bypassed so it really compiles) inside a memory
# cgroup (v1) of WAAGE_PROVE_RESIDENT_MB resident (default 400; MB = 10^6 bytes, as in
# issue 28) with a temporary swap file on this machine of the installer's size (SWAP_MB
# MiB in install/pi.sh); the cgroup's memory+swap limit is the two together. qemu's own memory counts inside the limit: the
# emulated proof is stricter than a real Pi. Prints wall time, peak resident, peak
# resident+swap and the cgroup's failcnt (times the limit was hit, i.e. pages pushed to
# swap); exit 0 only when pip finished and the binding imports, 1 when the compile failed
# or was OOM-killed. Cleans up (swapoff, swap file, cgroup, root) even on failure.
# Needs root, cgroup v1's memory controller with swap accounting, swapon on a file,
# and a cached lg/libhx711 (run the emulated proof once with WAAGE_PI_SUITE=trixie
# WAAGE_PI_HX711_SOURCE=../shared/vendor/hx711-ed1da42).
set -euo pipefail

export WAAGE_PI_SUITE=${WAAGE_PI_SUITE:-trixie}
export WAAGE_HOST_BIN=${WAAGE_HOST_BIN:-/bin/true}   # no replays compared here
# shellcheck source=install/test-in-emulated-pi.sh
. "$(dirname "$0")/test-in-emulated-pi.sh"
HX711_SOURCE=${WAAGE_PI_HX711_SOURCE:-$REPO/../shared/vendor/hx711-ed1da42}
RESIDENT_MB=${WAAGE_PROVE_RESIDENT_MB:-400}
# the installer's own values: its swap size and the binding's flags
eval "$(sed -n '/^SWAP_MB=/p; /^GCC_LOW_MEMORY=/p; /^BINDING_FLAGS=/p' "$REPO/install/pi.sh")"
PROVE_SWAP=/var/tmp/waage-prove-low-memory.swap
CG=""

prove_cleanup() {
    local rc=$?
    if grep -q "^$PROVE_SWAP " /proc/swaps 2>/dev/null; then swapoff "$PROVE_SWAP" || true; fi
    rm -f "$PROVE_SWAP"
    if [ -n "$CG" ] && [ -d "$CG" ]; then
        local p
        for p in $(cat "$CG/cgroup.procs" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
        sleep 1
        rmdir "$CG" || echo "prove: could not remove the cgroup $CG" >&2
    fi
    cleanup
    exit "$rc"
}
trap prove_cleanup EXIT

cg_read() { cat "$CG/$1"; }
mb() { echo $(( $1 / 1000000 )); }   # bytes -> MB (10^6)

prove() {
    need_tools
    [ -d "$HX711_SOURCE" ] || die "no libhx711 source at $HX711_SOURCE (WAAGE_PI_HX711_SOURCE)"
    local libs parent spec rc=0 t oom
    libs=$CACHE/hx711-libs-$SUITE-$(lib_cache_key).tar
    [ -s "$libs" ] || die "no cached lg/libhx711 ($libs): run WAAGE_PI_SUITE=$SUITE WAAGE_PI_HX711_SOURCE=$HX711_SOURCE install/test-in-emulated-pi.sh once"
    parent=/sys/fs/cgroup/memory$(sed -n 's/^[0-9]*:memory://p' /proc/self/cgroup)
    [ -w "$parent" ] && [ -e "$parent/memory.memsw.limit_in_bytes" ] \
        || die "no writable cgroup v1 memory controller with swap accounting at $parent"
    spec=$(python3 -c 'import sys, tomllib; print(next(d for d in tomllib.load(open(sys.argv[1], "rb"))["project"]["optional-dependencies"]["pi"] if d.startswith("hx711-rpi-py")))' "$REPO/pyproject.toml")

    phase "the trixie root with lg, libhx711, build-essential and python3-dev"
    ARM64=$(base_tarball arm64)
    mkdir -p /var/tmp
    WORK=$(mktemp -d /var/tmp/waage-prove-low-memory.XXXXXX)
    ROOT=$(new_root "$ARM64")
    mount_root "$ROOT"
    tar -C "$ROOT" -xf "$libs" && in_root "$ROOT" ldconfig
    in_root "$ROOT" apt-get update -q > /dev/null
    in_root "$ROOT" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        build-essential python3-dev python3-venv > "$WORK/apt.log" 2>&1 || { tail -20 "$WORK/apt.log"; die "apt-get install failed"; }
    in_root "$ROOT" python3 -m venv /root/venv
    log "root: $ROOT ($(in_root "$ROOT" python3 -V), QEMU_CPU=$QEMU_CPU); $spec with CFLAGS=CXXFLAGS=\"$BINDING_FLAGS\""

    phase "swap file ($SWAP_MB MiB) and cgroup ($RESIDENT_MB MB resident)"
    rm -f "$PROVE_SWAP"
    dd if=/dev/zero of="$PROVE_SWAP" bs=1M count="$SWAP_MB" status=none
    chmod 600 "$PROVE_SWAP"
    mkswap "$PROVE_SWAP" > /dev/null
    swapon "$PROVE_SWAP"
    CG=$parent/waage-prove-low-memory-$$
    mkdir "$CG"
    echo "$(( RESIDENT_MB * 1000000 ))" > "$CG/memory.limit_in_bytes"
    echo "$(( RESIDENT_MB * 1000000 + SWAP_MB * 1048576 ))" > "$CG/memory.memsw.limit_in_bytes"
    echo 60 > "$CG/memory.swappiness" 2>/dev/null || true   # Raspberry Pi OS's default
    log "cgroup $CG: memory $(mb "$(cg_read memory.limit_in_bytes)") MB, memory+swap $(mb "$(cg_read memory.memsw.limit_in_bytes)") MB, swappiness $(cg_read memory.swappiness)"

    phase "pip compiles $spec (no cache) in $RESIDENT_MB MB resident + $SWAP_MB MiB swap"
    t=$(date +%s)
    set +e
    (
        echo "$BASHPID" > "$CG/cgroup.procs"
        exec chroot "$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb QEMU_CPU="$QEMU_CPU" \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            CFLAGS="$BINDING_FLAGS" CXXFLAGS="$BINDING_FLAGS" PIP_DISABLE_PIP_VERSION_CHECK=1 \
            /root/venv/bin/pip install --no-cache-dir -v "$spec"
    ) > "$WORK/pip.log" 2>&1
    rc=$?
    set -e
    t=$(( $(date +%s) - t ))
    oom=$(awk '$1 == "oom_kill" {print $2}' "$CG/memory.oom_control")
    grep -E "Building wheel|Successfully|Killed|error:|ERROR" "$WORK/pip.log" | sed 's/^/    | /' | tail -20
    [ "$rc" = 0 ] || tail -30 "$WORK/pip.log" | sed 's/^/    | /'

    local figures
    figures=$(printf '%s\n' \
        "wall time of pip (download + compile + install): $t s" \
        "peak resident (memory.max_usage_in_bytes): $(mb "$(cg_read memory.max_usage_in_bytes)") MB (limit $RESIDENT_MB)" \
        "peak resident+swap (memory.memsw.max_usage_in_bytes): $(mb "$(cg_read memory.memsw.max_usage_in_bytes)") MB (limit $(mb "$(cg_read memory.memsw.limit_in_bytes)"))" \
        "memory.failcnt: $(cg_read memory.failcnt), memory.memsw.failcnt: $(cg_read memory.memsw.failcnt), OOM kills: ${oom:-?}" \
        "pip exit: $rc")
    printf '%s\n' "$figures" | sed 's/^/  /'
    check "no process OOM-killed in the cgroup" test "${oom:-0}" = 0
    check "pip built and installed $spec in $RESIDENT_MB MB resident + $SWAP_MB MiB swap (exit $rc)" test "$rc" = 0
    check "the compiled binding imports" in_root "$ROOT" /root/venv/bin/python -c 'import HX711'

    phase ""
    printf '\nlow-memory compile: phase times\n%s' "$TIMES"
    printf '\nlow-memory compile: figures (QEMU_CPU=%s, %s)\n%s\n' "$QEMU_CPU" "$(date -u +%F)" "$(printf '%s\n' "$figures" | sed 's/^/  /')"
    if [ "$FAILED" != 0 ]; then
        echo "low-memory compile: FAILED (see FAIL lines above)"
        exit 1
    fi
    echo "low-memory compile: finished within $RESIDENT_MB MB resident (every check passed)"
}

prove "$@"
