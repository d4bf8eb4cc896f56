"""Test doubles of third-party libraries and boards, shaped like the real APIs.

Not product adapters (those live in ``waage/sensors/``): each module here stands
in for something the device talks to, so the real adapter code runs unchanged.

- ``fake_hx711``: a module shaped like hx711-rpi-py's ``HX711`` (``SimpleHX711``,
  ``Options``, ``GpioException``…), installed as ``sys.modules["HX711"]`` or named
  as ``Hx711Sensor(module="waage.doubles.fake_hx711")``; its value types (enums, exceptions,
  ``Value``, ``Mass``, ``Options``) are written in ``hx711_types``;
- ``fake_bridge``: ``FakeBridgeBoard``, the board side of the serial protocol over
  a pty, for ``SerialBridgeSensor`` with real pyserial.

They sit inside the package, not under ``tests/``, because the HX711 reader's
sampler process imports its module by name in a fresh interpreter, and the
benches (``tests/hardware/bench_input_latency.py``) and a loopback simulator use
them outside pytest. The simulator's own scale (``waage/sensors/fake.py``:
``FakeScale``/``FakeSensor``) is a product sensor, a peer of ``hx711`` and
``serial``, and stays there.
"""
