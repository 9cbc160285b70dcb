"""Cues for the item-type classifier (item_types.py): how a *record* says what kind of item it is.

The cue sets of cues_full.py and cues_declarative.py are written for what a user says in a chat ("I prefer
tabs", "we decided to ..."). Digests, client summaries and the offline distiller's own output are records in
the third person ("The user prefers tabs", "The team moved CI to GitHub Actions", "Deploys go through
ArgoCD"), which carry no first-person cue. These patterns name the shapes of such records, one list per kind
of signal, each an alternation of literals over many languages at once (no language is detected for them),
applied to the lower-cased item:

- ``rule``: a standing rule or procedure: "only", "every ... has", "each", "go(es) to", "is/are told", "must",
  "whenever", "统一", "一律", "必ず", "してはいけない", "항상", ...;
- ``change``: a choice recorded as a change: "instead of", "rather than", "no longer", "moves to", "was raised
  to", "is capped at", "scope", "will be", "不再", "改用", "に移行", "nur noch", "en lugar de", ...;
- ``recurring``: a schedule that repeats (a fact, not an event): "every Monday", "weekly", "on Mondays",
  "renews", "每周", "毎週", "매주", "jeden", "cada", "los lunes", ...;
- ``dated``: a date or clock time (an event, unless it recurs): month names, "May 14", "14.7.", "3 月 27 日",
  "15 時", "9월", "at 10:00", a year;
- ``happened``: something that happened: "fixed", "stopped", "was completed", "went live", "wurde", ...;
- ``wants``: what someone wants, likes, can or cannot have, stated about them: "the user prefers",
  "wants", "is allergic", "cannot eat", "quiere", "想要", "食べられない", "싫어", ...;
- ``for_assistant``: how the assistant should work for the user: "respond", "reply", "remind", "for the
  user", "in Spanish", "返信", "알림", ...;
- ``label``: a leading type label ("Task:", "Decision -", "任务：").

Every pattern is an alternation of literals with no nested quantifier (at most a bounded ``\\w{0,30}``), so
matching is linear in the item. The words name kinds of statement, never any data set's content.
"""

from __future__ import annotations

import re
from functools import cache

TYPING_CUES: tuple[str, ...] = (
    "rule",
    "change",
    "recurring",
    "dated",
    "happened",
    "wants",
    "for_assistant",
    "label",
    "imperative",
    "conditional",
    "limit",
    "future",
    "milestone",
    "owner",
)

_WEEKDAYS_EN = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_MONTHS_EN = "january|february|march|april|may|june|july|august|september|october|november|december"

