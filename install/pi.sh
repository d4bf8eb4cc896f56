#!/bin/sh
# waage installer for Raspberry Pi OS Lite 64-bit (bookworm or trixie).
#
#   sudo sh install/pi.sh                          # install, or upgrade in place
#   sudo sh install/pi.sh --config config/serial.toml   # first install with another config
#   sudo sh install/pi.sh --uninstall              # remove what it added (keeps config and games)
#   sudo sh install/pi.sh --uninstall --purge      # ... and /etc/waage and /var/lib/waage too
#
# Run it from a copy of the waage source (git clone, or the folder copied to the Pi).
# It copies the source to /opt/waage, makes the venv /opt/waage/.venv, installs
# /etc/waage/waage.toml (an existing one is kept), the user `waage`, I2C, the systemd
# unit, and starts the service. Run again after updating the source: it upgrades in
# place and keeps /etc/waage and /var/lib/waage (calibration, the saved game).
# Every step prints its time; docs/raspberry-pi.md explains each one.
set -eu

PREFIX=/opt/waage
VENV=$PREFIX/.venv
CONF_DIR=/etc/waage
CONF=$CONF_DIR/waage.toml
STATE=/var/lib/waage
UNIT=/etc/systemd/system/waage.service
MODULES_CONF=/etc/modules-load.d/waage-i2c.conf
GPIO_RULE=/etc/udev/rules.d/60-waage-gpio.rules
RECORD_DIR=/var/lib/waage-installer      # what this script added, for --uninstall
MARK="# added by waage install/pi.sh"
BEGIN_MARK="# waage install/pi.sh: begin (sudo sh install/pi.sh --uninstall removes it)"
END_MARK="# waage install/pi.sh: end"
I2C_LINE="dtparam=i2c_arm=on,i2c_arm_baudrate=400000"
# libhx711 (C++, MIT) is not packaged anywhere: the pinned commit of its source, from GitHub.
HX711_COMMIT=ed1da427e61d371b69ccad29f7b816243cd7299d    # libhx711 v2.19.0
HX711_URL=https://github.com/endail/hx711/archive/$HX711_COMMIT.tar.gz
LG_VERSION=0.2.2.0                                       # lg's C source, from PyPI's lgpio sdist
SWAP_FILE=/var/tmp/waage-build.swap
SWAP_MB=1024                # its size (install/prove-low-memory-compile.sh proves the compile with it)
# The compiles on a 512 MB Zero 2 W (issue 28): the GCC garbage collector collects early
# (ggc-min-expand/-heapsize, in %/KiB) instead of growing to the default's ~1 GB for
# hx711-rpi-py's pybind11 file; the binding itself is glue (the timing-critical bit-banging
# is libhx711's, compiled with its own -O2), so -O1 without debug info is enough there.
# Measured peak of any compiler process: docs/raspberry-pi.md, section 5.
GCC_LOW_MEMORY="--param ggc-min-expand=10 --param ggc-min-heapsize=32768"
BINDING_FLAGS="-O1 -g0 $GCC_LOW_MEMORY"
# Expected times on a Raspberry Pi Zero 2 W (emulated Cortex-A53, docs/raspberry-pi.md section 5)
ZERO2W_MINUTES_SERIAL=4
ZERO2W_MINUTES_HX711=15

SRC=$(cd "$(dirname "$0")/.." && pwd)
ACTION=install
PURGE=no
ANY_BOARD=no
CONFIG_FROM=""
HX711_SOURCE=""
SKIPPED=""
STEP_NAME=""
STEP_START=0
RUN_START=$(date +%s)
TIMES=""

usage() {
    cat <<EOF
usage: sudo sh install/pi.sh [--config FILE] [--hx711-source DIR] [--any-board]
       sudo sh install/pi.sh --uninstall [--purge]

  --config FILE        the config to install as $CONF on the first install
                       (default: config/hx711.toml; config/serial.toml for the Pico bridge).
                       An existing $CONF is always kept.
  --hx711-source DIR   an unpacked endail/hx711 source tree (commit $HX711_COMMIT)
                       instead of downloading it from GitHub (offline installs)
  --any-board          install on a 64-bit Debian board that is not a Raspberry Pi
                       (no config.txt; wire I2C and GPIO yourself)
  --uninstall          stop and remove the service, /opt/waage, the user, the I2C lines
                       and the libraries this script built; keeps $CONF_DIR and $STATE
  --purge              with --uninstall: remove $CONF_DIR and $STATE too (games, calibration)
EOF
}

