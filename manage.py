#!/usr/bin/env python
"""Run Django administrative commands for armybuilder."""

import os
import sys


def main() -> None:
    """Run the command line."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
