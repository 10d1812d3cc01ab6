"""Tool search (docs/design.md, "Tool search"): the index the generator builds
(generator/search.py), the query code of the runtime (templates/runtime/search.py), and that the
generator splits the tools' text with the runtime's own tokenizer."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from buildutil import GENERATED, build_module, import_path
from hypothesis import given
from hypothesis import strategies as st
from mcp2openai import search
from mcp2openai.model import build_model
from mcp2openai.naming import ServerTools
from mcp2openai.naming import build as name_tools
from mcp2openai.options import ServerSpec
from mcp2openai.tables import tables
from mcp2openai.templates.runtime import search as runtime_search
from runtime_support import load_runtime, with_toolset

# Text that exercises the splitting rule: case changes, digits, separators, stop words,
# plurals, letters that change length when lowercased, and anything else.
WORDY = st.text(
    st.sampled_from(list("aAbBsSeEiIyYhHxXzZoOuU09_-.: \n'İßΣ日")), max_size=40
) | st.text(max_size=40)


# ---------------------------------------------------------------------------- one rule


def test_the_generator_indexes_with_the_runtimes_tokenizer(monkeypatch: pytest.MonkeyPatch) -> None:
    """One tokenizer, the runtime's: a build splits the tools' text with that very function."""
    seen: list[str] = []

    def spy(text: str, wholes: bool = True) -> list[str]:
        seen.append(text)
        return ["sentinel"]

    monkeypatch.setattr(runtime_search, "terms", spy)
    search._terms.cache_clear()
    try:
        spec = ServerSpec("fs", Path("fs.json"))
        model = build_model(name_tools([ServerTools(spec, tuple(FS))]), "auto", "0" * 64)
        table = search.search_table(model)
    finally:
        search._terms.cache_clear()
    assert "Read the complete contents of a file from the file system." in seen
    for line in table.values():  # every field holds the spy's one term, with its count
        words = [word for field in str(line).split("|") for word in field.split()]
        assert {word.rpartition(":")[2] for word in words} == {"sentinel"}


@given(WORDY)
def test_the_generator_splits_as_the_runtime_splits(text: str) -> None:
    assert search.terms(text) == runtime_search.terms(text)


# ---------------------------------------------------------------------------- terms


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("read_file", ["read", "file", "readfile"]),
        ("readFile", ["read", "file", "readfile"]),
        ("read-file", ["read", "file", "readfile"]),
        ("READ_FILE", ["read", "file", "readfile"]),
        ("list_files", ["list", "file", "listfiles"]),  # the whole is not stemmed
        ("getHTTPStatus", ["get", "http", "status", "gethttpstatus"]),
        ("URLs", ["url"]),  # an acronym's plural: not "ur" and "ls"
        ("Lists the URLs and IDs of the APIs", ["list", "url", "id", "api"]),
        ("getURLs", ["get", "url", "geturls"]),  # the whole as written
        ("get_urls", ["get", "url", "geturls"]),
        ("listIDsForUsers", ["list", "id", "user", "listidsforusers"]),
        ("HTTPServer", ["http", "server", "httpserver"]),
        ("Ls", ["ls"]),
        ("API-get-users", ["api", "get", "user", "apigetusers"]),
        ("git__git_status", ["git", "git", "status", "gitgitstatus"]),
        ("base64Encode v2", ["base64", "encode", "base64encode", "v2"]),
        ("Lists the files in a directory.", ["list", "file", "directory"]),
        ("a b of the x, and: 7", []),  # stop words and single characters
        ("Über-Größe 日本語", ["über", "größe", "übergröße", "日本語"]),
    ],
)
def test_terms_split_names_every_way_and_drop_stop_words(text: str, expected: list[str]) -> None:
    assert search.terms(text) == expected


def test_terms_without_wholes() -> None:
    assert search.terms("read_file readFile", wholes=False) == ["read", "file", "read", "file"]


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("files", "file"),
        ("entries", "entry"),
        ("searches", "search"),
        ("boxes", "box"),
        ("echoes", "echo"),
        ("addresses", "address"),
        ("issues", "issue"),
        ("status", "status"),
        ("class", "class"),
        ("analysis", "analysis"),
        ("gas", "gas"),
        ("responses", "response"),
        ("sizes", "size"),
        ("file", "file"),
    ],
)
def test_plurals_become_singular(word: str, stem: str) -> None:
    assert runtime_search.stem(word) == stem


# ---------------------------------------------------------------------------- the index


def tool_model(tool: dict[str, Any], server: str = "wx") -> Any:
    model = build_model(
        name_tools([ServerTools(ServerSpec(server, Path(f"{server}.json")), (tool,))]),
        "auto",
        "0" * 64,
    )
    (built,) = model.tools
    return built


WEATHER = {
    "name": "get_weather",
    "title": "Weather report",
    "description": "Get the weather forecast. Uses a model.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "City name"},
            "options": {"type": "object", "properties": {"units": {"type": "string"}}},
        },
    },
}


def test_each_field_counts_its_own_terms() -> None:
    fields = search.tool_fields(tool_model(WEATHER))
    assert list(fields) == list(search.FIELDS)
    assert fields == {
        "name": {"get": 1, "weather": 1, "getweather": 1, "wxgetweather": 1},  # exposed, whole
        "server": {"wx": 1},
        "title": {"weather": 1, "report": 1},
        "summary": {"get": 1, "weather": 1, "forecast": 1},
        "description": {"get": 1, "weather": 1, "forecast": 1, "use": 1, "model": 1},
        "property": {"city": 1, "option": 1, "unit": 1},  # a nested object's property too
        "property_description": {"city": 1, "name": 1},
    }


def test_the_server_title_is_part_of_the_server_field() -> None:
    model = build_model(
        name_tools(
            [ServerTools(ServerSpec("wx", Path("wx.json")), (WEATHER,), title="Met Office")]
        ),
        "auto",
        "0" * 64,
    )
    (tool,) = model.tools
    assert search.tool_fields(tool)["server"] == {"wx": 1, "met": 1, "office": 1}


def test_the_runtime_weighs_every_field() -> None:
    assert len(runtime_search.FIELD_WEIGHTS) == len(runtime_search.FIELD_B) == len(search.FIELDS)
    weights = dict(zip(search.FIELDS, runtime_search.FIELD_WEIGHTS, strict=True))
    # names and titles above the description, property names and descriptions below it
    assert min(weights["name"], weights["title"]) > weights["description"]
    assert weights["description"] > weights["property"] > weights["property_description"]
    assert all(0 <= b < 1 for b in runtime_search.FIELD_B)


def test_the_title_falls_back_to_the_annotations_title() -> None:
    tool = {**WEATHER, "title": None, "annotations": {"title": "Forecast desk"}}
    assert tool_model(tool).title == "Forecast desk"
    assert tool_model({"name": "t", "inputSchema": {"type": "object"}}).title == ""


def test_a_field_groups_terms_by_count() -> None:
    counts = {"read": 2, "file": 2, "text": 1, "content": 1, "x9": 3}
    assert search.field_text(counts) == "3:x9 2:file read 1:content text"
    assert search.field_text({}) == ""


def test_a_capped_field_keeps_the_highest_counts_and_its_whole_length() -> None:
    counts = {f"t{i:02}": 1 for i in range(10)} | {"top": 5}
    assert search.field_text(counts, 3) == "=15 5:top 1:t00 t01"  # the first found of equals
    assert search.field_text(counts, 11) == search.field_text(counts)  # nothing left out


def test_a_line_holds_every_field_in_order() -> None:
    line = search.line({"name": {"echo": 1}, "description": {"echo": 2, "input": 1}})
    assert line == "1:echo||||2:echo 1:input||"
    long = {f"w{i:03}": 1 for i in range(100)}
    described = search.line({"description": long}).split("|")[4].split()
    assert described[0] == "=100" and len(described) == 1 + search.MAX_FIELD_TERMS["description"]


def test_properties_are_read_breadth_first_through_nesting_and_definitions() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "array", "items": {"$ref": "#/$defs/D"}},
            "b": {"anyOf": [{"type": "object", "properties": {"c": {"description": "C"}}}]},
        },
        "$defs": {"D": {"type": "object", "properties": {"d": {"type": "string"}}}},
    }
    assert search.properties(schema) == [("a", ""), ("b", ""), ("d", ""), ("c", "C")]
    wide = {"type": "object", "properties": {f"p{i}": {} for i in range(5000)}}
    assert len(search.properties(wide)) == search.MAX_PROPERTIES


def test_the_summary_is_the_first_sentence_of_three_words_or_more() -> None:
    assert search.summary("Read a file. Then more.") == "Read a file."
    assert search.summary("\n  Purpose:\n 1. Reads the whole file.\n") == "Reads the whole file."
    assert search.summary("Echo") == "Echo"
    assert search.summary("") == ""


# ---------------------------------------------------------------------------- a module

FS = [
    {
        "name": "read_file",
        "description": "Read the complete contents of a file from the file system.",
        "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
    },
    {
        "name": "write_file",
        "description": "Create a new file or completely overwrite an existing file.",
        "inputSchema": {"type": "object", "properties": {"content": {"type": "string"}}},
    },
    {
        "name": "listDirectory",
        "description": "Get a detailed listing of all files and directories in a path.",
        "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}},
    },
]
CLOCK = [
    {
        "name": "get-current-time",
        "description": "Get the current time in a timezone.",
        "inputSchema": {"type": "object", "properties": {"timezone": {"type": "string"}}},
    },
    {
        "name": "schedule",
        "description": "Schedule a meeting.",
        "inputSchema": {
            "type": "object",
            "properties": {"zone": {"type": "string", "description": "The timezone to use"}},
        },
    },
]


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Any:
    built, _ = build_module(tmp_path_factory.mktemp("search"), {"fs": FS, "clock": CLOCK})
    return built


def names(found: list[dict[str, object]]) -> list[object]:
    return [definition["name"] for definition in found]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("read_file", "fs__read_file"),
        ("readFile", "fs__read_file"),
        ("read files", "fs__read_file"),
        ("fs__write_file", "fs__write_file"),
        ("overwrite an existing file", "fs__write_file"),
        ("list directories", "fs__listDirectory"),
        ("what time is it in Tokyo", "clock__get-current-time"),
        ("timezone", "clock__get-current-time"),  # a description beats a property's
        ("meeting", "clock__schedule"),
    ],
)
def test_the_best_match_comes_first(module: Any, query: str, first: str) -> None:
    found = module.tool_search(query)
    assert names(found)[0] == first
    assert ranked_names(module, query, 8) == names(found)


@pytest.mark.parametrize(
    "query",
    [
        "files read_file",
        "files.read_file",
        "files/read_file",
        "files:read_file",
        " files  read_file ",
    ],
)
def test_a_server_and_a_tool_name_find_that_tool_first(tmp_path: Path, query: str) -> None:
    """A query that is a server's name and one of its tools' names names that tool: it
    comes first, though another server's tool of that name says "file" more often (by
    BM25F alone it came second). The server's name is indexed with its tools."""
    schema = {"type": "object", "properties": {"path": {"type": "string"}}}
    wordy = "Read a note file: reads the file of a note, the whole file, as a file."
    servers = {
        "notes": [{"name": "read_file", "description": wordy, "inputSchema": schema}],
        "files": [
            {
                "name": "read_file",
                "description": "Open and return contents.",
                "inputSchema": schema,
            },
            {"name": "stat", "description": "Metadata.", "inputSchema": schema},
        ],
    }
    built, _ = build_module(tmp_path, servers)
    assert names(built.tool_search(query)) == [
        "files__read_file",
        "notes__read_file",
        "files__stat",
    ]
    assert names(built.tool_search(query, limit=1)) == ["files__read_file"]
    # a name the server does not have, or a tool of another server: ranked by BM25F only
    assert names(built.tool_search("files stat"))[0] == "files__stat"
    assert names(built.tool_search("notes stat", limit=1)) == ["notes__read_file"]
    assert names(built.tool_search("metadata stat")) == ["files__stat"]


