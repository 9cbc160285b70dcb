"""The offline path's precision-first gate: what in a user's turn is never a memory, and the spoken wrapping
around what is (issue 27 point 5).

A memory nobody asked for must be one a person would have written, so the offline distiller keeps a durable
statement (a fact, preference, decision or instruction meant to last) or nothing. This module says what is
not one, in any of the languages the distiller reads:

- **pastes** (``without_pastes``, in ``distill/pastes.py``): code, logs, config, data and documents pasted
  into a turn;
- **requests and one-off instructions** (``is_request``): what the user asks the assistant to do now ("make it
  shorter", "fix the lint error", "Schreib mir ...", "帮我写 ...", "直して"), unless a marker says it is meant to
  last ("always", "from now on", "nie", "toujours", "以后", "いつも" ...);
- **unmarked questions** (``asks_question``): "how do i clear it between tests", "this returns 500, why";
- **banter** (``is_banter``): a sentence that laughs ("lol", "haha", "jaja", "www", "哈哈") or is mostly emoji.

``unwrap`` removes the wrapping a person puts around a statement they want kept ("Please remember that ...",
"FYI", "Note that", "For the record", "I want you to know", "Bitte merk dir, dass", "Note que", "Para que lo
sepas", "请记住", "覚えておいてほしいんだけど") and says whether there was one: a statement the user asked to keep
is durable by their word, with or without a cue.

Every pattern is an alternation of literals without nested quantifiers, matched once per line or sentence, so
the gate is linear in the transcript's size.
"""

from __future__ import annotations

import re

from contextlamp.distill.script import word_count
from contextlamp.distill.statements import states_new_value, states_rule, states_value
from contextlamp.distill.taught import REQUEST_OPENERS, WH_WORDS

# -- the spoken wrapping of a statement meant to be kept ---------------------------------------------------------

_WRAPPER = re.compile(
    r"^(?:"
    # English ("note for later:" before "note": the longer wrapper first, or "For later:" stays behind)
    r"(?:(?:please\s+)?(?:remember|note)|(?:a\s+)?note) for (?:later|the future|next time|myself|self)\s*[:,-]?\s+|"
    r"(?:please\s+)?(?:remember|keep in mind|bear in mind|note|make a note|take note|be aware|know)"
    r"(?:\s+(?:that|this))?\s*[:,-]?\s+|"
    r"(?:fyi|fwiw|f\.y\.i\.|for your information|for context|(?:just )?for the record|for reference|just so you know|"
    r"so you know|heads up|just a heads up|pro tip|quick note|side note)\s*[:,—–-]?\s+|"
    r"i (?:want|need|'d like|would like) you to (?:know|remember|keep in mind|note)(?:\s+that)?\s*[:,-]?\s+|"
    r"(?:you should|you need to|you must) (?:know|remember)(?:\s+that)?\s*[:,-]?\s+|"
    # German
    r"(?:bitte\s+)?(?:merk(?:e)? dir|merken sie sich|denk(?:e)? dran|beachte|zur info(?:rmation)?|nur zur info|"
    r"fyi|zu deiner information|damit du (?:es )?weißt|gut zu wissen|hinweis|wichtig)"
    r"(?:\s*,?\s*dass)?\s*[:,-]?\s+|"
    # French
    r"(?:note|notez|retiens|retenez|souviens-toi|rappelle-toi|sache|sachez|pour info(?:rmation)?|"
    r"pour ta gouverne|pour rappel|à savoir)(?:\s+(?:que|qu'))?\s*[:,-]?\s*|"
    # Spanish, Portuguese, Italian
    r"(?:para que lo sepas|que sepas|te cuento|recuerda|acuérdate de|ten en cuenta|ojo|para tu información|"
    r"só para você saber|para você saber|lembre-se|lembra|fica a dica|para sua informação|"
    r"ricordati|ricorda|tieni presente|tieni a mente|per tua informazione|sappi)"
    r"(?:\s+(?:que|che|de que))?\s*[:,-]?\s+|"
    # Dutch
    r"(?:ter info(?:rmatie)?|onthoud|let op|ter herinnering|goed om te weten)(?:\s+dat)?\s*[:,-]?\s+|"
    # Russian
    r"(?:запомни|имей в виду|к сведению|для справки|учти|на заметку)(?:,?\s+что)?\s*[:,-]?\s+|"
    # Chinese, Japanese, Korean (no space after the wrapper)
    r"(?:请记住|记住|请注意|注意|顺便说一下|顺便说|提醒一下|供参考)[：:，,、\s]*|"
    r"(?:覚えておいて(?:ほしいんだけど|ほしいのですが|ください|ね)?|一応(?:伝えておくと|言っておくと)|"
    r"参考までに|ちなみに|念のため)[：:，,、\s]*|"
    r"(?:기억해(?:\s*줘|\s*주세요)?|참고로|알아\s*둬)[：:，,\s]*"
    r")",
    re.IGNORECASE,
)

