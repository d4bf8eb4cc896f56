#!/bin/bash
# The installer's Raspberry Pi OS branch: liblgpio-dev from apt instead of compiling lg (issue 28).
#
#   sudo install/prove-pi-os-lgpio.sh           # from the repo root; takes minutes
#
# On Raspberry Pi OS the Raspberry Pi repository (archive.raspberrypi.com, a sources entry
# in /etc/apt/sources.list.d/) has liblgpio1 and liblgpio-dev; install/pi.sh installs
# liblgpio-dev from apt when `apt-cache policy` gives it a candidate and compiles lg only
# where it has none (plain Debian). That repository is not reachable from here, so this
# proof builds the two packages itself, the way Raspberry Pi ships them (Debian's multiarch
# layout: liblgpio1 with /usr/lib/aarch64-linux-gnu/liblgpio.so.1 and the ldconfig trigger,
# liblgpio-dev with /usr/include/lgpio.h and the liblgpio.so symlink), from the same lg
# source the installer compiles (PyPI's lgpio $LG_VERSION sdist: the liblgpio.so.1 and
# lgpio.h install/test-in-emulated-pi.sh's HX711 path built in this suite's root and cached).
# They are NOT downloaded from Raspberry Pi OS.
#
# In a fresh cached trixie arm64 root (the emulated Cortex-A53; install/test-in-emulated-pi.sh's
# functions, sourced) made a Pi, with a local apt repository as a sources entry
# (file:, Trusted: yes) holding the two packages, it runs `sh install/pi.sh --hx711-source
# DIR` (the default config: kind = "hx711") and checks that
#   - apt installed liblgpio-dev and liblgpio1 from that repository, and lg was not compiled
#     (no "building lg" line, nothing of lg in /usr/local);
#   - libhx711 (compiled by the installer, not from the cache) and hx711-rpi-py (compiled
#     by pip: its built-wheel cache is left out) are linked against apt's liblgpio.so.1:
#     their NEEDED entries, and the running binding's mapped libraries;
#   - the installed waage reads through the real HX711 binding as the emulated proof does:
#     the binding has every name of waage's double, the reader gets its GPIO error as a
#     sensor fault, check-config passes and the service's command comes up.
# Not part of ./run-tests or CI (it compiles libhx711 and the binding again: minutes; the
# measured times are in docs/raspberry-pi.md section 6). Needs root, what
# install/test-in-emulated-pi.sh needs, dpkg-deb and dpkg-scanpackages on this machine (dpkg-dev),
# and a cached lg (run WAAGE_PI_SUITE=trixie WAAGE_PI_HX711_SOURCE=../shared/vendor/hx711-ed1da42
# install/test-in-emulated-pi.sh once).
set -euo pipefail

export WAAGE_PI_SUITE=${WAAGE_PI_SUITE:-trixie}
export WAAGE_HOST_BIN=${WAAGE_HOST_BIN:-/bin/true}   # no replays compared here
# shellcheck source=install/test-in-emulated-pi.sh
. "$(dirname "${BASH_SOURCE[0]}")/test-in-emulated-pi.sh"
HX711_SOURCE=${WAAGE_PI_HX711_SOURCE:-$REPO/../shared/vendor/hx711-ed1da42}
eval "$(sed -n '/^LG_VERSION=/p' "$REPO/install/pi.sh")"
# lg's own version (PyPI's lgpio adds a fourth digit); "~waage1" sorts below a real "-1".
# Raspberry Pi's packages are versioned like 0.2.2-1~rpt1.
LG_DEB_VERSION=${LG_VERSION%.*}-1~waage1
MULTIARCH=aarch64-linux-gnu
LOCAL_REPO=/srv/waage-pi-os-repo      # inside the root

