"""The language of a text: from its script (script.py), else, for Latin script, from common function words.

Han with kana is Japanese, Han alone Chinese, Hangul Korean, Cyrillic Russian, Arabic script Arabic
(script.script_language); a Latin-script text is the language whose function words it uses most
(``LANGUAGE_WORDS``), which are also words that never name a correction's subject (resolve.py).
"""

from __future__ import annotations

import re

from contextlamp.distill.script import SAMPLE_CHARS, script_language


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# common function words of Latin-script languages: the language guess, and words that never name a subject
LANGUAGE_WORDS: dict[str, frozenset[str]] = {
    "en": _words("the and is are we i you to of it that this for with not be have do our my"),
    "de": _words("der die das und ist sind wir ich du nicht ein eine zu mit für auf unser mein es jetzt über sich"),
    "fr": _words("le la les et est sont nous je vous pas un une des pour avec sur notre mon ce maintenant"),
    "es": _words("el la los las y es son nosotros yo tú no un una para con en nuestro mi que ahora"),
    # Latin-script languages without a cue set (they get GENERIC): told apart so that their text is not read
    # with another language's cues
    "it": _words("il lo di che è e per non un una sono mi ho con del della gli le questo nostro mio adesso"),
    "pt": _words("o os de que é e para não um uma são eu com do da em nós nosso meu isso agora"),
    "nl": _words("de het een en is zijn wij ik je niet van voor met op dat dit ons onze mijn nu"),
    "pl": _words("jest są się na w we z ze dla przez nie że oraz teraz już też od do nasz nasza nasze"),
    "sv": _words("är och på för med av den det ett som inte vi vår vårt från hos ligger finns heter nu"),
    "tr": _words("ve bir bu için ile her olarak değil var yok gibi artık şimdi üzerinde"),
}
# Letters only one of these languages writes (Polish, Turkish, Swedish) and Polish adjective endings ("testowy",
# "produkcyjna"): a word holding one counts as one more function word of it, so a short sentence with few function
# words is still told ("Sera veritabanı sera-db-1", "Baza produkcyjna to X"). Also read by the stop hook's
# language guess (hooks/cue_lang.py). Source: the alphabets; Polish adjective morphology.
LETTERS = {"pl": "ąęłśżźćńĄĘŁŚŻŹĆŃ", "tr": "ığşİĞŞ", "sv": "åÅ"}
POLISH_ENDINGS = ("owy", "owa", "owe", "owych", "owej", "owego", "owym", "yjny", "yjna", "yjne", "yjnych", "yjnej")
MIN_ENDING_WORD = 5  # "owa" alone, "Iowa": a word of five letters or more with the ending
# words of another language's list that English text uses as often ("120 requests per minute", "no retries",
# "the van", "we met", "example.com"): they tell no language apart, so they count for none; one of them in a
# one-sentence English session ("... 120 requests per minute per token") made it Italian, read with a cue set
# that keeps nothing (research/notes/breaker-stop38.md section 8b)
_ENGLISH_TOO = _words("per no die met van com um con son")


def detect_language(text: str) -> str:
    """ISO 639-1 code of the language of ``text``: from its script when that tells (script.script_language:
    ``zh``, ``ja``, ``ko``, ``ru``, ``ar``, ...), else the Latin-script language whose common function words
    (and, for pl/tr/sv, words holding a letter of its own, ``LETTERS``, or ``POLISH_ENDINGS``) occur most in the
    first ``SAMPLE_CHARS`` characters (``en`` on a tie or none; words English uses as often,
    ``_ENGLISH_TOO``, count for none)."""
    by_script = script_language(text)
    if by_script is not None:
        return by_script
    words = re.findall(r"[\w']+", text[:SAMPLE_CHARS].lower())[:2000]
    words = [w for w in words if w not in _ENGLISH_TOO]
    counts = {lang: sum(1 for w in words if w in vocab) for lang, vocab in LANGUAGE_WORDS.items()}
    for lang, letters in LETTERS.items():
        counts[lang] += sum(1 for w in words if any(letter in w for letter in letters))
    counts["pl"] += sum(1 for w in words if len(w) >= MIN_ENDING_WORD and w.endswith(POLISH_ENDINGS))
    best = max(counts, key=lambda lang: (counts[lang], lang == "en"))
    return best if counts[best] > 0 else "en"