def test_results_are_the_responses_definitions_fresh_each_time(module: Any) -> None:
    definitions = {d["name"]: d for d in module.tools("responses")}
    found = module.tool_search("file", limit=10)
    assert sorted(names(found)) == ["fs__listDirectory", "fs__read_file", "fs__write_file"]
    assert found == [definitions[name] for name in names(found)]
    found[0]["description"] = "changed"
    found[0]["parameters"]["properties"].clear()
    assert module.tool_search("file", limit=10) == [definitions[n] for n in names(found)]


def test_only_matching_tools_and_at_most_limit(module: Any) -> None:
    assert names(module.tool_search("file", limit=1)) == ["fs__read_file"]
    assert module.tool_search("file", limit=0) == []
    assert module.tool_search("nothing like this") == []
    assert len(module.tool_search("file path time", limit=100)) == 4


@pytest.mark.parametrize(
    "query",
    ["", "   ", "\x00", "\ud800", "!!!", "the of and", "🙂", "6:file", "İ" * 1000, "a_" * 10**5],
)
def test_odd_queries_never_raise(module: Any, query: str) -> None:
    found = module.tool_search(query)
    assert isinstance(found, list) and len(found) <= 8


@given(st.text(max_size=200), st.integers(min_value=0, max_value=10))
def test_any_query_gives_distinct_tools_best_first(query: str, limit: int) -> None:
    found = MODULE.tool_search(query, limit=limit)
    assert len(found) <= limit and len(set(names(found))) == len(found)
    assert ranked_names(MODULE, query, limit) == names(found)


