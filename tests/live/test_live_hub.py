"""The live hub that feeds the web view and MQTT from the game thread."""

from waage.live.hub import LiveHub, LiveSnapshot, view_to_json
from waage.display.views import DrinkingView


class Recorder:
    def __init__(self):
        self.records, self.states, self.closed = [], [], False

    def record(self, line, record):
        self.records.append((line, record))

    def state(self, snapshot):
        self.states.append(snapshot)

    def close(self):
        self.closed = True


class Broken(Recorder):
    def record(self, line, record):
        raise RuntimeError("observer bug")


def _snapshot(**kw):
    view = DrinkingView(player="Ben", target_g=50, min_g=45, max_g=55, attempt=1, drunk_g=12.3, lifted=False)
    return LiveSnapshot(game="waagespiel", phase="drinking", players=["Anna", "Ben"], current="Ben", view=view, **kw)


def test_hub_fans_out_and_survives_a_broken_observer():
    hub, good = LiveHub(), Recorder()
    hub.add(Broken())
    hub.add(good)
    hub.record(1, {"event": "game_started"})
    hub.record(2, {"event": "roll"})
    hub.state(_snapshot(lines=2))
    hub.close()
    assert [line for line, _ in good.records] == [1, 2]
    assert hub.lines == 2 and good.states[-1].lines == 2 and good.closed


def test_late_observer_gets_the_latest_snapshot():
    hub = LiveHub()
    hub.state(_snapshot(grams=420.5))
    late = Recorder()
    hub.add(late)
    assert late.states and late.states[0].grams == 420.5


def test_snapshot_json_has_view_type_and_sample_age():
    data = _snapshot(grams=400.0, sample_at=100.0).to_json(now=100.75)
    assert data["view"]["type"] == "DrinkingView" and data["view"]["drunk_g"] == 12.3
    assert data["sample_age_s"] == 0.75 and "sample_at" not in data
    assert _snapshot().to_json(now=5.0)["sample_age_s"] is None
    assert view_to_json(_snapshot().view)["player"] == "Ben"
