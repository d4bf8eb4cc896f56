"""The live layer: what the composition root hands to the adapters at the edge.

``hub.py``: ``LiveSnapshot`` (what the table should see now), ``LiveObserver`` (the interface of
an adapter watching the game) and ``LiveHub`` (fans records and snapshots out to the observers).
The web view (``waage/web/``) and MQTT (``waage/mqtt/``) import this layer, never ``waage/app/``:
the adapters are leaves, the drivers in ``waage/app/`` build them (``waage/app/wiring.py``).
"""