lg_debs() {   # lg_debs LIBDIR OUTDIR: liblgpio1 and liblgpio-dev (arm64) from LIBDIR/liblgpio.so.1 and LIBDIR/lgpio.h
    local lib=$1 out=$2 pkg d
    [ -f "$lib/liblgpio.so.1" ] && [ -f "$lib/lgpio.h" ] || { echo "lg_debs: no liblgpio.so.1 and lgpio.h in $lib" >&2; return 1; }
    mkdir -p "$out"
    for pkg in liblgpio1 liblgpio-dev; do
        d=$(mktemp -d)
        mkdir -p "$d/DEBIAN" "$d/usr/lib/$MULTIARCH" "$d/usr/share/doc/$pkg"
        case $pkg in
        liblgpio1)
            install -m 0644 "$lib/liblgpio.so.1" "$d/usr/lib/$MULTIARCH/liblgpio.so.1"
            echo "activate-noawait ldconfig" > "$d/DEBIAN/triggers"   # as dh_makeshlibs adds it
            cat > "$d/DEBIAN/control" <<EOF
Package: liblgpio1
Source: lg
Version: $LG_DEB_VERSION
Architecture: arm64
Maintainer: waage install/prove-pi-os-lgpio.sh <nobody@invalid>
Section: libs
Priority: optional
Multi-Arch: same
Depends: libc6 (>= 2.34)
Description: Linux SBC GPIO library (built by waage's proof, laid out as Raspberry Pi OS ships it)
 lg $LG_VERSION from PyPI's lgpio sdist, the source install/pi.sh compiles on plain Debian.
EOF
            ;;
        liblgpio-dev)
            mkdir -p "$d/usr/include"
            install -m 0644 "$lib/lgpio.h" "$d/usr/include/lgpio.h"
            ln -s liblgpio.so.1 "$d/usr/lib/$MULTIARCH/liblgpio.so"
            cat > "$d/DEBIAN/control" <<EOF
Package: liblgpio-dev
Source: lg
Version: $LG_DEB_VERSION
Architecture: arm64
Maintainer: waage install/prove-pi-os-lgpio.sh <nobody@invalid>
Section: libdevel
Priority: optional
Multi-Arch: same
Depends: liblgpio1 (= $LG_DEB_VERSION)
Description: Linux SBC GPIO library, development files (built by waage's proof)
 The header and the link-time symlink for liblgpio1.
EOF
            ;;
        esac
        printf 'Built by waage install/prove-pi-os-lgpio.sh, not downloaded from Raspberry Pi OS.\nlg: public domain (Unlicense), abyz.me.uk/lg\n' \
            > "$d/usr/share/doc/$pkg/README.waage"
        chmod -R u=rwX,go=rX "$d"
        dpkg-deb --root-owner-group -Zxz --build "$d" "$out/${pkg}_${LG_DEB_VERSION}_arm64.deb" > /dev/null
        rm -rf "$d"
    done
}

