"""Weight pipeline: raw samples -> calibrated grams -> settled weight events."""
