"""Small helpers for the sentences that events, rejections and outcomes read as."""


def joined(items, empty: str = "nothing") -> str:
    """'Ada', 'Ada and Ben', 'Ada, Ben and Cleo'; ``empty`` when there are none."""
    items = [str(item) for item in items]
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def plural(count: int, word: str) -> str:
    """'1 card', '2 cards', '0 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def sentences(texts) -> str:
    """Texts as one paragraph, each ending with one full stop (a text that already ends a
    sentence, 'it faces them.', gets no second one)."""
    return " ".join(text if text.rstrip().endswith((".", "!", "?")) else text + "."
                    for text in texts)


def sentence(text: str) -> str:
    """``text`` as one sentence: a capital first letter and a full stop unless it already
    ends a sentence ('' stays '')."""
    text = text.strip()
    if not text:
        return ""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
