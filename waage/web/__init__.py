"""The device's web view: a Starlette app served by uvicorn on its own thread.

``WebHub`` (``hub.py``) is a ``LiveObserver``: the game thread hands it records
and snapshots, it keeps only the latest state and a bounded ring of records.
``server.py`` builds the app (pages, ``/events`` SSE, ``/api/*``) and runs it;
``wiring.py`` is the one call the drivers make (``make_web``).
"""