_SOURCES: dict[str, str] = {
    "rule": (
        r"\b(?:only|every|each|always|never|must|mustn't|should|shouldn't|whenever|required|requires?|"
        r"(?:is|are) not allowed|may not|not allowed|(?:is|are) told|goes? (?:to|through|into|only)|"
        r"(?:is|are) (?:written|named|marked|formatted|reviewed|configured) (?:in|as|with|by|through|only)|need(?:s)? (?:a|an|to be)|no exceptions|convention|rule|policy|procedure|until|"
        r"fails? (?:when|if)|immer|nie|niemals|nur|jede[rsnm]?|muss|müssen|toujours|jamais|seulement|"
        r"uniquement|chaque|doit|doivent|siempre|nunca|solo|sólo|cada|debe|deben|sempre|mai|ogni|"
        r"всегда|никогда|только|каждый|должн\w{0,3})\b"
        r"|统一|一律|必须|务必|禁止|不得|不要|都要|每个|只能|必ず|常に|絶対|してはいけない|こと$|にする$|で始める|"
        r"統一|항상|반드시|절대|금지|한다$|보낸다"
    ),
    "change": (
        r"\b(?:instead of|rather than|in place of|no longer|not anymore|any more|anymore|from now on|going forward|"
        r"from (?:next|this) \w{1,12} on|(?:will|is going to|are going to) be|will (?:move|switch|use|run|go)|"
        r"moves? (?:to|from)|moved (?:to|from)|switch(?:es|ed)? (?:to|from)|migrat\w{0,5} (?:to|from)|"
        r"replac\w{0,3}|(?:was|were|is|are|has been|have been) (?:raised|lowered|bumped|upgraded|pinned|chosen|"
        r"adopted|dropped|deprecated|replaced|rebuilt|retired|switched|migrated|capped|set|fixed|moved|changed|"
        r"limited|approved|cancelled|postponed|frozen)|capped|out of scope|in scope|scope is|chose|chosen|picked|"
        r"opted|adopted|decided|decision|agreed|settled on|standardi[sz]\w{0,3}|do not use|don't use|does not use|"
        r"doesn't use|over \w{1,20} for|stattdessen|nur noch|keine \w{1,30} mehr|nicht mehr|"
        r"entschieden|beschlossen|au lieu de|désormais|ne \w{1,20} plus|en lugar de|en vez de|a partir de|"
        r"ya no|invece di|non più|вместо|больше не|перешли|решили)\b"
        r"|不再|改用|换成|迁移到|切换到|采用|决定|而不是|取代|に移行|に変更|に切り替え|ではなく|をやめ|採用|決定|"
        r"を有効にする|を無効にする|대신|로 바꾸|으로 바꾸|로 전환|으로 전환|로 변경|으로 변경|결정|하기로"
    ),
    "recurring": (
        rf"\b(?:every (?:day|week|month|year|morning|evening|night|quarter|sprint|{_WEEKDAYS_EN})|"
        rf"(?:each|per) (?:day|week|month|year)|daily|weekly|monthly|yearly|annual(?:ly)?|renews?|"
        rf"(?:on )?(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)|weekdays|weekends|"
        rf"(?:{_WEEKDAYS_EN}) (?:mornings|afternoons|evenings|nights)|(?:{_WEEKDAYS_EN}), (?:{_WEEKDAYS_EN})|"
        r"birthdays?|anniversary|geburtstag|anniversaire|cumpleaños|compleanno|день рождения|"
        r"jede[nrsm]? (?:tag|woche|monat|jahr|montag|dienstag|mittwoch|donnerstag|freitag)|wöchentlich|täglich|"
        r"monatlich|chaque (?:jour|semaine|mois|année|lundi|mardi|mercredi|jeudi|vendredi)|tous les|"
        r"cada (?:día|semana|mes|año)|los (?:lunes|martes|miércoles|jueves|viernes|sábados|domingos)|"
        r"ogni (?:giorno|settimana|mese)|каждый|каждую|еженедельно|(?:lunes|martes|miércoles|jueves|viernes), "
        r"(?:lunes|martes|miércoles|jueves|viernes))\b"
        r"|生日|誕生日|생일|每周|每天|每月|每年|每逢|按月|按周|毎週|毎日|毎月|毎年|平日|매주|매일|매달|매년|평일"
    ),
    "dated": (
        rf"\b(?:(?:{_MONTHS_EN}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.? \d{{1,2}}(?:st|nd|rd|th)?|"
        rf"\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS_EN})|(?:in|on|by|until|from|since) (?:{_MONTHS_EN})|"
        rf"(?:on|this|next|last) (?:{_WEEKDAYS_EN})|(?:19|20)\d\d|\d{{1,2}}[./]\d{{1,2}}\.|"
        r"\d{4}-\d\d-\d\d|yesterday|tomorrow|today|tonight|next (?:week|month|year|quarter)|"
        r"last (?:week|month|year)|q[1-4]|the \d{1,2}(?:st|nd|rd|th)|"
        r"januar|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|"
        r"septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|"
        r"octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre)\b"
        r"|\d{1,2}\s?月|\d{1,2}\s?日|\d{1,2}\s?時|\d{1,2}\s?号|\d{1,2}\s?월|\d{1,2}\s?일|星期|来週|下周|下個月|다음 주"
    ),
    "happened": (
        r"\b(?:fixed|stopped|started|began|happened|completed|finished|launched|released|shipped|went live|"
        r"broke|failed|crashed|was (?:completed|resolved|closed|done|signed|approved|hired|found)|"
        r"were (?:completed|resolved|found)|resolved|wurde|wurden|hat \w{1,20} behoben|a été|ont été|"
        r"fue|fueron|se resolvió|è stato|было|была|были)\b"
        r"|修复了|解决了|已经|完成了|上线了|しました|されました|했다|했습니다|됐다|되었다"
    ),
    "wants": (
        r"\b(?:prefers?|preferred|likes?|loves?|hates?|dislikes?|enjoys?|wants?|wishes|would like|would rather|"
        r"can't (?:eat|stand|drink|have|do)|cannot (?:eat|stand|drink|have|do)|can not|"
        r"(?:is|are) (?:allergic|vegetarian|vegan|lactose|intolerant)|allerg\w{0,3}|does not (?:accept|eat|drink|want|"
        r"like)|doesn't (?:accept|eat|drink|want|like)|favou?rite|bevorzugt|mag|möchte|will keine?|préfère|aime|"
        r"veut|souhaite|quiere|prefiere|le gusta|no acepta|odia|vuole|preferisce|предпочитает|любит|хочет)\b"
        r"|喜欢|偏好|希望|想要|讨厌|不吃|过敏|好き|嫌い|苦手|したい|食べられない|アレルギー|好む|좋아|싫어|원한다|원해|선호|알레르기|못 먹"
    ),
    "for_assistant": (
        r"\b(?:respond|responds|reply|replies|answer|answers|remind|reminders?|notif\w{0,8}|"
        r"(?:for|to|with) the user|the assistant|in (?:english|spanish|german|french|japanese|chinese|korean)|"
        r"responder|respondan|conteste|recordatorio|antworte\w{0,2}|erinner\w{0,3}|répond\w{0,4}|rappel\w{0,3})\b"
        r"|回复|回答|提醒|リマインド|返信|通知|알림|답변|응답"
    ),
    "imperative": (  # an order: the item opens on a verb's base form (or a polite request form)
        r"^(?:please |always |never |do not |don't )?(?:use|run|keep|write|put|add|avoid|send|call|ask|reply|"
        r"respond|answer|deploy|tag|name|open|merge|review|test|check|pin|show|format|log|store|commit|push|"
        r"create|delete|remove|wrap|mark|return|document|include|limit|escalate|route|contact|copy|label|assign|"
        r"close|squash|rebase|lint|prefix|suffix|start|end|give|tell|explain|cite|link|sign|lock|back up|"
        r"nutze|verwende|schreibe|benutze|utilise|utilisez|écris|usa|utiliza|escribe|usa|scrivi)\b"
        r"|^(?:bitte|merci de|por favor|per favore)\b|してください|して下さい|하세요|해 주세요|请"
    ),
    "conditional": (  # a procedure: what to do when something holds
        r"^(?:when|if|whenever|before|after|once|unless|until|wenn|bevor|nachdem|quand|si|avant|après|cuando|"
        r"antes de|después de|se|quando)\b|\b(?:first|then|afterwards|zuerst|dann|d'abord|puis|primero|luego)\b"
        r"|之前|之后|以后|先|前に|後に|たら|ときは|場合は|전에|후에|경우"
    ),
    "limit": (  # a bound a rule sets
        r"\b(?:at least|at most|no more than|no later than|no earlier than|up to|maximum|minimum|max|min|"
        r"per (?:person|user|request|day|week|month|order|customer|pr|pull request)|by default|default|"
        r"mindestens|höchstens|maximal|au moins|au plus|al menos|como máximo|almeno)\b"
        r"|最多|至少|不超过|以内|以上|以下|まで|최대|최소|이내|이상"
    ),
    "future": (  # something that will happen, a plan
        r"\b(?:will|shall|is going to|are going to|plans? to|planned|is planned|are planned|is scheduled|"
        r"are scheduled|wird|werden|va |vont|sera|seront|va a|van a|será|serán|sarà)\b"
        r"|将|计划|予定|する予定|할 예정|계획"
    ),
    "milestone": (  # a dated step of a project
        r"\b(?:launch|launches|release|releases|rollout|roll-out|beta|go-live|cutover|freeze|kick-?off|deadline|"
        r"milestone|goal|target|stretch goal|starts|ends|closes|opens|takes place|due|offsite|conference|"
        r"appointment|meeting|trip|flight|wedding|party|race|start|termin|lancement|lanzamiento|reunión|cita)\b"
        r"|上线|发布|启动|截止|会议|リリース|公開|開始|予約|会議|출시|마감|회의|예약"
    ),
    "owner": (  # who owns or handles something: a stable fact
        r"\b(?:owns|owner|handles|is responsible|are responsible|manages|leads|maintains|is the contact|"
        r"contact is|reviews all|is on call|is the \w{1,20} (?:manager|lead|owner)|gehört|verantwortlich|"
        r"responsable|encargad[oa]|responsabile)\b"
        r"|负责|担当|담당"
    ),
    "label": (
        r"^(?:task|todo|to-do|decision|rule|convention|preference|fact|event|note|aufgabe|entscheidung|regel|"
        r"tâche|décision|règle|tarea|decisión|regla|tarefa|compito|задача|решение|правило)\s?[:：-]"
        r"|^(?:任务|待办|决定|规则|约定|タスク|決定|ルール|할 일|작업|결정|규칙)\s?[:：]"
    ),
}


@cache
def typing_cues() -> tuple[re.Pattern[str], ...]:
    """The patterns of ``TYPING_CUES``, in that order, compiled on first use (case-insensitive, Unicode)."""
    return tuple(re.compile(_SOURCES[name], re.IGNORECASE | re.UNICODE) for name in TYPING_CUES)
