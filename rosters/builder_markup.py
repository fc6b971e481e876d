"""The builder page's repeated markup, built as escaped strings in Python.

A 60-unit roster has 60 unit rows, 60 wargear panels and some 240 picker items, each
with a dozen fields; through the template engine that was most of the page's time. The
rest of the page (status, violations, headings) stays in ``_builder.html``. Every value
from the data is escaped here (the standard library's ``html.escape``, which Django's
``escape`` wraps); the words are translated and escaped once per language and process,
under the same msgids the template used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from armybuilder.rules import model as core
from armybuilder.rules.wargear import GroupCount, group_counts, loadout_of
from rosters.builder_fields import WARGEAR_FORGET_FIELD, WARGEAR_RESET_FIELD
from rosters.builder_rows import PickerEntry, UnitRow
from rosters.presentation import violation_title


def picker_html(entries: list[PickerEntry]) -> SafeString:
    """Render the picker's items: a button, the name, tags, the count and the brackets."""
    add, add_name, count_title, epic, legends = _picker_words(get_language())
    items = []
    for e in entries:
        sheet = e.sheet
        tags = (epic if e.epic_hero else "") + (legends if sheet.legends else "")
        legends_class = ' class="legends"' if sheet.legends else ""
        items.append(
            f'<li data-search="{sheet.search_html}" data-name="{sheet.name_html}"'
            f'{legends_class}><button type="submit"'
            f' name="datasheet" value="{sheet.pk}"'
            f' aria-label="{escape(add_name.format(name=sheet.name))}">{add}</button>'
            f" <strong>{sheet.name_html}</strong>{tags}"
            f' <span class="count{" full" if e.full else ""}" title="{count_title}">'
            f"{e.count} / {e.limit}</span>"
            f'<span class="brackets">{e.brackets_html}</span>'
            f'<span class="keywords">{sheet.keywords_html}</span></li>'
        )
    return mark_safe("\n".join(items))


@lru_cache(maxsize=8)
def _picker_words(language: str | None) -> tuple[str, str, str, str, str]:
    """The picker's words in a language: the active language is the key, and translations
    are fixed for the process's life."""
    # Outside the f-strings, where makemessages finds them.
    epic, legends = escape(gettext("Epic Hero")), escape(gettext("Legends"))
    return (
        escape(gettext("Add")),
        gettext("Add {name}"),
        escape(gettext("In this roster / allowed")),
        f' <span class="tag epic">{epic}</span>',
        f' <span class="tag legends">{legends}</span>',
    )


@dataclass(frozen=True)
class PanelWords:
    """The wargear panel's words, translated once per page rather than once per field."""

    models: str
    count: str
    unit_cap: str
    save: str
    defaults: str
    label: str
    unread: str
    line: str
    forget: str

    @classmethod
    def now(cls) -> PanelWords:
        return _panel_words(get_language())

    @classmethod
    def translated(cls) -> PanelWords:
        return cls(
            models=escape(gettext("Models")),
            count=gettext("{used} / {limit} {group}"),
            unit_cap=gettext(" · {used} / {cap} in the unit"),
            save=escape(gettext("Save wargear")),
            defaults=escape(gettext("Default wargear")),
            label=escape(gettext("Wargear:")),
            unread=escape(
                gettext("Not read from the imported list (the defaults stand in their place):")
            ),
            line=gettext("line {line}"),
            forget=escape(gettext("Forget these lines")),
        )


@lru_cache(maxsize=8)
def _panel_words(language: str | None) -> PanelWords:
    return PanelWords.translated()


def _count_text(found: GroupCount, words: PanelWords) -> str:
    text = words.count.format(used=found.used, limit=found.maximum, group=found.group)
    if found.unit_cap is not None:
        text += words.unit_cap.format(used=found.unit_used, cap=found.unit_cap)
    return text


def type_options(kind: core.ModelType) -> list[str]:
    """A model type's options, each once, in the data's order: the panel's field order."""
    return list(dict.fromkeys(o for group in kind.groups for o in group.options))


