"""The user's moment: what a person says about where they are, what they are doing right now or what they just
asked, which no later session needs (issue #27, breaker45c's "The user is on the user's phone so keep it short").

A pronoun rewrite turns "I'm on my phone so keep it short" into "The user is on the user's phone ...", which
reads like a fact; and a compaction summary writes the same moment in the third person ("The user asked to
stabilise the export tests.", "The user is fixing flaky export tests; no decisions yet."). Both are chatter.
What the user *is* or *keeps* stays a fact: "I prefer X", "my team uses Y", "I'm on the payments team, which
owns Z", "I'm the maintainer of W", "The user's team uses Y".

``about_the_moment`` recognises, in English, with the speaker ("I", "the user") as the subject:

- an activity of the moment, a verb in -ing ("I'm fixing", "the user is currently investigating", "I'm going
  to grab a coffee"), except the verbs that say what the user's setup or role is (using, running, hosting,
  maintaining, leading, working at/for/with, working on a team, learning, joining, moving ...);
- a situation of the moment ("on my phone", "on the train", "in a meeting", "at the airport", "away", "busy",
  "tired"), or a sentence that asks the assistant to adapt to it ("so keep it short", "so bear with me");
- the conversation itself: "I asked you to ...", "The user asked to/for ...", "The user wanted to ...", unless
  a marker says it is meant to last ("always", "never", "from now on", "every", "prefer");
- an apology for a slip ("never mind, it was my typo", "my bad, I pasted the wrong file"), unless the sentence
  states a value or a number (a correction: "oops, the port is 8443").

The same moment in the project's other usual languages (``_ELSEWHERE``: German, French, Spanish, Italian,
Portuguese, Dutch, Polish, Swedish, Turkish, Japanese): the speaker in a place or state of the moment ("ich bin
gerade im Zug", "je suis en réunion", "estoy en el tren", "jestem w pociągu", "toplantıdayım", "電車の中"), an
activity going on now ("ich arbeite gerade an ...", "je suis en train de ...", "estoy arreglando ...", except the
verbs of a role: working, using, living, learning), the time left of something going on ("nog 5 minuten",
"faltan 4 minutos"), and the request to adapt ("halt dich kurz", "réponds court",
"sé breve", "hou het kort", "svara kort", "短く"), unless a lasting word of the language is said ("immer",
"toujours", "siempre", ...). "Ich bin im Team Zahlungen" and "je suis mainteneur du module" are not moments.

Linear: anchored alternations of literals, bounded repeats, no nested quantifiers.
"""

from __future__ import annotations

import re
from functools import cache

