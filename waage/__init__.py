"""waage: controller of a Raspberry Pi smart scale for the Waagespiel.

Folders: ``rules`` (pure game engines), ``weight`` (samples -> weight events),
``sensors`` / ``display`` / ``inputs`` (adapters at the edge), ``app`` (the one
place that wires them: replay, sim, run).
"""

__version__ = "0.1.0"