# a spoken opener that asks nothing and says nothing: removed ("for what it's worth, the X runs on V"), not "asked"
_OPENER = re.compile(
    r"^(?:til|for what it'?s worth|to be clear|for the avoidance of doubt|to set the record straight)\s*[:,—–-]?\s+",
    re.I,
)
_TRAILING_WRAPPER = re.compile(
    r"[,;]?\s*(?:for context|for the record|fyi|just so you know|for your information|"
    r"zur info|pour info|para que lo sepas|per info)\s*([.!。]?)\s*$",
    re.IGNORECASE,
)
_TRAILING_FILLER = re.compile(
    r"[,;]\s*(?:btw|by the way|übrigens|d'ailleurs|por cierto|"
    # a clause that leaves the statement for the conversation: ", anyway back to the bug", ", moving on"
    r"(?:anyway|anyways|anyhow|moving on|back to)\b[^,;.!?]{0,60}|"
    # a hedge or a restatement's wrapping after it: ", as far as I know", ", iirc", ", as I mentioned",
    # ", I think I told you that already"
    r"as far as i know|afaik|iirc|if i remember (?:correctly|right)|i (?:think|believe)|"
    r"as (?:i|we) (?:said|mentioned|told you)(?: (?:before|earlier|already))?|"
    r"i (?:think i |already )?told you(?: that| this)?(?: already| before)?)\s*([.!。]?)\s*$",
    re.IGNORECASE,
)

# a hedge at the end without a comma ("... uses wkhtmltopdf 0.12.6 as far as I know."), or an aside that only
# names where the speaker read it ("; that's what the runbook says anyway")
_TRAILING_HEDGE = re.compile(
    r"(?:\s+(?:as far as i know|afaik|iirc|if i remember (?:correctly|right))|"
    r",?\s+(?:if (?:that|it) (?:matters|helps)|in case (?:that|it) (?:matters|helps)|not that it matters)|"
    r"[;,]\s*(?:that'?s|at least that'?s) what (?:the|our) [\w -]{1,30} says?(?: anyway)?)\s*([.!]?)\s*$",
    re.IGNORECASE,
)


def unwrap(sentence: str) -> tuple[str, bool]:
    """``sentence`` without the wrapping that asks for it to be kept, and whether there was such wrapping
    ("Please remember that I'm vegetarian" -> ("I'm vegetarian", True); "All our buckets are in eu-central-1,
    btw" -> ("All our buckets are in eu-central-1", True)). At most two leading wrappers and one trailing one
    are removed ("FYI, note that ..."); a wrapper that would leave fewer than 3 characters is not removed."""
    hedge = _TRAILING_HEDGE.search(sentence)
    if hedge is not None and hedge.start() >= 3:
        sentence = sentence[: hedge.start()] + hedge.group(1)
    filler = _TRAILING_FILLER.search(sentence)
    if filler is not None and filler.start() >= 3:  # "..., btw": a filler, not a request to keep it
        sentence = sentence[: filler.start()] + filler.group(1)
    trailing = _TRAILING_WRAPPER.search(sentence)
    asked = trailing is not None and trailing.start() >= 3
    if asked and trailing is not None:  # "..., for context." / "..., btw"
        sentence = sentence[: trailing.start()] + trailing.group(1)
    for _ in range(2):
        match = _WRAPPER.match(sentence)
        if match is None or len(sentence) - match.end() < 3:
            break
        sentence, asked = sentence[match.end() :].lstrip(" ,:;-"), True
    opener = _OPENER.match(sentence)
    if opener is not None and len(sentence) - opener.end() >= 3:
        sentence = sentence[opener.end() :][:1].upper() + sentence[opener.end() + 1 :]
    return sentence[:1].upper() + sentence[1:] if asked else sentence, asked


