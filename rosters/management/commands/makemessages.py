"""makemessages that also reads the rules core's message templates.

The core cannot call gettext (it never imports Django), so it marks its English texts with
template() and plural_template() (armybuilder/rules/messages.py); xgettext is told those
names, as Django's documentation suggests for extra keywords.
"""

from __future__ import annotations

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=template",
        "--keyword=plural_template:1,2",
    ]
