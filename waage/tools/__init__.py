"""Developer tools that make pictures for the docs: ``waage screens`` (``contact_sheet.py``:
every OLED screen on one PNG, from ``samples.py``: a sample view of every screen, also the goldens' input) and ``python -m waage.tools.screenshots docs/web`` (the web pages
in a real headless Chromium). Not part of the device."""