def test_bad_arguments_raise(module: Any) -> None:
    with pytest.raises(TypeError, match="query must be a str"):
        module.tool_search(None)
    with pytest.raises(TypeError, match="limit must be an int"):
        module.tool_search("file", limit="3")
    with pytest.raises(TypeError, match="limit must be an int"):
        module.tool_search("file", limit=True)
    with pytest.raises(ValueError, match="limit must be 0 or more"):
        module.tool_search("file", limit=-1)


def test_the_runtime_normalises_each_field_by_its_whole_length() -> None:
    long_line = "1:echo||||=100 1:echo||"  # a description capped: 100 terms long in all
    table = {"a__long": long_line, "b__short": "1:echo||||1:echo||"}
    runtime = load_runtime("mcp2openai_runtime_search_norms", {})
    with_toolset(runtime, {"a__long": ("a", "long"), "b__short": ("b", "short")}, search=table)
    index = runtime_search._index(runtime._toolset)
    found = runtime_search.ranked(runtime._toolset, "echo", 2)
    assert [index.names[i] for i in found] == ["b__short", "a__long"]
    b = runtime_search.FIELD_B[4]
    average = (100 + 1) / 2
    assert index.norms[4] == [1 - b + b * 100 / average, 1 - b + b * 1 / average]
    assert index.norms[0] == [1.0, 1.0]  # equal names: no normalisation