def wargear_html(
    unit: core.Unit,
    pk: int,
    url: str,
    summary: str,
    *,
    is_open: bool,
    editable: bool,
    words: PanelWords | None = None,
) -> SafeString:
    """Render a unit's wargear panel: per model type its count and each group's options
    with the rules core's live counts."""
    words = words or PanelWords.now()
    counts: dict[tuple[str, str], GroupCount] = {(c.model, c.group): c for c in group_counts(unit)}
    parts = {part.model: part for part in loadout_of(unit)}
    several = len(unit.datasheet.model_types) > 1
    disabled = "" if editable else " disabled"
    fieldsets: list[str] = []
    for ti, kind in enumerate(unit.datasheet.model_types):
        part = parts.get(kind.name)
        carried = dict(part.wargear) if part is not None else {}
        if not several and not any(len(g.options) > 1 or g.minimum == 0 for g in kind.groups):
            continue  # one model type with only fixed wargear: nothing to choose
        html = [f"<fieldset><legend>{escape(kind.name)}</legend>"]
        if several:
            html.append(
                f'<label class="wg-models">{words.models} <input type="number"'
                f' name="wg_{pk}_m_{ti}" value="{part.models if part is not None else 0}"'
                f' min="{kind.minimum}" max="{kind.maximum}" inputmode="numeric"{disabled}>'
                "</label>"
            )
        for group in kind.groups:
            found = counts.get((kind.name, group.name))
            if found is not None:
                state = " over" if found.over else (" under" if found.under else "")
                html.append(f'<p class="wg-count{state}">{escape(_count_text(found, words))}</p>')
        for oi, option in enumerate(type_options(kind)):
            html.append(
                f'<label class="wg-option">{escape(option)} <input type="number"'
                f' name="wg_{pk}_o_{ti}_{oi}" value="{carried.get(option, 0)}" min="0"'
                f' max="999" inputmode="numeric"{disabled}></label>'
            )
        html.append("</fieldset>")
        fieldsets.append("".join(html))
    if not fieldsets and not unit.unread:
        return mark_safe("")
    safe_url = escape(url)
    buttons = []
    hx = ""
    if editable and fieldsets:
        buttons.append(
            f'<button type="submit" formaction="{safe_url}" class="js-hide">{words.save}</button>'
            f' <button type="submit" formaction="{safe_url}" hx-post="{safe_url}"'
            f' name="{WARGEAR_RESET_FIELD}" value="1" hx-include="this">{words.defaults}</button>'
        )
        hx = f' hx-post="{safe_url}" hx-trigger="change" hx-include="#wg-{pk} input"'
    if editable and unit.unread:
        buttons.append(
            f'<button type="submit" formaction="{safe_url}" hx-post="{safe_url}"'
            f' name="{WARGEAR_FORGET_FIELD}" value="1" hx-include="this">{words.forget}</button>'
        )
    controls = f'<div class="wg-buttons">{" ".join(buttons)}</div>' if buttons else ""
    return mark_safe(
        f'<details class="wargear" id="wg-{pk}"{" open" if is_open else ""}{hx}>'
        f'<summary><span class="visually-hidden">{words.label} </span>{escape(summary)}'
        f"</summary>{''.join(fieldsets)}{_unread_html(unit, words)}{controls}</details>"
    )


def _unread_html(unit: core.Unit, words: PanelWords) -> str:
    """The wargear lines an import could not place, as the list wrote them."""
    if not unit.unread:
        return ""
    items = []
    for gear in unit.unread:
        where = "" if gear.line is None else f" ({escape(words.line.format(line=gear.line))})"
        items.append(f"<li><q>{escape(gear.text)}</q>{where}</li>")
    return f'<div class="wg-unread"><p>{words.unread}</p><ul>{"".join(items)}</ul></div>'


