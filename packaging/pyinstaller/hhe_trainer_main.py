"""What the frozen ``hhe-trainer`` executable runs (the PyInstaller entry script).

The same ``trainer.cli:main`` that the ``hhe-trainer`` console script of a
checkout or a wheel runs, so the bundle has exactly the same commands
(``--self-check`` included). ``multiprocessing.freeze_support()`` comes first:
``settle`` starts its workers with the spawn method, and in a frozen build a
worker is this executable started again with multiprocessing's own arguments.
"""

import multiprocessing
import sys


def main() -> int:
    multiprocessing.freeze_support()
    from trainer.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
