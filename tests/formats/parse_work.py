"""The work a parse does, counted in operations rather than timed: the same on any machine.

``parse_work(parse, text)`` runs ``parse(text)`` and counts two things:

- the lines of the importer's own Python (rosters/formats/text_import) that run, so a loop
  that goes quadratic in Python shows;
- the steps a backtracking regex engine takes on every regex call the importer makes, so a
  pattern that backtracks catastrophically shows. Python's own engine counts nothing, so
  each call is also run through ``steps``: a small backtracking matcher over the pattern's
  parse tree (re._parser), counting one step per character tested and per node entered.
  It tries what sre tries, in the same order (greedy, lazy and possessive repeats, lookaround,
  search trying each start), so it grows as sre grows; the answer of every call is still
  the real one from ``re``.

A quadratic pattern on a line of n spaces takes about n²/2 steps whatever the machine's load.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Callable
from pathlib import Path
from re import _constants as C
from re import _parser
from typing import Any

import rosters.formats.text_import as text_import_package

PACKAGE_DIR = str(Path(text_import_package.__file__).resolve().parent)
MAXREPEAT = C.MAXREPEAT
# A call past this many steps is no linear pattern's (a runaway guard: the tests compare growth).
BUDGET_BASE = 20_000
BUDGET_PER_CHAR = 40


class TooMuchWork(Exception):
    """One regex call went past its step budget: super-linear beyond doubt."""


class _Counter:
    def __init__(self, budget: int) -> None:
        self.steps = 0
        self.budget = budget

    def tick(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > self.budget:
            raise TooMuchWork


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


_CATEGORIES: dict[Any, Callable[[str], bool]] = {
    C.CATEGORY_DIGIT: str.isdecimal,
    C.CATEGORY_NOT_DIGIT: lambda ch: not ch.isdecimal(),
    C.CATEGORY_SPACE: str.isspace,
    C.CATEGORY_NOT_SPACE: lambda ch: not ch.isspace(),
    C.CATEGORY_WORD: _is_word,
    C.CATEGORY_NOT_WORD: lambda ch: not _is_word(ch),
}


def _char_test(op: Any, av: Any, icase: bool) -> Callable[[str], bool] | None:
    """A one-character node as a predicate; None for anything wider."""
    fold = (lambda ch: ch.lower()) if icase else (lambda ch: ch)
    if op is C.LITERAL:
        want = fold(chr(av))
        return lambda ch: fold(ch) == want
    if op is C.NOT_LITERAL:
        avoid = fold(chr(av))
        return lambda ch: fold(ch) != avoid
    if op is C.ANY:
        return lambda ch: ch != "\n"
    if op is C.IN:
        negate = bool(av) and av[0][0] is C.NEGATE
        parts: list[Callable[[str], bool]] = []
        for sub_op, sub_av in av[1:] if negate else av:
            if sub_op is C.LITERAL:
                c = chr(sub_av)
                parts.append(lambda ch, c=c: ch == c or (icase and ch.lower() == c.lower()))
            elif sub_op is C.RANGE:
                lo, hi = sub_av
                parts.append(
                    lambda ch, lo=lo, hi=hi: (
                        lo <= ord(ch) <= hi
                        or (icase and any(lo <= ord(x) <= hi for x in (ch.lower(), ch.upper())))
                    )
                )
            elif sub_op is C.CATEGORY:
                parts.append(_CATEGORIES[sub_av])
            else:
                raise NotImplementedError(sub_op)
        if negate:
            return lambda ch: not any(p(ch) for p in parts)
        return lambda ch: any(p(ch) for p in parts)
    return None


class _Matcher:
    """Backtracking in continuation-passing style: m(nodes, i, pos, k) is True once k is."""

    def __init__(self, text: str, end: int, counter: _Counter, icase: bool) -> None:
        self.text, self.end, self.counter, self.icase = text, end, counter, icase

    def seq(self, nodes: list[Any], i: int, pos: int, k: Callable[[int], bool]) -> bool:
        self.counter.tick()
        if i == len(nodes):
            return k(pos)
        op, av = nodes[i]
        text, end = self.text, self.end
        test = _char_test(op, av, self.icase)
        if test is not None:
            return pos < end and test(text[pos]) and self.seq(nodes, i + 1, pos + 1, k)
        if op is C.AT:
            return self.at(av, pos) and self.seq(nodes, i + 1, pos, k)
        if op is C.SUBPATTERN:
            return self.seq(list(av[3]), 0, pos, lambda p: self.seq(nodes, i + 1, p, k))
        if op is C.BRANCH:
            return any(
                self.seq(list(alt), 0, pos, lambda p: self.seq(nodes, i + 1, p, k)) for alt in av[1]
            )
        if op in (C.ASSERT, C.ASSERT_NOT):
            direction, sub = av
            start = pos if direction == 1 else pos - sub.getwidth()[0]
            found = start >= 0 and self.seq(list(sub), 0, start, lambda p: True)
            if (op is C.ASSERT) != found:
                return False
            return self.seq(nodes, i + 1, pos, k)
        if op is C.ATOMIC_GROUP:
            ends: list[int] = []
            self.seq(list(av), 0, pos, lambda p: ends.append(p) is None)
            return bool(ends) and self.seq(nodes, i + 1, ends[0], k)
        if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
            return self.repeat(op, av, pos, lambda p: self.seq(nodes, i + 1, p, k))
        raise NotImplementedError(op)

    def at(self, code: Any, pos: int) -> bool:
        text, end = self.text, self.end
        if code in (C.AT_BEGINNING, C.AT_BEGINNING_STRING):
            return pos == 0
        if code is C.AT_END:
            return pos == end or (pos == end - 1 and text[pos] == "\n")
        if code is C.AT_END_STRING:
            return pos == end
        before = pos > 0 and _is_word(text[pos - 1])
        after = pos < end and _is_word(text[pos])
        if code is C.AT_BOUNDARY:
            return before != after
        if code is C.AT_NON_BOUNDARY:
            return before == after
        raise NotImplementedError(code)

    def repeat(self, op: Any, av: Any, pos: int, k: Callable[[int], bool]) -> bool:
        low, high, sub = av
        high = sys.maxsize if high is MAXREPEAT else high
        nodes = list(sub)
        single = _char_test(*nodes[0], self.icase) if len(nodes) == 1 else None
        if single is not None:
            # One character a time, as sre's REPEAT_ONE: run as far as it goes, then give
            # back one at a time (greedy), take one at a time (lazy), or keep all (possessive).
            text, end, most = self.text, self.end, pos
            if op is C.MIN_REPEAT:
                count = 0
                while True:
                    if count >= low and k(most):
                        return True
                    self.counter.tick()
                    if count == high or most >= end or not single(text[most]):
                        return False
                    most, count = most + 1, count + 1
            while most - pos < high and most < end:
                self.counter.tick()
                if not single(text[most]):
                    break
                most += 1
            if most - pos < low:
                return False
            if op is C.POSSESSIVE_REPEAT:
                return k(most)
            return any(k(p) for p in range(most, pos + low - 1, -1))

        if op is C.POSSESSIVE_REPEAT:
            count, at = 0, pos
            while count < high:
                nxt: list[int] = []

                def first(p: int, at: int = at, nxt: list[int] = nxt) -> bool:
                    return p != at and not nxt and nxt.append(p) is None

                self.seq(nodes, 0, at, first)
                if not nxt:
                    break
                count, at = count + 1, nxt[0]
            return count >= low and k(at)

        def go(count: int, at: int) -> bool:
            self.counter.tick()
            if op is C.MIN_REPEAT and count >= low and k(at):
                return True
            if count < high and self.seq(nodes, 0, at, lambda p: p != at and go(count + 1, p)):
                return True
            return op is C.MAX_REPEAT and count >= low and k(at)

        return go(0, pos)


def steps(
    pattern: re.Pattern[str], text: str, pos: int, endpos: int, how: str
) -> tuple[int, int | None]:
    """The steps one call of ``how`` ("match", "fullmatch", "search") takes, and its end."""
    counter = _Counter(budget=BUDGET_BASE + BUDGET_PER_CHAR * (endpos - pos + 1))
    tree = list(_parser.parse(pattern.pattern, pattern.flags))
    matcher = _Matcher(text, endpos, counter, bool(pattern.flags & re.IGNORECASE))
    found: list[int] = []
    if how == "fullmatch":
        tree = [(C.SUBPATTERN, (None, 0, 0, tree)), (C.AT, C.AT_END_STRING)]
    starts = range(pos, endpos + 1) if how == "search" else range(pos, pos + 1)
    for start in starts:
        counter.tick()
        if matcher.seq(tree, 0, start, lambda p: found.append(p) is None):
            break
    return counter.steps, (found[0] if found else None)


def _subject(string: str, pos: int = 0, endpos: int | None = None) -> tuple[int, int]:
    end = len(string) if endpos is None else max(0, min(endpos, len(string)))
    return max(0, min(pos, end)), end


class CountingPattern:
    """A compiled pattern that answers as re does and adds each call's steps to a tally."""

    def __init__(self, pattern: re.Pattern[str], tally: list[int]) -> None:
        self._pattern, self._tally = pattern, tally

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pattern, name)

    def _count(self, how: str, string: str, pos: int, endpos: int) -> int | None:
        # The matcher's own Python is not the importer's: no line of it is traced.
        tracing = sys.gettrace()
        sys.settrace(None)
        try:
            taken, end = steps(self._pattern, string, pos, endpos, how)
        finally:
            sys.settrace(tracing)
        self._tally[0] += taken
        return end

    def match(self, string: str, pos: int = 0, endpos: int | None = None) -> Any:
        self._count("match", string, *_subject(string, pos, endpos))
        return self._pattern.match(string, pos, *(() if endpos is None else (endpos,)))

    def fullmatch(self, string: str, pos: int = 0, endpos: int | None = None) -> Any:
        self._count("fullmatch", string, *_subject(string, pos, endpos))
        return self._pattern.fullmatch(string, pos, *(() if endpos is None else (endpos,)))

    def search(self, string: str, pos: int = 0, endpos: int | None = None) -> Any:
        self._count("search", string, *_subject(string, pos, endpos))
        return self._pattern.search(string, pos, *(() if endpos is None else (endpos,)))

    def _scan(self, string: str) -> None:
        # sub, split, findall and finditer search again after each match.
        at = 0
        for found in self._pattern.finditer(string):
            self._count("search", string, at, len(string))
            at = found.end() + (found.end() == found.start())
            if at > len(string):
                return
        self._count("search", string, at, len(string))

    def finditer(self, string: str, *args: Any) -> Any:
        self._scan(string)
        return self._pattern.finditer(string, *args)

    def findall(self, string: str, *args: Any) -> Any:
        self._scan(string)
        return self._pattern.findall(string, *args)

    def sub(self, repl: Any, string: str, count: int = 0) -> Any:
        self._scan(string)
        return self._pattern.sub(repl, string, count)

    def subn(self, repl: Any, string: str, count: int = 0) -> Any:
        self._scan(string)
        return self._pattern.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> Any:
        self._scan(string)
        return self._pattern.split(string, maxsplit)


