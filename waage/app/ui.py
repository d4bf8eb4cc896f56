"""Moved to ``waage.ui`` (the device UI of all four games); kept so existing imports work."""

from waage.ui.device import DeviceUi
from waage.ui.waagespiel import HOLD_S

__all__ = ["DeviceUi", "HOLD_S"]