say() { printf '%s\n' "$*"; }
die() { printf 'waage install: %s\n' "$*" >&2; exit 1; }

step() {   # step NAME: ends the running step (printing its time) and starts NAME
    step_end
    STEP_NAME=$1
    STEP_START=$(date +%s)
    say ""
    say "==> $STEP_NAME"
}

step_end() {
    [ -n "$STEP_NAME" ] || return 0
    seconds=$(( $(date +%s) - STEP_START ))
    say "    done in ${seconds} s"
    TIMES="$TIMES$(printf '  %-48s %5s s' "$STEP_NAME" "$seconds")
"
    STEP_NAME=""
}

skip() {   # skip WHAT WHY: a step left out, listed again at the end
    say "    skipped: $1 ($2)"
    SKIPPED="$SKIPPED  - $1: $2
"
}

record() { mkdir -p "$RECORD_DIR"; grep -qxF "$1" "$RECORD_DIR/added" 2>/dev/null || say "$1" >> "$RECORD_DIR/added"; }

in_chroot() {
    # ischroot (debianutils) answers 0 in a chroot, 1 outside, 2 when it cannot tell.
    if command -v ischroot >/dev/null 2>&1; then
        ischroot && return 0
        [ $? -eq 1 ] && return 1
    fi
    [ -r /proc/1/root ] || return 1
    [ "$(stat -c %d:%i /)" != "$(stat -Lc %d:%i /proc/1/root/. 2>/dev/null || stat -c %d:%i /)" ]
}

systemd_running() { [ -d /run/systemd/system ] && ! in_chroot; }

board_model() {
    for f in /proc/device-tree/model /sys/firmware/devicetree/base/model; do
        [ -r "$f" ] && { tr -d '\000' < "$f"; return 0; }
    done
    return 0
}

config_txt() {
    for f in /boot/firmware/config.txt /boot/config.txt; do
        [ -f "$f" ] && { say "$f"; return 0; }
    done
    return 0
}

# --------------------------------------------------------------------------- steps

check_platform() {
    step "Checking the platform"
    [ "$(id -u)" = 0 ] || die "run me as root: sudo sh $0"
    arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
    case "$arch" in
        arm64|aarch64) ;;
        armhf|armel|armv6l|armv7l|i386)
            die "this is a 32-bit system ($arch). waage needs the 64-bit Raspberry Pi OS:
  Pillow and cbor2 (for the OLED) have no 32-bit wheels, so pip would have to compile
  them and cbor2 needs a Rust toolchain. Way out: flash \"Raspberry Pi OS Lite (64-bit)\"
  with Raspberry Pi Imager on the SD card, then run this script again. It runs on a
  Pi Zero 2 W, 3, 4 and 5; a Pi 1 or Zero/Zero W cannot run a 64-bit system." ;;
        *)
            [ "$ANY_BOARD" = yes ] || die "this is not a Raspberry Pi ($arch). On a PC run the simulator
  instead (README: ./run-sim, waage sim --web 8080). On another 64-bit Debian board
  run me with --any-board (docs/raspberry-pi.md, appendix: plain Debian)." ;;
    esac
    model=$(board_model)
    case "$model" in
        *"Raspberry Pi"*) say "    board: $model" ;;
        *)
            [ "$ANY_BOARD" = yes ] || die "this is not a Raspberry Pi (no Raspberry Pi in the device tree${model:+: $model}).
  On another 64-bit Debian board run me with --any-board and wire I2C and GPIO
  yourself (docs/raspberry-pi.md, appendix: plain Debian); on a PC run the
  simulator instead (README: ./run-sim)."
            say "    board: ${model:-unknown} (--any-board)" ;;
    esac
    [ -r /etc/os-release ] && . /etc/os-release
    case "${VERSION_CODENAME:-}" in
        bookworm|trixie) say "    system: ${PRETTY_NAME:-$VERSION_CODENAME}, $arch" ;;
        *) say "    warning: tested on bookworm and trixie, this is ${PRETTY_NAME:-unknown}: going on" ;;
    esac
    python3_ok=yes
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || python3_ok=no
    fi
    [ "$python3_ok" = yes ] || die "waage needs Python 3.11 or newer; this system has $(python3 -V 2>&1).
  Way out: Raspberry Pi OS bookworm (Python 3.11) or trixie (3.13)."
    [ -f "$SRC/pyproject.toml" ] && [ -d "$SRC/waage" ] || die "run me from the waage source: $SRC has no pyproject.toml"
    if in_chroot; then
        say "    in a chroot: systemd, modprobe and swap are left out (listed at the end)"
    fi
}