def _counting_re(tally: list[int]) -> types.ModuleType:
    """The re module as the importer's modules see it: every pattern counted."""
    shim = types.ModuleType("re")
    shim.__dict__.update(re.__dict__)

    def compile(pattern: Any, flags: int = 0) -> Any:
        compiled = pattern if isinstance(pattern, re.Pattern) else re.compile(pattern, flags)
        return CountingPattern(compiled, tally)

    shim.compile = compile  # type: ignore[attr-defined]

    def module_function(name: str) -> Callable[..., Any]:
        def call(pattern: Any, string: str, *args: Any, flags: int = 0, **kw: Any) -> Any:
            return getattr(compile(pattern, flags), name)(string, *args, **kw)

        return call

    for name in ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"):
        shim.__dict__[name] = module_function(name)
    return shim


def count_regexes(monkeypatch: Any, tally: list[int]) -> None:
    """Swap every pattern the importer's modules hold, and their re, for counting ones."""
    for name, module in list(sys.modules.items()):
        if not name.startswith(text_import_package.__name__) or module is None:
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, re.Pattern):
                monkeypatch.setattr(module, attr, CountingPattern(value, tally))
            elif value is re:
                monkeypatch.setattr(module, attr, _counting_re(tally))


def parse_work(monkeypatch: Any, parse: Callable[[str], object], text: str) -> int:
    """The operations parse(text) takes: regex steps plus the importer's Python lines run."""
    tally = [0]
    with monkeypatch.context() as patch:
        count_regexes(patch, tally)

        def local(frame: types.FrameType, event: str, arg: Any) -> Any:
            if event == "line":
                tally[0] += 1
            return local

        def calls(frame: types.FrameType, event: str, arg: Any) -> Any:
            if event == "call" and frame.f_code.co_filename.startswith(PACKAGE_DIR):
                return local
            return None

        previous = sys.gettrace()
        sys.settrace(calls)
        try:
            parse(text)
        finally:
            sys.settrace(previous)
    return tally[0]