@dataclass(frozen=True)
class RowWords:
    """A unit row's words, escaped; the ``*_name`` ones take the unit's name."""

    warlord: str
    models: str
    enhancement: str
    points: str
    set: str
    none: str
    upgrade: str
    duplicate: str
    remove: str
    models_in: str
    enhancement_for: str
    duplicate_name: str
    remove_name: str
    why_not: str = ""

    @classmethod
    def now(cls) -> RowWords:
        return _row_words(get_language())

    @classmethod
    def translated(cls) -> RowWords:
        return cls(
            warlord=escape(gettext("Warlord")),
            models=escape(gettext("Models")),
            enhancement=escape(gettext("Enhancement")),
            points=escape(gettext("Points")),
            set=escape(gettext("Set")),
            none=escape(gettext("None")),
            upgrade=escape(gettext("Detachment upgrade")),
            duplicate=escape(gettext("Duplicate")),
            remove=escape(gettext("Remove")),
            models_in=gettext("Models in %(name)s"),
            enhancement_for=gettext("Enhancement for %(name)s"),
            duplicate_name=gettext("Duplicate %(name)s"),
            remove_name=gettext("Remove %(name)s"),
            why_not=escape(gettext("Why some are not offered")),
        )


@lru_cache(maxsize=8)
def _row_words(language: str | None) -> RowWords:
    return RowWords.translated()


@lru_cache(maxsize=512)
def _title(language: str | None, code: str) -> str:
    """A violation code's title, escaped, in a language."""
    return escape(str(violation_title(code)))


def _named(template: str, name: str) -> str:
    return escape(template % {"name": name})


def _select(name: str, pk: int, update: str, described: str = "") -> str:
    return (
        f'<select name="{name}_{pk}" id="{_ID_PREFIX[name]}-{pk}" hx-post="{update}"'
        f' hx-include="this" hx-trigger="change"{described}>'
    )


_ID_PREFIX = {"models": "models", "enhancement": "enh", "upgrade": "upg"}


def _set_button(update: str, words: RowWords) -> str:
    return f'<button type="submit" class="js-hide" formaction="{update}">{words.set}</button>'


def _models_cell(row: UnitRow, update: str, words: RowWords, *, editable: bool) -> str:
    unit = row.unit
    if not (editable and len(row.model_counts) > 1):
        return str(unit.models_count)
    pk = unit.pk
    options = "".join(
        f"<option selected>{n}</option>" if n == unit.models_count else f"<option>{n}</option>"
        for n in row.model_counts
    )
    return (
        f'<label class="visually-hidden" for="models-{pk}">'
        f"{_named(words.models_in, unit.datasheet.name)}</label>"
        f"{_select('models', pk, update)}{options}</select>{_set_button(update, words)}"
    )


