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

Linear: anchored alternations of literals, bounded repeats, no nested quantifiers.
"""

from __future__ import annotations

import re

from contextlamp.distill.statements import states_value

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
    about anything lasting (see the module docstring). English only; False for any other language."""
    text = sentence.strip()
    if _MOMENT.search(text) is not None or _ADAPT.search(text) is not None:
        return _LASTING_MARK.search(text) is None
    if _CONVERSATION.search(text) is not None:
        return _LASTING_MARK.search(text) is None
    return _SLIP.search(text) is not None and _DIGIT.search(text) is None and not states_value(text)
