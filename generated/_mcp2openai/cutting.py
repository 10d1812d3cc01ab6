"""Cutting an output to ``max_output_chars``: a text, or the text items beside media.

Loaded only when an output is longer than its cap (by default OpenAI's own limit).
"""


def cut(text: str, cap: int, total: int) -> str:
    """``text`` cut so that, with the marker saying how many of ``total`` characters
    were cut, it holds at most ``cap`` characters (the marker alone when it is
    longer)."""
    keep = _kept(cap, total)
    return text[:keep] + _marker(total - keep, keep > 0)


def _kept(cap: int, total: int) -> int:
    # The most characters that fit beside their marker: fewer cut characters make a
    # shorter marker, which leaves room for more (at most a few rounds).
    keep = max(0, cap - len(_marker(total, True)))
    while True:
        room = max(0, cap - len(_marker(total - keep, True)))
        if room <= keep:
            return keep
        keep = room


def _marker(count: int, newline: bool) -> str:
    return ("\n" if newline else "") + f"[{count:,} more characters cut]"


def capped_items(
    items: "list[dict[str, object]]", cap: int, total: int
) -> list[dict[str, object]]:
    # The text items' characters together are at most cap: the item that crosses it is
    # cut and carries the marker, later text items are dropped (their characters are
    # counted in the marker), media stay.
    left = _kept(cap, total)
    kept: list[dict[str, object]] = []
    used = 0
    cut = False
    for item in items:
        if item["type"] != "input_text":
            kept.append(item)
            continue
        if cut:
            continue
        text = str(item["text"])
        if used + len(text) <= left:
            used += len(text)
            kept.append(item)
            continue
        room = left - used
        marker = _marker(total - used - room, room > 0)
        kept.append({"type": "input_text", "text": text[:room] + marker})
        cut = True
    return kept
