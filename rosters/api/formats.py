"""API glue for rosters.formats: pasted-list import and the PDF, xlsx and text exports."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from rosters.api import selectors
from rosters.api.errors import CODE_LIST_UNREADABLE, CODE_LIST_UNRESOLVED, ApiError
from rosters.declarations import DeclarationData, declaration_to_core
from rosters.formats import services as format_services
from rosters.formats.result_json import problems_to_json
from rosters.formats.text_import import UnreadableList
from rosters.formats.text_import.resolved import Problem
from rosters.models import Roster


def list_import(
    *,
    owner: Any | None,
    text: str,
    name: str,
    profile: str,
    resolutions: Mapping[str, str | None],
    as_of: date | None = None,
) -> dict[str, Any]:
    """Parse, place and validate a pasted list (under the release in force on ``as_of``,
    default the current one); save it for owner when one is given."""
    try:
        snapshot = format_services.list_snapshot(as_of=as_of)
    except format_services.ListImportError as exc:
        raise ApiError(
            code=CODE_LIST_UNREADABLE, message=str(exc), fields={"as_of": [str(exc)]}
        ) from None
    try:
        check = format_services.list_import_check(
            text=text, snapshot=snapshot, profile=profile, resolutions=resolutions, name=name
        )
    except (UnreadableList, format_services.ListImportError) as exc:
        raise ApiError(
            code=CODE_LIST_UNREADABLE, message=str(exc), fields={"text": [str(exc)]}
        ) from None
    problems = check.resolved.problems
    roster_id = None
    if owner is not None:
        if not check.resolved.complete:
            raise ApiError(
                code=CODE_LIST_UNRESOLVED,
                message=str(format_services.ERR_UNRESOLVED),
                extra={"unrecognised": problems_to_json(problems)},
            )
        roster = format_services.roster_import_save(
            owner=owner, resolved=check.resolved, release=check.release, name=name, profile=profile
        )
        roster_id = roster.pk
    return {
        "result": format_services.list_check_json(check=check, profile=profile),
        "problems": _keyed(problems),
        "unread_wargear": _keyed(check.resolved.unread_wargear),
        "notes": list(check.resolved.notes),
        "roster": roster_id,
    }


def _keyed(problems: Sequence[Problem]) -> list[dict[str, Any]]:
    return [
        {
            "key": p.key,
            "line": p.line,
            "kind": p.kind,
            "text": p.text,
            "message": p.message,
            "suggestions": list(p.suggestions),
            "droppable": p.droppable,
        }
        for p in problems
    ]


def roster_pdf(*, roster: Roster, cards: bool = False, declaration_id: int | None = None) -> bytes:
    """Return the roster as a printable PDF; with ``cards``, a datasheet card per unit,
    leaders with their units as the roster's declaration ``declaration_id`` has them."""
    declaration = None
    if cards and declaration_id is not None:
        row = selectors.declaration_owned_get(
            owner=roster.owner, roster_id=roster.pk, declaration_id=declaration_id
        )
        declaration = declaration_to_core(data=DeclarationData.of(row))
    return format_services.roster_export_pdf(
        roster_id=roster.pk, cards=cards, declaration=declaration
    )


def roster_xlsx(*, roster: Roster) -> bytes:
    """Return the roster and its violations as an xlsx workbook."""
    return format_services.roster_export_xlsx(roster_id=roster.pk)


def roster_text(*, roster: Roster) -> str:
    """Return the roster in the official app's text layout."""
    return format_services.roster_export_text(roster_id=roster.pk)
