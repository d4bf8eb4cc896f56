"""The Pi installer, proven in an emulated 64-bit Raspberry Pi OS (issue 19).

``install/test-in-emulated-pi.sh`` does the work (debootstrap + qemu-user-static,
a cached Debian bookworm arm64 root; see its header). It takes minutes, so it runs
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


@pytest.mark.needs_tool("debootstrap", apt="debootstrap")
@pytest.mark.needs_tool("qemu-aarch64-static", apt="qemu-user-static")
@pytest.mark.needs_tool("update-binfmts", apt="binfmt-support")
def test_install_upgrade_uninstall_in_an_emulated_pi(tmp_path):
    if not ENABLED:
        pytest.skip("the emulated Pi install takes minutes: WAAGE_EMULATED_PI=1 runs it (.ci/run sets it)")
    if os.geteuid() != 0:
        pytest.skip("the emulated Pi needs root (debootstrap, chroot, mount): run as root or in CI")
    log = tmp_path / "emulated-pi.log"
    with log.open("w") as out:
        result = subprocess.run(["bash", str(EMULATED)], stdout=out, stderr=subprocess.STDOUT, cwd=REPO)
    text = log.read_text()
    print(text[-6000:])          # the phase times end up in the captured output
    fails = "\n".join(line for line in text.splitlines() if line.startswith("FAIL:"))
    assert result.returncode == 0, f"exit {result.returncode}; log {log}:\n{fails}\n...\n{text[-6000:]}"
    assert "emulated Pi: every check passed" in text
    assert "FAIL:" not in text
