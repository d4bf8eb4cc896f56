"""The join-by-QR screen: a phone camera (here zbar) reads the page URL with the device's IP address."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from PIL import Image

from waage.display.qr_screen import MIN_QUIET, QR_BOX, QrView, module_px, qr_matrix
from waage.display.screens import render_image
from waage.display.views import SetupView
from waage.web.address import lan_ip, page_url

URLS = ["http://192.168.178.123:8080/", "http://10.0.0.7:80/", "http://[fd12:3456:789a::1]:8080/"]


def zbar(path) -> str:
    exe = shutil.which("zbarimg")
    if exe is None:
        pytest.skip("zbarimg not installed (Debian: apt-get install zbar-tools; .ci/run installs it)")
    proc = subprocess.run([exe, "-q", "--raw", str(path)], capture_output=True, text=True, timeout=30)
    return proc.stdout.strip()


@pytest.mark.parametrize("url", URLS)
def test_the_oled_screen_decodes_to_the_page_url(url, tmp_path):
    img = render_image(QrView(url=url, pin="4933"))
    assert img.size == (128, 64)
    # as a camera sees the OLED: each pixel a few camera pixels wide
    path = tmp_path / "oled.png"
    img.convert("L").resize((128 * 4, 64 * 4), Image.NEAREST).save(path)
    assert zbar(path) == url


@pytest.mark.parametrize("url", URLS)
def test_modules_are_big_enough_and_the_quiet_zone_is_lit(url):
    size = len(qr_matrix(url))
    px = module_px(size)
    assert px >= 2 and size * px + 2 * MIN_QUIET * px <= QR_BOX
    img = render_image(QrView(url=url, pin="0000"))
    off = (QR_BOX - px * size) // 2
    border = [img.getpixel((x, y)) for x in range(QR_BOX) for y in range(QR_BOX)
              if min(x, y) < off or max(x, y) >= QR_BOX - off]
    assert set(border) == {255}  # lit around the code


def test_page_url_uses_an_ip_address_never_a_local_name():
    assert page_url("0.0.0.0", 8080) == f"http://{lan_ip()}:8080/"
    assert page_url("192.168.1.5", 8080) == "http://192.168.1.5:8080/"
    assert page_url("::1", 8080) == "http://[::1]:8080/"
    assert ".local" not in page_url("0.0.0.0", 8080)


def test_set_up_screen_and_qr_take_turns():
    from waage.web.hub import WebHub
    from waage.web.wiring import SETUP_QR_S, WebView

    class Server:
        host, port = "192.168.1.5", 8080

    web = WebView(WebHub(), Server())
    setup = SetupView(players=["Anna", "Ben"], dice_mode="electronic", glass_g=350.0, beer_g=400.0, starter="Anna")
    assert web.screen(setup, 0.0) is setup
    qr = web.screen(setup, SETUP_QR_S + 0.1)
    assert qr == QrView(url="http://192.168.1.5:8080/", pin=web.pin)
    other = QrView(url="x", pin="1")
    assert web.screen(other, SETUP_QR_S + 0.1) is other
