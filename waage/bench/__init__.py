"""Benchmarks: scripts that print figures (speed, accuracy, latency), never part of the device.

``waage bench`` (``report.py``) runs the weight pipeline (``pipeline.py``), a pour after the
put-back (``pour.py``), warm-up drift (``drift.py``), the display (``display.py``) and the HX711
reader (``hardware.py``); ``waage bench --web`` the web view (``web.py``). Run alone:
``python -m waage.bench.mqtt`` (the MQTT adapter against a local mosquitto) and
``python -m waage.bench.soak`` (a long run of ``waage run`` with phones, web and MQTT).
"""