apt_install() {   # apt_install PKG...: installs those not yet installed
    missing=""
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
    done
    [ -n "$missing" ] || { say "    already installed: $*"; return 0; }
    if [ ! -f "$RECORD_DIR/apt-updated" ] || [ -n "$(find "$RECORD_DIR/apt-updated" -mmin +720 2>/dev/null)" ]; then
        apt-get update -q >/dev/null
        mkdir -p "$RECORD_DIR"; touch "$RECORD_DIR/apt-updated"
    fi
    say "    installing:$missing"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null
}

install_packages() {
    step "System packages (apt)"
    # python3-venv brings pip (ensurepip); i2c-tools: i2cdetect and the i2c group;
    # ca-certificates: pip's HTTPS; curl: the libhx711 download.
    apt_install python3 python3-venv i2c-tools ca-certificates
}

enable_i2c() {
    step "I2C for the OLED"
    cfg=$(config_txt)
    if [ -z "$cfg" ]; then
        skip "I2C in config.txt" "no /boot/firmware/config.txt: not Raspberry Pi OS; turn I2C on in your board's own way"
    elif grep -q '^[[:space:]]*dtparam=i2c_arm=on' "$cfg"; then
        say "    $cfg already has dtparam=i2c_arm=on"
    else
        # [all]: the file may end inside a [pi4]/[cm4]... section that would limit the line
        printf '%s\n[all]\n%s\n%s\n' "$BEGIN_MARK" "$I2C_LINE" "$END_MARK" >> "$cfg"
        record "config.txt $cfg"
        say "    $cfg: added $I2C_LINE (takes effect after a reboot)"
        NEEDS_REBOOT=yes
    fi
    if [ ! -f "$MODULES_CONF" ]; then
        mkdir -p "$(dirname "$MODULES_CONF")"
        printf '%s\ni2c-dev\n' "$MARK" > "$MODULES_CONF"
        record "file $MODULES_CONF"
        say "    $MODULES_CONF: i2c-dev is loaded at boot (/dev/i2c-1)"
    fi
    if in_chroot; then
        skip "modprobe i2c-dev" "chroot: the kernel is the host's; it is loaded at the next boot"
    elif ! modprobe i2c-dev 2>/dev/null; then
        say "    modprobe i2c-dev failed: it is loaded at the next boot"
    fi
}

create_user() {
    step "User waage and its groups"
    getent group i2c >/dev/null || { groupadd --system i2c; record "group i2c"; }
    getent group dialout >/dev/null || groupadd --system dialout
    if ! getent group gpio >/dev/null; then
        # Raspberry Pi OS has the group and its udev rule; plain Debian has neither.
        groupadd --system gpio
        record "group gpio"
    fi
    if [ ! -e /usr/lib/udev/rules.d/99-com.rules ] && [ ! -e /lib/udev/rules.d/99-com.rules ] && [ ! -f "$GPIO_RULE" ]; then
        mkdir -p "$(dirname "$GPIO_RULE")"
        printf '%s\nSUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"\n' "$MARK" > "$GPIO_RULE"
        record "file $GPIO_RULE"
        say "    $GPIO_RULE: /dev/gpiochip* belong to group gpio"
    fi
    if getent passwd waage >/dev/null; then
        usermod -a -G gpio,i2c,dialout waage
        say "    user waage exists: groups $(id -nG waage)"
    else
        useradd --system --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin \
                --user-group --groups gpio,i2c,dialout waage
        record "user waage"
        say "    created user waage: groups $(id -nG waage)"
    fi
}