_LABEL = re.compile(r"^([^\W\d][\w.'-]*(?:\s[^\W\d][\w.'-]*)?)\s?[:：]\s+(?=\S)")  # "PSA: ", "Note to self: "
MAX_LABEL_WORDS = 2


# a framing word before a comma or colon, as people type it ("heads-up, ...", "side-note: ..."), with the
# occasion it is for ("heads-up if you touch the transport code: ...")
_FRAMING_LEAD = re.compile(
    r"^(?:just\s+)?(?:a\s+)?(?:heads[- ]up|side[- ]note|pro[- ]tip)(?:\s+(?:if|when|for)\b[^,:;]{1,60})?\s*[,:;-]\s+",
    re.IGNORECASE,
)


def drop_label(sentence: str) -> str:
    """``sentence`` without a short label before a colon ("PSA: we point the relay's output at #ops-feed",
    "Heads-up: ...", "NB: ...", or a framing word before a comma: "heads-up, ...") when what follows is a durable
    statement on its own (``states_value`` or ``states_rule``): the label is the speaker's framing, not part of
    the fact. Unchanged otherwise (a label of more than ``MAX_LABEL_WORDS`` words names the subject: "Owner of
    the billing worker: Priya")."""
    match = _LABEL.match(sentence) or _FRAMING_LEAD.match(sentence)
    if match is None or (match.re is _LABEL and len(match.group(1).split()) > MAX_LABEL_WORDS):
        return sentence
    rest = sentence[match.end() :]
    if not (states_value(rest) or states_rule(rest)):
        return sentence
    return rest[:1].upper() + rest[1:]


# -- requests, questions and banter ----------------------------------------------------------------------------

