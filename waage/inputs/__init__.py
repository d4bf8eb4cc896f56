"""Inputs, peers behind one interface (``base.py``: ``Input``) producing the four ``Key`` values
(``keys.py``): the device's buttons or rotary encoder through gpiozero (``gpio.py``), the
keyboard (``stdin.py``) and a script (``script.py``)."""
