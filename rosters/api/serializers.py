"""Input and output serializers of the API; names are unique because the schema needs them.

Input serializers check the shape of a body or query and nothing more; the services judge
everything else and the rules core judges the army. Output serializers describe one
representation each (a roster, a unit, a declaration, ...), and every view returning that
representation uses the same one, so clients generate one type per thing.
"""

from __future__ import annotations

from typing import Any, Final, cast

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armybuilder.rules.model import Placement, Severity
from rosters import services
from rosters.converters import MAX_ID
from rosters.formats.services import MAX_LIST_CHARS
from rosters.models import BattleSize, Profile

ERR_NAME_OR_ID: Final = gettext_lazy("Give a name (text) or an id (a whole number of at least 1).")
ERR_UNIT_ID: Final = gettext_lazy("Unit ids are whole numbers of at least 1; {key!r} is not one.")
ERR_PAIR: Final = gettext_lazy("Give exactly two unit ids.")
MAX_UNITS: Final = 200
MAX_NAME: Final = 200
MAX_LIST_TEXT: Final = MAX_LIST_CHARS


# --- shared pieces -------------------------------------------------------------------


class ErrorDetailSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable machine-readable code, e.g. invalid.")
    message = serializers.CharField()
    fields = serializers.DictField(  # type: ignore[assignment]  # field named like a DRF attr
        child=serializers.JSONField(),
        help_text="Field errors, nested as the body is; empty when the error is not a field's.",
    )
    violations = serializers.ListField(
        child=serializers.DictField(), required=False, help_text="Only for declaration_invalid."
    )
    unrecognised = serializers.ListField(
        child=serializers.DictField(), required=False, help_text="Only for list_unresolved."
    )


class ErrorSerializer(serializers.Serializer[Any]):
    error = ErrorDetailSerializer()


class RefSerializer(serializers.Serializer[Any]):
    """A catalogue row named by id and name."""

    id = serializers.IntegerField()
    name = serializers.CharField()


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 1, "maximum": MAX_ID},
            {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        ]
    }
)
class NameOrIdField(serializers.Field[Any, Any, Any, Any]):
    """A catalogue row named by its name (any case) or by its id."""

    default_error_messages = {"invalid": ERR_NAME_OR_ID}

    def to_internal_value(self, data: Any) -> int | str:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, int):
            if not 1 <= data <= MAX_ID:
                self.fail("invalid")
            return data
        # No catalogue name holds a NUL, and PostgreSQL text cannot.
        if isinstance(data, str) and data.strip() and len(data) <= MAX_NAME and "\x00" not in data:
            return data.strip()
        self.fail("invalid")
        raise AssertionError  # fail() raises; this keeps type checkers content

    def to_representation(self, value: Any) -> Any:
        return value


class UnitIdField(serializers.IntegerField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=1, max_value=MAX_ID, **kwargs)


