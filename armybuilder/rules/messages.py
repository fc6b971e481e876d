"""Message templates the faces can translate, without the core knowing any language.

A check fills a Template with its parameters and gets a Message: a str whose value is the
English text (so every English face, test and JSON key stays as it was) that also keeps
its template and parameters, so a face can render it again through a Catalogue in the
reader's language. The core never imports a translation framework; the Django side passes
one in (armybuilder/i18n.py). Parameters that are Messages themselves (placement words,
"A or B") are rendered through the same catalogue.

The functions template() and plural_template() mark their literal arguments for
extraction: `manage.py makemessages` is taught their names (rosters/management/commands/
makemessages.py), so the catalogue's msgids are exactly these English texts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Protocol

Param = str | int


class Catalogue(Protocol):
    """Where translations come from: gettext's two calls."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


class _English:
    """The templates as written: the identity, with English's two plural forms."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH: Final[Catalogue] = _English()


@dataclass(frozen=True, slots=True)
class Template:
    """An English message with {named} fields; `plural` is the form for counts other than 1."""

    text: str
    plural: str | None = None
    # The parameter whose number picks the plural form.
    count: str = "count"
    # False for a template made up of fields alone ("{p0}, {p1}"): no catalogue holds it,
    # so it is not looked up.
    words: bool = True

    def format(self, **params: Param) -> Message:
        """Fill the fields; the result reads in English and can be rendered in another."""
        return Message(self, tuple(params.items()))

    def render(self, params: Iterable[tuple[str, Param]], catalogue: Catalogue) -> str:
        values = dict(params)
        if not self.words:
            text = self.text
        elif self.plural is None:
            text = catalogue.gettext(self.text)
        else:
            text = catalogue.ngettext(self.text, self.plural, int(values[self.count]))
        return text.format(**{key: localize(value, catalogue) for key, value in values.items()})


class Message(str):
    """The English text of a filled Template, with the template and parameters kept."""

    __slots__ = ("params", "template")
    template: Template
    params: tuple[tuple[str, Param], ...]

    def __new__(cls, template: Template, params: tuple[tuple[str, Param], ...] = ()) -> Message:
        self = super().__new__(cls, template.render(params, ENGLISH))
        self.template = template
        self.params = params
        return self

    def __reduce__(self) -> tuple[type[Message], tuple[Template, tuple[tuple[str, Param], ...]]]:
        # Batch checks send results between processes; the English text is rebuilt there.
        return (Message, (self.template, self.params))

    def render(self, catalogue: Catalogue) -> str:
        """This message in the catalogue's language."""
        return self.template.render(self.params, catalogue)


def localize(value: Param, catalogue: Catalogue) -> str:
    """Render a Message through the catalogue; anything else (a unit name, a number) as is."""
    if isinstance(value, Message):
        return value.render(catalogue)
    return str(value)


def template(text: str) -> Template:
    """A message without plural forms."""
    return Template(text)


def plural_template(singular: str, plural: str, count: str = "count") -> Template:
    """A message whose wording follows the number in the parameter `count`."""
    return Template(singular, plural, count)


def joined(separator: str, parts: Iterable[Param]) -> Param:
    """Join parts that may be Messages, keeping each translatable ("a, b" in any language)."""
    items = list(parts)
    if not any(isinstance(item, Message) for item in items):
        return separator.join(str(item) for item in items)
    # A template made up on the spot holds no words, so no catalogue needs it.
    text = separator.join(f"{{p{i}}}" for i in range(len(items)))
    return Message(
        Template(text, words=False), tuple((f"p{i}", item) for i, item in enumerate(items))
    )