# a marker that an instruction is meant to last, not for the next minute
_LASTING = re.compile(
    r"\b(?:always|never|from now on|going forward|in (?:the )?future|every time|each time|whenever|by default|"
    r"as a rule|all (?:our|my|the) \w+|any \w+ you|for me|in this (?:repo|repository|project|codebase)|"
    r"immer|nie|niemals|ab (?:sofort|jetzt)|künftig|grundsätzlich|jedes mal|"
    r"toujours|jamais|désormais|à l'avenir|dorénavant|chaque fois|"
    r"siempre|nunca|a partir de ahora|de ahora en adelante|cada vez|"
    r"sempre|mai|d'ora in poi|da ora in poi|ogni volta|nunca mais|a partir de agora|"
    r"altijd|nooit|voortaan|"
    r"всегда|никогда|впредь|каждый раз)\b"
    r"|以后|今后|永远|总是|每次|始终|所有|いつも|今後|必ず|毎回|すべての|全ての|항상|앞으로|절대|모든",
    re.IGNORECASE,
)
_ASK = re.compile(
    r"^(?:(?:please|pls|plz|ok(?:ay)?|now|and|also|then|just|so)[\s,]+)*(?:"
    # English: asking, wishing, or proposing to do something now
    r"(?:can|could|would|will) you\b|(?:help|give|show|tell|send|get) (?:me|us)\b|i (?:need|want|'d like) you to\b|"
    r"i (?:need|want|would like|'d like) (?:a|an|some|help)\b|"
    r"let'?s (?:plan|start|look|see|check|debug|do|talk|brainstorm|try|work|figure|discuss|go over|review|fix|get)\b|"
    r"(?:setting up|planning|working on|looking (?:at|into)|trying to|debugging|investigating|preparing)\b|"
    r"(?:ich brauche|ich möchte|lass uns|j'ai besoin d|je voudrais|on va|necesito|quiero|vamos a|mi serve|vorrei|"
    r"preciso de|quero|vamos|мне нужн|хочу|давай)\w*\b|"
    # the other usual languages: asking, or an imperative verb first (taught.REQUEST_OPENERS); Russian
    r"(?:напиши|сделай|покажи|дай|добавь|исправь|переведи|объясни|расскажи|помоги|можешь|можете)|"
    rf"(?:{REQUEST_OPENERS})\b"
    r")"
    r"|^(?:帮我|请帮|幫我|给我|請幫|请给|麻烦你|你能|能不能|可以帮|我想|我需要)"
    r"|(?:して|直して|書いて|教えて|作って|見て|ください|お願い(?:します)?|てほしい(?:です)?|たい(?:です)?|"
    r"줘|주세요|줄래|할래|싶어요|싶어)[。！!.]?\s*$",
    re.IGNORECASE,
)
# an English imperative first: a request when an object follows it ("fix the config", "make it shorter") or
# the sentence is short and states nothing ("rename infra-notes.md to deploy.md first"); "Test data lives in
# fixtures/" or "Build times must stay under ten minutes" open on the same words and are statements
_IMPERATIVE = re.compile(
    r"^(?:(?:please|pls|plz|ok(?:ay)?|now|and|also|then|just|so)[\s,]+)*"
    r"(?:add|fix|make|write|rewrite|rephrase|reword|rename|draft|create|generate|produce|explain|translate|"
    r"summari[sz]e|plot|chart|graph|draw|install|run|rerun|push|commit|merge|rebase|deploy|update|upgrade|change|"
    r"remove|delete|drop|move|check|look|try|send|open|close|set|put|list|find|build|test|refactor|format|"
    r"convert|swap|replace|shorten|expand|continue|redo|undo|revert|retry|start|stop|suggest|propose|review|"
    r"compare|describe|sort|print|copy|paste|edit|modify|tweak|polish|improve|simplify|clean|lint|debug|"
    r"investigate|implement|scaffold|outline|calculate|compute|estimate|recommend|pick|choose|use|"
    r"don't|do not|leave|keep|give|tell|show|teach|quiz|remind|ship|go|read|ask|email|forward|ping)\b",
    re.IGNORECASE,
)
_OBJECT = re.compile(
    r"\s+(?:the|a|an|it|this|that|these|those|them|me|us|my|our|your|his|her|its|some|all|any|up|out|down|back|"
    r"over|on|to|for|with|sure|again|ahead|another|one|more|less)\b|\s*[.!]?\s*$",
    re.IGNORECASE,
)
_SOMEONE = re.compile(r"(?:\s+(?-i:[A-Z])[\w.'-]*){1,2}\s+(?:the|a|an|my|our|your|this|that|some|all)\b", re.IGNORECASE)
# a prohibition for now: "please don't touch the migrations today", "do not merge anything until I say so"
_DONT = re.compile(r"^(?:(?:please|pls|and|also|just)[\s,]+)*(?:don'?t|do not|never mind)\b", re.IGNORECASE)
_FOR_NOW = re.compile(
    r"\b(?:today|tonight|right now|for now|for the moment|this (?:morning|afternoon|evening|week)|"
    r"until (?:i|we|you) (?:say|tell|finish|merge|land|get back)\w*|"
    r"(?:before|until|till) (?:the|this) (?:morning|afternoon|evening|night|weekend|lunch|standup|demo)|"
    r"until (?:the|this) [\w -]{1,30}? (?:is|are) (?:over|done|finished|through)|"
    r"until (?:the|this|[A-Z]\w+)(?: [\w -]{1,30}?)? "
    r"(?:opens|closes|starts|ends|lands|merges|returns|is back|gets back))\b",
    re.IGNORECASE,
)
_FINITE = re.compile(r"\b(?:is|are|was|were|must|should|has to|have to|needs? to|lives?|runs?)\b", re.IGNORECASE)
MAX_BARE_REQUEST_WORDS = 6

_UNMARKED_QUESTION = re.compile(  # the wh-words of the usual languages are one rule (taught.WH_WORDS)
    rf"^[¿¡]?(?:{WH_WORDS}|why|how|is there|are there|do you|does|did|can i|should i|"
    r"warum|wieso|wie|was|pourquoi|comment|quoi|qu'est-ce|por qué|cómo|perché|come|cosa|"
    r"por que|como|o que|waarom|hoe|dlaczego|czy|varför|hur|neden|nasıl|почему|как|что|где)\b"
    r"|[,;]\s*(?:why|how come|right|no|ok|warum|pourquoi|por qué|perché|por que)\s*$",
    re.IGNORECASE,
)
_BANTER = re.compile(
    r"\b(?:lol|lmao|rofl|haha\w*|hehe\w*|jaja\w*|jeje\w*|kkkk\w*|rsrs\w*|mdr|xd)\b|哈哈|呵呵|www+$|笑$|ㅋㅋ|ㅎㅎ|"
    r"(?:^|\s)(?::-?[)(DPp]|;-?\)|\^\^)(?:\s|$)",
    re.IGNORECASE,
)
_EMOJI = re.compile("[\U0001f300-\U0001faff\u2600-\u27bf]")