class UnitPairField(serializers.ListField):
    """[first unit id, second unit id]."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=UnitIdField(), min_length=2, max_length=2, **kwargs)


# --- the validate_list result shape (rosters/formats/result_json.py, schema 1) ---------


class NamedCountSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    count = serializers.IntegerField()


class WargearPartSerializer(serializers.Serializer[Any]):
    """One model type of a unit: how many models, and option -> count across them."""

    model = serializers.CharField(max_length=150)
    models = serializers.IntegerField(min_value=0, max_value=999)
    wargear = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=999), default=dict
    )


class ResultUnitSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    line = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    models = serializers.IntegerField()
    points = serializers.IntegerField(allow_null=True)
    stated_points = serializers.IntegerField(allow_null=True)
    enhancement = serializers.CharField(allow_null=True)
    warlord = serializers.BooleanField()
    options = NamedCountSerializer(many=True, help_text="Priced options taken.")
    upgrades = NamedCountSerializer(many=True, help_text="Detachment upgrades taken.")
    note = serializers.CharField(
        allow_null=True, help_text="How a model count the list did not state was read."
    )
    wargear = WargearPartSerializer(
        many=True, help_text="Per model type; the datasheet's defaults where none was stated."
    )


class ResultProblemSerializer(serializers.Serializer[Any]):
    line = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


class ResultUnreadLineSerializer(serializers.Serializer[Any]):
    line = serializers.IntegerField(allow_null=True)
    text = serializers.CharField()
    nearest = serializers.ListField(child=serializers.CharField())


class ResultViolationSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    severity = serializers.ChoiceField(choices=[s.value for s in Severity])
    message = serializers.CharField()
    unit_positions = serializers.ListField(child=serializers.IntegerField())
    lines = ResultUnreadLineSerializer(
        many=True, help_text="WARGEAR_UNREAD: each wargear line not read; else empty."
    )


class ResultMeterSerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # field named like a DRF attr
    used = serializers.IntegerField()
    cap = serializers.IntegerField()
    unit = serializers.CharField()
    over = serializers.BooleanField()


class ValidationResultSerializer(serializers.Serializer[Any]):
    """The rules core's Result in validate_list's JSON shape; unit positions count from 1."""

    schema = serializers.IntegerField()
    format = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_blank=True)
    faction = serializers.CharField(allow_null=True)
    detachment = serializers.CharField(allow_null=True)
    battle_size = serializers.ChoiceField(choices=BattleSize.values, allow_null=True)
    points_limit = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField(allow_null=True)
    stated_points = serializers.IntegerField(allow_null=True)
    profile = serializers.CharField()
    release = serializers.CharField(allow_null=True)
    legal = serializers.BooleanField()
    units = ResultUnitSerializer(many=True)
    unrecognised = ResultProblemSerializer(many=True)
    violations = ResultViolationSerializer(many=True)
    meters = ResultMeterSerializer(many=True)
    error = serializers.CharField(allow_null=True)


# --- catalogue ---------------------------------------------------------------------


class FactionListFilterSerializer(serializers.Serializer[Any]):
    search = serializers.CharField(required=False, max_length=MAX_NAME, help_text="Name contains.")
    parent = serializers.IntegerField(  # type: ignore[assignment]  # field named like a DRF attr
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Only sub-factions of this faction id.",
    )


class FactionOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()
    keyword = serializers.CharField()
    parent = serializers.IntegerField(source="parent_id", allow_null=True)  # type: ignore[assignment]  # field named like a DRF attr
    grand_alliance = serializers.CharField(allow_blank=True)


class ReleaseQuerySerializer(serializers.Serializer[Any]):
    release = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Points release id; default: the current one.",
    )


class DatasheetListFilterSerializer(ReleaseQuerySerializer):
    faction = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Datasheets this faction id may field.",
    )
    keyword = serializers.CharField(
        required=False, max_length=100, help_text="Has this keyword or faction keyword (any case)."
    )
    search = serializers.CharField(required=False, max_length=MAX_NAME, help_text="Name contains.")


class BracketOutputSerializer(serializers.Serializer[Any]):
    models = serializers.IntegerField()
    points = serializers.IntegerField()


class TransportPoolOutputSerializer(serializers.Serializer[Any]):
    capacity = serializers.IntegerField()
    allowed = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    forbidden = serializers.ListField(child=serializers.CharField())
    space = serializers.DictField(child=serializers.IntegerField())
    only_datasheets = serializers.ListField(child=serializers.CharField())


class DatasheetOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()
    faction = RefSerializer()
    keywords = serializers.ListField(child=serializers.CharField())
    faction_keywords = serializers.ListField(child=serializers.CharField())
    min_models = serializers.IntegerField()
    max_models = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    legends = serializers.BooleanField()
    deep_strike = serializers.BooleanField()
    hover = serializers.BooleanField()
    power = serializers.IntegerField(allow_null=True)
    warlord = serializers.CharField()
    leads = RefSerializer(many=True, source="leads.all")
    extra_leaders = serializers.IntegerField()
    joins_led_unit = serializers.BooleanField()
    transport = TransportPoolOutputSerializer(many=True, source="transport_pools.all")
    release = serializers.SerializerMethodField(help_text="Release id the brackets are from.")
    brackets = serializers.SerializerMethodField()

    def get_release(self, obj: Any) -> int | None:
        release = self.context.get("release")
        return release.pk if release is not None else None

    @extend_schema_field(BracketOutputSerializer(many=True))
    def get_brackets(self, obj: Any) -> list[dict[str, int]]:
        return [{"models": p.models_count, "points": p.points} for p in obj.release_prices]


class DetachmentListFilterSerializer(serializers.Serializer[Any]):
    faction = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Detachments this faction id may use.",
    )
    search = serializers.CharField(required=False, max_length=MAX_NAME, help_text="Name contains.")


class DetachmentOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    faction = RefSerializer()
    enhancements = RefSerializer(many=True, source="enhancements.all")
    required = RefSerializer(many=True, source="required.all")  # type: ignore[assignment]  # field named like a DRF attr
    forbidden = RefSerializer(many=True, source="forbidden.all")
    battleline = RefSerializer(many=True, source="battleline.all")


class EnhancementListFilterSerializer(ReleaseQuerySerializer):
    faction = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Enhancements of detachments this faction may use.",
    )
    detachment = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    search = serializers.CharField(required=False, max_length=MAX_NAME, help_text="Name contains.")


class EnhancementOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    detachment = RefSerializer()
    required_keywords = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField())
    )
    release = serializers.SerializerMethodField(help_text="Release id the points are from.")
    points = serializers.SerializerMethodField()

    def get_release(self, obj: Any) -> int | None:
        release = self.context.get("release")
        return release.pk if release is not None else None

    def get_points(self, obj: Any) -> int | None:
        prices = obj.release_prices
        return prices[0].points if prices else None


class ReleaseOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    published = serializers.DateField()
    is_current = serializers.BooleanField()
    notes = serializers.CharField(allow_blank=True)


# --- rosters -----------------------------------------------------------------------


class RosterUnitOptionOutputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    count = serializers.IntegerField()


class RosterUnitUpgradeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    count = serializers.IntegerField()


class RosterUnitOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    position = serializers.IntegerField(
        source="api_position",
        help_text="Place in the roster from 1, as validation results number units.",
    )
    datasheet = RefSerializer()
    models = serializers.IntegerField(source="models_count")
    enhancement = RefSerializer(allow_null=True)
    warlord = serializers.BooleanField()
    stated_points = serializers.IntegerField(allow_null=True)
    options = serializers.SerializerMethodField()
    wargear = WargearPartSerializer(
        many=True, help_text="Per model type; empty: the datasheet's defaults."
    )

    upgrades = serializers.SerializerMethodField()

    @extend_schema_field(RosterUnitOptionOutputSerializer(many=True))
    def get_options(self, obj: Any) -> list[dict[str, Any]]:
        return [
            {"name": name, "count": count}
            for name, count in services.roster_unit_options_load(unit=obj)
        ]

    @extend_schema_field(RosterUnitUpgradeOutputSerializer(many=True))
    def get_upgrades(self, obj: Any) -> list[dict[str, Any]]:
        return [
            {"id": taken.id, "name": taken.name, "count": taken.count}
            for taken in services.roster_unit_upgrades_load(unit=obj)
        ]


class RosterSummaryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    faction = RefSerializer()
    detachment = RefSerializer(allow_null=True)
    battle_size = serializers.ChoiceField(choices=BattleSize.choices)
    profile = serializers.ChoiceField(choices=Profile.choices)
    release = RefSerializer()
    shared = serializers.SerializerMethodField()
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()

    def get_shared(self, obj: Any) -> bool:
        return obj.share_token is not None


def roster_units_data(roster: Any) -> list[dict[str, Any]]:
    """Serialize a loaded roster's units, numbered from 1 in list order."""
    units = list(roster.units.all())
    for position, unit in enumerate(units, 1):
        unit.api_position = position
    return cast(list[dict[str, Any]], RosterUnitOutputSerializer(units, many=True).data)