_OPENER = r"^(?:(?:ok|okay|so|well|also|btw|and|but|fyi|oh|ah|hey|sorry)[\s,]+){0,3}"
_SPEAKER = r"(?:i'?m|i am|the user is|user is)\s+(?:(?:currently|still|just|now|right now|actually|really)\s+){0,2}"
# the -ing verbs that say what the user's setup, role or life is, not what they do this minute
_LASTING_ING = (
    r"(?:using|running|hosting|based|maintaining|leading|managing|living|learning|studying|joining|leaving|"
    r"moving|relocating|switching|migrating|building|developing|teaching|writing|contributing|volunteering|"
    r"working (?:at|for|with|in|as|remotely|from|part)\b|"
    r"working on (?:the|a|an) [\w -]{0,40}?\b(?:team|squad|group|crew|rota)\b)"
)
_MOMENT = re.compile(
    _OPENER
    + _SPEAKER
    + r"(?:(?!"
    + _LASTING_ING
    + r")[a-z]{2,}ing\b"
    + r"|on (?:my|a|an|the) (?:[\w-]+ )?(?:phone|mobile|tablet|train|bus|plane|flight|call|break|holiday|vacation|"
    r"connection|hotspot|lunch|way|road|go|move)\b|on mobile\b|"
    r"in (?:a|the) (?:meeting|call|hurry|middle of)\b|"
    r"at (?:the )?(?:airport|gym|station|dentist|doctor'?s?|cafe|café)\b|"
    r"(?:away|afk|back|busy|tired|exhausted|sleepy|offline|off today|out today|out sick)\b)",
    re.IGNORECASE,
)
_ADAPT = re.compile(
    r"\bso (?:please )?(?:keep (?:it|this|answers|replies|things|responses) (?:short|brief|quick)|bear with me|"
    r"(?:my )?(?:replies|answers) (?:will|may|might) be (?:slow|late)|just keep going|carry on)\b",
    re.IGNORECASE,
)
_CONVERSATION = re.compile(
    _OPENER + r"(?:i|the user|user) (?:just |only |also )?(?:asked|wanted|meant|requested|was asking|was trying)\b",
    re.IGNORECASE,
)
_LASTING_MARK = re.compile(
    r"\b(?:always|never|from now on|going forward|in future|in the future|every|whenever|prefers?|must|should)\b",
    re.IGNORECASE,
)
_SLIP = re.compile(
    r"^(?:(?:never ?mind|nvm|oops|whoops|my bad|my mistake)\b|"
    r".{0,40}\b(?:was|is|'s) (?:just |only |all )?(?:my|the user's) (?:own )?(?:typo|mistake|fault|bad)\b)",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")  # a number in an apology is a corrected value ("oops, the port is 8443")


def about_the_moment(sentence: str) -> bool:
    """Whether ``sentence`` (first person, or a summary's "the user ...") speaks about the user's moment and not
    about anything lasting (see the module docstring), in English or one of ``_ELSEWHERE``'s languages."""
    text = sentence.strip()
    if _MOMENT.search(text) is not None or _ADAPT.search(text) is not None:
        return _LASTING_MARK.search(text) is None
    if _CONVERSATION.search(text) is not None:
        return _LASTING_MARK.search(text) is None
    if _SLIP.search(text) is not None and _DIGIT.search(text) is None:
        from contextlamp.distill.statements import states_value  # here: the stop hook imports this module

        return not states_value(text)
    return moment_elsewhere(text)


def moment_elsewhere(sentence: str) -> bool:
    """Whether ``sentence`` says the user's moment in one of ``_ELSEWHERE``'s languages (German, French, Spanish,
    Italian, Portuguese, Dutch, Polish, Swedish, Turkish, Japanese) with no lasting word of them
    (``_ELSEWHERE_LASTING``). Also read by the stop hook's cues (``hooks/cue_lang``)."""
    return _elsewhere().search(sentence) is not None and _elsewhere_lasting().search(sentence) is None


# The moment in other languages (see the module docstring): where a speaker is or what they do right now, said
# at the start of a sentence or clause, and the request to keep replies short. Source: each language's ordinary
# way of saying it; the places are those a person answers a coding agent from (a train, a meeting, a phone).
_ELSEWHERE = (
    r"(?:^|[,;:]\s*)(?:\w+[\s,]+)?(?:"
    # de
    r"ich bin (?:(?:gerade|grad|grade|noch|jetzt|kurz|eben) )*(?:(?:im|in einem|in einer|in der|auf dem|auf der|"
    r"beim) (?:zug|meeting|termin|bus|flieger|flugzeug|auto|urlaub|café|pause|call|arzt|bahn)\b|unterwegs|"
    r"am (?:handy|telefon)|beschäftigt|müde)|ich (?!arbeite (?:bei|für|als|im team))\w+e (?:gerade|grad|grade)\b|"
    # fr
    r"je suis (?:en (?:réunion|déplacement|pause|vacances|congé|route|train de)|dans (?:le|un) (?:train|métro|bus|"
    r"avion|taxi)|au téléphone|sur (?:mon |le )?(?:téléphone|portable|mobile)|occupée?|fatiguée?)|"
    # es
    r"estoy (?:en (?:el |la |una? )?(?:tren|reunión|metro|avión|autobús|coche|llamada|móvil|celular)|con el móvil|"
    r"de viaje|ocupad[oa]|cansad[oa]|(?!trabaj|us|utiliz|manten|lider|viv|aprend|estudi)\w+(?:ando|iendo)\b)|"
    # it
    r"sono (?:in (?:treno|riunione|aereo|metro|macchina|pausa|viaggio|ferie|call)|al (?:telefono|cellulare)|"
    r"occupat[oa]|stanc[oa])|sto (?!lavor|us|utilizz|viv|studi)\w+(?:ando|endo)\b|"
    # pt
    r"estou (?:(?:no|na|em) (?:celular|telefone|trem|ônibus|avião|carro|metrô|reunião|rua|estrada|viagem)|"
    r"ocupad[oa]|cansad[oa]|(?!trabalh|us|utiliz|viv|estud)\w+(?:ando|endo|indo)\b)|"
    # nl
    r"ik (?:zit|ben) (?:(?:nu|net|even|nog) )*(?:in (?:de|een) (?:trein|vergadering|bus|auto|meeting|call)|"
    r"onderweg|bezig|moe|op (?:mijn|m'n) telefoon|aan het)|"
    # pl
    r"jestem (?:teraz )?(?:w (?:pociągu|autobusie|samolocie|drodze|podróży)|na (?:spotkaniu|telefonie|urlopie|"
    r"przerwie)|zajęt[ya]|zmęczon[ya])|"
    # sv
    r"jag (?:sitter|är) (?:(?:på|i) (?:tåget|bussen|planet|ett möte|mötet|telefonen|mobilen|bilen)|upptagen|trött)|"
    # tr: a place with the first person ("toplantıdayım", "trendeyim", "yoldayım")
    r"\w+[dt][ae]y[ıi]m\b|"
    # the time left of something going on ("nog 5 minuten", "faltan 4 minutos", "10 minuter kvar")
    r"(?:nog|noch|encore|ancora|faltan?|faltam|jeszcze|still)\s+(?:\w+\s+)?\d+\s*(?:min|minuten|minutes|minuti|"
    r"minutos|minut|minuty|minuter|sekunden|secondes|secondi|segundos|sekund)\b|\d+\s*(?:minuter|min) kvar\b|"
    r"\d+\s*dakika (?:kaldı|daha)\b)"
    # asking for short replies; Japanese: on a train, in a meeting, on the move, "short please"
    r"|\b(?:(?:halt|fass) dich (?:bitte )?kurz|kurz bitte|kurze antworten|(?:réponds|fais|sois|répondez) "
    r"(?:court|bref|brève|brièvement)|respuestas? cortas?|s[ée] breve|responde corto|rispondi (?:breve|corto|in breve)|"
    r"sii breve|risposte brevi|seja breve|respostas curtas|hou(?:d)? het kort|kort graag|(?:odpisuj|pisz|"
    r"odpowiadaj) krótko|krótko proszę|svara kort|kort tack|håll det kort|kısa (?:yaz|tut))\b"
    r"|電車|会議中|移動中|出先|外出中|短く"
)
# a lasting word in those languages (always, never, from now on, every): what is said is meant to last
_ELSEWHERE_LASTING = (
    r"\b(?:immer|nie|niemals|ab jetzt|jeden|jede|toujours|jamais|désormais|chaque|siempre|nunca|cada|sempre|mai|"
    r"ogni|nunca|todo|toda|altijd|nooit|elke|zawsze|nigdy|każd\w+|alltid|aldrig|varje|her zaman|asla|her)\b|いつも|毎"
)


@cache
def _elsewhere() -> re.Pattern[str]:
    """``_ELSEWHERE``, compiled on first use."""
    return re.compile(_ELSEWHERE, re.IGNORECASE)


@cache
def _elsewhere_lasting() -> re.Pattern[str]:
    """``_ELSEWHERE_LASTING``, compiled on first use."""
    return re.compile(_ELSEWHERE_LASTING, re.IGNORECASE)
