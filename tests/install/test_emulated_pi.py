"""The Pi installer, proven in an emulated 64-bit Raspberry Pi OS (issue 19).

``install/test-in-emulated-pi.sh`` does the work (debootstrap + qemu-user-static
emulating the Zero 2 W's Cortex-A53, cached Debian bookworm and trixie arm64 roots;
see its header). It takes minutes, so it runs
when ``WAAGE_EMULATED_PI=1`` (``.ci/run`` sets it); it needs root and Debian's
debootstrap, qemu-user-static and binfmt-support. Without them it is skipped with
the reason (a missing program is a failure in CI, tests/conftest.py).

The cheap checks below run everywhere: the installer is valid POSIX shell and
refuses a 32-bit system and a board that is no Pi before touching anything.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INSTALLER = REPO / "install" / "pi.sh"
EMULATED = REPO / "install" / "test-in-emulated-pi.sh"
ENABLED = os.environ.get("WAAGE_EMULATED_PI") == "1"


def test_installer_is_valid_posix_shell():
    result = subprocess.run(["sh", "-n", str(INSTALLER)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_installer_help_names_every_option():
    result = subprocess.run(["sh", str(INSTALLER), "--help"], capture_output=True, text=True)
    assert result.returncode == 0
    for option in ("--config", "--hx711-source", "--any-board", "--uninstall", "--purge"):
        assert option in result.stdout


def test_installer_rejects_an_unknown_option_with_its_usage():
    result = subprocess.run(["sh", str(INSTALLER), "--frobnicate"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "usage: sudo sh install/pi.sh" in result.stderr


def _fake_bin(tmp_path: Path, **outputs: str) -> dict[str, str]:
    """A PATH whose ``dpkg``/``id`` print the given answers (the rest is the real system)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in outputs.items():
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\necho '{text}'\n")
        script.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}


