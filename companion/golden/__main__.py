"""``python -m companion.golden``: see :mod:`companion.golden`."""

import sys

from companion.golden import main

sys.exit(main())
