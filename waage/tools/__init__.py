"""Developer tools that make pictures for the docs: ``waage screens`` (``contact_sheet.py``:
every OLED screen on one PNG) and ``python -m waage.tools.screenshots docs/web`` (the web pages
in a real headless Chromium). Not part of the device."""
