"""The ``<Tool>Args`` TypedDicts of a toolset module's stub, as real TypedDicts at run
time: made on the first use of a name (the module's ``__getattr__``) from the module's
"args" table, which holds each TypedDict's fields as the stub writes them.

A field's type is text in a small vocabulary (generator/typed.py writes it, and the build
proves it): ``str``, ``int``, ``float``, ``bool``, ``object``, ``None``, ``list[T]``,
``dict[str, object]``, ``Literal[...]`` of strings, integers and booleans, ``T | U``,
``NotRequired[T]`` and the names of the module's other TypedDicts. It is read here by a
parser of that vocabulary, never evaluated as code.
"""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .core import Tables

_PLAIN = {"str": str, "int": int, "float": float, "bool": bool, "object": object}
_CONSTANTS = {"None": None, "True": True, "False": False}


def typeddict(toolset: "Tables", name: str) -> "Any":
    """The TypedDict ``name`` (or the ``dict[str, object]`` alias the stub gives a tool
    whose fields could not be written), made once; AttributeError for a name the module
    does not have."""
    made: dict[str, Any] = toolset.cache.setdefault("typeddicts", {})
    if name not in made:
        table: dict[str, Any] = toolset.table("args")
        if name not in table:
            raise AttributeError(f"module {toolset.module!r} has no attribute {name!r}")
        from typing import TypedDict

        for key, fields in table.items():  # each after the nested ones it uses
            if key in made:
                continue
            if fields is None:
                made[key] = dict[str, object]
            else:
                types = {field: _Reader(text, made).read() for field, text in fields}
                made[key] = TypedDict(key, types)  # type: ignore[operator]
                made[key].__module__ = toolset.module
            if key == name:
                break
    return made[name]


class _Reader:
    """One type's text, read into the typing object it names."""

    __slots__ = ("known", "position", "tokens")

    def __init__(self, text: str, known: "dict[str, Any]") -> None:
        import re

        token = re.compile(r'\s*("(?:[^"\\]|\\.)*"|-?\d+|[A-Za-z_]\w*|[\[\],|])')
        self.tokens: list[str] = []
        end = len(text.rstrip())
        position = 0
        while position < end:
            found = token.match(text, position)
            if found is None:
                raise ValueError(f"not a type of the stub: {text!r}")
            self.tokens.append(found[1])
            position = found.end()
        self.known = known
        self.position = 0

    def read(self) -> "Any":
        found = self._union()
        if self.position != len(self.tokens):
            raise ValueError(f"not a type of the stub: {''.join(self.tokens)!r}")
        return found

    def _next(self) -> str:
        if self.position == len(self.tokens):
            raise ValueError("a type of the stub ends too early")
        token: str = self.tokens[self.position]
        self.position += 1
        return token

    def _peek(self) -> "str | None":
        if self.position == len(self.tokens):
            return None
        token: str = self.tokens[self.position]
        return token

    def _expect(self, token: str) -> None:
        if self._next() != token:
            raise ValueError(f"a type of the stub lacks {token!r}")

    def _union(self) -> "Any":
        found = self._term()
        while self._peek() == "|":
            self._next()
            found = found | self._term()
        return found

    def _term(self) -> "Any":
        name = self._next()
        if name in _PLAIN:
            return _PLAIN[name]
        if name == "None":
            return None
        if name in self.known:
            return self.known[name]
        self._expect("[")
        if name == "Literal":
            from typing import Literal

            values = [self._literal()]
            while self._peek() == ",":
                self._next()
                values.append(self._literal())
            found: Any = Literal[tuple(values)]
        elif name == "list":
            found = list.__class_getitem__(self._union())
        elif name == "NotRequired":
            from typing import NotRequired

            found = NotRequired[self._union()]
        elif name == "dict":
            key = self._union()
            self._expect(",")
            found = dict.__class_getitem__((key, self._union()))
        else:
            raise ValueError(f"not a type of the stub: {name!r}")
        self._expect("]")
        return found

    def _literal(self) -> object:
        token = self._next()
        if token in _CONSTANTS:
            return _CONSTANTS[token]
        if token.startswith('"'):
            # generator/literals.py writes printable ASCII: every other character, a
            # double quote and a backslash as the escapes Python's codec reads
            return token[1:-1].encode("ascii").decode("unicode_escape")
        return int(token)