copy_source() {
    step "waage source to $PREFIX"
    if [ "$SRC" = "$PREFIX" ]; then
        say "    running from $PREFIX itself: nothing to copy"
        return 0
    fi
    mkdir -p "$PREFIX"
    # Upgrade: the old source goes, the venv stays (pip upgrades it below).
    find "$PREFIX" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
    tar -C "$SRC" --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.egg-info' \
        --exclude=__pycache__ --exclude=.pytest_cache -cf - . | tar -C "$PREFIX" -xf -
    chown -R root:root "$PREFIX"
    say "    copied from $SRC"
    record "dir $PREFIX"
}

install_config() {
    step "Config $CONF"
    install -d -m 0755 "$CONF_DIR"
    if [ -f "$CONF" ]; then
        say "    kept the existing $CONF"
        [ -z "$CONFIG_FROM" ] || say "    (--config $CONFIG_FROM not used: delete $CONF first to replace it)"
    else
        from=${CONFIG_FROM:-$SRC/config/hx711.toml}
        [ -f "$from" ] || die "--config $from: no such file"
        install -m 0644 "$from" "$CONF"
        say "    installed $from (edit the players, pins and display there)"
    fi
    SENSOR_KIND=$(python3 - "$CONF" <<'EOF'
import sys, tomllib
try:
    with open(sys.argv[1], "rb") as f:
        print(tomllib.load(f).get("sensor", {}).get("kind", "fake"))
except (OSError, tomllib.TOMLDecodeError) as exc:
    print(f"{sys.argv[1]}: {exc}", file=sys.stderr)
    print("unknown")
EOF
)
    say "    [sensor] kind = \"$SENSOR_KIND\""
}

mem_total_kib() { awk '/^MemTotal:/ {print $2}' /proc/meminfo; }

swap_on() {   # a temporary swap file when the machine has less than 1 GiB
    grep -q "^$SWAP_FILE " /proc/swaps 2>/dev/null && return 0   # on already
    mem=$(mem_total_kib)
    if [ "$mem" -ge 1048576 ]; then
        say "    memory: $((mem / 1024)) MiB, no extra swap needed for the compile (about 610 MB peak, docs/raspberry-pi.md section 5)"
        return 0
    fi
    if in_chroot; then
        skip "temporary swap file" "chroot: swap would be the host's"
        return 0
    fi
    say "    memory: $((mem / 1024)) MiB < 1 GiB: a temporary $SWAP_MB MiB swap file for the compile"
    rm -f "$SWAP_FILE"
    dd if=/dev/zero of="$SWAP_FILE" bs=1M count="$SWAP_MB" status=none
    chmod 600 "$SWAP_FILE"
    mkswap "$SWAP_FILE" >/dev/null
    swapon "$SWAP_FILE"
    trap swap_off EXIT
}

swap_off() {
    [ -f "$SWAP_FILE" ] || return 0
    swapoff "$SWAP_FILE" 2>/dev/null || true
    rm -f "$SWAP_FILE"
}

