"""Cue phrases per language for the offline distiller, the language guess, and correction markers.

Each cue set is a handful of regular expressions over lower-cased sentences. They name kinds of statement
(decision, instruction, preference, task, fact) and kinds of noise (chatter, offers, requests), never any
particular data set's content. English, German, French and Spanish have full sets, in which a fact needs a
fact cue. Chinese, Japanese, Korean, Russian and Arabic have small sets (a few words per kind) and are
*declarative*: any user statement with enough words that is not noise is kept as a fact, since no short word
list covers how facts are stated there. Every other language gets ``GENERIC``, declarative too, whose noise
lists are greetings, thanks and acknowledgements of many languages, so a language without a cue list keeps
its durable statements instead of dropping everything.

The language is read from the script first (Han with kana is Japanese, Han alone Chinese, Hangul Korean,
Cyrillic Russian, Arabic script Arabic; script.py), then, for Latin script, from common function words.

Every pattern is linear in its input: alternations of literals, no nested quantifiers, except the chatter
patterns, whose repeated word group is atomic and possessive so it cannot backtrack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from contextlamp.distill.script import SAMPLE_CHARS, script_language

MIN_WORDS = 4  # "Use pnpm." is 2 words but also a cue match; see offline._classify


@dataclass(frozen=True)
class Cues:
    """Compiled cue patterns of one language (all applied to lower-cased text)."""

    chatter: re.Pattern[str]
    offer: re.Pattern[str]
    request: re.Pattern[str]
    confirm: re.Pattern[str]
    dangling: re.Pattern[str]
    task: re.Pattern[str]
    decision: re.Pattern[str]
    instruction: re.Pattern[str]
    preference: re.Pattern[str]
    event: re.Pattern[str]
    fact: re.Pattern[str]
    task_label: str = "Task"
    filler: re.Pattern[str] | None = None  # leading filler removed before anything else ("Also, ", "Btw ")
    question: re.Pattern[str] | None = None  # a question without a question mark (Chinese "…吗", Japanese "…か。")
    declarative: bool = False  # any statement of min_words or more that is not noise is a fact
    min_words: int = MIN_WORDS  # words (script.word_count) a fact needs; cue matches need none


def _c(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.UNICODE)


_NEVER = _c(r"(?!)")  # a cue a language does not have
_ANY = _c(r"")  # declarative sets: every statement is a fact candidate


def _acks(words: str) -> re.Pattern[str]:
    """A whole sentence made only of acknowledgement words and punctuation ("好的，谢谢！", "да, понятно").
    Atomic group and possessive repeats: each word is taken once, never re-split, so matching is linear."""
    return _c(rf"^(?:(?>{words})[\s!.,:;)(\-—–~*…。！，、～・؛،😀-🙏👍🙂]*+)++$")


_EN_FILLER = _c(
    r"^(?:(?:(?:also|and|but|so|oh|ah|btw|by the way|fyi|well|actually|okay|ok|alright|right|just so you know|"
    r"note|remember|for the record|one more thing|oh and|ps|p\.s\.|again|as i said|as i mentioned|like i said)"
    r"\s*[,:;-]?\s+)"
    r"|(?:(?:yes|yeah|yep|nah|no|ugh|fine|fair|sure|great|cool|perfect|then|hmm|um|uh)\s*[,:;-]\s*))+"
)

_ACK_TAIL = r"[\s!.,:;)(\-—–~*…😀-🙏👍🙂]*$"

CUES: dict[str, Cues] = {
    "en": Cues(
        chatter=_c(
            r"^(?:hi|hello|hey|yo|good (?:morning|afternoon|evening|night)|thanks?(?: you)?(?: so much| a lot)?|thx|ty|"
            r"cheers|ok(?:ay)?|k|sure|great|cool|nice|awesome|perfect|excellent|amazing|wonderful|got it|"
            r"sounds (?:good|great)|yes|yeah|yep|yup|no|nope|no problem|np|you're welcome|welcome|bye|goodbye|"
            r"see you|talk (?:later|soon)|lol|haha+|hmm+|alright|right|makes sense|will do|i see|understood|"
            r"noted|done|fine|agreed|exactly|indeed|of course|my pleasure|glad to help|happy to help|"
            r"(?:that|this) (?:works|helps|is (?:great|perfect|helpful))|let me (?:check|look|see|think)|"
            r"one (?:sec|second|moment)|brb|hold on|wait)" + _ACK_TAIL
        ),
        offer=_c(
            r"^(?:would you like|do you want|shall i|should i|let me know if|i can also|i could also|"
            r"is there anything|feel free|happy to|i'd be happy|hope (?:this|that) helps|i'll now|"
            r"here(?:'s| is) (?:the|a|an|your)|i've (?:updated|added|changed|created|fixed|removed)|"
            r"i (?:updated|added|changed|created|fixed|ran|removed)|running|let's see|let me)\b"
        ),
        request=_c(
            r"^(?:(?:can|could|would) you|please (?:help|give|show|tell|find|write|make|check|fix|look|explain|draft)|"
            r"(?:help|give|show|tell|find|draft|suggest|explain|write) (?:me|us)\b|i (?:need|want|would like) (?:you|help)|"
            r"help (?:the user|me|us)|let's (?:look|see|start|check|debug)|today i want to|i want to (?:clean|look|fix|debug|start))"
        ),
        confirm=_c(
            r"^(?:yes|yeah|yep|yup|sure|ok(?:ay)?|sounds (?:good|great)|agreed|perfect|great|exactly|correct|"
            r"do it|go (?:ahead|for it)|let's do (?:it|that)|that works|works for me|lgtm|approved|deal)\b"
        ),
        dangling=_c(r"^(?:it|this|that|they|these|those|he|she)\b(?!\s+(?:is|was)\s+(?:important|critical)\b)"),
        task=_c(
            r"\b(?:todo|to-do|to do:|action item|next step|remind me|follow[- ]up|still (?:need|have) to|"
            r"(?:i|we) (?:need|have|want) to (?!be\b)|needs? to be (?:done|fixed|finished|migrated|updated)|"
            r"(?:i|we)(?:'ll| will| am going to|'re going to| are going to| plan to) (?!be\b|use\b|go with\b)|"
            r"by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|end of (?:day|week|month)|"
            r"next week)|deadline|due (?:on|by|date)|don't forget to|task:)"
        ),
        decision=_c(
            r"\b(?:decided|decision|we'll go with|let's go with|going with|we chose|(?:i|we) picked|settled on|"
            r"agreed (?:on|to)|from now on|switch(?:ed|ing)? (?:from|to|over)|moved (?:from|to)|"
            r"migrated (?:from|to)|instead of|replac(?:e|ed|ing) \w+ with|we'll use|we will use|let's use|"
            r"(?:we|i) (?:dropped|abandoned|deprecated|adopted|standardi[sz]ed on)|chose|opted for)\b"
        ),
        instruction=_c(
            r"(?:^(?:always|never|make sure|ensure|remember to|don't|do not|avoid)\b|\b(?:always|never|must(?:n't)?|"
            r"should(?:n't)?|make sure|do not|don't ever|is required|are required|convention|rule is|policy|"
            r"please (?:use|run|keep|avoid|don't|never|always))\b)"
        ),
        preference=_c(
            r"\b(?:i (?:prefer|like|love|hate|dislike|enjoy|can't stand|don't like|usually|always|never)|i'd rather|"
            r"(?:my|our) (?:favou?rite|preference|preferred)|prefer(?:s|red)?\b|rather than)"
        ),
        event=_c(
            r"\b(?:january|february|march|april|(?:in|on|by|until) may|may \d|june|july|august|september|october|november|december|"
            r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|"
            r"sunday|yesterday|last (?:week|month|year|night)|this (?:half|quarter|week|month|year)|next (?:week|month|"
            r"quarter|year)|q[1-4]|h[12]|20\d\d|launch(?:ed|es)?|released?|shipped|hired|started|began|happened|"
            r"takes place|scheduled|kick-?off|out of scope|in scope)\b"
        ),
        filler=_EN_FILLER,
        fact=_c(
            r"\b(?:(?:we|i)(?:'re| are|'m| am)? (?:use|using|run|running|work|working|live|living|have|host|"
            r"deploy|build|ship|own|maintain)|our \w+|my \w+|is (?:on|at|in|called|named|located|hosted|deployed|"
            r"written|built|based)|are (?:on|at|in|called|hosted|deployed|written|built|based)|runs? on|"
            r"uses?|version|port \d+|\d|\b(?:is|are|was|were) (?:a|an|the|our|my)\b|(?:i|we)'ve been|"
            r"born|birthday|allergic|vegetarian|vegan|married|kids?|wife|husband|partner|daughter|son|"
            r"works? (?:at|for|as)|team|budget|customer|account|plan|contract)"
        ),
    ),
    "de": Cues(
        chatter=_c(
            r"^(?:hallo|hi|hey|moin|servus|guten (?:morgen|tag|abend)|danke(?: schön| sehr)?|vielen dank|"
            r"ok(?:ay)?|super|toll|prima|klasse|genau|alles klar|passt|gut|sehr gut|ja|nein|gerne|bitte|"
            r"bis (?:dann|später|bald)|tschüss|ciao|verstanden|perfekt|cool|stimmt|richtig|klar)" + _ACK_TAIL
        ),
        offer=_c(r"^(?:möchtest du|soll ich|willst du|ich kann auch|lass mich|gib bescheid|hier ist|ich habe)\b"),
        request=_c(
            r"^(?:kannst du|könntest du|bitte (?:hilf|schreib|zeig|gib|mach)|hilf mir|schlag mir|zeig mir|gib mir)\b"
        ),
        confirm=_c(r"^(?:ja|jawohl|genau|passt|ok(?:ay)?|einverstanden|super|perfekt|mach das|los geht'?s|gerne)\b"),
        dangling=_c(r"^(?:es|das|dies|diese[rs]?|er|sie)\b"),
        task=_c(
            r"\b(?:todo|aufgabe|nächste[rn]? schritt|erinnere mich|bis (?:montag|dienstag|mittwoch|donnerstag|"
            r"freitag|morgen|ende der woche)|deadline|frist|(?:ich|wir) m(?:ü|u)ssen noch|noch erledigen|"
            r"(?:ich|wir) werde[n]? )"
        ),
        decision=_c(
            r"\b(?:entschieden|entscheidung|beschlossen|ab sofort|ab jetzt|stattdessen|umgestiegen|wechseln zu|"
            r"gewechselt|wir nehmen|wir nutzen ab|haben uns für|festgelegt)"
        ),
        instruction=_c(
            r"\b(?:immer|niemals|nie|bitte (?:immer|nie|nutze|verwende)|muss|müssen|sollte[n]?|regel|konvention)\b"
        ),
        preference=_c(r"\b(?:ich (?:mag|bevorzuge|liebe|hasse|trinke|esse)|lieber|am liebsten|mein[e]? lieblings)"),
        event=_c(
            r"\b(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|montag|dienstag|mittwoch|donnerstag|freitag|gestern|letzte woche|nächste woche|q[1-4]|20\d\d|aktualisiert|veröffentlicht|gestartet)\b"
        ),
        fact=_c(
            r"\b(?:wir (?:nutzen|verwenden|haben|arbeiten|hosten)|ich (?:arbeite|wohne|bin|habe)|unser[e]? \w+|"
            r"mein[e]? \w+|läuft auf|heißt|liegt|\d)"
        ),
        task_label="Aufgabe",
    ),
    "fr": Cues(
        chatter=_c(
            r"^(?:bonjour|salut|bonsoir|coucou|merci(?: beaucoup| bien)?|d'accord|ok(?:ay)?|parfait|super|génial|"
            r"très bien|bien|oui|non|exactement|entendu|compris|de rien|avec plaisir|à bientôt|au revoir|"
            r"bonne (?:journée|soirée)|top|cool|ça marche)" + _ACK_TAIL
        ),
        offer=_c(
            r"^(?:voulez-vous|veux-tu|souhaitez-vous|dois-je|je peux aussi|n'hésitez pas|voici|j'ai (?:mis|ajouté))\b"
        ),
        request=_c(r"^(?:peux-tu|pouvez-vous|pourrais-tu|aide-moi|donne-moi|montre-moi|écris-moi|propose-moi)\b"),
        confirm=_c(r"^(?:oui|d'accord|ok(?:ay)?|parfait|ça marche|exactement|vas-y|allez-y|entendu|validé)\b"),
        dangling=_c(r"^(?:il|elle|ils|elles|ça|cela|ceci|c'est)\b"),
        task=_c(
            r"\b(?:à faire|todo|prochaine étape|rappelle-moi|d'ici (?:lundi|mardi|mercredi|jeudi|vendredi|demain)|"
            r"avant (?:lundi|mardi|mercredi|jeudi|vendredi|demain)|échéance|deadline|il (?:me|nous) reste à|"
            r"(?:je|nous) devons encore|je vais |nous allons )"
        ),
        decision=_c(
            r"\b(?:décidé|décision|désormais|dorénavant|à partir de maintenant|au lieu de|on passe à|"
            r"nous passons à|on a choisi|nous avons choisi|on utilisera|nous utiliserons|retenu)"
        ),
        instruction=_c(
            r"\b(?:toujours|jamais|il faut|doit|doivent|devrait|règle|convention|merci de (?:toujours|ne))\b"
        ),
        preference=_c(r"\b(?:je préfère|j'aime|j'adore|je déteste|mon (?:plat|café|thé) préféré|ma préférée?)"),
        event=_c(
            r"\b(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|lundi|mardi|mercredi|jeudi|vendredi|hier|semaine dernière|semaine prochaine|t[1-4]|20\d\d|lancé|publié|sorti)\b"
        ),
        fact=_c(
            r"\b(?:nous utilisons|on utilise|je travaille|j'habite|je suis|notre \w+|nos \w+|mon \w+|ma \w+|"
            r"tourne sur|s'appelle|se trouve|\d)"
        ),
        task_label="Tâche",
    ),
    "es": Cues(
        chatter=_c(
            r"^(?:hola|buenas|buenos días|buenas (?:tardes|noches)|gracias|muchas gracias|vale|ok(?:ay)?|perfecto|"
            r"genial|claro|sí|si|no|de nada|hasta luego|adiós|entendido|bien|muy bien|exacto|estupendo|listo)"
            + _ACK_TAIL
        ),
        offer=_c(
            r"^(?:quieres|quiere|te gustaría|¿quieres|debo|puedo también|avísame|aquí (?:está|tienes)|he (?:añadido|cambiado))\b"
        ),
        request=_c(r"^(?:puedes|podrías|ayúdame|dame|muéstrame|escríbeme|hazme|necesito (?:un|una|que))\b"),
        confirm=_c(r"^(?:sí|si|vale|ok(?:ay)?|perfecto|de acuerdo|hazlo|adelante|exacto|claro|listo)\b"),
        dangling=_c(r"^(?:esto|eso|ello|él|ella|ellos|ellas)\b"),
        task=_c(
            r"\b(?:pendiente|tarea|próximo paso|recuérdame|para el (?:lunes|martes|miércoles|jueves|viernes)|"
            r"antes del (?:lunes|martes|miércoles|jueves|viernes)|mañana|fecha límite|tengo que|tenemos que|"
            r"hay que|voy a |vamos a )"
        ),
        decision=_c(
            r"\b(?:decidimos|decidido|decisión|a partir de ahora|desde ahora|en lugar de|en vez de|cambiamos a|"
            r"elegimos|optamos por|usaremos)"
        ),
        instruction=_c(r"\b(?:siempre|nunca|debe|deben|debería|regla|convención|por favor (?:usa|no|siempre))\b"),
        preference=_c(r"\b(?:prefiero|me gusta|me encanta|odio|no me gusta|mi (?:comida|bebida) favorita)"),
        event=_c(
            r"\b(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|lunes|martes|miércoles|jueves|viernes|ayer|semana pasada|próxima semana|t[1-4]|20\d\d|lanzamos|lanzamiento|publicamos)\b"
        ),
        fact=_c(
            r"\b(?:usamos|utilizamos|trabajo|vivo|soy|tengo|nuestr[oa]s? \w+|mis? \w+|corre en|se llama|está en|\d)"
        ),
        task_label="Tarea",
    ),
}


def _words(*groups: str) -> str:
    """An alternation of literal words (space-separated groups; ``_`` stands for a space inside a word),
    longest first, so an atomic group takes "thank_you" before "thank"."""
    words = {w.replace("_", " ") for group in groups for w in group.split()}
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


# greetings, thanks, acknowledgements and farewells of many languages (any of them, in any session)
_WORLD_ACKS = (
    "hi hello hey thanks thank_you thx ok okay yes no yep nope bye cheers great cool nice perfect got_it",
    "ciao grazie grazie_mille prego salve buongiorno va_bene perfetto sì certo arrivederci",
    "olá oi obrigado obrigada muito_obrigado tchau tudo_bem beleza certo sim não",
    "hola gracias adiós vale sí claro merci bonjour salut d'accord oui non danke hallo tschüss ja nein",
    "hej tack tak dziękuję cześć dobrze dank_je bedankt hoi doei prima merhaba teşekkürler tamam evet hayır",
    "γεια γεια_σας ευχαριστώ ναι όχι εντάξει שלום תודה כן לא בסדר नमस्ते धन्यवाद हाँ ठीक_है",
    "xin_chào cảm_ơn vâng salam terima_kasih baik สวัสดี ขอบคุณ ครับ ค่ะ",
    # Chinese
    "你好 您好 大家好 嗨 哈喽 谢谢 谢谢你 谢谢您 多谢 感谢 非常感谢 好的 好 嗯 嗯嗯 哦 噢 行 可以 没问题 明白 明白了",
    "知道了 收到 了解 不客气 再见 拜拜 早上好 晚上好 晚安 对 对的 是的 没错 太好了 完美 辛苦了 了 啊 呀 吧 啦 嘛",
    # Japanese
    "こんにちは こんばんは おはよう おはようございます ありがとう ありがとうございます ありがとうございました どうも",
    "よろしく よろしくお願いします よろしくお願いいたします はい いいえ ええ うん 了解 了解です 了解しました",
    "わかりました 分かりました 承知しました かしこまりました さようなら またね お疲れ様です お疲れ様でした すみません",
    "大丈夫 大丈夫です なるほど いいですね いいね 完璧 完璧です 素晴らしい 助かります 助かりました オッケー",
    # Korean
    "안녕하세요 안녕 감사합니다 감사해요 고맙습니다 고마워요 고마워 네 예 아니요 아뇨 좋아요 좋습니다 알겠습니다",
    "알겠어요 알았어 그래요 수고하셨습니다 수고하세요 천만에요 잘_가요 또_봐요 완벽해요 최고 오케이 넵 괜찮아요",
    # Russian
    "привет здравствуй здравствуйте добрый_день добрый_вечер доброе_утро спасибо спасибо_большое большое_спасибо",
    "благодарю пожалуйста пока до_свидания хорошо ладно да нет ок окей понятно понял поняла ясно отлично супер",
    "класс круто договорились согласен согласна конечно угу ага всё_понятно я_понял я_поняла",
    # Arabic
    "مرحبا مرحباً أهلا أهلاً اهلا السلام_عليكم وعليكم_السلام شكرا شكراً شكرا_جزيلا شكراً_جزيلاً مع_السلامة",
    "إلى_اللقاء حسنا حسناً نعم لا تمام ممتاز رائع صباح_الخير مساء_الخير عفوا عفواً فهمت واضح طيب أكيد بالتأكيد",
)
_WORLD_CHATTER = _acks(_words(*_WORLD_ACKS))
_WORLD_CONFIRM = _c(  # words of spaced scripts must end there; Chinese and Japanese have no spaces to end on
    r"^(?:(?:yes|ok(?:ay)?|sure|sì|sí|si|sim|oui|ja|da|tak|evet|ναι|כן|हाँ|vâng|네|예|좋아요|좋습니다|그렇게 해|"
    r"да|давай|давайте|хорошо|ладно|согласен|согласна|نعم|أجل|حسنا|تمام|موافق)(?![\w'])"
    r"|好的|好|可以|行|没问题|对|是的|就这么办|同意|はい|ええ|お願いします|そうしましょう|了解)"
)
_QUESTION_MARKS = ("?", "？", "؟", "\u037e")  # ASCII, full-width (CJK), Arabic, Greek
_CLOSERS = " \t\n\"'”’」』)）]"


def ends_as_question(sentence: str) -> bool:
    """True when ``sentence`` ends on a question mark (ASCII, full-width, Arabic or Greek), closing quotes and
    brackets after it allowed ("Why?", "为什么？", "لماذا؟", "「本当？」")."""
    return sentence.rstrip(_CLOSERS).endswith(_QUESTION_MARKS)


_LEADING_GREETING = _c(  # "你好，…", "Привет, …": a greeting in front of a statement
    r"^(?:hi|hello|hey|你好|您好|嗨|こんにちは|こんばんは|おはようございます|안녕하세요|привет|здравствуйте|"
    r"مرحبا|مرحباً|أهلا|السلام عليكم)[\s,，、!！.。:：]+"
)

CUES["zh"] = Cues(
    chatter=_WORLD_CHATTER,
    offer=_c(r"^(?:需要我|要不要我|我可以(?:帮你|再|也)|如果你需要|如果需要|希望(?:这|对你)|以下是|这是|我已经|我来)"),
    request=_c(
        r"^(?!.*(?:总是|始终|一定要|务必|永远|每次))(?:.*(?:请你?|麻烦你?)(?:帮|给|写|告诉|解释|检查|看|生成|翻译|列出|推荐)"
        r"|帮我|给我|你能|你可以|能不能|可不可以|能帮|可以帮)"
    ),
    confirm=_WORLD_CONFIRM,
    dangling=_c(r"^(?:它|它们|他们|她们|他|她|这是|那是|这就是|这些是|那些是)"),  # not "这个项目": that names it
    task=_c(
        r"待办|提醒我|记得要|别忘了|截止|最后期限|todo|之前(?:完成|做完|提交|修复|上线)|"
        r"(?:我|我们)(?:还)?(?:需要|得|要)(?:在|把|去|先)"
    ),
    decision=_c(
        r"决定|定了|选择了|选用|改用|换成|切换到|迁移到|从现在起|以后(?:都|一律)|今后|不再用|放弃|采用|而不是|代替|取代"
    ),
    instruction=_c(r"总是|始终|一定要|必须|务必|永远不要|不要|别再|禁止|规定|规则|约定"),
    preference=_c(r"喜欢|偏好|宁愿|宁可|讨厌|倾向于|最爱"),
    event=_c(
        r"[0-9０-９一二三四五六七八九十]+月|星期[一二三四五六日天]|周[一二三四五六日]|昨天|上周|下周|明年|去年|上线|发布|推出|启动|20\d\d年"
    ),
    fact=_ANY,
    task_label="任务",
    filler=_LEADING_GREETING,
    question=_c(r"(?:吗|呢|么)[\s。.!！]*$"),
    declarative=True,
)
CUES["ja"] = Cues(
    chatter=_WORLD_CHATTER,
    offer=_c(
        r"^(?:何か他に|他に何か|必要であれば|ご希望であれば|以下(?:は|が)|こちらが|更新しました|追加しました|修正しました)"
    ),
    request=_c(
        r"^(?!.*(?:必ず|常に|いつも|絶対|決して|しないでください))"
        r".*(?:てください|て下さい|てくれ|てもらえ|ていただけ|教えて|見せて|書いて|確認して|直して|お願いできますか)"
    ),
    confirm=_WORLD_CONFIRM,
    dangling=_c(r"^(?:それ|これ|あれ|彼|彼女|彼ら)(?:は|が|も|を)"),  # not "この…" / "その…": those name it
    task=_c(
        r"todo|やること|タスク|締め切り|締切|期限|までに|リマインド|忘れずに|しなければ|しないといけない|する必要があ"
    ),
    decision=_c(
        r"決めました|決定|決まりました|にしました|に決め|に変更|に切り替え|に移行|採用|の代わりに|ではなく|今後は|これからは|やめました"
    ),
    instruction=_c(r"必ず|常に|いつも|絶対に|決して|しないでください|禁止|ルール|規約"),
    preference=_c(r"好き|好みます|好む|嫌い|苦手|のほうがいい|の方がいい|派です"),
    event=_c(
        r"[0-9０-９]+月|[0-9０-９]+日|月曜|火曜|水曜|木曜|金曜|土曜|日曜|昨日|先週|来週|来月|去年|来年|リリース|公開|開始"
    ),
    fact=_ANY,
    task_label="タスク",
    filler=_LEADING_GREETING,
    question=_c(r"(?:ですか|ますか|でしょうか|かな|か)[\s。.!！]*$"),
    declarative=True,
)
CUES["ko"] = Cues(
    chatter=_WORLD_CHATTER,
    offer=_c(r"^(?:더 필요하신|필요하시면|원하시면|다음은|여기 있습니다|업데이트했습니다|추가했습니다|수정했습니다)"),
    request=_c(
        r"^(?!.*(?:항상|반드시|절대|꼭))"
        r".*(?:해 주세요|해주세요|주세요|줄래|줄 수 있|알려줘|알려 주세요|보여줘|써 줘|써줘|도와줘|도와주세요|부탁)"
    ),
    confirm=_WORLD_CONFIRM,
    dangling=_c(r"^(?:그것|이것|그건|이건|그게|이게|그는|그녀는|그들은)"),
    task=_c(r"할 일|todo|마감|까지|해야 합니다|해야 해요|해야 한다|해야 돼|잊지 말고|리마인드"),
    decision=_c(
        r"결정|정했|하기로 했|로 바꿨|으로 바꿨|로 변경|으로 변경|로 전환|으로 전환|로 이전|대신|앞으로는|이제부터|채택"
    ),
    instruction=_c(r"항상|반드시|절대|꼭|하지 마세요|하지 마|금지|규칙|규약"),
    preference=_c(r"좋아합니다|좋아해요|좋아해|선호|싫어|더 좋|편해요"),
    event=_c(
        r"\d+월|\d+일|월요일|화요일|수요일|목요일|금요일|토요일|일요일|어제|지난주|다음 주|다음주|내년|작년|출시|릴리스"
    ),
    fact=_ANY,
    task_label="할 일",
    filler=_LEADING_GREETING,
    declarative=True,
    min_words=3,  # Korean words carry their particles ("데이터베이스는"): fewer, longer words
)
CUES["ru"] = Cues(
    chatter=_WORLD_CHATTER,
    offer=_c(
        r"^(?:хотите|хочешь|могу также|если нужно|вот (?:код|пример|обновл)|я (?:обновил|добавил|изменил|исправил))"
    ),
    request=_c(
        r"^(?:можешь|можете|могли бы|помоги|помогите|подскажи|подскажите|напиши|напишите|покажи|покажите|"
        r"объясни|объясните|проверь|проверьте|сделай|сделайте)\b"
    ),
    confirm=_WORLD_CONFIRM,
    dangling=_c(r"^(?:это|он|она|оно|они)\b"),
    task=_c(
        r"\b(?:нужно|надо|необходимо|не забыть|напомни|до (?:понедельника|вторника|среды|четверга|пятницы|завтра)|"
        r"дедлайн|задача)\b"
    ),
    decision=_c(
        r"\b(?:решили|решение|решено|выбрали|перешли на|переходим на|переехали на|вместо|отныне|с этого момента|"
        r"отказались от)\b"
    ),
    instruction=_c(r"\b(?:всегда|никогда|обязательно|должен|должна|должны|нельзя|правило|соглашение)\b"),
    preference=_c(r"\b(?:предпочитаю|предпочитаем|люблю|нравится|ненавижу|больше нравится)\b"),
    event=_c(
        r"\b(?:январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр|понедельник|вторник|"
        r"сред[ау]|четверг|пятниц|суббот|воскресень)\w*|\b(?:вчера|на прошлой неделе|на следующей неделе|"
        r"20\d\d|релиз|выпустили|запустили)\b"
    ),
    fact=_ANY,
    task_label="Задача",
    filler=_LEADING_GREETING,
    declarative=True,
)
CUES["ar"] = Cues(
    chatter=_WORLD_CHATTER,
    offer=_c(r"^(?:هل تريد|هل تود|يمكنني أيضا|إذا احتجت|إليك|هذا هو|لقد (?:قمت|أضفت|حدثت))"),
    request=_c(r"^(?:هل يمكنك|هل تستطيع|من فضلك|ساعدني|اكتب لي|أرني|اشرح|أعطني|ممكن)"),
    confirm=_WORLD_CONFIRM,
    dangling=_c(r"^(?:هو|هي|هذا|هذه|ذلك|تلك|هم)\b"),
    task=_c(r"علي أن|علينا أن|أحتاج إلى|نحتاج إلى|ذكرني|الموعد النهائي|قبل يوم|بحلول|مهمة"),
    decision=_c(r"قررنا|قررت|القرار|اخترنا|انتقلنا إلى|سننتقل إلى|بدلا من|بدلاً من|من الآن فصاعدا|اعتمدنا|تخلينا عن"),
    instruction=_c(r"دائما|دائماً|أبدا|أبداً|يجب|لا تستخدم|ممنوع"),  # not "قاعدة": a rule, but also "قاعدة بيانات"
    preference=_c(r"أفضل|أحب|لا أحب|أكره|يعجبني|لا يعجبني"),
    event=_c(
        r"يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر|اثنين|ثلاثاء|أربعاء|"
        r"خميس|جمعة|سبت|الأحد|أمس|الأسبوع الماضي|الأسبوع القادم|20\d\d|أطلقنا|إطلاق"
    ),
    fact=_ANY,
    task_label="مهمة",
    filler=_LEADING_GREETING,
    declarative=True,
    min_words=3,  # Arabic attaches articles and prepositions to the word ("لقاعدة")
)
GENERIC = Cues(  # any other language: greetings, thanks and acknowledgements of many languages are the noise
    chatter=_WORLD_CHATTER,
    offer=_NEVER,
    request=_NEVER,
    confirm=_WORLD_CONFIRM,
    dangling=_NEVER,
    task=_c(r"\btodo\b"),
    decision=_NEVER,
    instruction=_NEVER,
    preference=_NEVER,
    event=_NEVER,
    fact=_ANY,
    filler=_LEADING_GREETING,
    declarative=True,
)
CUES["el"] = replace(GENERIC, question=_c(r"[;\u037e]\s*$"))  # Greek writes its question mark as ";"


_INTERJECTION = r"(?:(?:oh|ah|um|uh|hmm|sorry|oops|ok|okay|so|and|also|quick|one more thing|pardon|désolée?|perdón|entschuldigung|sorry)[\s,.!;:—–-]+)*"
_SEP = r"[\s,.!;:：，、。—–-]+"
_CORRECTION = _c(  # said to correct what came before; the rest of the sentence is the corrected statement
    rf"^{_INTERJECTION}(?:"
    r"(?:(?:a |one )?(?:small|quick|minor|slight|tiny|kleine|kurze|petite|pequeña|piccola|pequena|небольшая)\s+)?"
    r"(?:correction|corrected|update|erratum|edit|korrektur|berichtigung|nachtrag|rectification|mise à jour|"
    r"corrección|actualización|correzione|correção|atualização|поправка|исправление|уточнение|تصحيح|تعديل)"
    r"\s*[:：,，—–-]"
    r"|(?:to correct (?:myself|that|what i said)|let me correct (?:myself|that)|i was wrong(?: about that)?|"
    r"i misspoke|i mistyped|i mixed (?:that|those|it|them) up|i got (?:that|it) wrong|i had (?:that|it) wrong|"
    r"my (?:mistake|bad)|scratch that|strike that|ignore (?:that|what i said)|"
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
_TENTATIVE_CORRECTION = _c(  # corrects only when the rest contrasts with something ("actually, X, not Y")
    rf"^{_INTERJECTION}(?:actually|in fact|eigentlich|tatsächlich|en fait|en realidad|de hecho|in realtà|"
    r"na verdade|на самом деле|вообще-то|في الواقع|في الحقيقة)"
    rf"{_SEP}"
    r"|^(?:其实|实际上|事实上|実は|実際は|実際には|사실은|실은)[\s,.!;:：，、。—–-]*"
)
_CONTRAST = _c(
    r"\b(?:not|no|no longer|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|instead|rather than|nicht|kein\w*|"
    r"statt|anstatt|pas|plus|au lieu|ya no|en (?:lugar|vez)|non|invece|não|em vez|не|больше не|вместо|ليس|"
    r"ليست|لم|بدلا|بدلاً)\b|不是|而不是|而是|并非|不再|ではなく|じゃなく|ではありません|じゃない|가 아니|이 아니|아니라|대신|아닙니다"
)


def correction_body(sentence: str) -> str | None:
    """The corrected statement when ``sentence`` corrects something said before, else None.

    A correction opens on a marker ("Correction:", "I was wrong,", "scratch that", "wait, no,", "update:",
    "Korrektur:", "je me suis trompé", "更正：", "訂正：", "Поправка:" ...); the body is what follows it. A
    tentative marker ("actually", "en fait", "其实", "на самом деле" ...) corrects only when the body also
    contrasts ("actually, it is X, not Y"); otherwise it is filler and None is returned. A marker with nothing
    after it is not a correction of anything (None).
    """
    match = _CORRECTION.match(sentence) or _TENTATIVE_CORRECTION.match(sentence)
    if match is None:
        return None
    body = sentence[match.end() :].strip()
    if not body or (match.re is _TENTATIVE_CORRECTION and not _CONTRAST.search(body)):
        return None
    return body


def cues_for(language: str) -> Cues:
    """The cue set of a language (ISO 639-1), ``GENERIC`` for a language without one."""
    return CUES.get(language, GENERIC)


# common function words of Latin-script languages: the language guess, and words that never name a subject
LANGUAGE_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        [
            "the",
            "and",
            "is",
            "are",
            "we",
            "i",
            "you",
            "to",
            "of",
            "it",
            "that",
            "this",
            "for",
            "with",
            "not",
            "be",
            "have",
            "do",
            "our",
            "my",
        ]
    ),
    "de": frozenset(
        [
            "der",
            "die",
            "das",
            "und",
            "ist",
            "sind",
            "wir",
            "ich",
            "du",
            "nicht",
            "ein",
            "eine",
            "zu",
            "mit",
            "für",
            "auf",
            "unser",
            "mein",
            "es",
        ]
    ),
    "fr": frozenset(
        [
            "le",
            "la",
            "les",
            "et",
            "est",
            "sont",
            "nous",
            "je",
            "vous",
            "pas",
            "un",
            "une",
            "des",
            "pour",
            "avec",
            "sur",
            "notre",
            "mon",
            "ce",
        ]
    ),
    "es": frozenset(
        [
            "el",
            "la",
            "los",
            "las",
            "y",
            "es",
            "son",
            "nosotros",
            "yo",
            "tú",
            "no",
            "un",
            "una",
            "para",
            "con",
            "en",
            "nuestro",
            "mi",
            "que",
        ]
    ),
    # Latin-script languages without a cue set (they get GENERIC): told apart so that their text is not read
    # with another language's cues
    "it": frozenset(
        [
            "il",
            "lo",
            "di",
            "che",
            "è",
            "e",
            "per",
            "non",
            "un",
            "una",
            "sono",
            "mi",
            "ho",
            "con",
            "del",
            "della",
            "gli",
            "le",
            "questo",
            "nostro",
            "mio",
        ]
    ),
    "pt": frozenset(
        [
            "o",
            "os",
            "de",
            "que",
            "é",
            "e",
            "para",
            "não",
            "um",
            "uma",
            "são",
            "eu",
            "com",
            "do",
            "da",
            "em",
            "nós",
            "nosso",
            "meu",
            "isso",
        ]
    ),
    "nl": frozenset(
        [
            "de",
            "het",
            "een",
            "en",
            "is",
            "zijn",
            "wij",
            "ik",
            "je",
            "niet",
            "van",
            "voor",
            "met",
            "op",
            "dat",
            "dit",
            "ons",
            "onze",
            "mijn",
        ]
    ),
}


def detect_language(text: str) -> str:
    """ISO 639-1 code of the language of ``text``: from its script when that tells (script.script_language:
    ``zh``, ``ja``, ``ko``, ``ru``, ``ar``, ...), else the Latin-script language whose common function words
    occur most in the first ``SAMPLE_CHARS`` characters (``en`` on a tie or none)."""
    by_script = script_language(text)
    if by_script is not None:
        return by_script
    words = re.findall(r"[\w']+", text[:SAMPLE_CHARS].lower())[:2000]
    counts = {lang: sum(1 for w in words if w in vocab) for lang, vocab in LANGUAGE_WORDS.items()}
    best = max(counts, key=lambda lang: (counts[lang], lang == "en"))
    return best if counts[best] > 0 else "en"
