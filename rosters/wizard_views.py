"""Pages of the declaration wizard and of a roster's saved declarations."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from armybuilder.rules import model as core
from rosters import declarations, wizard
from rosters.models import Declaration, Roster
from rosters.views import owned_roster

MSG_SAVED = _("Saved the declaration {name}.")
MSG_DELETED = _("Deleted the declaration {name}.")
MSG_DUPLICATED = _("Created {name} as a copy.")
MSG_RUN_EXPIRED = _("That wizard run has ended; start again from here.")


def stale_message(count: int) -> str:
    return ngettext(
        "This declaration names {count} unit no longer in the roster; that choice is dropped.",
        "This declaration names {count} units no longer in the roster; those choices are dropped.",
        count,
    ).format(count=count)


def _declaration(request: HttpRequest, pk: int, decl_pk: int) -> Declaration:
    return get_object_or_404(Declaration, pk=decl_pk, roster_id=pk, roster__owner=request.user)


@login_required
def declaration_list(request: HttpRequest, pk: int) -> HttpResponse:
    """List a roster's saved declarations, each validated by the declaration service."""
    roster = owned_roster(request, pk)
    rows = []
    for declaration in roster.declarations.all():
        data = declarations.DeclarationData.of(declaration)
        result = declarations.declaration_validate(roster=roster, data=data)
        rows.append(
            {
                "declaration": declaration,
                "errors": declarations.declaration_errors(result=result),
                "warnings": result.warnings,
                "stale": declarations.declaration_stale_ids(roster=roster, data=data),
            }
        )
    return render(request, "rosters/wizard/declaration_list.html", {"roster": roster, "rows": rows})


@login_required
def wizard_start(request: HttpRequest, pk: int, decl_pk: int | None = None) -> HttpResponse:
    """Open a new wizard run, empty or from a saved declaration."""
    roster = owned_roster(request, pk)
    declaration = _declaration(request, pk, decl_pk) if decl_pk is not None else None
    run = wizard.wizard_start(session=request.session, roster=roster, declaration=declaration)
    first = wizard.Wizard(roster, wizard.WizardState()).steps()[0]
    return redirect("rosters:wizard", pk=pk, run=run, step=first)


def _load(request: HttpRequest, pk: int, run: str) -> tuple[Roster, wizard.Wizard] | None:
    roster = owned_roster(request, pk)
    state = wizard.wizard_state(session=request.session, roster=roster, run=run)
    if state is None:
        return None
    return roster, wizard.Wizard(roster, state)


@login_required
def wizard_step(request: HttpRequest, pk: int, run: str, step: str) -> HttpResponse:
    """Show one step, or take its choices and move back or forward."""
    loaded = _load(request, pk, run)
    if loaded is None:
        messages.error(request, MSG_RUN_EXPIRED)
        return redirect("rosters:declarations", pk=pk)
    roster, wiz = loaded
    steps = wiz.steps()
    if step not in steps:
        raise Http404
    form_class = wizard.FORMS[step]
    form = form_class(request.POST or None, wizard=wiz)  # type: ignore[call-arg]
    if request.method == "POST" and form.is_valid():
        form.apply(wiz.state)  # type: ignore[attr-defined]
        wizard.wizard_store(session=request.session, roster=roster, run=run, state=wiz.state)
        index = steps.index(step)
        if step == wizard.REVIEW and "save" in request.POST:
            return _save(request, roster, run, wiz)
        target = steps[max(index - 1, 0)] if "back" in request.POST else request.POST.get("goto")
        if target not in steps:
            target = steps[min(index + 1, len(steps) - 1)]
        return redirect("rosters:wizard", pk=pk, run=run, step=target)
    return _render_step(request, roster, run, step, wiz, form)


def _render_step(
    request: HttpRequest,
    roster: Roster,
    run: str,
    step: str,
    wiz: wizard.Wizard,
    form: object,
    status: int = 200,
) -> HttpResponse:
    steps = wiz.steps()
    result = wiz.result()
    context = {
        "roster": roster,
        "run": run,
        "step": step,
        "steps": [(s, wizard.STEP_TITLES[s]) for s in steps],
        "form": form,
        "wizard": wiz,
        "result": result,
        "meters": result.meters,
        "capacity": wiz.capacity(result) if step == wizard.TRANSPORTS else [],
        "is_first": steps.index(step) == 0,
        "stale_message": stale_message(len(wiz.stale_ids)) if wiz.stale_ids else "",
    }
    if step == wizard.REVIEW:
        blocking = declarations.declaration_errors(result=result)
        context.update(
            blocking=blocking,
            formation=wizard.formation_fixes(result=result),
            muster=[v for v in result.violations if v.code not in wizard.CODE_STEPS],
            summary=_summary(wiz),
        )
    return render(request, f"rosters/wizard/{step}.html", context, status=status)