local_repo() {   # local_repo DEBDIR REPODIR: a repository laid out as archive.raspberrypi.com (dists/SUITE/main)
    local debs=$1 repo=$2 pkgs rel
    mkdir -p "$repo/pool/main/l/lg" "$repo/dists/$SUITE/main/binary-arm64"
    cp "$debs"/*.deb "$repo/pool/main/l/lg/"
    pkgs=dists/$SUITE/main/binary-arm64/Packages
    (cd "$repo" && dpkg-scanpackages --arch arm64 pool > "$pkgs" 2> /dev/null && gzip -9nk "$pkgs")
    rel=$repo/dists/$SUITE/Release
    {
        printf 'Origin: waage-proof\nLabel: Raspberry Pi OS packages built by waage (not Raspberry Pi)\n'
        printf 'Suite: %s\nCodename: %s\nArchitectures: arm64\nComponents: main\n' "$SUITE" "$SUITE"
        printf 'Date: %s\nSHA256:\n' "$(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S UTC')"
        for f in "$pkgs" "$pkgs.gz"; do
            printf ' %s %s %s\n' "$(sha256sum < "$repo/$f" | cut -d' ' -f1)" "$(stat -c %s "$repo/$f")" "${f#dists/$SUITE/}"
        done
    } > "$rel"
}

needed_libs() {   # needed_libs ROOT FILE: the NEEDED entries of an ELF file in the root
    in_root "$1" readelf -d "$2" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' '
}

prove() {
    need_tools
    command -v dpkg-deb > /dev/null && command -v dpkg-scanpackages > /dev/null || die "needs dpkg-deb and dpkg-scanpackages (apt-get install dpkg-dev)"
    [ -d "$HX711_SOURCE" ] || die "no libhx711 source at $HX711_SOURCE (WAAGE_PI_HX711_SOURCE)"
    local libs rc=0 binding deps b
    libs=$CACHE/hx711-libs-$SUITE-$(lib_cache_key).tar
    [ -s "$libs" ] || die "no cached lg ($libs): run WAAGE_PI_SUITE=$SUITE WAAGE_PI_HX711_SOURCE=$HX711_SOURCE install/test-in-emulated-pi.sh once"

    phase "liblgpio1 and liblgpio-dev $LG_DEB_VERSION (dpkg-deb) and the local repository"
    mkdir -p /var/tmp
    WORK=$(mktemp -d /var/tmp/waage-prove-pi-os-lgpio.XXXXXX)
    mkdir "$WORK/lg"
    tar -C "$WORK/lg" -xf "$libs" --strip-components=3 usr/local/lib/liblgpio.so.1 usr/local/include/lgpio.h
    lg_debs "$WORK/lg" "$WORK/debs"
    for d in "$WORK"/debs/*.deb; do
        log "$(basename "$d"): $(dpkg-deb -c "$d" | awk '$6 !~ /\/$/ {printf "%s%s ", $6, ($7 == "->" ? " -> " $8 : "")}')"
    done

    phase "the trixie root, a Pi, with the repository as a sources entry"
    ARM64=$(base_tarball arm64)
    ROOT=$(new_root "$ARM64")
    mount_root "$ROOT"
    # pip's cache without the hx711-rpi-py wheel the emulated proof built: pip compiles it here
    umount "$ROOT/root/.cache/pip"
    cp -al "$CACHE/pip-cache" "$WORK/pip-cache" 2>/dev/null || cp -a "$CACHE/pip-cache" "$WORK/pip-cache"
    find "$WORK/pip-cache" -name 'hx711_rpi_py-*.whl' -delete
    mount --bind "$WORK/pip-cache" "$ROOT/root/.cache/pip"; MOUNTS+=("$ROOT/root/.cache/pip")
    copy_repo "$ROOT"
    make_it_a_pi "$ROOT"
    mkdir -p "$ROOT/home/pi/hx711" && cp -a "$HX711_SOURCE/." "$ROOT/home/pi/hx711/"
    local_repo "$WORK/debs" "$ROOT$LOCAL_REPO"
    # as Raspberry Pi OS trixie has /etc/apt/sources.list.d/raspi.sources (there: its https URI, Signed-By)
    cat > "$ROOT/etc/apt/sources.list.d/raspi.sources" <<EOF
Types: deb
URIs: file:$LOCAL_REPO
Suites: $SUITE
Components: main
Trusted: yes
EOF
    log "root: $ROOT ($SUITE, $(in_root "$ROOT" python3 -V), QEMU_CPU=$QEMU_CPU); sources: file:$LOCAL_REPO"

    phase "install (install/pi.sh --hx711-source, the default config)"
    compiler_peaks "$WORK/compiler-peaks" & local sampler=$!
    set +e
    in_root "$ROOT" sh -c 'cd /home/pi/waage && sh install/pi.sh --hx711-source /home/pi/hx711' > "$WORK/install.log" 2>&1
    rc=$?
    set -e
    kill -TERM "$sampler"; wait "$sampler" || true
    sed 's/^/    | /' "$WORK/install.log"
    check "install exits 0" test "$rc" = 0
    in_root "$ROOT" apt-cache policy liblgpio-dev | sed 's/^/    | /'
    check "liblgpio-dev and liblgpio1 $LG_DEB_VERSION installed by apt" sh -c \
        "[ \"\$(chroot '$ROOT' dpkg-query -W -f='\${Version} \${Status}\n' liblgpio-dev liblgpio1 | sort -u)\" = '$LG_DEB_VERSION install ok installed' ]"
    check "the installer took liblgpio-dev from apt" grep -q "installing: liblgpio-dev" "$WORK/install.log"
    check "lg was not compiled (no \"building lg\" line)" sh -c "! grep -q 'building lg' '$WORK/install.log'"
    check "nothing of lg in /usr/local" sh -c "[ -z \"\$(find '$ROOT/usr/local' -name 'liblgpio*' -o -name lgpio.h)\" ]"
    check "libhx711 compiled by the installer" grep -q "libhx711 compiled in" "$WORK/install.log"
    check "pip compiled hx711-rpi-py (a new wheel in the emptied cache)" sh -c "find '$WORK/pip-cache' -name 'hx711_rpi_py-*.whl' | grep -q ."
    [ -s "$WORK/compiler-peaks" ] && log "peak resident memory per compiler program (qemu included), MB: $(sort "$WORK/compiler-peaks" | awk '{printf "%s %d  ", $1, $2/1024}')"

    phase "linked against apt's liblgpio.so.1; the real binding"
    deps=$(needed_libs "$ROOT" /usr/local/lib/libhx711.so)
    log "libhx711.so NEEDED: $deps"
    check "libhx711.so needs liblgpio.so.1" sh -c "echo ' $deps' | grep -q ' liblgpio.so.1 '"
    binding=$(in_root "$ROOT" /opt/waage/.venv/bin/python -c 'import glob, os, HX711; print(" ".join(glob.glob(os.path.join(os.path.dirname(HX711.__file__), "*.so"))) or HX711.__file__)')
    for b in $binding; do log "$b NEEDED: $(needed_libs "$ROOT" "$b")"; done
    in_root "$ROOT" /opt/waage/.venv/bin/python -c 'import HX711; print("\n".join(sorted({l.split()[-1] for l in open("/proc/self/maps") if "lgpio" in l or "hx711" in l.lower()})))' > "$WORK/maps"
    sed 's/^/    | mapped: /' "$WORK/maps"
    check "the running binding maps apt's /usr/lib/$MULTIARCH/liblgpio.so.1" grep -qx "/usr/lib/$MULTIARCH/liblgpio.so.1" "$WORK/maps"
    check "and libhx711 from /usr/local/lib" grep -qx "/usr/local/lib/libhx711.so" "$WORK/maps"
    check "the real HX711 binding has every name of waage's double" binding_has_the_doubles_names "$ROOT"
    check "waage's reader gets the real binding's GPIO error as a sensor fault" reader_reports_the_bindings_gpio_error "$ROOT"
    check "check-config with kind = hx711" in_root "$ROOT" /opt/waage/.venv/bin/waage check-config /etc/waage/waage.toml

    phase "the service's command (config/hx711.toml) comes up"
    service_comes_up "$ROOT" hx711

    phase ""
    cleanup
    printf '\nPi OS liblgpio-dev: phase times (QEMU_CPU=%s, %s)\n%s' "$QEMU_CPU" "$(date -u +%F)" "$TIMES"
    printf '  %-52s %5s s\n' "total" "$(( $(date +%s) - T0 ))"
    if [ "$FAILED" != 0 ]; then
        echo "Pi OS liblgpio-dev: FAILED (see FAIL lines above)"
        exit 1
    fi
    echo "Pi OS liblgpio-dev: installed from apt and used (every check passed)"
}

# Sourced (tests/install): the functions only, prove not run.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then prove "$@"; fi