def is_lasting(text: str) -> bool:
    """Whether ``text`` says it is meant to last ("always", "from now on", "nie", "désormais", "以后" ...)."""
    return _LASTING.search(text) is not None


def is_request(sentence: str) -> bool:
    """What the user asks the assistant to do now: a question to it ("can you ...?"), or an imperative that
    no marker makes lasting ("make it shorter", "rename the file"; "always use type hints" is an instruction
    meant to last, not a request)."""
    sentence = sentence.strip()
    if _LASTING.search(sentence) is not None or states_rule(sentence):
        return False
    if _ASK.search(sentence) is not None:
        return True
    if _DONT.match(sentence) is not None and _FOR_NOW.search(sentence) is not None:
        return True  # "Please don't touch the migrations folder today": for now, not a rule
    verb = _IMPERATIVE.match(sentence)
    if verb is None:
        return False
    rest = sentence[verb.end() :]
    if _OBJECT.match(rest) is not None or _SOMEONE.match(rest) is not None:
        return True
    return len(sentence.split()) <= MAX_BARE_REQUEST_WORDS and _FINITE.search(rest) is None


def asks_question(sentence: str) -> bool:
    """A question without a question mark: it opens on a question word ("how do i clear it") or ends on a tag
    ("this returns 500, why"); a standing rule whose condition opens on "when" (``states_rule``: "when the
    matchmaker falls over, wake up @duty") is none."""
    sentence = sentence.strip()
    # "When the matchmaker falls over, wake up @duty": a standing rule's condition, not a question
    return _UNMARKED_QUESTION.search(sentence) is not None and not states_rule(sentence)


def is_banter(sentence: str) -> bool:
    """A sentence that laughs ("lol", "haha", "jaja", "哈哈", "ㅋㅋ") or is more emoji than words."""
    if _BANTER.search(sentence):
        return True
    emoji = len(_EMOJI.findall(sentence))
    return emoji > 0 and emoji * 3 >= len(re.findall(r"\w+", sentence))


# -- what a kept statement must not be -------------------------------------------------------------------------

# another person's health, leave for it, or a bereavement: not the user's to store in a memory every later
# session of the project receives ("My manager is on sick leave for his knee surgery", "Ana is pregnant")
_HEALTH = re.compile(
    r"\b(?:(?:sick|medical|maternity|paternity|parental|bereavement|compassionate|stress) leave|"
    r"diagnos(?:ed|is)|surgery|surgeries|operation on|pregnan\w*|miscarr\w*|chemo\w*|cancer|diabetes|"
    r"heart attack|stroke|illness|injur(?:y|ies|ed)|hospitali[sz]ed|in hospital|"
    r"in the hospital (?:after|for|with|since)|"
    r"recovering from|mental health|burn-?out|depression|rehab|funeral|passed away|died|"
    r"krankgeschrieben|krank|malade|enfermo|enferma|malato|malata|doente)\b",
    re.IGNORECASE,
)
_PERSON = re.compile(
    r"^(?:(?:my|our|his|her|their|the user's)\s+(?:[\w-]+\s+){0,2}?(?:manager|colleague|teammate|boss|lead|"
    r"coworker|co-worker|report|wife|husband|partner|son|daughter|kid|child|mother|father|mom|mum|dad|parent|friend|"
    r"sister|brother|cto|ceo|pm|intern|contractor)\b|(?:he|she|they)\b|"
    r"(?-i:[A-Z][a-z]+)(?:\s+(?-i:[A-Z][\w'-]+))?\s+(?:from|in|on|at|of|is|was|has|had|will|got|'s|’s)\b)",
    re.IGNORECASE,
)


def about_health(sentence: str) -> bool:
    """Whether ``sentence`` tells another person's health, medical leave or bereavement ("My manager Kasimir is on
    sick leave for his knee surgery", "Grete is pregnant", "Our lead is in hospital after a heart attack"): its
    subject is a person other than the user (a name, "my colleague", "she") and it holds a word of health or
    leave (``_HEALTH``). Never a memory captured without being asked: a careful person does not write it into
    the project's notes. The user's own ("I'm diabetic, skip sugary recipes") is the user's to keep."""
    sentence = sentence.strip()
    return _PERSON.match(sentence) is not None and _HEALTH.search(sentence) is not None