build_hx711_libs() {
    step "HX711 libraries (lg, libhx711) for hx711-rpi-py"
    if [ "$SENSOR_KIND" != hx711 ]; then
        say "    not needed: [sensor] kind = \"$SENSOR_KIND\" (only \"hx711\" on the Pi's GPIO needs them)"
        return 0
    fi
    apt_install build-essential python3-dev curl
    tmp=$(mktemp -d /var/tmp/waage-build.XXXXXX)
    # lg: Raspberry Pi OS packages it; plain Debian does not, so it is built from
    # the C source inside PyPI's lgpio sdist (the same source as abyz.me.uk/lg).
    if ldconfig -p | grep -q 'liblgpio\.so'; then
        say "    liblgpio: already installed"
    elif apt-cache policy liblgpio-dev 2>/dev/null | grep -q 'Candidate: [0-9]'; then
        apt_install liblgpio-dev
    else
        say "    liblgpio: no apt package here, building lg $LG_VERSION from PyPI's lgpio source"
        t=$(date +%s)
        python3 -m venv "$tmp/pipenv"
        "$tmp/pipenv/bin/pip" download -q --no-deps --no-binary :all: -d "$tmp" "lgpio==$LG_VERSION"
        tar -C "$tmp" -xzf "$tmp/lgpio-$LG_VERSION.tar.gz"
        (
            cd "$tmp/lgpio-$LG_VERSION/src"
            for f in lgCtx lgDbg lgErr lgGpio lgHdl lgI2C lgNotify lgPthAlerts lgPthTx lgSerial lgSPI lgThread lgUtil; do
                cc -O2 -fPIC -pthread -c "$f.c" -o "$f.o"
            done
            cc -shared -pthread -Wl,--no-undefined -Wl,-soname,liblgpio.so.1 -o liblgpio.so.1 ./*.o -lrt
        )
        install -m 0644 "$tmp/lgpio-$LG_VERSION/src/liblgpio.so.1" /usr/local/lib/
        ln -sf liblgpio.so.1 /usr/local/lib/liblgpio.so
        install -m 0644 "$tmp/lgpio-$LG_VERSION/src/lgpio.h" /usr/local/include/
        for f in /usr/local/lib/liblgpio.so.1 /usr/local/lib/liblgpio.so /usr/local/include/lgpio.h; do record "file $f"; done
        ldconfig
        say "    liblgpio downloaded and compiled in $(( $(date +%s) - t )) s"
    fi
    if [ -f /usr/local/lib/libhx711.so ] && [ -f /usr/local/include/hx711/common.h ]; then
        say "    libhx711: already installed"
    else
        if [ -n "$HX711_SOURCE" ]; then
            cp -a "$HX711_SOURCE" "$tmp/hx711"
        else
            say "    libhx711: downloading commit $HX711_COMMIT from GitHub"
            curl -fsSL "$HX711_URL" -o "$tmp/hx711.tar.gz" || die "could not download $HX711_URL.
  Way out: download it on another computer and run me with --hx711-source DIR,
  or use the Pico serial bridge ([sensor] kind = \"serial\"), which needs no compiler."
            mkdir "$tmp/hx711" && tar -C "$tmp/hx711" --strip-components=1 -xzf "$tmp/hx711.tar.gz"
        fi
        swap_on
        t=$(date +%s)
        # -j1: one compiler at a time (memory); the library only, not its test programs
        if ! make -C "$tmp/hx711" -j1 CXX="g++ $GCC_LOW_MEMORY" dirs build > "$tmp/make.log" 2>&1; then
            tail -30 "$tmp/make.log"
            die "building libhx711 failed (the lines above say why)"
        fi
        make -C "$tmp/hx711" install PREFIX=/usr/local > "$tmp/make.log" 2>&1
        say "    libhx711 compiled in $(( $(date +%s) - t )) s"
        record "file /usr/local/lib/libhx711.so"
        record "file /usr/local/lib/libhx711.a"
        record "dir /usr/local/include/hx711"
        ldconfig
        say "    libhx711: built and installed in /usr/local"
    fi
    rm -rf "$tmp"
}

install_venv() {
    step "waage into $VENV (pip)"
    if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -c '' 2>/dev/null; then
        rm -rf "$VENV"   # the system Python changed (e.g. an OS upgrade): a new venv
    fi
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    # gpio: lgpio for the buttons/encoder (the unit sets GPIOZERO_PIN_FACTORY=lgpio), a wheel on
    # Python 3.11 (lgpio) and 3.13 (adafruit-lgpio); pi: that and hx711-rpi-py, compiled here.
    spec="${PREFIX}[gpio]"
    if [ "$SENSOR_KIND" = hx711 ]; then
        spec="${PREFIX}[pi]"
        swap_on
        say "    with the pi extra (hx711-rpi-py is compiled here: CFLAGS=\"$BINDING_FLAGS\")"
    else
        say "    with the gpio extra (lgpio, a wheel): [sensor] kind = \"$SENSOR_KIND\" needs no compiler"
    fi
    upgrade=no
    "$VENV/bin/pip" show -q waage >/dev/null 2>&1 && upgrade=yes
    t=$(date +%s)
    pip_step install -q --upgrade "$spec"
    say "    pip install $spec: $(( $(date +%s) - t )) s"
    if [ "$upgrade" = yes ]; then
        # pip may keep an installed waage of the same version: the new source replaces it.
        pip_step install -q --no-deps --force-reinstall "$PREFIX"
    fi
    swap_off
    # The service cannot write bytecode (ProtectSystem=strict); pip compiled what it installed,
    # this makes sure of waage itself (not of pip and the rest of the venv: minutes on a Pi).
    "$VENV/bin/python" -m compileall -q "$("$VENV/bin/python" -c 'import os, waage; print(os.path.dirname(waage.__file__))')" >/dev/null || true
    say "    $("$VENV/bin/waage" --version 2>/dev/null || "$VENV/bin/pip" show waage | sed -n 's/^Version: /waage /p')"
    "$VENV/bin/waage" check-config "$CONF" || die "$CONF is not valid (the line above says where): fix it, then run me again"
    say "    $CONF is valid"
}

pip_step() {   # pip_step ARGS...: pip in the venv; on failure the way out, exit 1
    CFLAGS="$BINDING_FLAGS" CXXFLAGS="$BINDING_FLAGS" PIP_DISABLE_PIP_VERSION_CHECK=1 \
        "$VENV/bin/pip" "$@" && return 0
    die "pip failed (the lines above say why; nothing of the running service was changed).
  Ways out:
  - no network / PyPI unreachable: check \`ping -c1 pypi.org\`, then run me again (pip resumes);
  - \"Building wheel for lgpio ... swig\" (a Python without an lgpio wheel):
    sudo apt install swig, then run me again;
  - \"Building wheel for hx711-rpi-py\" failed or was killed (out of memory): run me
    again (a 1 GiB swap file is made when the Pi has less than 1 GiB), or use the Pico
    serial bridge instead (--config config/serial.toml: no compiler);
  - anything else: sudo rm -rf $VENV and run me again (a fresh venv; config and games stay)."
}

state_dir() {
    step "State directory $STATE"
    if [ -d "$STATE" ]; then
        say "    kept: $(ls -A "$STATE" | tr '\n' ' ')"
    fi
    install -d -o waage -g waage -m 0750 "$STATE"
    chown -R waage:waage "$STATE"
}

install_unit() {
    step "systemd unit"
    install -m 0644 "$PREFIX/systemd/waage.service" "$UNIT"
    record "file $UNIT"
    if systemd_running; then
        systemctl daemon-reload
        systemctl enable waage >/dev/null 2>&1
        systemctl restart waage
        say "    waage.service enabled and (re)started"
    elif command -v systemctl >/dev/null 2>&1; then
        systemctl enable waage >/dev/null 2>&1 || true
        skip "starting waage.service" "systemd is not running here (chroot or image build); it starts at boot"
    else
        skip "enabling and starting waage.service" "no systemd here; Raspberry Pi OS has it"
    fi
}

web_url() {
    port=$(python3 - "$CONF" <<'EOF'
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    web = tomllib.load(f).get("web", {})
print(web.get("listen", "0.0.0.0:8080").rsplit(":", 1)[-1] if web.get("enabled", False) else "")
EOF
)
    [ -n "$port" ] || { say "off ([web] enabled = false in $CONF)"; return 0; }
    addr=$(hostname -I 2>/dev/null | awk '{print $1}')
    say "http://${addr:-$(hostname).local}:$port/"
}

summary() {
    step_end
    say ""
    say "Step times:"
    printf '%s' "$TIMES"
    printf '  %-48s %5s s\n' total "$(( $(date +%s) - RUN_START ))"
    if [ -n "$SKIPPED" ]; then
        say ""
        say "Skipped here:"
        printf '%s' "$SKIPPED"
    fi
    say ""
    say "waage is installed."
    say "  web view:   $(web_url)"
    say "  config:     $CONF (after a change: sudo systemctl restart waage)"
    say "  log:        journalctl -u waage -f"
    say ""
    say "Next steps:"
    [ "${NEEDS_REBOOT:-no}" = no ] || say "  0. sudo reboot   (I2C was just turned on)"
    say "  1. calibrate with the buttons: menu (long press) -> Kalibrieren, then follow the OLED;"
    say "     or from this shell (the service must not run meanwhile; lgpio needs a writable folder):"
    say "     sudo systemctl stop waage"
    say "     sudo -u waage sh -c 'cd $STATE && $VENV/bin/waage monitor --config $CONF --seconds 30'   # wiring check"
    say "     sudo -u waage sh -c 'cd $STATE && $VENV/bin/waage calibrate --config $CONF --state-dir $STATE --known-g 500'"
    say "     sudo systemctl start waage"
    say "  2. play: the OLED shows the game menu and the web view's PIN; a long press opens the menu from anywhere"
}

# --------------------------------------------------------------------------- uninstall

uninstall() {
    step "Uninstalling waage"
    [ "$(id -u)" = 0 ] || die "run me as root: sudo sh $0 --uninstall"
    if systemd_running; then
        systemctl disable --now waage 2>/dev/null || true
    elif command -v systemctl >/dev/null 2>&1; then
        systemctl disable waage 2>/dev/null || true
    fi
    rm -f "$UNIT"
    systemd_running && systemctl daemon-reload
    if [ -f "$RECORD_DIR/added" ]; then
        while read -r kind what; do
            case "$kind" in
                file) rm -f "$what" ;;
                dir) rm -rf "$what" ;;
                config.txt)
                    # drop our block, markers included
                    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '$0 == b {skip = 1; next} $0 == e {skip = 0; next} !skip {print}' "$what" > "$what.waage-tmp"
                    cat "$what.waage-tmp" > "$what" && rm -f "$what.waage-tmp" ;;
                user) userdel "$what" 2>/dev/null || true ;;
                group) groupdel "$what" 2>/dev/null || true ;;
            esac
            say "    removed $kind $what"
        done < "$RECORD_DIR/added"
        ldconfig
    fi
    rm -rf "$VENV" "$RECORD_DIR"
    if [ "$PURGE" = yes ]; then
        rm -rf "$CONF_DIR" "$STATE"
        say "    removed $CONF_DIR and $STATE (--purge)"
    else
        # the user waage is gone: its uid must not own what stays (a later user could get that uid)
        for d in "$CONF_DIR" "$STATE"; do [ ! -e "$d" ] || chown -R root:root "$d"; done
        say "    kept $CONF_DIR and $STATE (games, calibration; now owned by root): --uninstall --purge removes them"
    fi
    say "    apt packages stay installed (other programs may use them)"
    step_end
}

# --------------------------------------------------------------------------- main

while [ $# -gt 0 ]; do
    case "$1" in
        --config) [ $# -ge 2 ] || die "--config needs a file"; CONFIG_FROM=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift ;;
        --hx711-source) [ $# -ge 2 ] || die "--hx711-source needs a folder"; HX711_SOURCE=$2; shift ;;
        --any-board) ANY_BOARD=yes ;;
        --uninstall) ACTION=uninstall ;;
        --purge) PURGE=yes ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

if [ "$ACTION" = uninstall ]; then
    uninstall
    exit 0
fi
check_platform
say "    expected time on a Raspberry Pi Zero 2 W: about $ZERO2W_MINUTES_SERIAL min with the serial bridge,"
say "    about $ZERO2W_MINUTES_HX711 min with the HX711 on GPIO (compiles lg, libhx711 and hx711-rpi-py); faster Pis less"
install_packages
enable_i2c
create_user
copy_source
install_config
build_hx711_libs
install_venv
state_dir
install_unit
summary
