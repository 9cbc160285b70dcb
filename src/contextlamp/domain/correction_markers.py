"""Correction markers: does a sentence open as a correction of something said before, and what is the corrected
statement? Shared by the offline distiller (``distill/offline``, which joins a correction to the statement it
replaces) and the save-time correction rule (``domain/corrections``, which every save runs: the HTTP server's
process included, so it lives in the domain, not in ``distill/``, which runs in the distillation workers there).

A correction opens on a marker, in any of the languages the distiller reads (English, German, French,
Spanish, Italian, Portuguese, Russian, Arabic, Chinese, Japanese, Korean): "Correction:", "I was wrong,",
"scratch that", "Korrektur:", "je me suis trompé", "Поправка:", "更正：", "訂正：", "정정". A tentative marker
("actually", "en fait", "其实", "на самом деле") corrects only when what follows contrasts with something
("actually, X, not Y").

Every pattern is linear in its input: alternations of literals; the one repeated group (leading interjections)
is a word followed by separators, which share no character with the words, so it cannot backtrack. The patterns
compile on first use, not at import.
"""

from __future__ import annotations

import re
from functools import cache

_INTERJECTION = (
    r"(?:(?:oh|ah|um|uh|hmm|sorry|oops|ok|okay|so|and|also|quick|one more thing|pardon|"
    r"désolée?|perdón|entschuldigung|sorry)[\s,.!;:—–-]+)*"
)
_SEP = r"[\s,.!;:：，、。—–-]+"
_CORRECTION = (  # said to correct what came before; the rest of the sentence is the corrected statement
    rf"^{_INTERJECTION}(?:"
    r"(?:(?:a |one )?(?:small|quick|minor|slight|tiny|kleine|kurze|petite|pequeña|piccola|pequena|небольшая)\s+)?"
    r"(?:correction|corrected|update|erratum|edit|korrektur|berichtigung|nachtrag|rectification|mise à jour|"
    r"corrección|actualización|correzione|correção|atualização|поправка|исправление|уточнение|تصحيح|تعديل|"
    r"typo(?:\s+(?:earlier|above|before))?)"  # "Oops, typo earlier: the X is V"
    r"\s*[:：,，—–-]"
    r"|(?:to correct (?:myself|that|what i said)|let me correct (?:myself|that)|i was wrong(?: about that)?|"
    r"i misspoke|i mistyped|i mixed (?:that|those|it|them) up|i got (?:that|it) wrong|i had (?:that|it) wrong|"
    r"my (?:mistake|bad|error)|(?:mistake|error|correction) on my (?:part|side|end)|scratch that|strike that|"
    r"ignore (?:that|what i said)|"
    r"i meant(?: to say)?|(?:wait|hold on|no wait|wait no)[\s,.!]+(?:no|nope|sorry|that's wrong|i meant)|"
    r"that's (?:wrong|not right)|that was wrong|"
    r"ich habe mich (?:geirrt|vertan)|ich lag falsch|mein fehler|vergiss das|streich das|ich meinte|"
    r"je me suis trompée?|je me trompais|erreur de ma part|oublie(?:z)? ça|je voulais dire|"
    r"me equivoqué|estaba equivocad[oa]|error mío|olvida eso|quise decir|"
    r"mi sono sbagliat[oa]|errore mio|intendevo|me enganei|eu estava errad[oa]|erro meu|quis dizer|"
    r"я ошиб(?:ся|лась)|я был неправ|я была неправа|точнее|вернее|أخطأت|كنت مخطئا|كنت مخطئاً|أقصد)"
    rf"{_SEP}"
    r"|(?:更正|纠正|修正|勘误|我说错了|我搞错了|我记错了|刚才说错了|说错了|搞错了|不对|我的意思是|"
    r"訂正|間違えました|間違いでした|言い間違えました|정정|제가 틀렸습니다|제가 틀렸어요|잘못 말했습니다|잘못 말했어요)"
    r"[\s,.!;:：，、。—–-]*"
    r")"
)
_TENTATIVE_CORRECTION = (  # corrects only when the rest contrasts with something ("actually, X, not Y")
    rf"^{_INTERJECTION}(?:actually|in fact|eigentlich|tatsächlich|en fait|en realidad|de hecho|in realtà|"
    r"na verdade|на самом деле|вообще-то|في الواقع|في الحقيقة)"
    rf"{_SEP}"
    r"|^(?:其实|实际上|事实上|実は|実際は|実際には|사실은|실은)[\s,.!;:：，、。—–-]*"
)
_CONTRAST = (
    r"\b(?:not|no|no longer|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|instead|rather than|nicht|kein\w*|"
    r"statt|anstatt|pas|plus|au lieu|ya no|en (?:lugar|vez)|non|invece|não|em vez|не|больше не|вместо|ليس|"
    r"ليست|لم|بدلا|بدلاً)\b|不是|而不是|而是|并非|不再|ではなく|じゃなく|ではありません|じゃない|"
    r"가 아니|이 아니|아니라|대신|아닙니다"
)