# a problem of the moment: what fails, breaks or is slow now (the one-off fix for it is no memory either)
_PROBLEM = re.compile(
    r"\b(?:fails?|failed|failing|broken|crash(?:es|ed|ing)|won't (?:start|work|build|load)|doesn't work|"
    r"does not work|stopped working|keeps? (?:timing out|(?!(?:no|every|any|some)thing\b)[a-z\d]+ing\b)|"
    r"times? out(?!\s+after\s+\d)|timed out|"  # "times out after 30 seconds" is a setting, not a failure
    r"is slow|are slow|too slow|takes? forever|hangs?(?! out| around)|"
    r"schlägt fehl|funktioniert nicht|geht nicht|kaputt|échoue|ne marche pas|plante|falla|no funciona|"
    r"non funziona|não funciona|werkt niet|не работает|падает)\b"
    r"|不工作|失败|报错|太慢|動かない|失敗|遅い|끊겨|느려",
    re.IGNORECASE,
)
# what happened once, narrated in the past ("Lunch was great", "There was a trailing slash")
_NARRATED = re.compile(
    r"\b(?:was|were|wasn't|weren't|war|waren|était|étaient|fue|era|eran|fu|era|foi|era)\b", re.IGNORECASE
)
# a task worth keeping says what and by when, or is marked as one ("TODO", "Task:", "action item")
_TASK_ANCHOR = re.compile(
    r"\b(?:todo|to-do|task|action item|follow[- ]up|remind me|deadline|due|aufgabe|frist|tâche|échéance|tarea|plazo|"
    r"tarefa|prazo|compito|scadenza|taak|задача|срок|weekend|this week|end of (?:the )?(?:day|week|month)|"
    r"by|until|before|bis|avant|antes|entro|até|voor|до|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|"
    r"next (?:week|weekend|month|quarter|year|sprint)|"
    r"montag|dienstag|mittwoch|donnerstag|freitag|morgen|nächste woche|lundi|mardi|mercredi|jeudi|vendredi|"
    r"demain|semaine prochaine|lunes|martes|miércoles|jueves|viernes|mañana|próxima semana|lunedì|martedì|"
    r"mercoledì|giovedì|venerdì|domani|prossima settimana|segunda|terça|quarta|quinta|sexta|amanhã)\b"
    r"|\d|任务|待办|提醒|截止|明天|下周|周[一二三四五六日]|星期|タスク|締め切り|までに|明日|来週|曜日|"
    r"할 일|마감|까지|내일|다음 주",
    re.IGNORECASE,
)
MIN_TASK_WORDS = 4


def is_transient(sentence: str, memory_type: str, kind: str) -> bool:
    """A statement the rules typed but that is no lasting memory: a problem of the moment ("Publish fails
    with 403"), a fact narrated in the past ("Lunch was great", "The pager went off at 3am again"), or a task
    without an anchor (what and by when,
    or a marker: "I'll think about it", "Task: run")."""
    if memory_type == "task":
        return _TASK_ANCHOR.search(sentence) is None or word_count(sentence) < MIN_TASK_WORDS
    if memory_type in ("fact", "event") and _AGAIN.search(sentence) is not None and not states_value(sentence):
        return True  # "The pager went off at 3am again": what happened (again), not what is
    problem = _PROBLEM.search(sentence)
    # "Fail CI under 85 %" is a rule; "..., otherwise it hangs at startup" says what would go wrong, not what does
    fails = memory_type == "fact" and problem is not None and problem.start() > 0
    if fails and problem is not None and _CONDITIONAL.search(sentence, 0, problem.start()) is None:
        return True
    if states_new_value(sentence):  # "The matchmaker was rolled back to 2.3.0": the value it has now
        return False
    once = (memory_type, kind) in (("fact", "fact"), ("event", "note"))  # a decision said "yesterday" stands
    if once and _WHEN_ONCE.search(sentence) and not states_value(sentence):
        return True  # "Yesterday I restarted the poller by hand": what happened once, dated only by today
    # "(it was 24)", "...; 40 was hammering upstream": the old value a correction names is no narration of the past
    # and neither is an aside after a comma ("We hold X records for 90 days, legal was very clear about that")
    # and neither is an aside after a change written as an arrow ("The X alarm: 6.4 bar -> 6.0 bar, it was waking
    # people for nothing")
    heads = (sentence.split(", ", 1)[0], sentence.split(";", 1)[0])
    head = next((h for h in heads if states_value(h) or _ARROW_CHANGE.search(h)), sentence)
    return memory_type == "fact" and kind == "fact" and _NARRATED.search(_ASIDE.sub("", head)) is not None