def _summary(wiz: wizard.Wizard) -> dict[str, object]:
    groups = wiz.groups()
    data = wiz.data()
    placements = data.placements
    return {
        "hover": [wiz.labels[h] for h in data.hover],
        "attached": wiz.attachment_lines(),
        "embarked": [
            (wiz.group_label(groups[key]), wiz.labels[t])
            for key, t in wiz.state.embark.items()
            if key in groups and t in wiz.units
        ],
        "reserves": [
            (
                wiz.group_label(members),
                wizard.PLACEMENT_LABELS[core.Placement(placements[key])],
            )
            for key, members in groups.items()
            if key in placements
        ],
    }


@login_required
@require_POST
def wizard_meter(request: HttpRequest, pk: int, run: str, step: str) -> HttpResponse:
    """Recount the meters for the choices on screen, without storing them."""
    loaded = _load(request, pk, run)
    if loaded is None or step not in (wizard.LEADERS, wizard.TRANSPORTS, wizard.RESERVES):
        raise Http404
    _roster, wiz = loaded
    form = wizard.FORMS[step](request.POST, wizard=wiz)  # type: ignore[call-arg]
    if form.is_valid():
        form.apply(wiz.state)  # type: ignore[attr-defined]
    if step == wizard.LEADERS:
        # Re-label the choices so a bodyguard picked by another leader shows as taken.
        fields = wizard.LeadersForm(request.POST, wizard=wiz)
        return render(request, "rosters/wizard/_fields.html", {"form": fields})
    result = wiz.result()
    context = {
        "meters": result.meters,
        "capacity": wiz.capacity(result) if step == wizard.TRANSPORTS else [],
        "result": result,
        "step": step,
    }
    return render(request, "rosters/wizard/_meters.html", context)


def _save(request: HttpRequest, roster: Roster, run: str, wiz: wizard.Wizard) -> HttpResponse:
    existing = None
    if wiz.state.declaration_id is not None:
        existing = roster.declarations.filter(pk=wiz.state.declaration_id).first()
    try:
        declaration, _ = declarations.declaration_save(
            roster=roster, name=wiz.state.name, data=wiz.data(), declaration=existing
        )
    except declarations.DeclarationInvalid as exc:
        messages.error(request, str(exc))
        form = wizard.ReviewForm(initial={"name": wiz.state.name}, wizard=wiz)
        return _render_step(request, roster, run, wizard.REVIEW, wiz, form, status=400)
    except ValueError as exc:
        form = wizard.ReviewForm({"name": wiz.state.name}, wizard=wiz)
        form.add_error("name", str(exc))
        return _render_step(request, roster, run, wizard.REVIEW, wiz, form, status=400)
    wizard.wizard_finish(session=request.session, roster=roster, run=run)
    messages.success(request, MSG_SAVED.format(name=declaration.name))
    return redirect("rosters:declarations", pk=roster.pk)


@login_required
@require_POST
def declaration_duplicate(request: HttpRequest, pk: int, decl_pk: int) -> HttpResponse:
    """Copy a saved declaration."""
    copy = declarations.declaration_duplicate(declaration=_declaration(request, pk, decl_pk))
    messages.success(request, MSG_DUPLICATED.format(name=copy.name))
    return redirect("rosters:declarations", pk=pk)


@login_required
def declaration_delete(request: HttpRequest, pk: int, decl_pk: int) -> HttpResponse:
    """Ask for confirmation, then delete a saved declaration."""
    declaration = _declaration(request, pk, decl_pk)
    if request.method == "POST":
        name = declaration.name
        declarations.declaration_delete(declaration=declaration)
        messages.success(request, MSG_DELETED.format(name=name))
        return redirect("rosters:declarations", pk=pk)
    return render(request, "rosters/wizard/declaration_delete.html", {"declaration": declaration})


@login_required
def declaration_pdf(request: HttpRequest, pk: int, decl_pk: int) -> HttpResponse:
    """Download the printable sheet of a saved declaration."""
    from rosters.formats.declaration_pdf import DeclarationPdf

    declaration = _declaration(request, pk, decl_pk)
    roster = owned_roster(request, pk)
    sheet = wizard.declaration_sheet(roster=roster, declaration=declaration)
    response = HttpResponse(DeclarationPdf(sheet).render(), content_type="application/pdf")
    filename = f"declaration-{roster.pk}-{declaration.pk}.pdf"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
