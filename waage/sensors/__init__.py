"""Sensor adapters, peers behind one interface: fake, hx711, serial (``[sensor] kind``)."""