def test_a_search_gives_new_copies_of_the_definitions_it_finds() -> None:
    """A search returns the definitions of the tools it finds, as tools() gives them: new
    copies, the caller's to change."""
    model = build_model(
        name_tools([ServerTools(ServerSpec("fs", Path("fs.json")), tuple(FS))]), "auto", "0" * 64
    )
    values = tables(model)
    definitions: list[Any] = values["definitions"]  # type: ignore[assignment]
    names_table = {d["name"]: ("fs", d["name"][4:]) for d in definitions}
    runtime = load_runtime("mcp2openai_runtime_search_layout", names_table)
    with_toolset(runtime, names_table, definitions=definitions, search=values["search"])  # type: ignore[arg-type]
    found = runtime.tool_search("write a file", limit=3)
    assert names(found) == ["fs__write_file", "fs__read_file", "fs__listDirectory"]
    assert found == [definitions[i] for i in (1, 0, 2)]
    found[0]["parameters"].clear()
    assert runtime.tool_search("write a file", limit=3) == [definitions[i] for i in (1, 0, 2)]


def test_equal_scores_keep_the_toolset_order(tmp_path: Path) -> None:
    tool = {"name": "echo", "description": "Echo the input.", "inputSchema": {"type": "object"}}
    first, _ = build_module(tmp_path, {"aa": [tool], "bb": [tool]})
    second, _ = build_module(tmp_path, {"bb": [tool], "aa": [tool]})
    assert names(first.tool_search("echo input")) == ["aa__echo", "bb__echo"]
    assert names(second.tool_search("echo input")) == ["bb__echo", "aa__echo"]


SEARCH_PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
import mcp_all as m
m.tools("responses")
assert "index" not in m._toolset.cache, "the index was loaded early"
assert "_mcp2openai.search" not in sys.modules, "the search was loaded early"
before = set(sys.modules)
queries = ["read a file", "list issues in a repository", "take a screenshot", "time zone"]
print([[d["name"] for d in m.tool_search(query, limit=8)] for query in queries])
print(sorted(set(sys.modules) - before))
"""


def test_the_index_is_loaded_on_the_first_query_and_ranks_alike_under_any_hash_seed() -> None:
    runs = set()
    for seed in ("0", "1", "12345"):
        result = subprocess.run(
            [sys.executable, "-I", "-S", "-c", SEARCH_PROBE, str(GENERATED)],
            capture_output=True,
            text=True,
            env={"PYTHONHASHSEED": seed},
        )
        assert result.returncode == 0, result.stderr[-2000:]
        runs.add(result.stdout)
    (output,) = runs
    ranked, imported = map(ast.literal_eval, output.splitlines())
    assert ranked[0][0] == "filesystem__read_file" and "github__list_issues" in ranked[1]
    # After tools() (json, and re through it), a query needs only these:
    assert set(imported) <= {"heapq", "_heapq", "math", "_mcp2openai.search"}, imported


MODULE = import_path(GENERATED / "mcp_all.py")


def ranked_names(module: Any, query: str, limit: int) -> list[str]:
    """The runtime's ranking of `query` in `module`'s toolset, as exposed names."""
    index = runtime_search.ranked(module._toolset, query, limit)
    return [runtime_search._index(module._toolset).names[i] for i in index]
