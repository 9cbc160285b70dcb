"""Cue phrases per language for the offline distiller, and a stop-word language guess.

Each cue set is a handful of regular expressions over lower-cased sentences. They name kinds of statement
(decision, instruction, preference, task, fact) and kinds of noise (chatter, offers), never any particular
data set's content. English, German, French and Spanish are covered; other languages use the English set
(cues then mostly miss, so the distiller keeps less rather than keeping noise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


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


def _c(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.UNICODE)


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

_LANGUAGE_WORDS: dict[str, frozenset[str]] = {
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
}


def detect_language(text: str) -> str:
    """ISO 639-1 code of the language whose common function words occur most (``en`` on a tie or none)."""
    words = re.findall(r"[\w']+", text.lower())[:2000]
    counts = {lang: sum(1 for w in words if w in vocab) for lang, vocab in _LANGUAGE_WORDS.items()}
    best = max(counts, key=lambda lang: (counts[lang], lang == "en"))
    return best if counts[best] > 0 else "en"
