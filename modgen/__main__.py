"""``python3 -m modgen …`` works wherever the ``modgen`` script is not on PATH."""
import sys

from .cli import main

sys.exit(main())
