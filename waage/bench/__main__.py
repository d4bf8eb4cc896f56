"""``python -m waage.bench``: the same as ``waage bench`` (``waage/bench/report.py``)."""

import sys

from waage.bench.report import main

sys.exit(main())
