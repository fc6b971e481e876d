"""Fail on an incomplete Russian catalogue or a stale compiled one (bin/messages --check).

Lists every msgid that has no translation or is marked fuzzy, and every translation the
committed .mo does not carry as the .po says (compile with `bin/messages`). With --report
it only prints the counts.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib


def _translations(entries: list[polib.POEntry] | list[polib.MOEntry]) -> dict[tuple, object]:
    found: dict[tuple, object] = {}
    for e in entries:
        key = (e.msgctxt, e.msgid, e.msgid_plural)
        found[key] = tuple(sorted(e.msgstr_plural.items())) if e.msgid_plural else e.msgstr
    return found


def main(argv: list[str]) -> int:
    report = "--report" in argv
    path = Path(next(a for a in argv if not a.startswith("--")))
    po = polib.pofile(str(path))
    untranslated = [
        e for e in po if not e.obsolete and not e.translated() and "fuzzy" not in e.flags
    ]
    fuzzy = [e for e in po if not e.obsolete and "fuzzy" in e.flags]
    translated = [e for e in po if not e.obsolete and e.translated()]
    print(
        f"{path}: {len(translated)} translated, "
        f"{len(untranslated)} untranslated, {len(fuzzy)} fuzzy"
    )
    if report:
        return 0
    failed = False
    for title, entries in (("untranslated", untranslated), ("fuzzy", fuzzy)):
        for e in entries:
            failed = True
            print(f"{title}: {e.msgid!r}" + (f" / {e.msgid_plural!r}" if e.msgid_plural else ""))
    mo_path = path.with_suffix(".mo")
    if not mo_path.exists():
        print(f"{mo_path} is missing: run bin/messages")
        return 1
    compiled = _translations(polib.mofile(str(mo_path)))
    for key, value in _translations(translated).items():
        if compiled.get(key) != value:
            failed = True
            print(f"stale .mo: {key[1]!r} is not compiled as the .po has it (run bin/messages)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
