"""Read an admin page's main form into POST data, as a browser would submit it."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str | None) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = form_id is None
        self.data: dict[str, list[str]] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and self.form_id is not None and a.get("id") == self.form_id:
            self.inside = True
        if not self.inside:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("submit", "button", "file", "image"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.setdefault(name, []).append(
                a.get("value", "on" if kind == "checkbox" else "")
            )
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select].append(a.get("value", ""))
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = [""]

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "form" and self.form_id is not None:
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.data[self._textarea][0] += data.removeprefix("\n")


def form_data(html: str, form_id: str | None = None) -> dict[str, list[str]]:
    reader = _FormReader(form_id)
    reader.feed(html)
    return reader.data
