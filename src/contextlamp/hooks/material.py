"""Material in a user's turn that is not the user's own statement, removed before automatic capture reads it.

A user often pastes or quotes what someone else wrote: an issue, a blog excerpt, a vendor's email, a README. That
text is material for the session, never something the user said, so automatic capture must not keep it; above
all, a sentence addressed to AI assistants or language models is a prompt injection that, kept as a memory,
would reach every later session start. Three rules, by form, none a list of the texts to drop:

- **Quoted text.** A ``>`` quote line; a paragraph after a lead-in line that names a third party's text ("this
  issue someone opened:", "found this on a blog post …?", "copied from the vendor docs page:"); the rest of a
  line after such a lead-in and a colon; and quoted speech attributed to someone else ('the vendor's email says:
  "…"', « … », „…") when the quote holds four words or more.
- **Text addressed to AI** as a third party: "NOTE FOR AI ASSISTANTS", "language models reading this must",
  "if you are an AI", "ignore all previous instructions" (English, German, French, Spanish), sentence by sentence.
- **A one-line shell command** pasted alone (``is_command_line``): a lower-case first word that is not a pronoun or
  article, no sentence end, and a flag, a pipe, a redirect or a ``user@host``.

An explicit ``save_context`` is unaffected: these rules run only on transcripts (``hooks/clean.clean_text``).
Every pattern is linear (bounded repeats, no nested quantifiers).
"""

from __future__ import annotations

import re

# a third party's text, named in a lead-in (English, German, French, Spanish)
_SOURCE = (
    r"(?:issue|ticket|bug report|blog|post|article|e-?mail|mail|newsletter|readme|docs?|documentation|page|website|"
    r"comment|forum|thread|message|tweet|pull request|PR|vendor|fork|form|wiki|someone|somebody|"
    r"Artikel|Kommentar|Nachricht|courriel|commentaire|correo|foro|comentario|mensaje)"
)
_SAID = r"(?:says?|said|wrote|writes|reads|states|sagt|schreibt|steht|dit|écrit|dice|escribió)"  # of someone else
_REPORTED = rf"(?:{_SAID}|copied|pasted|found|showed up|opened|filed|posted|sent|encontré|trouvé|gefunden)"
_LEAD_IN = re.compile(
    rf"^(?=.{{0,200}}$)(?=.{{0,180}}\b{_SOURCE}\b)(?=.{{0,180}}(?:\b{_REPORTED}\b|\b(?:this|that|these|here'?s|"
    rf"dieses?|diesen|ce|cette|este|esta|esto)\s+(?:[\w'-]+\s+){{0,2}}{_SOURCE}\b)).{{0,180}}[:?]\s*$",
    re.IGNORECASE,
)
# "<someone> says: rest" on one line: before the first colon, a verb of saying not of the user's own ("I said"),
# or a verb of finding with a third party's text
_INLINE = re.compile(
    rf"^(?!(?:i|we|ich|wir|je|nous|yo)\b)(?=[^:\"“«„]{{0,150}}(?:\b{_SAID}\b|\b{_SOURCE}\b[^:]{{0,80}}\b{_REPORTED}\b|"
    rf"\b{_REPORTED}\b[^:]{{0,80}}\b{_SOURCE}\b))[^:\"“«„]{{0,150}}:\s*(?P<rest>.*)$",
    re.IGNORECASE,
)
_AGENTS = (  # AI named as an actor; a bare "AI" ("our AI features always …") is only addressed after "note for"
    r"(?:LLMs?|GPTs?|chat ?bots?|language models?|Sprachmodell\w{0,3}|mod[eè]les? de langage|"
    r"modelos? de lenguaje|(?:coding|AI|KI) (?:assistants?|agents?|models?)|KI-\w{1,20}|"
    r"assistants? (?:IA|d'IA|de IA)|asistentes? de IA|agents? IA)"
)
_AI = rf"(?:AI|KI|IA|{_AGENTS})"
_ADDRESSED = re.compile(
    rf"\b(?:note|notice|message|instructions?|attention|important|hinweis|achtung|remarque|nota|aviso)\b"
    rf"[^.!?\n]{{0,20}}?\b(?:for|to|für|an|pour|aux|à|para|a)\s+(?:all |the |die |les |los |las )?{_AI}\b"
    rf"|\battention,? {_AI}\b"
    rf"|\b{_AGENTS}\b[^.!?\n]{{0,40}}?\b(?:must|should|shall|need to|are (?:required|instructed|told)|reading this|"
    r"always|never|müssen|sollen|immer|nie|doivent|toujours|jamais|deben|siempre|nunca)\b"
    r"|\bif you(?:'re| are) an? (?:AI|LLM|language model|assistant|bot|agent)\b"
    r"|\bignore (?:all |any )?(?:the )?(?:previous|prior|above) instructions\b",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
_QUOTE_BODY = re.compile(r"[\"“«„]([^\"”»“]{1,2000})[\"”»“]")
_MIN_QUOTED_WORDS = 4  # a quote this long is someone else's text, not a phrase the user cites

_COMMAND = re.compile(
    r"^(?!(?:i|we|you|they|it|he|she|the|a|an|our|my|this|that|there|to|if|when|use|also)\b)[a-z][\w.+-]{0,30}"
    r"(?:\s+\S+){1,30}$"
)
_COMMAND_MARK = re.compile(r"(?:^|\s)--?[A-Za-z][\w-]*|\s\|\s|\s>{1,2}\s|\b[\w.-]+@[\w.-]+|\s&&\s")


def strip_material(text: str) -> str:
    """``text`` (one transcript turn) without the material the module docstring lists: quote lines, the paragraph
    after a third-party lead-in, attributed quotes of four words or more, and sentences addressed to AI. Returns
    the remaining lines joined by newlines (possibly empty). Linear in the text."""
    kept: list[str] = []
    skipping = False  # inside the paragraph that follows a lead-in
    seen_body = False
    for line in text.splitlines():
        stripped = line.strip()
        if skipping:
            if stripped:
                seen_body = True
                continue
            if seen_body:
                skipping = False
            continue
        if stripped.startswith(">"):
            continue
        if _LEAD_IN.match(stripped):
            skipping, seen_body = True, False
            continue
        inline = _INLINE.match(stripped)
        if inline and len(inline.group("rest").split()) >= _MIN_QUOTED_WORDS:
            continue
        if any(len(q.split()) >= _MIN_QUOTED_WORDS and _attributed(stripped) for q in _QUOTE_BODY.findall(stripped)):
            continue
        if _ADDRESSED.search(stripped):
            stripped = " ".join(s for s in _SENTENCE_END.split(stripped) if not _ADDRESSED.search(s))
            if not stripped:
                continue
            line = stripped
        kept.append(line)
    return "\n".join(kept)


def _attributed(line: str) -> bool:
    return re.search(rf"\b{_SAID}\b", line, re.IGNORECASE) is not None


def is_command_line(line: str) -> bool:
    """Whether ``line`` is a one-line shell command pasted alone ("ssh deploy@10.0.3.7 '…'", "curl -s … | jq",
    "rg -n 'TODO' src/"): a lower-case first word that is not a pronoun, article or common lead word, no sentence
    end, and a flag, a pipe, a redirect, ``&&`` or a ``user@host``."""
    stripped = line.strip()
    if not stripped or stripped[-1] in ".!?:" or not _COMMAND.match(stripped):
        return False
    return _COMMAND_MARK.search(stripped) is not None