_ASIDE = re.compile(r"\([^()]{0,200}\)")
# a change written as an arrow between two values: "6.4 bar -> 6.0 bar", "72:00:00 → 7-00:00:00", "v1 => v2"
_ARROW_CHANGE = re.compile(r"[\w%³²/.:-]\s*(?:->|→|=>)\s*[\w#@/.`+-]")
# when something happened once, or since when it is wrong: "watched it again last night", "since this morning",
# "the dog barked all night" (English: another language's dated-event cue also types its decisions as events)
_WHEN_ONCE = re.compile(
    r"\b(?:last (?:night|evening)|yesterday|this morning|earlier today|(?:an?|\d+) (?:minutes?|hours?) ago)\b|"
    r"\b(?:[a-z]{3,}ed|went|came|got|had|did|made|took|kept|slept|woke|ran|ate)\b[^.;]{0,60}?"
    r"\ball (?:night|day|morning|afternoon|evening|weekend)\b",
    re.IGNORECASE,
)
_CONDITIONAL = re.compile(  # or what follows from the setting: "the X gives up after 45s, so slow branches time out"
    r"(?:\b(?:otherwise|or else|else|if|unless|in case)|,\s*(?:so|which means|meaning))\b[^,;]{0,60}$", re.IGNORECASE
)
# a past event said to have happened again ("The pager went off at 3am again", "The backup failed again"): a
# past-tense verb (irregular or -ed) before a closing "again"
_AGAIN = re.compile(
    r"\b(?:went|came|broke|blew|rang|ran|fell|hit|woke|froze|died|[a-z]{3,}ed)\b[^.!?]*\bagain(?:\s+[a-z]+(?:\s+night)?)?\s*[.!]*\s*$",
    re.IGNORECASE,
)


def cut_request(sentence: str) -> str:
    """``sentence`` without a trailing clause that asks for something now ("CI runs on ubuntu-24.04 runners
    now, update the matrix comment" -> "CI runs on ubuntu-24.04 runners now"); unchanged when no clause after a
    comma, semicolon or dash is a request. The head is returned even when short: the caller judges it."""
    if states_rule(sentence):  # "Before merging anything that touches X, run `cmd`": the order is the rule
        return sentence
    breaks = list(_CLAUSE.finditer(sentence))
    depth, seen = 0, 0  # parentheses open before the break: a comment's "(..., do not move it)" is said inside
    for number, match in enumerate(breaks):
        depth += sentence.count("(", seen, match.start()) - sentence.count(")", seen, match.start())
        seen = match.start()
        if depth > 0:
            continue
        head = sentence[: match.start()]
        if number == 0 and is_lasting(head) and word_count(head) <= MAX_MARKER_WORDS:
            return sentence  # "From now on, run the tests ...": the marker makes the order that follows last
        end = breaks[number + 1].start() if number + 1 < len(breaks) else len(sentence)
        if is_request(sentence[match.end() : end]):  # the clause alone: linear over the sentence
            # "if you want to help the team, read the wiki": a condition alone is no statement; the whole asks
            return "" if _CONDITION_ONLY.match(head) or _OCCASION_ONLY.match(head) else head.rstrip(" ,;-–—")
    return sentence


MAX_MARKER_WORDS = 4  # "From now on," / "Going forward," / "Ab sofort": a lead-in, not a statement


# a head that is only a subordinate clause: a condition or a time whose main clause was the request cut off
_CONDITION_ONLY = re.compile(
    r"^\s*(?:if|when|whenever|once|unless|before|after|in case|as soon as|while)\b[^,;]*$", re.IGNORECASE
)
# a head that only says when the request holds: "for this run only, use port 9999", "just this once, skip ..."
_OCCASION_ONLY = re.compile(
    r"^\s*(?:just\s+)?(?:(?:for\s+)?(?:this|the|that)\s+(?:run|time|once|test|session|build|deploy|branch|pr)"
    r"(?:\s+only)?|this\s+once|for\s+(?:now|the\s+moment|today)|today|for\s+this\s+once)\s*$",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"\s*(?:[,;]|\s[-–—])\s+(?:(?:so|and|but|then|please|und|et|y|e)\s+)?")
