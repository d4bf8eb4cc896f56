"""firmware_bridge builds with the real pico-sdk and Debian's arm-none-eabi-gcc, without warnings.

The build (once per session, ``firmware_build`` fixture) is the one the
emulator tests run. Skipped, with the reason, when the toolchain or the
vendored SDK is missing; ``.ci/run`` installs the toolchain and sets
WAAGE_REQUIRE_FIRMWARE=1, so in CI a missing piece fails instead.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

import bridge_firmware as fw

UF2_MAGIC_START0 = 0x0A324655  # "UF2\n"
UF2_MAGIC_START1 = 0x9E5D5157
RP2040_FAMILY_ID = 0xE48BFF56


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} not installed (binutils of gcc-arm-none-eabi)")
    return path


def test_builds_a_uf2_for_the_rp2040(firmware_build: fw.Build) -> None:
    data = firmware_build.uf2.read_bytes()
    assert len(data) % 512 == 0 and len(data) >= 512 * 20
    blocks = [data[i : i + 512] for i in range(0, len(data), 512)]
    for n, block in enumerate(blocks):
        magic0, magic1, _flags, addr, size, number, total, family = (
            int.from_bytes(block[i : i + 4], "little") for i in range(0, 32, 4)
        )
        assert (magic0, magic1) == (UF2_MAGIC_START0, UF2_MAGIC_START1)
        assert family == RP2040_FAMILY_ID
        assert (number, total) == (n, len(blocks))
        assert 0x10000000 <= addr < 0x10200000 and size == 256  # XIP flash of a Pico (2 MB)


def test_no_compiler_warning_in_our_sources(firmware_build: fw.Build) -> None:
    assert "-Wall -Wextra" in (fw.FIRMWARE / "CMakeLists.txt").read_text()
    assert firmware_build.our_warnings == []
    assert firmware_build.warnings == []  # the SDK parts we build are clean too, with our flags


def test_main_c_is_compiled_with_wall_wextra(firmware_build: fw.Build) -> None:
    flags = (fw.BUILD_DIR / "CMakeFiles" / "waage_bridge.dir" / "flags.make").read_text()
    assert re.search(r"C_FLAGS = .*-Wall -Wextra", flags), flags


def test_cmake_file_uses_the_sdk_import_pattern() -> None:
    """No SDK version or path is hard-coded: the same file builds with pico-sdk 1.5.x and 2.x."""
    text = (fw.FIRMWARE / "CMakeLists.txt").read_text()
    assert "include(${CMAKE_CURRENT_LIST_DIR}/pico_sdk_import.cmake)" in text
    assert "1.5.1" not in text and "shared/vendor" not in text
    assert text.index("pico_sdk_import.cmake") < text.index("project(")
    assert "pico_sdk_init.cmake" in (fw.FIRMWARE / "pico_sdk_import.cmake").read_text()


def test_hx711_read_runs_from_ram(firmware_build: fw.Build) -> None:
    """The interrupt-free HX711 read is its own function in SRAM (no flash-cache stall mid-word)."""
    nm = subprocess.run([_tool("arm-none-eabi-nm"), str(firmware_build.elf)], capture_output=True, text=True,
                        check=True).stdout
    symbols = {line.split()[2]: int(line.split()[0], 16) for line in nm.splitlines() if len(line.split()) == 3}
    assert "hx711_read" in symbols, "hx711_read was inlined (into main, in flash)"
    assert 0x20000000 <= symbols["hx711_read"] < 0x20042000  # SRAM, copied there from flash at boot
    assert 0x10000000 <= symbols["main"] < 0x11000000  # main itself stays in flash
    objdump = subprocess.run([_tool("arm-none-eabi-objdump"), "-h", str(firmware_build.elf)], capture_output=True,
                             text=True, check=True).stdout
    data = next(line.split() for line in objdump.splitlines() if line.split()[1:2] == [".data"])
    start, size = int(data[3], 16), int(data[2], 16)  # VMA, size
    assert start <= symbols["hx711_read"] < start + size


def test_hx711_read_calls_nothing_in_flash(firmware_build: fw.Build) -> None:
    """Every branch out of the RAM routine stays in RAM: time_us_32, gpio_put/get are inlined."""
    dis = subprocess.run([_tool("arm-none-eabi-objdump"), "-d", "--disassemble=hx711_read", str(firmware_build.elf)],
                         capture_output=True, text=True, check=True).stdout
    body = dis[dis.index("<hx711_read>:"):]
    calls = re.findall(r"\bbl[x]?\s+([0-9a-f]+)", body)
    assert all(int(addr, 16) >= 0x20000000 for addr in calls), calls
    assert "cpsid\ti" in body and "msr\tPRIMASK" in body  # interrupts off around the clocking, then restored
