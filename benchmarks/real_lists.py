"""The public real lists, checked as of each list's date: how many read, and how many are
judged illegal for a reason docs/real-lists.md does not rule on.

Reads ../shared/samples/lists-public/*.txt (skips, printing a note, where it is absent) on a
throwaway SQLite database holding the full catalogue fixture and its monthly history
(fixtures/catalogue-10e.json.xz and catalogue-10e-history.json.xz). The database is
prepared once and kept in the temporary folder, keyed by the fixtures and migrations, so
that a second run starts at once. Run from the repo root:

    python benchmarks/real_lists.py [--show] [--only TEXT]

``--show`` prints, for each list that does not read or has a false error, why; ``--only
TEXT`` checks only the lists whose file name holds TEXT. With
``BENCH_SMOKE=1`` it checks every tenth list (the same code path). Prints
``real_lists_units=a/b``, ``real_lists_wargear_unread=K`` (lines), the French lists'
answers, ``real_lists_read=N/M`` (exit below 2 and every unit recognised) and last
``real_lists_false_errors=F``.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path

from _site import REPO, SMOKE


def prepared_database() -> None:
    """Point Django at the prepared database, building it when the fixtures changed."""
    import tempfile

    from tests.formats.real_lists import FORMER_NAMES, FULL_CATALOGUE, HISTORY

    digest = hashlib.sha256()
    for path in [
        FULL_CATALOGUE,
        HISTORY,
        FORMER_NAMES,
        *sorted(REPO.glob("*/**/migrations/0*.py")),
    ]:
        if path.exists():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    db = Path(tempfile.gettempdir()) / f"armybuilder_real_lists_{digest.hexdigest()[:16]}.sqlite3"
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "armybuilder.settings")
    import django

    django.setup()
    if db.exists():
        return
    from django.core.management import call_command

    from tests.formats.real_lists import load_catalogue_with_history

    # This process's own partial file: two first runs at once each build their own.
    partial = db.with_suffix(f".{os.getpid()}.partial")
    partial.unlink(missing_ok=True)
    from django.db import connections

    connections["default"].settings_dict["NAME"] = str(partial)
    connections["default"].close()
    call_command("migrate", verbosity=0)
    load_catalogue_with_history()
    connections["default"].close()
    partial.rename(db)
    connections["default"].settings_dict["NAME"] = str(db)


def main() -> None:
    from tests.formats.real_lists import PUBLIC_LISTS

    if not PUBLIC_LISTS.is_dir():
        print(f"{PUBLIC_LISTS} is not here; nothing to measure")
        print("real_lists_false_errors=skipped")
        return
    started = time.perf_counter()
    prepared_database()
    print(f"database_ready_s={time.perf_counter() - started:.1f}")
    from tests.formats.real_lists import check_all, figures, real_lists

    lists = real_lists()
    french = real_lists(french=True)
    if SMOKE:
        lists, french = lists[::10], french[::10]
    if "--only" in sys.argv:
        # --only TEXT: the lists whose file name holds TEXT (a quick look at a few).
        part = sys.argv[sys.argv.index("--only") + 1]
        lists = [one for one in lists if part in one.file]
        french = [one for one in french if part in one.file]
    started = time.perf_counter()
    checked = check_all(lists)
    french_checked = check_all(french)
    print(f"check_s={time.perf_counter() - started:.1f}")
    found = figures(checked)
    if "--show" in sys.argv:
        for one in checked:
            if one.read and one.real.file not in found.false_errors and not one.wargear_unread:
                continue
            error = one.result.get("error")
            print(f"== {one.real.file} ({one.real.day}) exit={one.exit} error={error}")
            for p in one.result.get("unrecognised", []):
                print(f"   unrecognised {p.get('kind')} line {p.get('line')}: {p.get('text')!r}")
            for v in one.result.get("violations", []):
                if (v.get("severity") == "error" and v.get("code") != "POINTS_LIMIT") or v.get(
                    "code"
                ) == "WARGEAR_UNREAD":
                    print(f"   {v['code']}: {v['message']}")
    french_named = sum(1 for one in french_checked if one.result.get("language") == "fr")
    print(f"real_lists_french_answered={french_named}/{len(french_checked)}")
    for line in found.lines():
        print(line)


if __name__ == "__main__":
    main()