def test_installer_refuses_32_bit_with_the_way_out(tmp_path):
    """The real armhf root is in the emulated run; here dpkg says armhf (a 64-bit kernel under a 32-bit OS)."""
    env = _fake_bin(tmp_path, dpkg="armhf", id="0")
    result = subprocess.run(["sh", str(INSTALLER)], capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert "32-bit system (armhf)" in result.stderr
    assert "Raspberry Pi OS Lite (64-bit)" in result.stderr


@pytest.mark.skipif(Path("/proc/device-tree/model").exists(), reason="this machine has a device tree")
def test_installer_refuses_a_board_that_is_no_pi(tmp_path):
    env = _fake_bin(tmp_path, dpkg="arm64", id="0")
    result = subprocess.run(["sh", str(INSTALLER)], capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert "not a Raspberry Pi" in result.stderr and "--any-board" in result.stderr


SHARED_HX711 = REPO.parent / "shared" / "vendor" / "hx711-ed1da42"


# The two suites run side by side (each is mostly one emulated process at a time: on
# 2 cores that halves the wall time), balanced so that neither waits long for the other
# (a cold CI, beside the rest of the suite: bookworm 1,427 s, trixie 1,598 s;
# docs/raspberry-pi.md 6). bookworm (Python 3.11): the serial bridge path, 3 replays, the
# tests inside, upgrade and uninstall. trixie (3.13, Raspberry Pi OS of today): the serial
# bridge path with every replay, then the HX711 path with libhx711 from ../shared/vendor
# (issue 28).
SUITES = {
    "bookworm": {"WAAGE_PI_REPLAYS": "some", "WAAGE_PI_UPGRADE": "1", "WAAGE_PI_TESTS_INSIDE": "1"},
    "trixie": {"WAAGE_PI_REPLAYS": "all", "WAAGE_PI_UPGRADE": "0", "WAAGE_PI_TESTS_INSIDE": "0"},
}


def test_the_emulated_proof_sourced_gives_its_functions_and_runs_nothing():
    """install/prove-low-memory-compile.sh sources it for its functions; main must not start.

    Were main to run, need_tools would stop it at once (not root, or no WAAGE_HOST_BIN).
    """
    env = {**os.environ, "WAAGE_HOST_BIN": "/nonexistent/waage"}
    result = subprocess.run(
        ["bash", "-c", f'. "{EMULATED}" && declare -F in_root new_root mount_root base_tarball lib_cache_key'],
        capture_output=True, text=True, env=env,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["in_root", "new_root", "mount_root", "base_tarball", "lib_cache_key"]
    assert result.stderr == ""


def test_the_low_memory_compile_proof_is_valid_bash():
    """The proof itself takes minutes and runs by hand (docs/raspberry-pi.md, section 5)."""
    result = subprocess.run(["bash", "-n", str(REPO / "install" / "prove-low-memory-compile.sh")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


PI_OS_LGPIO = REPO / "install" / "prove-pi-os-lgpio.sh"


def test_the_pi_os_lgpio_proof_is_valid_bash():
    """The proof compiles libhx711 and the binding again, so it runs by hand (docs/raspberry-pi.md, section 6)."""
    result = subprocess.run(["bash", "-n", str(PI_OS_LGPIO)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _deb(path: Path, *args: str) -> str:
    return subprocess.run(["dpkg-deb", *args, str(path)], capture_output=True, text=True, check=True).stdout


@pytest.mark.needs_tool("dpkg-deb", apt="dpkg")
def test_the_pi_os_lgpio_proofs_packages_have_raspberry_pi_oss_layout(tmp_path):
    """liblgpio1 and liblgpio-dev as Raspberry Pi OS ships them: multiarch library, header, -dev's symlink."""
    lib = tmp_path / "lg"
    lib.mkdir()
    (lib / "liblgpio.so.1").write_bytes(b"\x7fELF stand-in")
    (lib / "lgpio.h").write_text("/* lgpio.h stand-in */\n")
    out = tmp_path / "debs"
    env = {**os.environ, "WAAGE_HOST_BIN": "/bin/true"}
    result = subprocess.run(["bash", "-c", f'. "{PI_OS_LGPIO}" && lg_debs "{lib}" "{out}" && echo "$LG_DEB_VERSION"'],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    version = result.stdout.strip()
    assert version == "0.2.2-1~waage1"   # lg 0.2.2 (PyPI's lgpio 0.2.2.0), below any real "-1"
    runtime, dev = out / f"liblgpio1_{version}_arm64.deb", out / f"liblgpio-dev_{version}_arm64.deb"

    def files(deb: Path) -> dict[str, str]:   # path -> mode string, with the link target for symlinks
        rows = (line.split(maxsplit=5) for line in _deb(deb, "-c").splitlines())
        return {row[5].removeprefix("."): row[0] for row in rows if not row[5].endswith("/")}

    assert files(runtime) == {"/usr/lib/aarch64-linux-gnu/liblgpio.so.1": "-rw-r--r--",
                              "/usr/share/doc/liblgpio1/README.waage": "-rw-r--r--"}
    assert files(dev) == {"/usr/include/lgpio.h": "-rw-r--r--",
                          "/usr/lib/aarch64-linux-gnu/liblgpio.so -> liblgpio.so.1": "lrwxrwxrwx",
                          "/usr/share/doc/liblgpio-dev/README.waage": "-rw-r--r--"}
    assert _deb(runtime, "-f").splitlines()[:4] == [
        "Package: liblgpio1", "Source: lg", f"Version: {version}", "Architecture: arm64"]
    assert f"Depends: liblgpio1 (= {version})" in _deb(dev, "-f")
    assert "not downloaded from Raspberry Pi OS" in subprocess.run(
        ["dpkg-deb", "--fsys-tarfile", str(runtime)], capture_output=True, check=True).stdout.decode("latin-1")


#: the proofs started as soon as collection ended, beside the rest of the suite (tests/install/conftest.py):
#: suite -> (log, whether it runs the HX711 path, the process)
STARTED: dict[str, tuple[Path, bool, subprocess.Popen[bytes]]] = {}


def start_proofs(log_dir: Path) -> dict[str, tuple[Path, bool, subprocess.Popen[bytes]]]:
    """Start ``install/test-in-emulated-pi.sh`` once per suite (``SUITES``), each writing ``emulated-pi-SUITE.log``
    in ``log_dir``; trixie gets libhx711 from ``../shared/vendor`` (``AssertionError`` in CI when it is missing).
    Returns suite -> (log, HX711 path, process); nothing waits for them here."""
    assert SHARED_HX711.is_dir() or os.environ.get("CI") != "true", \
        f"CI must prove the HX711 path: {SHARED_HX711} is missing"
    runs = {}
    for suite, settings in SUITES.items():
        env = {**os.environ, "WAAGE_PI_SUITE": suite, **settings}
        if suite == "trixie":
            if SHARED_HX711.is_dir():
                env["WAAGE_PI_HX711_SOURCE"] = str(SHARED_HX711)
            else:
                print(f"no {SHARED_HX711}: the HX711 path is left out")
        log = log_dir / f"emulated-pi-{suite}.log"
        runs[suite] = (log, "WAAGE_PI_HX711_SOURCE" in env, subprocess.Popen(
            ["bash", str(EMULATED)], stdout=log.open("w"), stderr=subprocess.STDOUT, cwd=REPO, env=env))
    return runs


def proof_can_run() -> str | None:
    """Why the emulated proof cannot run here (a skip's reason), or None."""
    if not ENABLED:
        return "the emulated Pi install takes minutes: WAAGE_EMULATED_PI=1 runs it (.ci/run sets it)"
    if os.geteuid() != 0:
        return "the emulated Pi needs root (debootstrap, chroot, mount): run as root or in CI"
    return None


@pytest.mark.needs_tool("debootstrap", apt="debootstrap")
@pytest.mark.needs_tool("qemu-aarch64-static", apt="qemu-user-static")
@pytest.mark.needs_tool("update-binfmts", apt="binfmt-support")
def test_install_upgrade_uninstall_in_emulated_pis(tmp_path):
    """Both suites' proofs pass. They were started when collection ended and ran beside the other tests; this
    test runs last and waits for them (or starts them, when the conftest did not)."""
    reason = proof_can_run()
    if reason:
        pytest.skip(reason)
    runs = STARTED or start_proofs(tmp_path)
    problems = []
    for suite, (log, hx711, proc) in runs.items():
        rc = proc.wait()
        text = log.read_text()
        print(f"===== {suite}\n{text[-4000:]}")          # the phase times end up in the captured output
        fails = "\n".join(line for line in text.splitlines() if line.startswith("FAIL:"))
        if rc != 0 or "emulated Pi: every check passed" not in text or fails:
            problems.append(f"{suite}: exit {rc}; log {log}:\n{fails}\n...\n{text[-3000:]}")
        elif hx711 and not ("ok: hx711 install exits 0" in text and "ok: hx711: waage run serves the web view" in text):
            problems.append(f"{suite}: the HX711 path did not run to its end; log {log}")
    assert not problems, "\n\n".join(problems)
