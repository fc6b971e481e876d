"""manage.py score_battle BATTLE.json [--profile NAME] [--victory-level]

Scores a battle record with the rules core and prints the result JSON; nothing is saved.
The BATTLE.json shape and the result JSON are documented in rosters/battles/battle_json.py.
Exit status: 0 scored (whatever the codes raised); 2 the file is unreadable (one line on
stderr saying what and where).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final, NoReturn

from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation
from django.utils.translation import gettext_lazy

from armybuilder.rules import scoring
from rosters.battles.battle_json import BattleJsonError, record_from_json, result_to_json

EXIT_UNREADABLE: Final = 2
ERR_READ: Final = gettext_lazy("score_battle: cannot read {path}: {problem}")
ERR_JSON: Final = gettext_lazy(
    "score_battle: {path} is not JSON: {problem} (line {line}, column {column})"
)
ERR_SHAPE: Final = gettext_lazy("score_battle: {path}: {problem}")


class Command(BaseCommand):
    help = "Score a battle record (BATTLE.json, - for standard input) and print the result JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--lang",
            choices=["en", "ru"],
            default="en",
            help="Language of the messages (JSON keys and codes never change).",
        )
        parser.add_argument("battle", help="BATTLE.json, or - to read standard input")
        parser.add_argument(
            "--profile",
            choices=sorted(scoring.SCORING_PROFILES),
            help="scoring profile (default: the file's, else only-war-10)",
        )
        parser.add_argument(
            "--victory-level",
            action="store_true",
            help="add the victory level and tournament points",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options.get("lang") or "en"):
            self._handle(*args, **options)

    def _handle(self, *args: Any, **options: Any) -> None:
        path = options["battle"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self._fail(ERR_READ.format(path=path, problem=getattr(exc, "strerror", None) or exc))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self._fail(
                ERR_JSON.format(path=path, problem=exc.msg, line=exc.lineno, column=exc.colno)
            )
        try:
            record, profile, victory_level = record_from_json(data)
        except BattleJsonError as exc:
            self._fail(ERR_SHAPE.format(path=path, problem=exc))
        result = scoring.score(
            record,
            options["profile"] or profile,
            victory_level=options["victory_level"] or victory_level,
        )
        self.stdout.write(json.dumps(result_to_json(result), indent=2, ensure_ascii=False))

    def _fail(self, message: str) -> NoReturn:
        self.stderr.write(message)
        sys.exit(EXIT_UNREADABLE)
