"""The full cue sets: English, German, French and Spanish, in which a fact needs a fact cue.

Data only: one ``cue_set`` entry per language, each field a regular expression over the lower-cased sentence
(cue_set.py compiles them; offline._classify applies them). Every pattern is an alternation of literals with
no nested quantifier, so matching is linear in the sentence.
"""

from __future__ import annotations

from contextlamp.distill.cue_set import ACK_TAIL, Cues, cue, cue_set

_EN_FILLER = cue(
    r"^(?:(?:(?:also|and|but|so|oh|ah|btw|by the way|fyi|well|actually|okay|ok|alright|right|just so you know|"
    r"note|remember|for the record|one more thing|oh and|ps|p\.s\.|(?:once )?again|"
    # a restatement's or a hedge's wrapping ("As I said before,", "Just to repeat myself,", "Reminder for you:",
    # "iirc"): said around a statement, never part of it
    r"(?:as|like) (?:i|we) (?:said|mentioned|told you|noted)(?: (?:before|earlier|already|above|last time|previously))?|"
    r"(?:just )?to (?:repeat|reiterate)(?: myself)?|(?:just )?(?:a )?reminder(?: for you)?|"
    r"as far as i know|afaik|iirc|if i remember (?:correctly|right)|pretty sure(?: that)?)"
    r"\s*[,:;-]?\s+)"
    r"|(?:(?:yes|yeah|yep|nah|no|ugh|fine|fair|sure|great|cool|perfect|then|hmm|um|uh)\s*[,:;-]\s*))+"
)