class RosterOutputSerializer(RosterSummaryOutputSerializer):
    share_token = serializers.CharField(allow_null=True)
    units = serializers.SerializerMethodField()

    @extend_schema_field(RosterUnitOutputSerializer(many=True))
    def get_units(self, obj: Any) -> list[dict[str, Any]]:
        return roster_units_data(obj)


class SharedRosterOutputSerializer(RosterSummaryOutputSerializer):
    """A roster as its share token shows it: no owner, no token."""

    units = serializers.SerializerMethodField()

    @extend_schema_field(RosterUnitOutputSerializer(many=True))
    def get_units(self, obj: Any) -> list[dict[str, Any]]:
        return roster_units_data(obj)


class RosterCreateInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=150)
    faction = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    detachment = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, allow_null=True
    )
    battle_size = serializers.ChoiceField(
        choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    profile = serializers.ChoiceField(choices=Profile.choices, default=Profile.CORE_10)
    release = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="Points release id; default: the current one.",
    )


class RosterUpdateInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=150, required=False)
    detachment = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="Changing it drops the units' enhancements.",
    )
    battle_size = serializers.ChoiceField(choices=BattleSize.choices, required=False)
    profile = serializers.ChoiceField(choices=Profile.choices, required=False)


class RosterDuplicateInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=150, required=False)


class RosterShareInputSerializer(serializers.Serializer[Any]):
    enabled = serializers.BooleanField()


class RosterShareOutputSerializer(serializers.Serializer[Any]):
    enabled = serializers.BooleanField()
    token = serializers.CharField(allow_null=True)
    url = serializers.CharField(allow_null=True, help_text="Read-only API address for anyone.")


class RosterWarlordInputSerializer(serializers.Serializer[Any]):
    unit = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, allow_null=True, help_text="null clears it."
    )


