#!/bin/bash
# The installer proven in an emulated 64-bit Raspberry Pi OS (issues 19 and 28).
#
#   sudo install/test-in-emulated-pi.sh          # from the repo root; ./run-tests runs it
#                                                 # through tests/install when WAAGE_EMULATED_PI=1
#   sudo WAAGE_PI_SUITE=trixie WAAGE_PI_HX711_SOURCE=../shared/vendor/hx711-ed1da42 \
#        install/test-in-emulated-pi.sh          # Raspberry Pi OS of today, both paths
#
# Builds (once, then cached in $WAAGE_PI_ROOT_CACHE, default /var/cache/waage-pi-root)
# a Debian arm64 root of $WAAGE_PI_SUITE (bookworm: Python 3.11, trixie: 3.13) with
# debootstrap; qemu-user-static runs its binaries through binfmt_misc, emulating the
# Zero 2 W's core (QEMU_CPU=cortex-a53, kept through every `env -i`: qemu's default
# `max` CPU makes trixie's pointer-authenticating binaries 4-5x slower than a Pi). Raspberry Pi OS Lite 64-bit is that Debian plus Raspberry Pi's
# firmware files: this script adds what the installer looks at (the device tree's
# model and /boot/firmware/config.txt). Then, inside the root, as a user would:
#   1. the installer refuses the board while it is no Raspberry Pi;
#   2. sudo sh install/pi.sh --config config/serial.toml: install (the chroot steps skipped);
#   3. waage check-config, replays and `waage screens` compared byte for byte with this
#      machine's; the unit's ExecStart run as the unit runs it (user, groups, working
#      directory, environment) until its web view answers on loopback, then stopped;
#      with WAAGE_PI_TESTS_INSIDE=1 the display, UI and HX711 tests on the installed waage;
#   4. a second run (upgrade) keeps the config, the state directory and the calibration;
#   5. --uninstall removes what it added and keeps config and state (owned by root);
#      (4 and 5 are left out with WAAGE_PI_UPGRADE=0, and WAAGE_PI_REPLAYS=some replays
#      only the repo's 3 scenarios: CI splits these between its two suites, tests/install)
#   6. with WAAGE_PI_HX711_SOURCE=DIR (an endail/hx711 source tree; GitHub is not
#      reachable from CI) also the kind = "hx711" install: lg and libhx711 built, the
#      pi extra compiled (the peak resident memory of every compiler process measured),
#      the real `HX711` binding has every name of waage's double, waage's reader gets
#      the binding's GpioException (no GPIO chip here) as a sensor fault, and the
#      service's command comes up. lg and libhx711 are cached keyed on their inputs
#      (the installer's build function, the source tree, the suite): rebuilt only when
#      one of those changes; pip's cache keeps the hx711-rpi-py wheel.
# and a 32-bit (armhf) root must be refused with the way out.
# Needs root, debootstrap, qemu-user-static and binfmt-support (Debian packages).
# Prints the time of every phase; exit 0 only when every check passed.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)   # also when sourced
CACHE=${WAAGE_PI_ROOT_CACHE:-/var/cache/waage-pi-root}
MIRROR=${WAAGE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=${WAAGE_PI_SUITE:-bookworm}
case "$SUITE" in bookworm|trixie) ;; *) echo "WAAGE_PI_SUITE: bookworm or trixie, not $SUITE" >&2; exit 2 ;; esac
# the Zero 2 W's core; chroot passes it on, in_root's env -i names it again
export QEMU_CPU=${WAAGE_QEMU_CPU:-cortex-a53}
HOST_WAAGE=${WAAGE_HOST_BIN:-$REPO/.venv/bin/waage}
HX711_SOURCE=${WAAGE_PI_HX711_SOURCE:-}
WORK=""
MOUNTS=()
TIMES=""
T0=$(date +%s)
FAILED=0