FULL_CUES: dict[str, Cues] = {
    "en": cue_set(
        chatter=(
            r"^(?:hi|hello|hey|yo|good (?:morning|afternoon|evening|night)|thanks?(?: you)?(?: so much| a lot)?|thx|ty|"
            r"cheers|ok(?:ay)?|k|sure|great|cool|nice|awesome|perfect|excellent|amazing|wonderful|got it|"
            r"sounds (?:good|great)|yes|yeah|yep|yup|no|nope|no problem|np|you're welcome|welcome|bye|goodbye|"
            r"see you|talk (?:later|soon)|lol|haha+|hmm+|alright|right|makes sense|will do|i see|understood|"
            r"noted|done|fine|agreed|exactly|indeed|of course|my pleasure|glad to help|happy to help|"
            r"(?:that|this) (?:works|helps|is (?:great|perfect|helpful))|let me (?:check|look|see|think)|"
            r"one (?:sec|second|moment)|brb|hold on|wait)" + ACK_TAIL
        ),
        offer=(
            r"^(?:would you like|do you want|shall i|should i|let me know if|i can also|i could also|"
            r"is there anything|feel free|happy to|i'd be happy|hope (?:this|that) helps|i'll now|"
            r"here(?:'s| is) (?:the|a|an|your)|i've (?:updated|added|changed|created|fixed|removed)|"
            r"i (?:updated|added|changed|created|fixed|ran|removed)|running|let's see|let me)\b"
        ),
        request=(
            r"^(?:(?:can|could|would) you|please (?:help|give|show|tell|find|write|make|check|fix|look|explain|draft)|"
            r"(?:help|give|show|tell|find|draft|suggest|explain|write) (?:me|us)\b|i (?:need|want|would like) (?:you|help)|"
            r"help (?:the user|me|us)|let's (?:look|see|start|check|debug)|today i want to|i want to (?:clean|look|fix|debug|start))"
        ),
        dangling=r"^(?:it|this|that|they|these|those|he|she)\b(?!\s+(?:is|was)\s+(?:important|critical)\b)",
        task=(
            r"\b(?:todo|to-do|to do:|action item|next step|remind me|follow[- ]up|still (?:need|have) to|"
            r"(?:i|we) (?:need|have|want) to (?!be\b)|needs? to be (?:done|fixed|finished|migrated|updated)|"
            r"(?:i|we)(?:'ll| will| am going to|'re going to| are going to| plan to) (?!be\b|use\b|go with\b)|"
            r"by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|end of (?:day|week|month)|"
            r"next week)|deadline|due (?:on|by|date)|don't forget to|task:)"
        ),
        decision=(
            r"\b(?:decided|decision|we'll go with|let's go with|going with|we chose|(?:i|we) picked|settled on|"
            r"agreed (?:on|to)|from now on|switch(?:ed|ing)? (?:from|to|over)|moved (?:from|to)|"
            r"migrated (?:from|to)|instead of|replac(?:e|ed|ing) \w+ with|we'll use|we will use|let's use|"
            r"(?:we|i) (?:dropped|abandoned|deprecated|adopted|rewrote|ported|standardi[sz]ed on)|chose|opted for|"
            # the same, stated as a record of the choice (how a digest or summary puts it)
            r"standardi[sz]e[sd]? on|replaced|replaces \w+|switches (?:to|from)|moves (?:to|from)|no longer|going forward|"
            r"(?:is|are|was|were|has been|have been) (?:raised|lowered|bumped|upgraded|pinned|chosen|adopted|dropped|"
            r"deprecated|replaced|rebuilt|retired|switched|migrated)|pinned to|drops the|not anymore)\b"
        ),
        instruction=(
            r"(?:^(?:always|never|make sure|ensure|remember to|don't|do not|avoid)\b|\b(?:always|never|must(?:n't)?|"
            r"should(?:n't)?|make sure|do not|don't ever|is required|are required|convention|rule is|policy|"
            r"please (?:use|run|keep|avoid|don't|never|always)|"
            # rules stated as a record (digests, summaries): what is allowed, required or the only way
            r"(?:is|are) not allowed|may not|may only|only (?:through|via|from|after|before|with)|is frozen|are frozen|"
            r"needs? (?:a second|an?) (?:approv|review)\w*|fails? (?:when|if)|(?:is|are) told to|"
            r"every \w+ (?:has|gets|needs|uses) its own|no exceptions)\b)"
        ),
        preference=(
            r"\b(?:i (?:prefer|like|love|hate|dislike|enjoy|can't stand|don't like|usually|always|never)|i'd rather|"
            r"(?:my|our) (?:favou?rite|preference|preferred)|prefer(?:s|red)?\b|rather than)"
        ),
        event=(
            r"\b(?:january|february|march|april|(?:in|on|by|until) may|may \d|june|july|august|september|october|november|december|"
            r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|(?<!every )(?<!each )(?:monday|tuesday|wednesday|thursday|"
            r"friday|saturday|sunday)|yesterday|last (?:week|month|year|night)|this (?:half|quarter|week|month|year)|next (?:week|month|"
            r"quarter|year)|q[1-4]|h[12]|20\d\d|launch(?:ed|es)?|released?|shipped|hired|started|began|happened|"
            r"takes place|scheduled|kick-?off|out of scope|in scope)\b"
        ),
        fact=(
            r"\b(?:(?:we|i)(?:'re| are|'m| am)? (?:use|using|run|running|work|working|live|living|have|host|"
            r"deploy|build|ship|own|maintain)|our \w+|my \w+|is (?:on|at|in|called|named|located|hosted|deployed|"
            r"written|built|based)|are (?:on|at|in|called|hosted|deployed|written|built|based)|runs? on|"
            r"uses?|version|port \d+|\d|\b(?:is|are|was|were) (?:a|an|the|our|my)\b|(?:i|we)'ve been|"
            r"born|birthday|allergic|vegetarian|vegan|married|kids?|wife|husband|partner|daughter|son|"
            r"works? (?:at|for|as)|team|budget|customer|account|plan|contract)"
        ),
        task_label="Task",
        capitals_name=True,
        filler=_EN_FILLER,
    ),
    "de": cue_set(
        chatter=(
            r"^(?:hallo|hi|hey|moin|servus|guten (?:morgen|tag|abend)|danke(?: schön| sehr)?|vielen dank|"
            r"ok(?:ay)?|super|toll|prima|klasse|genau|alles klar|passt|gut|sehr gut|ja|nein|gerne|bitte|"
            r"bis (?:dann|später|bald)|tschüss|ciao|verstanden|perfekt|cool|stimmt|richtig|klar)" + ACK_TAIL
        ),
        offer=r"^(?:möchtest du|soll ich|willst du|ich kann auch|lass mich|gib bescheid|hier ist|ich habe)\b",
        request=(
            r"^(?:kannst du|könntest du|bitte (?:hilf|schreib|zeig|gib|mach)|hilf mir|schlag mir|zeig mir|gib mir)\b"
        ),
        # "das"/"diese" before a capitalised word is the article of a noun ("das Backup vom X läuft um 01:52"),
        # not a pronoun pointing back (German nouns are written with a capital)
        dangling=r"^(?:es|er|sie|(?:das|dies|diese[rs]?)\b(?!\s+(?-i:[A-ZÄÖÜ])))\b",
        task=(
            r"\b(?:todo|aufgabe|nächste[rn]? schritt|erinnere mich|bis (?:montag|dienstag|mittwoch|donnerstag|"
            r"freitag|morgen|ende der woche)|deadline|frist|(?:ich|wir) m(?:ü|u)ssen noch|noch erledigen|"
            r"(?:ich|wir) werde[n]? )"
        ),
        decision=(
            r"\b(?:entschieden|entscheidung|beschlossen|ab sofort|ab jetzt|stattdessen|umgestiegen|wechseln zu|"
            r"gewechselt|wir nehmen|wir nutzen ab|haben uns für|festgelegt)"
        ),
        instruction=(
            r"\b(?:immer|niemals|nie|bitte (?:immer|nie|nutze|verwende)|muss|müssen|sollte[n]?|regel|konvention)\b"
        ),
        preference=r"\b(?:ich (?:mag|bevorzuge|liebe|hasse|trinke|esse)|lieber|am liebsten|mein[e]? lieblings)",
        event=(
            r"\b(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|montag|dienstag|mittwoch|donnerstag|freitag|gestern|letzte woche|nächste woche|q[1-4]|20\d\d|aktualisiert|veröffentlicht|gestartet)\b"
        ),
        fact=(
            r"\b(?:wir (?:nutzen|verwenden|haben|arbeiten|hosten)|ich (?:arbeite|wohne|bin|habe)|unser[e]? \w+|"
            r"mein[e]? \w+|läuft auf|heißt|liegt|\d|"
            # who answers for a part and how one signs in to it ("für den X ist Y zuständig", "am X meldet man
            # sich über LDAP an")
            r"zuständig|verantwortlich|meldet man sich)"
        ),
        task_label="Aufgabe",
    ),
    "fr": cue_set(
        chatter=(
            r"^(?:bonjour|salut|bonsoir|coucou|merci(?: beaucoup| bien)?|d'accord|ok(?:ay)?|parfait|super|génial|"
            r"très bien|bien|oui|non|exactement|entendu|compris|de rien|avec plaisir|à bientôt|au revoir|"
            r"bonne (?:journée|soirée)|top|cool|ça marche)" + ACK_TAIL
        ),
        offer=(
            r"^(?:voulez-vous|veux-tu|souhaitez-vous|dois-je|je peux aussi|n'hésitez pas|voici|j'ai (?:mis|ajouté))\b"
        ),
        request=r"^(?:peux-tu|pouvez-vous|pourrais-tu|aide-moi|donne-moi|montre-moi|écris-moi|propose-moi)\b",
        # "c'est X qui valide ...": a cleft names its subject after "c'est" (no pronoun pointing back)
        dangling=r"^(?:il|elle|ils|elles|ça|cela|ceci|c'est(?![^,;.]{1,60}?\bqu(?:i|e)\b))\b",
        task=(
            r"\b(?:à faire|todo|tâche\s*:|prochaine étape|rappelle-moi|d'ici (?:lundi|mardi|mercredi|jeudi|vendredi|demain)|"
            r"avant (?:lundi|mardi|mercredi|jeudi|vendredi|demain)|échéance|deadline|il (?:me|nous) reste à|"
            r"(?:je|nous) devons encore|je vais |nous allons )"
        ),
        decision=(
            r"\b(?:décidé|décision|désormais|dorénavant|à partir de maintenant|au lieu de|on passe à|"
            r"nous passons à|on a choisi|nous avons choisi|on utilisera|nous utiliserons|retenu)"
        ),
        instruction=(r"\b(?:toujours|jamais|il faut|doit|doivent|devrait|règle|convention|merci de (?:toujours|ne))\b"),
        preference=r"\b(?:je préfère|j'aime|j'adore|je déteste|mon (?:plat|café|thé) préféré|ma préférée?)",
        event=(
            r"\b(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|lundi|mardi|mercredi|jeudi|vendredi|hier|semaine dernière|semaine prochaine|t[1-4]|20\d\d|lancé|publié|sorti)\b"
        ),
        fact=(
            r"\b(?:nous utilisons|on utilise|je travaille|j'habite|je suis|notre \w+|nos \w+|mon \w+|ma \w+|"
            r"tourne sur|s'appelle|se trouve|\d)"
        ),
        task_label="Tâche",
        capitals_name=True,
    ),
    "es": cue_set(
        chatter=(
            r"^(?:hola|buenas|buenos días|buenas (?:tardes|noches)|gracias|muchas gracias|vale|ok(?:ay)?|perfecto|"
            r"genial|claro|sí|si|no|de nada|hasta luego|adiós|entendido|bien|muy bien|exacto|estupendo|listo)"
            + ACK_TAIL
        ),
        offer=(
            r"^(?:quieres|quiere|te gustaría|¿quieres|debo|puedo también|avísame|aquí (?:está|tienes)|he (?:añadido|cambiado))\b"
        ),
        request=r"^(?:puedes|podrías|ayúdame|dame|muéstrame|escríbeme|hazme|necesito (?:un|una|que))\b",
        dangling=r"^(?:esto|eso|ello|él|ella|ellos|ellas)\b",
        task=(
            r"\b(?:pendiente|tarea|próximo paso|recuérdame|para el (?:lunes|martes|miércoles|jueves|viernes)|"
            r"antes del (?:lunes|martes|miércoles|jueves|viernes)|mañana|fecha límite|tengo que|tenemos que|"
            r"hay que|voy a |vamos a )"
        ),
        decision=(
            r"\b(?:decidimos|decidido|decisión|a partir de ahora|desde ahora|en lugar de|en vez de|cambiamos a|"
            r"elegimos|optamos por|usaremos)"
        ),
        instruction=r"\b(?:siempre|nunca|debe|deben|debería|regla|convención|por favor (?:usa|no|siempre))\b",
        preference=r"\b(?:prefiero|me gusta|me encanta|odio|no me gusta|mi (?:comida|bebida) favorita)",
        event=(
            r"\b(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|lunes|martes|miércoles|jueves|viernes|ayer|semana pasada|próxima semana|t[1-4]|20\d\d|lanzamos|lanzamiento|publicamos)\b"
        ),
        fact=(r"\b(?:usamos|utilizamos|trabajo|vivo|soy|tengo|nuestr[oa]s? \w+|mis? \w+|corre en|se llama|está en|\d)"),
        task_label="Tarea",
        capitals_name=True,
    ),
}