class RosterRepriceQuerySerializer(ReleaseQuerySerializer):
    pass


class RosterRepriceInputSerializer(ReleaseQuerySerializer):
    pass


class RepriceLineOutputSerializer(serializers.Serializer[Any]):
    unit_id = serializers.IntegerField()
    name = serializers.CharField()
    old = serializers.IntegerField()
    new = serializers.IntegerField()
    delta = serializers.IntegerField()


class RosterRepriceOutputSerializer(serializers.Serializer[Any]):
    old_release = RefSerializer()
    new_release = RefSerializer()
    lines = RepriceLineOutputSerializer(many=True)
    old_total = serializers.IntegerField()
    new_total = serializers.IntegerField()
    applied = serializers.BooleanField()


class RosterValidationQuerySerializer(serializers.Serializer[Any]):
    declaration = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="Validate with this saved declaration.",
    )


class RosterExportPdfQuerySerializer(serializers.Serializer[Any]):
    cards = serializers.BooleanField(
        required=False, default=False, help_text="Add a datasheet card per unit."
    )
    declaration = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="With cards: print attached leaders with their units, as this saved "
        "declaration of the roster has them.",
    )


class RosterUnitCreateInputSerializer(serializers.Serializer[Any]):
    datasheet = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    models = serializers.IntegerField(
        min_value=1, max_value=1000, required=False, help_text="Default: the smallest size."
    )
    enhancement = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, allow_null=True
    )
    warlord = serializers.BooleanField(required=False, default=False)
    wargear = WargearPartSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True, required=False, max_length=50, help_text="Default: the datasheet's defaults."
    )


class UnitOptionInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=MAX_NAME)
    count = serializers.IntegerField(min_value=0, max_value=1000, help_text="0 removes it.")


class UnitUpgradeInputSerializer(serializers.Serializer[Any]):
    upgrade = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    count = serializers.IntegerField(min_value=0, max_value=1000, help_text="0 removes it.")


class RosterUnitUpdateInputSerializer(serializers.Serializer[Any]):
    models = serializers.IntegerField(min_value=1, max_value=1000, required=False)
    enhancement = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, required=False, allow_null=True, help_text="null removes it."
    )
    warlord = serializers.BooleanField(required=False)
    options = UnitOptionInputSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True,
        required=False,
        max_length=MAX_UNITS,
        help_text="Priced options by name; options not listed are kept.",
    )
    upgrades = UnitUpgradeInputSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True,
        required=False,
        max_length=MAX_UNITS,
        help_text="Detachment upgrades of the roster's detachment, by id; others are kept.",
    )
    wargear = WargearPartSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True,
        required=False,
        max_length=50,
        help_text="Per model type; [] goes back to the defaults. A new model count without "
        "wargear keeps the choices that still fit.",
    )


# --- declarations ------------------------------------------------------------------


class DeclarationInputSerializer(serializers.Serializer[Any]):
    """Battle formations by roster-unit id; a unit not placed starts on the battlefield."""

    name = serializers.CharField(max_length=150)
    hover = serializers.ListField(child=UnitIdField(), default=list, max_length=MAX_UNITS)
    attachments = serializers.ListField(
        child=UnitPairField(), default=list, max_length=MAX_UNITS, help_text="[leader, bodyguard]"
    )
    embarkations = serializers.ListField(
        child=UnitPairField(),
        default=list,
        max_length=MAX_UNITS,
        help_text="[passenger, transport]",
    )
    placements = serializers.DictField(
        child=serializers.ChoiceField(choices=[p.value for p in Placement]),
        default=dict,
        help_text="Unit id -> placement.",
    )

    def validate_placements(self, value: dict[str, str]) -> dict[int, str]:
        out: dict[int, str] = {}
        for key, placement in value.items():
            # isdigit() alone admits "²", which int() refuses.
            if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= MAX_ID:
                raise serializers.ValidationError(ERR_UNIT_ID.format(key=key))
            out[int(key)] = placement
        return out


class DeclarationCreateInputSerializer(DeclarationInputSerializer):
    pass


class DeclarationUpdateInputSerializer(DeclarationInputSerializer):
    pass


class DeclarationOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    hover = serializers.ListField(child=serializers.IntegerField())
    attachments = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    embarkations = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    placements = serializers.DictField(
        child=serializers.ChoiceField(choices=[p.value for p in Placement])
    )
    stale_unit_ids = serializers.SerializerMethodField(
        help_text="Unit ids it names that the roster no longer has."
    )
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()

    def get_stale_unit_ids(self, obj: Any) -> list[int]:
        return sorted(self.context.get("stale", {}).get(obj.pk, ()))