log() { printf '[emulated-pi %4ss] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; FAILED=1; }
die() { printf 'emulated-pi: %s\n' "$*" >&2; exit 2; }
check() {   # check DESCRIPTION COMMAND...: runs COMMAND, FAIL unless it exits 0
    local what=$1; shift
    if "$@"; then log "ok: $what"; else fail "$what"; fi
}

phase_start=0
phase_name=""
phase() {
    local now; now=$(date +%s)
    if [ -n "$phase_name" ]; then
        TIMES+=$(printf '  %-52s %5s s\n' "$phase_name" "$(( now - phase_start ))")$'\n'
    fi
    phase_name=$1; phase_start=$now
    [ -z "$phase_name" ] || log "== $phase_name"
}

cleanup() {
    local i
    for (( i=${#MOUNTS[@]}-1; i>=0; i-- )); do umount -l "${MOUNTS[$i]}" 2>/dev/null || true; done
    MOUNTS=()
    if [ -n "$WORK" ] && [ "${WAAGE_PI_KEEP_ROOT:-0}" != 1 ]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT

# ---------------------------------------------------------------- the machine

need_tools() {
    [ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mount)"
    local missing="" c
    for c in debootstrap:debootstrap qemu-aarch64-static:qemu-user-static update-binfmts:binfmt-support; do
        command -v "${c%%:*}" >/dev/null 2>&1 || missing+=" ${c#*:}"
    done
    [ -z "$missing" ] || die "not installed:$missing (Debian: apt-get install$missing)"
    [ -x "$HOST_WAAGE" ] || die "no $HOST_WAAGE to compare replays with (./run-tests creates .venv)"
    # binfmt_misc: the kernel hands arm64/armhf binaries to qemu (the F flag: no copy in the root).
    # The suites' runs start together (tests/install/conftest.py): one at a time here, or the
    # second's mount fails with "already mounted" (CI, stop 41).
    local a
    exec {binfmt_lock}>/run/lock/waage-emulated-pi-binfmt.lock
    flock "$binfmt_lock"
    if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null \
            || [ -e /proc/sys/fs/binfmt_misc/register ] || die "cannot mount binfmt_misc"
    fi
    for a in qemu-aarch64 qemu-arm; do
        [ -e "/proc/sys/fs/binfmt_misc/$a" ] || update-binfmts --enable "$a" >/dev/null 2>&1 || true
        grep -q '^enabled' "/proc/sys/fs/binfmt_misc/$a" 2>/dev/null \
            || die "binfmt for $a is not enabled (update-binfmts --enable $a; it needs binfmt_misc in the kernel)"
    done
    exec {binfmt_lock}>&-
}

# Raspberry Pi OS Lite ships python3 and ca-certificates; a Debian minbase root does not.
# Having them in the cached root saves minutes of dpkg under emulation on every run;
# the installer still installs them where they are missing.
PI_OS_LITE_HAS=python3,ca-certificates

base_tarball() {   # base_tarball ARCH [--foreign]: echoes the cached tarball, building it when missing
    local arch=$1 foreign=${2:-} tarball dir start include=""
    [ -n "$foreign" ] || include="--include=$PI_OS_LITE_HAS"
    tarball=$CACHE/$SUITE-$arch-minbase${foreign:+-foreign}${include:+-$(echo "$include" | cksum | cut -c1-6)}.tar.gz
    if [ ! -s "$tarball" ]; then
        mkdir -p "$CACHE"
        dir=$(mktemp -d /var/tmp/waage-debootstrap.XXXXXX)
        start=$(date +%s)
        log "debootstrap $SUITE $arch${foreign:+ (first stage only)} into $dir (once; cached as $tarball)" >&2
        debootstrap --arch="$arch" --variant=minbase $include $foreign "$SUITE" "$dir" "$MIRROR" > "$CACHE/debootstrap-$SUITE-$arch.log" 2>&1 \
            || { tail -20 "$CACHE/debootstrap-$SUITE-$arch.log" >&2; rm -rf "$dir"; die "debootstrap $arch failed"; }
        tar --numeric-owner -C "$dir" -czf "$tarball.tmp" .
        mv "$tarball.tmp" "$tarball"
        rm -rf "$dir"
        echo "$(( $(date +%s) - start ))" > "$tarball.seconds"
        log "debootstrap $arch + tarball: $(cat "$tarball.seconds") s" >&2
    fi
    echo "$tarball"
}

new_root() {   # new_root TARBALL: unpacks a fresh root under $WORK, echoes its path
    local root
    root=$(mktemp -d "$WORK/root.XXXXXX")
    tar --numeric-owner -C "$root" -xzf "$1"
    chmod 0755 "$root"   # the tarball's "." has mktemp's 0700: every user but root locked out of "/"
    echo "$root"
}

mount_root() {   # what a booted system has and the installer and tests use
    local root=$1
    mount -t proc proc "$root/proc"; MOUNTS+=("$root/proc")
    mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"; MOUNTS+=("$root/dev/shm")   # multiprocessing
    mount --bind /dev/pts "$root/dev/pts"; MOUNTS+=("$root/dev/pts")
    mkdir -p "$CACHE/apt-archives-$SUITE" "$CACHE/pip-cache" "$root/root/.cache/pip"
    mount --bind "$CACHE/apt-archives-$SUITE" "$root/var/cache/apt/archives"; MOUNTS+=("$root/var/cache/apt/archives")
    mount --bind "$CACHE/pip-cache" "$root/root/.cache/pip"; MOUNTS+=("$root/root/.cache/pip")
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    # This machine's own CAs (e.g. a proxy's): the root reaches PyPI as the machine does.
    # update-ca-certificates adds them whenever ca-certificates is installed or updated;
    # appended to the bundle now for the ca-certificates the root already has.
    mkdir -p "$root/usr/local/share/ca-certificates"
    find /usr/local/share/ca-certificates -maxdepth 1 -name '*.crt' -exec cp {} "$root/usr/local/share/ca-certificates/" \;
    if [ -f "$root/etc/ssl/certs/ca-certificates.crt" ]; then
        find /usr/local/share/ca-certificates -maxdepth 1 -name '*.crt' -exec cat {} + >> "$root/etc/ssl/certs/ca-certificates.crt"
    fi
}

make_it_a_pi() {   # what Raspberry Pi OS adds to Debian, as far as the installer reads it
    local root=$1
    mkdir -p "$root/sys/firmware/devicetree/base" "$root/boot/firmware"
    printf 'Raspberry Pi 4 Model B Rev 1.5\0' > "$root/sys/firmware/devicetree/base/model"
    cat > "$root/boot/firmware/config.txt" <<'EOF'
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

# Automatically load overlays for detected DSI displays
display_auto_detect=1

# Automatically load initramfs files, if found
auto_initramfs=1

# Enable DRM VC4 V3D driver
dtoverlay=vc4-kms-v3d
max_framebuffers=2

# Don't have the firmware create an initial video= setting in cmdline.txt.
# Use the kernel's default instead.
disable_fw_kms_setup=1

# Run in 64-bit mode
arm_64bit=1

# Disable compensation for lens shading
disable_overscan=1

# Run as fast as firmware / board allows
arm_boost=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
otg_mode=1

[all]
EOF
}

copy_repo() {   # the source as a user has it: a checkout in the home folder
    local root=$1
    mkdir -p "$root/home/pi/waage"
    tar -C "$REPO" --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.egg-info' \
        --exclude=__pycache__ --exclude=.pytest_cache -cf - . | tar -C "$root/home/pi/waage" -xf -
    if [ -d "$REPO/../shared/data/hx711" ]; then   # real_brew.toml reads ../../../shared
        mkdir -p "$root/home/pi/shared/data"
        cp -a "$REPO/../shared/data/hx711" "$root/home/pi/shared/data/"
        cp -a "$REPO/../shared/scenarios" "$root/home/pi/shared/"
    fi
}

in_root() {   # in_root ROOT COMMAND...: runs COMMAND inside, with a login's environment
    local root=$1; shift
    chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb QEMU_CPU="$QEMU_CPU" \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

# ---------------------------------------------------------------- the checks

replays_match() {   # every replay scenario gives the same bytes and exit code as on this machine
    local root=$1 scen rel want got n=0 bad=0
    local scenarios=(tests/scenarios/helpers/wa_evening.toml tests/scenarios/helpers/pr_game.toml
                     tests/scenarios/helpers/as_game.toml)
    if [ "${WAAGE_PI_REPLAYS:-all}" != all ]; then
        log "WAAGE_PI_REPLAYS=${WAAGE_PI_REPLAYS}: the repo's own scenarios only (the other suite replays all)"
    elif [ -d "$root/home/pi/shared/scenarios" ]; then
        scenarios+=(tests/scenarios/real_brew.toml)
        for scen in "$REPO"/../shared/scenarios/*.toml; do scenarios+=("../shared/scenarios/${scen##*/}"); done
    else
        log "no ../shared beside the checkout: only the repo's own scenarios are replayed"
    fi
    for rel in "${scenarios[@]}"; do
        want=$(cd "$REPO" && { "$HOST_WAAGE" replay "$rel" 2>&1; echo "exit $?"; } | sha256sum)
        got=$(in_root "$root" sh -c "cd /home/pi/waage && { /opt/waage/.venv/bin/waage replay '$rel' 2>&1; echo \"exit \$?\"; } | sha256sum")
        n=$((n + 1))
        [ "$want" = "$got" ] || { fail "replay $rel differs between x86 and arm64"; bad=$((bad + 1)); }
    done
    log "replays: $n scenarios, $bad differ"
    [ "$bad" = 0 ] && [ "$n" -ge 3 ]
}

run_tests_inside() {   # pytest in its own venv, seeing the installed waage (not the source tree)
    local root=$1 site testsite
    site=$(in_root "$root" /opt/waage/.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    in_root "$root" python3 -m venv /root/testenv
    testsite=$(in_root "$root" /root/testenv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    echo "$site" > "$root$testsite/waage-venv.pth"
    # pytest runs in the checkout (tests read its files) but must test the installed waage
    cat > "$root$testsite/waage_origin_check.py" <<'EOF'
import sys
import waage

def pytest_configure(config):
    assert waage.__file__.startswith("/opt/waage/.venv/"), f"testing {waage.__file__}, not the installed waage"
    print(f"waage under test: {waage.__file__}", file=sys.stderr)
EOF
    in_root "$root" /root/testenv/bin/pip install -q --disable-pip-version-check pytest pytest-mock
    log "raqm in the root's Pillow: $(in_root "$root" /opt/waage/.venv/bin/python -c 'from PIL import features; print(features.check("raqm"))') (no libfribidi0 on a minimal system)"
    local rc=0
    in_root "$root" sh -c 'cd /home/pi/waage && /root/testenv/bin/pytest -p waage_origin_check -p no:cacheprovider tests/display tests/ui tests/hardware/test_hx711_sensor.py' \
        > "$WORK/pytest-inside.log" 2>&1 || rc=$?
    grep -E "^waage under test|^(FAILED|ERROR|SKIPPED) |passed|failed" "$WORK/pytest-inside.log"
    [ "$rc" = 0 ] || tail -40 "$WORK/pytest-inside.log"
    return "$rc"
}

same_as_x86() {   # check-config of every shipped config and `waage screens`: the same bytes as here
    local root=$1 cfg want got bad=0
    for cfg in "$REPO"/config/*.toml; do
        cfg=config/${cfg##*/}
        want=$(cd "$REPO" && { "$HOST_WAAGE" check-config "$cfg" 2>&1; echo "exit $?"; } | sha256sum)
        got=$(in_root "$root" sh -c "cd /home/pi/waage && { /opt/waage/.venv/bin/waage check-config '$cfg' 2>&1; echo \"exit \$?\"; } | sha256sum")
        [ "$want" = "$got" ] || { fail "check-config $cfg differs between x86 and arm64"; bad=1; }
    done
    for lang in de en; do
        (cd "$REPO" && "$HOST_WAAGE" screens --lang "$lang" --out "$WORK/screens-x86-$lang.png" >/dev/null)
        in_root "$root" /opt/waage/.venv/bin/waage screens --lang "$lang" --out "/tmp/screens-$lang.png" >/dev/null
        cmp -s "$WORK/screens-x86-$lang.png" "$root/tmp/screens-$lang.png" \
            || { fail "waage screens --lang $lang: the PNG differs between x86 and arm64"; bad=1; }
    done
    [ "$bad" = 0 ]
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

service_comes_up() {   # service_comes_up ROOT NAME: the unit's ExecStart, run as the unit runs it, serves its web view
    local root=$1 name=$2 unit=$1/etc/systemd/system/waage.service port cmd wd envs pid code=000 i log
    log=$WORK/run-$name.log
    port=$(free_port)
    # loopback and a free port: this machine runs other tests (the root shares its network)
    sed -i "s/^listen = .*/listen = \"127.0.0.1:$port\"/" "$root/etc/waage/waage.toml"
    cmd=$(sed -n 's/^ExecStart=//p' "$unit")
    wd=$(sed -n 's/^WorkingDirectory=//p' "$unit")
    envs=$(sed -n 's/^Environment=//p' "$unit" | tr '\n' ' ')
    [ -n "$cmd" ] && [ -n "$wd" ] || { fail "$name: no ExecStart/WorkingDirectory in the unit"; return 1; }
    # runuser: user waage with its supplementary groups (gpio, i2c, dialout), as User= does
    in_root "$root" runuser -u waage -- /usr/bin/env -i HOME="$wd" LANG=C.UTF-8 QEMU_CPU="$QEMU_CPU" \
        PATH=/usr/bin:/bin $envs sh -c "cd '$wd' && exec $cmd" > "$log" 2>&1 &
    pid=$!
    for (( i = 0; i < 240; i++ )); do
        code=$(curl -s -o /dev/null -m 5 -w '%{http_code}' "http://127.0.0.1:$port/" || true)
        [ "$code" = 200 ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 1
    done
    log "$name: web view answered $code after ${i} s"
    sleep 3   # running, not just started: the sensor, display and input threads had their first go
    local alive=no rc=0 main t_stop
    kill -0 "$pid" 2>/dev/null && alive=yes
    # SIGTERM to the service's main process, as systemd sends it (runuser's child: sh exec'd waage)
    main=$(pgrep -P "$pid" | head -1)
    t_stop=$(date +%s)
    kill -TERM "${main:-$pid}" 2>/dev/null || true
    wait "$pid" || rc=$?
    t_stop=$(( $(date +%s) - t_stop ))
    sed 's/^/    | /' "$log" | tail -15
    check "$name: waage run serves the web view on loopback (HTTP $code)" test "$code" = 200
    check "$name: still running after its web view answered" test "$alive" = yes
    check "$name: no traceback" sh -c "! grep -q Traceback '$log'"
    check "$name: stops on SIGTERM (exit $rc, ${t_stop} s emulated)" test "$rc" = 0 -o "$rc" = 143
    check "$name: a one-line warning for the missing GPIO, not an error" grep -q "cannot open the GPIO" "$log"
}

lib_cache_key() {   # lg and libhx711 as the installer builds them: its build function, the source, the suite
    { echo "$SUITE"; sed -n '/^GCC_LOW_MEMORY=/p; /^LG_VERSION=/p; /^build_hx711_libs()/,/^}/p' "$REPO/install/pi.sh"
      (cd "$HX711_SOURCE" && find . -type f | LC_ALL=C sort | xargs sha256sum); } | sha256sum | cut -c1-16
}
HX711_LIB_FILES="usr/local/lib/liblgpio.so.1 usr/local/lib/liblgpio.so usr/local/include/lgpio.h usr/local/lib/libhx711.so usr/local/lib/libhx711.a usr/local/include/hx711"

compiler_peaks() {   # compiler_peaks OUT: until killed, the peak resident memory (VmHWM, KiB) of every compiler process
    local out=$1 pid name hwm n
    declare -A peak=()
    trap 'for n in "${!peak[@]}"; do printf "%s %s\n" "$n" "${peak[$n]}"; done > "$out"; exit 0' TERM
    while :; do
        for pid in /proc/[0-9]*; do
            name=$(cat "$pid/comm" 2>/dev/null) || continue
            case "$name" in cc1|cc1plus|as|ld|collect2|lto1|swig) ;; *) continue ;; esac
            hwm=$(awk '/^VmHWM:/ {print $2}' "$pid/status" 2>/dev/null) || continue
            if [ -n "$hwm" ] && [ "$hwm" -gt "${peak[$name]:-0}" ]; then peak[$name]=$hwm; fi
        done
        sleep 0.2
    done
}

binding_has_the_doubles_names() {   # waage's double (waage/doubles/fake_hx711.py) follows the real binding
    in_root "$1" /opt/waage/.venv/bin/python - <<'EOF'
import enum, HX711 as real
from waage.doubles import fake_hx711 as fake
own = {"FakeChip", "FakeClock", "WouldHangForever", "configure", "chip"}   # the double's own controls
missing = [n for n in fake.__all__ if n not in own and not hasattr(real, n)]
members = {n: sorted(m.name for m in getattr(fake, n)) for n in fake.__all__
           if isinstance(getattr(fake, n), type) and issubclass(getattr(fake, n), enum.Enum)}
differ = [n for n, names in members.items() if sorted(getattr(real, n).__members__) != names]
print(f"real HX711 binding {real.__file__}: {len(fake.__all__) - len(own)} names of the double, missing {missing}, enums differing {differ}")
raise SystemExit(1 if missing or differ else 0)
EOF
}

reader_reports_the_bindings_gpio_error() {   # the installed waage opens the real binding: no GPIO chip here -> a fault
    in_root "$1" sh -c 'cd /var/lib/waage && /opt/waage/.venv/bin/python -' <<'EOF'
import queue
from waage.sensors.hx711 import Hx711Sensor
from waage.sensors.settings import Hx711Settings
from waage.weight.events import SensorFault
q = queue.Queue()
with Hx711Sensor(Hx711Settings(sampler="thread", reconnect_s=60.0)) as sensor:   # module "HX711": the real one
    sensor.start(q.put)
    item = q.get(timeout=60)
print(f"{type(item).__name__}: {getattr(item, 'kind', '')}: {getattr(item, 'detail', '')[:160]}")
raise SystemExit(0 if isinstance(item, SensorFault) and item.kind == "gpio" else 1)
EOF
}

file_sum() { in_root "$1" sh -c "cd '$2' && find . -type f | sort | xargs sha256sum; stat -c '%U:%G %a %n' . ./*"; }

# ---------------------------------------------------------------- main
# One function, read whole before it runs: editing this file during a run is harmless.

main() {
    need_tools
    phase "root images (debootstrap, cached)"
    ARM64=$(base_tarball arm64)
    mkdir -p /var/tmp
    WORK=$(mktemp -d /var/tmp/waage-emulated-pi.XXXXXX)

    if [ "$SUITE" = bookworm ]; then   # once is enough: the check reads dpkg's architecture
        # (qemu-arm knows no "cortex-a53": the 32-bit root runs on qemu's default CPU)
        ARMHF=$(base_tarball armhf --foreign)
        phase "32-bit root (armhf) must be refused"
        R32=$(new_root "$ARMHF")
        cp "$REPO/install/pi.sh" "$R32/pi.sh"
        set +e; out32=$(env -u QEMU_CPU chroot "$R32" /bin/dash /pi.sh 2>&1); rc32=$?; set -e
        printf '%s\n' "$out32" | sed 's/^/    | /'
        check "armhf: refused (exit $rc32)" test "$rc32" = 1
        check "armhf: says 32-bit and the way out" sh -c 'printf "%s" "$1" | grep -q "32-bit system" && printf "%s" "$1" | grep -q "64-bit)"' _ "$out32"
        rm -rf "$R32"
    fi

    phase "unpack the arm64 root"
    ROOT=$(new_root "$ARM64")
    mount_root "$ROOT"
    copy_repo "$ROOT"
    log "root: $ROOT ($SUITE, $(in_root "$ROOT" uname -m), $(in_root "$ROOT" dpkg --print-architecture), $(in_root "$ROOT" python3 -V), QEMU_CPU=$QEMU_CPU)"

    phase "arm64 without the Pi's device tree must be refused"
    set +e; outnp=$(in_root "$ROOT" sh /home/pi/waage/install/pi.sh 2>&1); rcnp=$?; set -e
    printf '%s\n' "$outnp" | tail -4 | sed 's/^/    | /'
    check "not a Pi: refused (exit $rcnp)" test "$rcnp" = 1
    check "not a Pi: names --any-board and the simulator" sh -c 'printf "%s" "$1" | grep -q -- "--any-board" && printf "%s" "$1" | grep -q "run-sim"' _ "$outnp"

    phase "install (install/pi.sh --config config/serial.toml)"
    make_it_a_pi "$ROOT"
    cp "$ROOT/boot/firmware/config.txt" "$WORK/config.txt.before"
    set +e
    in_root "$ROOT" sh -c 'cd /home/pi/waage && sh install/pi.sh --config config/serial.toml' > "$WORK/install1.log" 2>&1
    rc=$?
    set -e
    sed 's/^/    | /' "$WORK/install1.log"
    [ "$rc" = 0 ] || die "the installer failed (exit $rc)"
    check "chroot steps named as skipped" grep -q "starting waage.service" "$WORK/install1.log"
    check "config.txt: I2C on" grep -qx "dtparam=i2c_arm=on,i2c_arm_baudrate=400000" "$ROOT/boot/firmware/config.txt"
    check "i2c-dev loaded at boot" grep -qx "i2c-dev" "$ROOT/etc/modules-load.d/waage-i2c.conf"
    check "user waage in gpio, i2c, dialout" sh -c "in=\$(chroot '$ROOT' id -nG waage); for g in gpio i2c dialout; do echo \" \$in \" | grep -q \" \$g \" || exit 1; done"
    check "config installed from config/serial.toml" cmp -s "$REPO/config/serial.toml" "$ROOT/etc/waage/waage.toml"
    check "unit installed from the repo" cmp -s "$REPO/systemd/waage.service" "$ROOT/etc/systemd/system/waage.service"
    check "serial bridge: no pi extra (no HX711 module)" sh -c "! chroot '$ROOT' /opt/waage/.venv/bin/python -c 'import HX711' 2>/dev/null"
    check "serial bridge: lgpio for the encoder (the unit's GPIOZERO_PIN_FACTORY)" in_root "$ROOT" /opt/waage/.venv/bin/python -c 'import lgpio'
    check "expected time on a Zero 2 W printed" grep -q "expected time on a Raspberry Pi Zero 2 W" "$WORK/install1.log"
    check "next steps: cd /var/lib/waage before calibrate, start the service again" sh -c "grep -q \"cd /var/lib/waage && /opt/waage/.venv/bin/waage calibrate\" '$WORK/install1.log' && grep -q 'sudo systemctl start waage' '$WORK/install1.log'"
    check "serial bridge: no compiler installed" sh -c "! chroot '$ROOT' dpkg-query -W -f='\${Status}' g++ 2>/dev/null | grep -q 'ok installed'"
    check "step times printed" grep -q "Step times:" "$WORK/install1.log"
    check "web view URL printed" grep -q "web view:   http://.*:8080/" "$WORK/install1.log"

    phase "waage check-config inside"
    check "check-config /etc/waage/waage.toml" in_root "$ROOT" /opt/waage/.venv/bin/waage check-config /etc/waage/waage.toml

    phase "replays, check-config, screens: arm64 against this machine"
    check "replays byte-identical to x86" replays_match "$ROOT"
    check "check-config and waage screens byte-identical to x86" same_as_x86 "$ROOT"

    phase "the service's command (config/serial.toml) comes up"
    service_comes_up "$ROOT" serial

    if [ "${WAAGE_PI_TESTS_INSIDE:-1}" = 1 ]; then
        phase "display, UI and HX711 tests inside (installed waage)"
        set +e; run_tests_inside "$ROOT" > "$WORK/tests.log" 2>&1; rct=$?; set -e
        sed 's/^/    | /' "$WORK/tests.log"
        check "tests inside pass" test "$rct" = 0
    fi

    if [ "${WAAGE_PI_UPGRADE:-1}" = 1 ]; then
        phase "upgrade: a second run keeps config, state and calibration"
        printf '{\n "offset": 1234,\n "counts_per_gram": 417.5,\n "glass_g": 351.2\n}\n' > "$ROOT/var/lib/waage/calibration.json"
        printf '{"game": "waagespiel", "note": "a saved game stands for the real one"}\n' > "$ROOT/var/lib/waage/game.json"
        in_root "$ROOT" chown waage:waage /var/lib/waage/calibration.json /var/lib/waage/game.json
        sed -i 's/^players = .*/players = ["Jürgen", "Dörte"]/' "$ROOT/etc/waage/waage.toml"
        before_state=$(file_sum "$ROOT" /var/lib/waage); before_conf=$(sha256sum < "$ROOT/etc/waage/waage.toml")
        echo "# upgrade marker $$" >> "$ROOT/home/pi/waage/waage/__init__.py"
        set +e
        in_root "$ROOT" sh -c 'cd /home/pi/waage && sh install/pi.sh' > "$WORK/install2.log" 2>&1
        rc=$?
        set -e
        sed 's/^/    | /' "$WORK/install2.log"
        check "second run exits 0" test "$rc" = 0
        check "the user's config kept" test "$before_conf" = "$(sha256sum < "$ROOT/etc/waage/waage.toml")"
        check "state and calibration kept (files, owner, mode)" test "$before_state" = "$(file_sum "$ROOT" /var/lib/waage)"
        check "the new source is installed" grep -q "upgrade marker $$" "$ROOT$(chroot "$ROOT" /opt/waage/.venv/bin/python -c 'import waage; print(waage.__file__)')"
        check "config.txt has the I2C line once" test "$(grep -c '^dtparam=i2c_arm=on' "$ROOT/boot/firmware/config.txt")" = 1
        check "check-config after the upgrade" in_root "$ROOT" /opt/waage/.venv/bin/waage check-config /etc/waage/waage.toml

        phase "uninstall"
        in_root "$ROOT" sh /home/pi/waage/install/pi.sh --uninstall > "$WORK/uninstall.log" 2>&1 || fail "--uninstall failed"
        sed 's/^/    | /' "$WORK/uninstall.log"
        check "/opt/waage and the unit removed" sh -c "[ ! -e '$ROOT/opt/waage' ] && [ ! -e '$ROOT/etc/systemd/system/waage.service' ]"
        check "user waage removed" sh -c "! chroot '$ROOT' getent passwd waage >/dev/null"
        check "config.txt byte for byte as before" cmp "$WORK/config.txt.before" "$ROOT/boot/firmware/config.txt"
        check "config and state kept" test -f "$ROOT/etc/waage/waage.toml" -a -f "$ROOT/var/lib/waage/calibration.json"
        check "what is kept belongs to root, not to the deleted uid" sh -c "[ -z \"\$(find '$ROOT/etc/waage' '$ROOT/var/lib/waage' ! -user 0 -o ! -group 0)\" ]"
    fi

    if [ -n "$HX711_SOURCE" ]; then
        phase "kind = hx711: lg, libhx711 and the pi extra compiled under emulation"
        in_root "$ROOT" sh /home/pi/waage/install/pi.sh --uninstall --purge > /dev/null
        mkdir -p "$ROOT/home/pi/hx711" && cp -a "$HX711_SOURCE/." "$ROOT/home/pi/hx711/"
        local libs
        libs=$CACHE/hx711-libs-$SUITE-$(lib_cache_key).tar
        if [ -s "$libs" ]; then
            tar -C "$ROOT" -xf "$libs" && in_root "$ROOT" ldconfig
            log "lg and libhx711 from the cache ($libs: same build function, source and suite)"
        fi
        compiler_peaks "$WORK/compiler-peaks" & local sampler=$!
        set +e
        in_root "$ROOT" sh -c 'cd /home/pi/waage && sh install/pi.sh --hx711-source /home/pi/hx711' > "$WORK/install-hx711.log" 2>&1
        rc=$?
        set -e
        kill -TERM "$sampler"; wait "$sampler" || true
        sed 's/^/    | /' "$WORK/install-hx711.log"
        check "hx711 install exits 0" test "$rc" = 0
        if [ -s "$WORK/compiler-peaks" ]; then
            log "peak resident memory per compiler program (qemu included), MB: $(sort "$WORK/compiler-peaks" | awk '{printf "%s %d  ", $1, $2/1024}')"
            cp "$WORK/compiler-peaks" "$CACHE/compiler-peaks-$SUITE.txt"
            # Issue 28 asks for 400 MB (a Zero 2 W without swap); measured with the installer's
            # flags: cc1plus on hx711-rpi-py's pybind11 file ~800 MB here (qemu included),
            # ~610 MB natively, down from ~1.1 GB: not met by flags, the temporary swap file stays;
            # install/prove-low-memory-compile.sh (by hand, minutes) measures that the compile
            # finishes in 400 MB resident with it (docs/raspberry-pi.md section 5). This guards
            # the measured level against regressions.
            check "every compiler process under 850 MB resident (400 MB: with the swap file, section 5)" \
                awk '$2 > 850 * 1024 {bad = 1} END {exit bad}' "$WORK/compiler-peaks"
        fi
        if [ ! -s "$libs" ] && [ "$rc" = 0 ]; then
            (cd "$ROOT" && tar -cf "$libs.tmp" $HX711_LIB_FILES) && mv "$libs.tmp" "$libs"
        fi
        check "the real HX711 binding has every name of waage's double" binding_has_the_doubles_names "$ROOT"
        check "waage's reader gets the real binding's GPIO error as a sensor fault" reader_reports_the_bindings_gpio_error "$ROOT"
        check "check-config with kind = hx711" in_root "$ROOT" /opt/waage/.venv/bin/waage check-config /etc/waage/waage.toml
        phase "the service's command (config/hx711.toml) comes up"
        service_comes_up "$ROOT" hx711
    fi

    phase ""
    cleanup
    printf '\nemulated Pi: phase times\n%s' "$TIMES"
    printf '  %-52s %5s s\n' "total" "$(( $(date +%s) - T0 ))"
    for t in "$CACHE"/*.seconds; do
        [ -f "$t" ] && printf '  (cached root %s was built in %s s)\n' "$(basename "${t%.tar.gz.seconds}")" "$(cat "$t")"
    done
    printf "%s" "$TIMES" > "$CACHE/last-run-times-$SUITE.txt"
    if [ "$FAILED" != 0 ]; then
        echo "emulated Pi: FAILED (see FAIL lines above)"
        exit 1
    fi
    echo "emulated Pi: every check passed"
}

# Sourced (install/prove-low-memory-compile.sh): the functions only, main not run.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; exit; fi
