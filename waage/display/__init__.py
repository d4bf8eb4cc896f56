"""display: views (what to show), screens (how it looks), and the displays (OLED, terminal, none).

Public API: ``waage.display.views`` (the view dataclasses, ``View``),
``waage.display.screens.render`` / ``draw_view``, ``waage.display.base.make_display``
/ ``Display``, ``waage.display.terminal.to_halfblocks`` / ``HalfBlockDevice`` (a luma device) /
``TerminalDisplay`` (``OledDisplay`` on it),
``waage.display.oled.OledDisplay``, ``waage.tools.contact_sheet.main``.
"""
