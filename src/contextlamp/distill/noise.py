"""Noise cues of the offline distiller: what marks a sentence as chatter, thanks, idle talk, talk about the
conversation itself or a config dump line. The rules (offline.py) drop a sentence on any of them, and the digest
path (digest_path.py) drops small talk by them; one place for both. Every pattern is linear (alternations of
literals, no nested quantifiers)."""

from __future__ import annotations

import re

from contextlamp.distill.cue_set import Cues
from contextlamp.distill.script import word_count

GRATITUDE = re.compile(
    r"\b(?:thanks?|thank you|danke|merci|gracias|grazie|obrigad[oa]|спасибо|благодар\w*|شكر\w*)\b"
    r"|谢谢|感谢|多谢|ありがと|感謝|お礼|감사|고맙|고마워",
    re.IGNORECASE,
)
IDLE = re.compile(  # "nothing much, just bored": an opener that says the rest is idle talk
    r"^(?:nothing much|not much|just bored|(?:да |нет,? )?ничего(?: особенного)?[,.!]|niks bijzonders|"
    r"没什么|没事儿?|就是无聊|随便聊聊|なんでもない|特に(?:ない|何も)|"
    r"별일 없|그냥 심심)",
    re.IGNORECASE,
)
JUST_THANKS = re.compile(  # "I just wanted to say thanks": the whole point of the sentence is the thanks
    r"just wanted to (?:say thanks|thank)|wollte (?:mich )?nur (?:danke|bedanken)|voulais (?:juste|simplement) "
    r"(?:dire merci|remercier)|solo quería (?:dar las gracias|agradecer)|お礼を言いたかった|只是想(?:说声)?谢谢|"
    r"감사(?:하다고|를) (?:말씀|전하)",
    re.IGNORECASE,
)
SHORT_THANKS_WORDS = 10  # "Wanted to say thanks for yesterday" is chatter; a long sentence may carry a fact
META = re.compile(  # sentences about the conversation itself, not about the user's world
    r"^(?:session summary|summary of (?:the|this) (?:session|conversation)|small talk|chit-?chat|"
    r"no (?:code )?changes|no decisions|nothing (?:to follow up|else|worth)|the user (?:said hello|greeted|thanked)|"
    r"this (?:session|conversation) is being continued|the conversation is summari[sz]ed)",
    re.IGNORECASE,
)
FAREWELL = re.compile(  # "I should sleep, night": a sentence that signs off is small talk, whatever it opens on
    r"[,;.!]\s*(?:good ?night|night|gn|bye|cya|see (?:you|ya)|later|ciao|tschüss|bonne nuit|buenas noches)\W*$",
    re.IGNORECASE,
)


def is_small_talk(sentence: str, cues: Cues) -> bool:
    """A sentence that is only chatter: the language's chatter cue ("ok thanks!", "好的，谢谢"), a short thanks
    of any language (fewer than ``SHORT_THANKS_WORDS`` words: "Thanks everyone for coming!"), or a sentence
    about the conversation itself ("Small talk about the weekend.", "No code changes.")."""
    lower = sentence.strip().lower()
    return (
        bool(cues.chatter.match(lower))
        or IDLE.match(lower) is not None
        or (GRATITUDE.search(lower) is not None and word_count(sentence) < SHORT_THANKS_WORDS)
        or JUST_THANKS.search(lower) is not None
        or META.match(sentence.strip()) is not None
    )
