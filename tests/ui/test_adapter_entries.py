"""Menu entries of the adapters at the edge: the web view's join QR code and the MQTT league table."""

from __future__ import annotations

from standin import press, waagespiel_controller as controller

from waage.app.wiring import add_menu_entries
from waage.display.qr_screen import QrView
from waage.display.views import LeaderboardView
from waage.display.views import ListView
from waage.inputs.keys import Key
from waage.ui import DeviceUi

N, OK, BACK = Key.NEXT, Key.OK, Key.BACK


class WebStub:
    """Shaped like ``waage.web.wiring.WebView``: the join screen with a PIN that changes per game."""

    def __init__(self) -> None:
        self.pin = "1234"

    def qr_view(self) -> QrView:
        return QrView(url="http://192.168.1.20:8080/", pin=self.pin)


class LeagueStub:
    """Shaped like ``waage.mqtt.client.MqttObserver`` with a ``[mqtt] league``."""

    leaderboard = object()

    def league_view(self, page: int = 0) -> LeaderboardView:
        return LeaderboardView(league="Kirmes", rows=(), tables=2, page=page)


def _open(ui: DeviceUi, label: str):
    press(ui, BACK)
    items = ui.view().items
    press(ui, *[N] * items.index(label), OK)
    return ui.view()


def test_the_menu_shows_the_join_qr_code_with_the_current_pin():
    ctl, _, _ = controller()
    ui = DeviceUi(ctl, setup_done=True)
    web = WebStub()
    add_menu_entries(ui, [web])
    web.pin = "9876"  # a new game made a new PIN: the entry shows the one in force
    assert _open(ui, "Handy verbinden") == QrView(url="http://192.168.1.20:8080/", pin="9876")
    press(ui, OK)
    assert isinstance(ui.view(), ListView)


def test_the_league_entry_shows_the_leaderboard_and_only_with_a_league():
    ctl, _, _ = controller()
    ui = DeviceUi(ctl, setup_done=True)
    add_menu_entries(ui, [LeagueStub()])
    view = _open(ui, "Liga")
    assert isinstance(view, LeaderboardView) and view.league == "Kirmes"
    plain = DeviceUi(controller()[0], setup_done=True)
    no_league = LeagueStub()
    no_league.leaderboard = None
    add_menu_entries(plain, [no_league])
    press(plain, BACK)
    assert "Liga" not in plain.view().items and "Handy verbinden" not in plain.view().items


def test_the_join_screen_follows_a_new_pin():
    """Issue 27, finding 2: "Handy verbinden" kept the PIN from when the menu opened; the device now
    shows the PIN in force (a new game from a phone changed it while the screen was open)."""
    from waage.web.hub import WebHub
    from waage.web.wiring import WebView

    class Server:
        host, port = "192.168.1.5", 8080

    web = WebView(WebHub(), Server())
    ui = DeviceUi(controller()[0], setup_done=True)
    add_menu_entries(ui, [web])
    press(ui, BACK)
    press(ui, *[N] * ui.view().items.index("Handy verbinden"), OK)
    opened = ui.view()
    assert web.screen(opened, 0.0) == QrView(url="http://192.168.1.5:8080/", pin=web.pin)
    old = web.pin
    web.hub.record(1, {"event": "game_started"})
    web.hub.record(2, {"event": "game_started"})  # a second game: a new PIN
    assert web.pin != old and ui.view() == opened
    assert web.screen(ui.view(), 0.0) == QrView(url="http://192.168.1.5:8080/", pin=web.pin)
    assert not isinstance(ui.view(), ListView)
