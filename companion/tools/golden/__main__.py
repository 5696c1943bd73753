"""``python -m companion.golden``: see :mod:`companion.tools.golden`."""

import sys

from companion.tools.golden import main

sys.exit(main())