# A chat opener that takes back or revises what was said, looser than ``_CORRECTION``: "oh wait", "nope", "hmm no",
# "brain fart", "turns out", "whoops", "never mind", "nvm", "scrap what I said about", "ignore my earlier note on",
# "small fix to what I said earlier", "amend what I told you about", "anzi no", "ah non pardon", "oeps". Said in
# chat it as often opens an answer ("Nope, the build is green") as a correction, so the distiller does not read it
# (a sentence would lose its first words); only a rule that holds the older statement it may revise reads it
# (``revision_body``, the save-time rule ``domain/corrections``, which still asks for the same subject and
# attribute and a new value of the old one's kind). A phrase naming what is revised ("about the X:") stays in the
# body: it names the subject.
MAX_OPENERS = 3  # chat openers read one after another ("oh wait, nope, brain fart: ...")
_ABOUT = r"(?:about|re|regarding|on|for|concerning)"
_REVISION = (
    rf"^{_INTERJECTION}(?:"
    r"(?:(?:a |one )?(?:small|quick|minor|tiny|slight) )?(?:fix|amendment|edit) (?:to|on)\s+|"
    r"(?:let me |i'll |i need to |to )?(?:scrap|ignore|disregard|forget|amend(?:ing)?|correct(?:ing)?|fix(?:ing)?|"
    r"revis(?:e|ing)|strike|scratch)\s+)"
    r"(?:what i (?:said|wrote|told you|mentioned|typed)|my (?:earlier |last |previous |first )?"
    r"(?:note|message|comment|statement|answer|point|reply)|that|the (?:last|previous) (?:one|bit|message))"
    rf"(?:\s+(?:earlier|before|above|just now|yesterday))?(?:\s+{_ABOUT}\b)?{_SEP}"
    # "small correction on the X: ...", "erratum re the X: ...": what follows names the subject, and stays
    rf"|^{_INTERJECTION}(?:(?:a |one )?(?:small|quick|minor|tiny|slight) )?"
    rf"(?:correction|fix|amendment|erratum|edit|update)\s+{_ABOUT}\s+(?=\S)"
    rf"|^{_INTERJECTION}(?:"
    r"oh wait|wait|no wait|hold on|hmm+[\s,.]+no|nope|nah|lol no|haha no|no no|err+|erm|ugh|"
    r"brain fart(?: (?:on|from) my (?:side|part|end))?|d'oh|doh|oops|whoops|my mistake|i misremembered|"
    r"i was thinking of [^,:;—–]{1,40}|(?:it )?turns out|come to think of it|on second thought|on reflection|"
    r"never ?mind(?: the [^,:;—–]{1,40}(?: bit| part| thing)?)?|nvm|"
    r"anzi(?: no)?|ah non(?: pardon)?|non pardon|oups|oeps|huch|ach nein|nein|upps|perdón|pardon|no)"
    rf"{_SEP}"
)


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The correction, tentative-correction and contrast cues, compiled on first use (not at import: a ``list``
    or ``get`` needs none of them; issue 14 point 3)."""
    flags = re.IGNORECASE | re.UNICODE  # as distill/cue_set.cue
    return re.compile(_CORRECTION, flags), re.compile(_TENTATIVE_CORRECTION, flags), re.compile(_CONTRAST, flags)


@cache
def _revision() -> re.Pattern[str]:
    return re.compile(_REVISION, re.IGNORECASE | re.UNICODE)  # compiled on first use, not at import


def correction_body(sentence: str) -> str | None:
    """The corrected statement when ``sentence`` corrects something said before, else None.

    A correction opens on a marker ("Correction:", "I was wrong,", "scratch that", "wait, no,", "update:",
    "Korrektur:", "je me suis trompé", "更正：", "訂正：", "Поправка:" ...); the body is what follows it. A
    tentative marker ("actually", "en fait", "其实", "на самом деле" ...) corrects only when the body also
    contrasts ("actually, it is X, not Y"); otherwise it is filler and None is returned. A marker with nothing
    after it is not a correction of anything (None).
    """
    correction, tentative, contrast = _patterns()
    match = correction.match(sentence) or tentative.match(sentence)
    if match is None:
        return None
    body = sentence[match.end() :].strip()
    if not body or (match.re is tentative and not contrast.search(body)):
        return None
    return body


def revision_body(sentence: str) -> str | None:
    """The revised statement when ``sentence`` corrects something said before (``correction_body``) or opens on a
    chat phrase that takes back or revises it (``_REVISION``: "oh wait, ...", "nope, ...", "brain fart: ...",
    "turns out ...", "scrap what I said about the X: ...", "small fix to my last message: ..."), else None. Only
    for a rule that compares it with the older statement it may revise: such an opener also opens answers
    ("Nope, it's green"). Openers repeated ("oh wait, nope, ...") are read one after another. Linear in the
    sentence's length (each opener is a literal alternation, each read once from the start)."""
    body = correction_body(sentence) or sentence
    for _ in range(MAX_OPENERS):  # "oh wait, nope, ...": the next opener, if any
        match = _revision().match(body)
        if match is None:
            break
        body = body[match.end() :].strip()
        body = correction_body(body) or body
    return body if body and body != sentence else None
