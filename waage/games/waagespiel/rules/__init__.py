"""The Waagespiel's rules in parts (``shared/docs/waagespiel-rules.md``, W-nn), joined by
``waage.games.waagespiel.engine.Waagespiel``:

- ``state``: ``GameState`` and its parts (rolls, the Auserwählte, an unknown glass, statistics);
- ``rolling``: the rolls, the tie-break and the Auserwählte (W-10 … W-15, W-20, W-41);
- ``drinking``: the weight events and the judging of a sip (W-21, W-22, W-30 … W-35, W-38, W-40);
- ``glass``: the glass in use, weighing it and one the scale does not know (W-36, W-37).

Each part but ``state`` is a mixin of the engine over its ``state`` (pure, no I/O).
"""
