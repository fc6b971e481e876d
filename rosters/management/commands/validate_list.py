"""Check a pasted army list from the command line and print the result as JSON.

Exit status: 0 legal; 1 error-severity violations; 2 the list (or the declaration) could
not be read, or has lines that name nothing we know. Nothing is saved.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Final

from django.core.management.base import BaseCommand, CommandParser

EXIT_LEGAL: Final = 0
EXIT_ILLEGAL: Final = 1
EXIT_UNREADABLE: Final = 2
PROFILES: Final = ("core-10", "matched-10", "nine-10")
ERR_READ: Final = "Cannot read {path}: {reason}"


class Command(BaseCommand):
    help = (
        "Import a text army list without saving it, validate it, and print JSON. "
        "Exit 0 legal, 1 error violations, 2 unreadable or unrecognised lines."
    )

    # The command only reads; skipping the system checks keeps a run well under a second.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The list as text; '-' reads standard input.")
        parser.add_argument(
            "--declaration",
            help='Battle formations JSON by unit position: {"hover": [p], "attach": '
            '[[leader, bodyguard]], "embark": [[unit, transport]], "strategic_reserves": [p], '
            '"deep_strike": [p]}.',
        )
        parser.add_argument("--profile", choices=PROFILES, default="core-10")
        parser.add_argument("--release", help="Points release name (default: the current one).")

    def handle(self, *args: Any, **options: Any) -> None:
        code, payload = self.check_list(
            path=options["file"],
            declaration_path=options["declaration"],
            profile=options["profile"],
            release_name=options["release"],
        )
        self.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False))
        if code != EXIT_LEGAL:
            sys.exit(code)

    def check_list(
        self, *, path: str, declaration_path: str | None, profile: str, release_name: str | None
    ) -> tuple[int, dict[str, Any]]:
        # Imported here so that `manage.py help` and Django start-up stay light.
        from rosters.formats import services
        from rosters.formats.result_json import unreadable_to_json
        from rosters.formats.text_import import UnreadableList
        from rosters.formats.text_import.common import decode_text

        def fail(error: str, release: str | None = None) -> tuple[int, dict[str, Any]]:
            return EXIT_UNREADABLE, unreadable_to_json(
                error=error, profile=profile, release=release
            )

        try:
            data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as exc:
            return fail(ERR_READ.format(path=path, reason=exc.strerror or exc))
        declaration = None
        if declaration_path:
            try:
                raw = json.loads(Path(declaration_path).read_text(encoding="utf-8"))
                if not isinstance(raw, dict):
                    raise services.ListImportError(
                        services.ERR_DECLARATION.format(problem="it must be a JSON object")
                    )
                declaration = services.declaration_from_positions(data=raw)
            except OSError as exc:
                return fail(ERR_READ.format(path=declaration_path, reason=exc.strerror or exc))
            except json.JSONDecodeError as exc:
                return fail(services.ERR_DECLARATION.format(problem=exc))
            except services.ListImportError as exc:
                return fail(str(exc))
        try:
            release = services.release_get(name=release_name)
        except services.ListImportError as exc:
            return fail(str(exc))
        try:
            check = services.list_import_check(
                text=decode_text(data), release=release, profile=profile, declaration=declaration
            )
        except UnreadableList as exc:
            return fail(str(exc), release.name)
        payload = services.list_check_json(check=check, profile=profile)
        if payload["error"] is not None or payload["unrecognised"]:
            return EXIT_UNREADABLE, payload
        if check.result is not None and not check.result.legal:
            return EXIT_ILLEGAL, payload
        return EXIT_LEGAL, payload