def _enhancement_cell(row: UnitRow, update: str, words: RowWords, *, editable: bool) -> str:
    unit = row.unit
    pk = unit.pk
    if row.enhancement_refusal:
        html = '<span class="none">—</span>'
    elif editable and row.enhancements:
        refusals = row.refusals
        described = f' aria-describedby="enh-why-{pk}"' if refusals else ""
        options = [f'<option value="">{words.none}</option>']
        for choice in row.enhancements:
            enh_pk = choice.enhancement.pk
            state = (
                " selected"
                if enh_pk == unit.enhancement_id
                else (" disabled" if choice.problem else "")
            )
            options.append(
                f'<option value="{enh_pk}"{state}>{escape(choice.enhancement.name)}'
                f" (+{choice.points}){' ✕' if choice.problem else ''}</option>"
            )
        html = (
            f'<label class="visually-hidden" for="enh-{pk}">'
            f"{_named(words.enhancement_for, unit.datasheet.name)}</label>"
            f"{_select('enhancement', pk, update, described)}{''.join(options)}</select>"
            f"{_set_button(update, words)}"
        )
        if refusals:
            # Folded: every character would otherwise repeat the same reasons (an
            # enhancement taken elsewhere) under its select.
            reasons = "".join(f"<li>{escape(choice.problem)}</li>" for choice in refusals)
            html += (
                f'<details class="refusals"><summary>{words.why_not}</summary>'
                f'<ul id="enh-why-{pk}">{reasons}</ul></details>'
            )
    else:
        enhancement = unit.enhancement
        html = escape((enhancement.name if enhancement is not None else "") or "—")
    if row.upgrades:
        if editable:
            options = [f'<option value="">{words.none}</option>']
            options += [
                f'<option value="{c.upgrade.pk}"{" selected" if c.taken else ""}>'
                f"{escape(c.upgrade.name)} (+{c.points})</option>"
                for c in row.upgrades
            ]
            inner = (
                f'<label for="upg-{pk}">{words.upgrade}</label> '
                f"{_select('upgrade', pk, update)}{''.join(options)}</select>"
                f"{_set_button(update, words)}"
            )
        else:
            taken = row.taken_upgrade
            inner = escape(taken.name) if taken is not None else ""
        html += f'<div class="upgrades">{inner}</div>'
    if row.options:
        parts = []
        for choice in row.options:
            price = choice.price
            name = escape(price.name)
            if editable:
                parts.append(
                    f'<label for="opt-{pk}-{price.pk}">{name} (+{price.points})</label>'
                    f' <input type="number" min="0" max="{price.max_count}" inputmode="numeric"'
                    f' name="option_{pk}_{price.pk}" id="opt-{pk}-{price.pk}"'
                    f' value="{choice.count}" hx-post="{update}" hx-include="this"'
                    f' hx-trigger="change">{_set_button(update, words)}'
                )
            elif choice.count:
                parts.append(f"{choice.count} × {name}")
        html += f'<div class="options">{"".join(parts)}</div>'
    return html


def unit_row_html(row: UnitRow, words: RowWords, *, editable: bool, language: str | None) -> str:
    """Render one unit's table row: name and flags, models, enhancement, points, actions."""
    unit = row.unit
    pk = unit.pk
    name = unit.datasheet.name
    update = escape(row.urls["update"])
    head = escape(name)
    if unit.warlord:
        head += f' <span class="warlord-mark" title="{words.warlord}">★ {words.warlord}</span>'
    if row.codes:
        titles = ", ".join(
            f'<span class="code-title">{_title(language, code)}</span>' for code in row.codes
        )
        head += f'<span class="codes">{titles}</span>'
    actions = ""
    if editable:
        duplicate, remove = escape(row.urls["duplicate"]), escape(row.urls["remove"])
        actions = (
            f'<td class="actions"><button type="submit" formaction="{duplicate}"'
            f' hx-post="{duplicate}" hx-include="this"'
            f' aria-label="{_named(words.duplicate_name, name)}">{words.duplicate}</button>'
            f' <button type="submit" formaction="{remove}" hx-post="{remove}"'
            f' hx-include="this" aria-label="{_named(words.remove_name, name)}">'
            f"{words.remove}</button></td>"
        )
    return (
        f'\n        <tr id="unit-{pk}" data-unit="{pk}" class="{"flagged" if row.codes else ""}">'
        f'\n          <th scope="row">{head}{row.wargear}</th>'
        f'\n          <td data-label="{words.models}">'
        f"{_models_cell(row, update, words, editable=editable)}</td>"
        f'\n          <td data-label="{words.enhancement}">'
        f"{_enhancement_cell(row, update, words, editable=editable)}</td>"
        f'\n          <td class="num" data-label="{words.points}">{row.points}</td>'
        f"\n          {actions}\n        </tr>\n      "
    )


def unit_rows_html(rows: list[UnitRow], *, editable: bool) -> SafeString:
    """Render every unit row of the builder's table, its words translated once."""
    language = get_language()
    words = _row_words(language)
    return mark_safe(
        "".join(unit_row_html(row, words, editable=editable, language=language) for row in rows)
    )
