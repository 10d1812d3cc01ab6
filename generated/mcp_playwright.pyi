"""Types of the mcp2openai 0.4.0 toolset module beside this stub: the API its folder's
toolsets share, and one TypedDict per tool."""

from typing import Literal, NotRequired, TypedDict

from _mcp2openai.api import (
    NAMES,
    REPORT,
    SERVERS,
    ContractError,
    Report,
    ServerError,
    ToolCall,
    ToolCalls,
    agents_tools,
    arguments,
    connect,
    execute_tool_calls,
    execute_tool_calls_sync,
    pydantic_ai_toolset,
    tool_calls,
    tool_choice,
    tool_output,
    tool_search,
    tools,
)

__all__ = [
    "NAMES",
    "REPORT",
    "SERVERS",
    "ContractError",
    "Report",
    "ServerError",
    "ToolCall",
    "ToolCalls",
    "agents_tools",
    "arguments",
    "connect",
    "execute_tool_calls",
    "execute_tool_calls_sync",
    "pydantic_ai_toolset",
    "tool_calls",
    "tool_choice",
    "tool_output",
    "tool_search",
    "tools",
]

PlaywrightBrowserCloseArgs = TypedDict(
    "PlaywrightBrowserCloseArgs",
    {},
)
PlaywrightBrowserResizeArgs = TypedDict(
    "PlaywrightBrowserResizeArgs",
    {
        "width": float,
        "height": float,
    },
)
PlaywrightBrowserConsoleMessagesArgs = TypedDict(
    "PlaywrightBrowserConsoleMessagesArgs",
    {
        "level": Literal["error", "warning", "info", "debug"],
        "all": NotRequired[bool],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserHandleDialogArgs = TypedDict(
    "PlaywrightBrowserHandleDialogArgs",
    {
        "accept": bool,
        "promptText": NotRequired[str],
    },
)
PlaywrightBrowserEmulateMediaArgs = TypedDict(
    "PlaywrightBrowserEmulateMediaArgs",
    {
        "colorScheme": Literal["light", "dark"] | None,
        "reducedMotion": Literal["reduce", "no-preference"] | None,
        "forcedColors": Literal["active", "none"] | None,
        "contrast": Literal["more", "no-preference"] | None,
        "media": Literal["screen", "print"] | None,
    },
)
PlaywrightBrowserEvaluateArgs = TypedDict(
    "PlaywrightBrowserEvaluateArgs",
    {
        "element": NotRequired[str],
        "target": NotRequired[str],
        "function": str,
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserFileUploadArgs = TypedDict(
    "PlaywrightBrowserFileUploadArgs",
    {
        "paths": NotRequired[list[str]],
    },
)
PlaywrightBrowserDropArgs = TypedDict(
    "PlaywrightBrowserDropArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "paths": NotRequired[list[str]],
        "data": NotRequired[dict[str, object]],
    },
)
PlaywrightBrowserFindArgs = TypedDict(
    "PlaywrightBrowserFindArgs",
    {
        "text": NotRequired[str],
        "regex": NotRequired[str],
        "filename": NotRequired[str],
    },
)
_PlaywrightBrowserFillFormArgs_FieldsItem = TypedDict(
    "_PlaywrightBrowserFillFormArgs_FieldsItem",
    {
        "element": NotRequired[str],
        "target": str,
        "name": str,
        "type": Literal["textbox", "checkbox", "radio", "combobox", "slider"],
        "value": str,
    },
)
PlaywrightBrowserFillFormArgs = TypedDict(
    "PlaywrightBrowserFillFormArgs",
    {
        "fields": list[_PlaywrightBrowserFillFormArgs_FieldsItem],
    },
)
PlaywrightBrowserPressKeyArgs = TypedDict(
    "PlaywrightBrowserPressKeyArgs",
    {
        "key": str,
    },
)
PlaywrightBrowserTypeArgs = TypedDict(
    "PlaywrightBrowserTypeArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "text": str,
        "submit": NotRequired[bool],
        "slowly": NotRequired[bool],
    },
)
PlaywrightBrowserNavigateArgs = TypedDict(
    "PlaywrightBrowserNavigateArgs",
    {
        "url": str,
    },
)
PlaywrightBrowserNavigateBackArgs = TypedDict(
    "PlaywrightBrowserNavigateBackArgs",
    {},
)
PlaywrightBrowserNetworkRequestsArgs = TypedDict(
    "PlaywrightBrowserNetworkRequestsArgs",
    {
        "static": bool,
        "filter": NotRequired[str],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserNetworkRequestArgs = TypedDict(
    "PlaywrightBrowserNetworkRequestArgs",
    {
        "index": int,
        "part": NotRequired[str],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserRunCodeUnsafeArgs = TypedDict(
    "PlaywrightBrowserRunCodeUnsafeArgs",
    {
        "code": NotRequired[str],
        "filename": NotRequired[str],
    },
)
PlaywrightBrowserTakeScreenshotArgs = TypedDict(
    "PlaywrightBrowserTakeScreenshotArgs",
    {
        "element": NotRequired[str],
        "target": NotRequired[str],
        "type": NotRequired[Literal["png", "jpeg", "webp"]],
        "filename": NotRequired[str],
        "fullPage": NotRequired[bool],
        "scale": Literal["css", "device"],
    },
)
PlaywrightBrowserSnapshotArgs = TypedDict(
    "PlaywrightBrowserSnapshotArgs",
    {
        "target": NotRequired[str],
        "filename": NotRequired[str],
        "depth": NotRequired[float],
        "boxes": NotRequired[bool],
    },
)
PlaywrightBrowserClickArgs = TypedDict(
    "PlaywrightBrowserClickArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "doubleClick": NotRequired[bool],
        "button": NotRequired[Literal["left", "right", "middle"]],
        "modifiers": NotRequired[list[str]],
    },
)
PlaywrightBrowserDragArgs = TypedDict(
    "PlaywrightBrowserDragArgs",
    {
        "startElement": NotRequired[str],
        "startTarget": str,
        "endElement": NotRequired[str],
        "endTarget": str,
    },
)
PlaywrightBrowserHoverArgs = TypedDict(
    "PlaywrightBrowserHoverArgs",
    {
        "element": NotRequired[str],
        "target": str,
    },
)
PlaywrightBrowserSelectOptionArgs = TypedDict(
    "PlaywrightBrowserSelectOptionArgs",
    {
        "element": NotRequired[str],
        "target": str,
        "values": list[str],
    },
)
PlaywrightBrowserTabsArgs = TypedDict(
    "PlaywrightBrowserTabsArgs",
    {
        "action": Literal["list", "new", "close", "select"],
        "index": NotRequired[float],
        "url": NotRequired[str],
    },
)
PlaywrightBrowserWaitForArgs = TypedDict(
    "PlaywrightBrowserWaitForArgs",
    {
        "time": NotRequired[float],
        "text": NotRequired[str],
        "textGone": NotRequired[str],
    },
)
