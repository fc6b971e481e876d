"""Forms of the players' pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from armybuilder.catalogue.models import Detachment, Faction
from rosters.mail import mail_send_later
from rosters.models import BattleSize, PlayerSettings, Profile
from rosters.presentation import profile_choices
from rosters.services import faction_chain_load

ERR_DETACHMENT_FACTION = _("{detachment} is not a detachment of {faction}.")


class SignUpForm(UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(required=True, help_text=_("For password resets only."))

    # django-stubs declares no UserCreationForm.Meta.
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined, misc]
        model = get_user_model()
        fields = ("username", "email")


class PlayerPasswordResetForm(PasswordResetForm):
    """The reset mail in the player's kept language; else in the language of the request.

    Whoever asks for the reset (perhaps from another browser) is not always who reads it.
    The mail is sent off the request path (rosters/mail.py): the answer comes as fast for
    an address with no account.
    """

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        saved = (
            PlayerSettings.objects.filter(user=context["user"])
            .values_list("language", flat=True)
            .first()
        )
        with translation.override(saved or translation.get_language()):
            subject = "".join(render_to_string(subject_template_name, context).splitlines())
            message = EmailMultiAlternatives(
                subject, render_to_string(email_template_name, context), from_email, [to_email]
            )
            if html_email_template_name is not None:
                html = render_to_string(html_email_template_name, context)
                message.attach_alternative(html, "text/html")
        mail_send_later(message=message)


def faction_choices() -> list[tuple[str, list[tuple[int, str]]]]:
    """Group factions under their top-level faction, so chapters sit under Space Marines."""
    factions = list(
        Faction.objects.offered().order_by("name").values_list("pk", "name", "parent_id")
    )
    names = {pk: name for pk, name, _ in factions}
    groups: dict[int, list[tuple[int, str]]] = {}
    for pk, name, parent in factions:
        groups.setdefault(parent or pk, []).append((pk, name))
    return [
        (names[top], sorted(members, key=lambda m: (m[0] != top, m[1])))
        for top, members in sorted(groups.items(), key=lambda g: names[g[0]])
    ]


class RosterCreateForm(forms.Form):
    name = forms.CharField(max_length=150, initial="New army")
    faction = forms.TypedChoiceField(coerce=int, choices=())
    detachment = forms.ModelChoiceField(
        queryset=Detachment.objects.select_related("faction"), required=True
    )
    battle_size = forms.ChoiceField(
        label=_("Battle size"), choices=BattleSize.choices, initial=BattleSize.STRIKE_FORCE
    )
    profile = forms.ChoiceField(label=_("Rules"), choices=profile_choices, initial=Profile.CORE_10)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        faction, detachment = self.fields["faction"], self.fields["detachment"]
        assert isinstance(faction, forms.ChoiceField)  # declared so above
        assert isinstance(detachment, forms.ModelChoiceField)
        faction.choices = [("", gettext("Choose a faction")), *faction_choices()]
        # This field's own label, as Django's docs do it (a method replaced on one instance).
        detachment.label_from_instance = lambda d: f"{d.name} ({d.faction.name})"  # type: ignore[assignment]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        faction_id, detachment = data.get("faction"), data.get("detachment")
        if faction_id and detachment:
            faction = Faction.objects.get(pk=faction_id)
            if detachment.faction_id not in {f.pk for f in faction_chain_load(faction=faction)}:
                self.add_error(
                    "detachment",
                    ERR_DETACHMENT_FACTION.format(detachment=detachment.name, faction=faction),
                )
            data["faction"] = faction
        return data


class RosterRenameForm(forms.Form):
    name = forms.CharField(max_length=150)