# --- validation of an unsaved roster -------------------------------------------------


class ValidateNamedCountInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=MAX_NAME)
    count = serializers.IntegerField(min_value=1, max_value=1000, required=False, default=1)


class ValidateUnitInputSerializer(serializers.Serializer[Any]):
    datasheet = NameOrIdField()
    models = serializers.IntegerField(
        min_value=1, max_value=1000, required=False, help_text="Default: the smallest size."
    )
    enhancement = NameOrIdField(required=False, allow_null=True)
    warlord = serializers.BooleanField(required=False, default=False)
    options = ValidateNamedCountInputSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True, required=False, max_length=MAX_UNITS, help_text="Priced options by name."
    )
    upgrades = ValidateNamedCountInputSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True,
        required=False,
        max_length=MAX_UNITS,
        help_text="Upgrades of the chosen detachment, by name.",
    )
    wargear = WargearPartSerializer(  # type: ignore[call-arg]  # goes to the ListSerializer
        many=True, required=False, max_length=50, help_text="Default: the datasheet's defaults."
    )


class ValidateDeclarationInputSerializer(serializers.Serializer[Any]):
    """Battle formations by unit position (from 1), as validate_list's --declaration."""

    hover = serializers.ListField(child=UnitIdField(), required=False, max_length=MAX_UNITS)
    attach = serializers.ListField(
        child=UnitPairField(), required=False, max_length=MAX_UNITS, help_text="[leader, bodyguard]"
    )
    embark = serializers.ListField(
        child=UnitPairField(), required=False, max_length=MAX_UNITS, help_text="[unit, transport]"
    )
    strategic_reserves = serializers.ListField(
        child=UnitIdField(), required=False, max_length=MAX_UNITS
    )
    deep_strike = serializers.ListField(child=UnitIdField(), required=False, max_length=MAX_UNITS)
    final = serializers.BooleanField(
        required=False, help_text="A final declaration makes an empty transport an error."
    )


class ValidateInputSerializer(serializers.Serializer[Any]):
    """An unsaved roster that names catalogue rows by name (any case) or id."""

    name = serializers.CharField(required=False, default="", allow_blank=True, max_length=150)
    faction = NameOrIdField()
    detachment = NameOrIdField(required=False, allow_null=True)
    battle_size = serializers.ChoiceField(
        choices=BattleSize.choices, default=BattleSize.STRIKE_FORCE
    )
    profile = serializers.ChoiceField(choices=Profile.choices, default=Profile.CORE_10)
    release = NameOrIdField(required=False, allow_null=True, help_text="Default: the current one.")
    as_of = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="Price under the release in force that day (the latest published on or "
        "before it) instead of naming one.",
    )
    units = ValidateUnitInputSerializer(many=True, max_length=MAX_UNITS)  # type: ignore[call-arg]  # goes to the ListSerializer
    declaration = ValidateDeclarationInputSerializer(required=False, allow_null=True)


# --- import and export -------------------------------------------------------------


class ListImportInputSerializer(serializers.Serializer[Any]):
    text = serializers.CharField(max_length=MAX_LIST_TEXT, help_text="The pasted list.")
    name = serializers.CharField(required=False, default="", allow_blank=True, max_length=150)
    profile = serializers.ChoiceField(choices=Profile.choices, default=Profile.CORE_10)
    as_of = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="Price under the release in force that day (the latest published on or "
        "before it); default: the current release.",
    )
    resolutions = serializers.DictField(
        child=serializers.CharField(allow_null=True, max_length=MAX_NAME),
        required=False,
        default=dict,
        help_text="Problem key -> the name meant, or null to drop that line.",
    )
    save = serializers.BooleanField(  # type: ignore[assignment]  # field named like a DRF attr
        required=False, default=False, help_text="Save as a new roster (needs sign-in)."
    )


class ListImportProblemOutputSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="Send back in resolutions to settle this line.")
    line = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField(allow_blank=True)
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())
    droppable = serializers.BooleanField()


class ListImportOutputSerializer(serializers.Serializer[Any]):
    result = ValidationResultSerializer()
    problems = ListImportProblemOutputSerializer(many=True)
    unread_wargear = ListImportProblemOutputSerializer(
        many=True,
        help_text="Wargear lines not placed (WARGEAR_UNREAD): they may be renamed or "
        "dropped through resolutions, but the list saves without settling them.",
    )
    notes = serializers.ListField(child=serializers.CharField())
    roster = serializers.IntegerField(allow_null=True, help_text="The saved roster's id.")
