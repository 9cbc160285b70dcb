"""Durable statements about a part of the user's setup (issue 27 points 2 and 5), the part of the offline
path's precision-first gate (``distill/durable.py``) that says what *is* kept without a cue: a statement that
gives a part of the setup a value ("the billing worker reads from payments.events"), where a producer's output
goes ("the exporter dumps its results into s3://..."), and a standing operational rule ("page #oncall when the
ledger stalls"). English; other languages keep their cue lists. Every pattern is an alternation of literals
without nested quantifiers, matched once per sentence: linear in its length.
"""

from __future__ import annotations

import re

from contextlamp.distill.perspective import IRREGULAR_PAST
from contextlamp.distill.script import word_count

# -- a statement that gives a part of the setup a value ------------------------------------------------------------

# a present-tense verb that relates a thing of the user's setup to a value: where it lives, what it reads or
# writes, who owns it, what it listens on, how long it waits (English; other languages keep their cue lists)
_RELATION = (
    r"(?:lives?|sits?|runs?|reads?|writes?|consumes?|publishes?|listens?|points?|goes|go|belongs?|stores?|"
    r"loads?|pulls?|pushes?|sends?|talks?|speaks?|connects?|calls?|depends?|owns?|maintains?|leads?|handles?|"
    r"serves?|hosts?|routes?|expires?|rotates?|retries|deploys?|lands?|logs?|emits?|posts?|syncs?|mounts?|"
    r"binds?|exposes?|caches?|times out|waits?|triggers?|polls?|subscribes?|forwards?|streams?|reports?|"
    r"defaults?|gets?|receives?|keeps?|records?|uses?|needs?|requires?|takes?|costs?|has|have|took over|comes? from|"
    r"leans? (?:heavily |mostly )?on|rel(?:ies|y) on|draws?|hooks? into|(?:time)?stamps?|"  # what it builds on
    r"looks? after|reviews|approves|gives? up after|starts?|begins?|kicks? off|fires?|"  # keeper, stop, start
    r"hangs? (?:out|around)|"  # "the X folks hang out in #c": where the people of a part are found
    r"(?:handed|hands|passed|passes|gave|gives|transferred|transfers|reassigned|inherited|inherits)(?= )|"
    r"(?:is|are) (?:maintained|owned|run|managed|hosted|stored|kept|configured|deployed|built|written|served|"
    r"handled|reviewed|set|pinned|scheduled|located|mounted|exposed|cached|backed up|triggered|routed|sent|"
    r"published|written|signed|approved|fed|sourced|populated|supplied|supported|provided|serviced|gated|guarded|"
    r"controlled|toggled|announced|discussed) "
    r"(?:by|in|at|on|to|from|under|via|through|with|for|off|behind))"
)
# a word of a part's name, possessive too ("the shop's checkout service", "the portal's session store")
_SUBJECT_WORD = r"(?!(?:i|we|you|he|she|they|it|this|that|there|here)\b)[a-z][\w-]*(?:['’]s)?"
_SETUP_SUBJECT = re.compile(  # "the billing worker", "configuration for the payout scheduler", "our CI"
    rf"^(?:(?:the|our|all|every|each|its|their)\s+)?{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?"
    rf"(?:\s+(?:for|of|to|from|in|behind|on)\s+(?:the|our)\s+{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?)?"
    rf"\s+(?:[—–-]\s+)?{_RELATION}\b",  # "the X — listens to V": a dash stands for the subject again
    re.IGNORECASE,
)
_NAMED_SUBJECT = re.compile(  # "Priya owns the billing worker", "Dana Kim maintains our CI"
    rf"^[A-Z][\w'-]+(?:\s[A-Z][\w'-]+)?\s+{_RELATION}\s+(?:the|our|all|every)\s"
)
# who made a part and still looks after it: "Siobhan wrote the letter service and still reviews every change to
# it", "Ade built our CI and maintains it" -- the present relation after "and" makes it lasting
_AUTHORED = re.compile(
    rf"^[A-Z][\w'-]+(?:\s[A-Z][\w'-]+)?\s+(?:wrote|built|designed|created|set up)\s+(?:the|our)\s+"
    rf"{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?\s+and\s+(?:still\s+|also\s+)?"
    r"(?:reviews?|approves?|maintains?|owns?|runs?|looks after|supports?|handles?)\b"
)
# what only matters now: the problem, the output, the code of the moment -- as the head of the subject (the
# word the verb follows: "the error is ...", "the test output shows ..."); a word of the moment that only
# names a part of the setup ("the crash reporter", "the error tracker", "the test runner", "the log shipper")
# is followed by the rest of that part's name, and the statement is about the part
_MOMENT_WORD = (
    r"(?:error|exception|warning|output|log|logs|traceback|stack|test|tests|build|result|results|diff|fix|bug|"
    r"issue|problem|crash|loop|function|method|variable|line|file|snippet|script|command|query|page|screen|"
    r"message|reply|answer|code)"
)
_MOMENT = re.compile(
    rf"^(?:the|this|that|our)?\s*(?:{_MOMENT_WORD}\s+)?{_MOMENT_WORD}"
    r"(?=\s*$|\s*[.,:;!?()]|\s+(?:is|are|was|were|has|have|had|does|do|did|says?|said|shows?|showed|looks?|"
    r"seems?|comes?|came|can|could|should|would|will|won't|must|might|may|isn't|aren't|wasn't|doesn't|didn't|"
    r"of|from|in|on|at|for|with|here|there|above|below|now|again|still|just|only|also)\b|"
    rf"\s+{_RELATION}\b)",
    re.IGNORECASE,
)
# the output, logs or results OF a named part of the setup are no thing of the moment ("Output of the tax
# calculator lands in the s3-vault7 bucket"); of this function, the test or the build they are
_OF_A_PART = re.compile(
    r"^(?:the\s+)?(?:output|outputs|results?|logs?|reports?|exports?|artifacts?)\s+(?:of|from)\s+(?:the|our)\s+"
    r"(?!(?:error|test|tests|build|function|method|script|command|query|code|file|diff|fix|loop|snippet|line)\b)"
    r"[a-z]",
    re.IGNORECASE,
)
# a labelled value of a part of the setup: "Cron for the rate limiter: every 114 minutes", "Owner of the
# billing worker: Priya", "Upstream for the radiology router is sftp://drop.example/in"
_LABELLED = re.compile(  # "the alert that matters for the X is V" too
    rf"^(?:the\s+)?{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,2}}?(?:\s+that\s+(?:matters|counts))?\s+(?:for|of)\s+"
    r"(?:the|our)\s+"
    rf"{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?(?:\s*:|\s+(?:is|are))\s+(?=\S)",
    re.IGNORECASE,
)
_VALUE = re.compile(  # a concrete value: a path, a file name, an identifier, a channel, a number, a name
    r"[\w.~-]*/[\w./-]+|\b\w+\.[a-z]{2,5}\b|\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b|[#@][\w-]+|\d|`[^`]+`|"
    r"\b[A-Z][\w-]*|\b[a-z][\w-]+\.[a-z][\w-]+\b"  # a dotted name: "ops.readonly", "sched.slot_changes"
)
MIN_VALUE_STATEMENT_WORDS = 5
# an operational identifier: where a thing lives or which one it is -- a URL, a path, port@host, a dotted host
# name, a token mixing letters and digits ("KB0010829", "web-04", "R01-HG5567") or a multi-part slug
# ("eng-cfd-lab", "acme_billing"), or a slug named without an article ("bills to chem-kowalczyk"); never a plain
# word, a number or a hyphenated noun of a phrase ("its core-hours")
_IDENTIFIER = re.compile(
    r"[a-z][\w+.-]*://\S|(?<![\w/])~?/[a-z_][\w.-]*|\b[\w.-]+/[\w.-]+/|\b\d+@[\w-]|\b[a-z][\w-]*\.[a-z][\w-]*\.[a-z]"
    r"|\b(?=[a-z_-]*\d)(?=[\d_-]*[a-z])[a-z\d]+(?:[_-][a-z\d]+)*\b|\b[a-z]+(?:[-_][a-z\d]+){2,}\b|\b[a-z]+_[a-z]"
    r"|\b(?:on|to|in|at|from|under|is|are|as|via|into)\s+[a-z]+-[a-z]+\b(?![-/.]\w)"  # a bare slug: "on chem-lab"
    r"|(?<=\s)`[^`\n]{2,80}`",  # a command given as the value: "the X's gate is `make verify`"
    re.IGNORECASE,
)
# any present-tense verb after a part of the setup (a closed list cannot hold "burns its hours on", "expects its
# inputs in"): a copula, a modal and its verb, or a word in -s that is not the subject's own plural
_ANY_VERB = r"(?:is|are|has to \w+|have to \w+|needs? to \w+|must \w+|(?!(?:was|has|does)\b)[a-z]{2,}[^s\W]s)"
_OPEN_SUBJECT = re.compile(
    rf"^(?:(?:the|our|all|every|each)\s+)?{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?"
    rf"(?:\s+(?:for|of|on|in|behind)\s+(?:the|our)\s+{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?)?\s+{_ANY_VERB}\b",
    re.IGNORECASE,
)


# the old value retired first, then the statement of the new one: "#tarmac-it was archived, the X announcements go to
# #winter-ops now", "v1 got decommissioned; the X reads from v2"
_RETIRE = r"(?:archived|retired|deleted|removed|dropped|decommissioned|shut down|turned off|sunset|deprecated)"
_RETIRED_THEN = re.compile(  # or by the people who retired it: "we retired A; the X's alert watches B now"
    rf"^(?:\S{{2,60}}\s+(?:was|got|has been|have been|were)\s+{_RETIRE}|we(?:'ve|\s+have)?\s+{_RETIRE}\s+\S{{2,60}})"
    r"\s*[,;]\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
# what a part is built on, named in lower case: "the X leans on astropy for the maths", "the X relies on libsodium to
# sign", "the Y is written in ocaml". A bare singular word (no article, no plural or -ing form, not a pronoun or a
# word of amount) after a verb of building on something is a name; a common noun there takes an article ("leans
# on the cache") or is a mass word ("relies on caching")
_BUILT_ON = re.compile(
    rf"^(?i:(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?)\s+"
    r"(?:uses|(?:is|are) using|leans (?:heavily |mostly )?on|rel(?:ies|y) on|depends on|pulls in|imports|wraps|vendors|"
    r"(?:is|are) (?:built (?:on|with|around)|written in)|"
    r"(?:serialis|serializ|encod|decod|pars|render|sign|hash|compress|encrypt)es (?:\w+ ){0,2}with)\s+"
    r"(?!(?:it|them|this|that|these|those|everything|nothing|something|anything|all|both|each|one|two|three|"
    r"less|more|much|many|lots|memory|time|disk|luck|magic|whatever|some|any|no|its|their|my|our|your|his|her|"
    r"a|an|the)\b)"
    r"[a-z][a-z0-9]{2,24}(?<!ing)(?<!ly)(?<![^s]s)\b"
    r"(?=\s*$|\s*[.,;:!)(]|\s+(?:for|to|as|under|in|when|because|instead|so|and|but|only|everywhere|now)\b)"
)
# the team's standing practice with a part and a named value: "we tag the X off rel-cobalt", "we build the X from
# the v3 branch" (a present verb: "we tagged ..." and "we built ..." are narration, "we should ..." a plan)
_PRACTICE = re.compile(
    r"^we\s+(?!(?:want|need|should|could|might|may|will|would|can|must|have|had|were|are|did|do|tried|just|"
    rf"{'|'.join(sorted(IRREGULAR_PAST))})\b)"
    rf"[a-z]{{3,}}(?<!ed)\s+(?:the|our)\s+{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?\s+"
    r"(?:off|from|with|on|onto|to|into|via|through|at|in)\s+(?:the\s+)?(?=\S)",
    re.IGNORECASE,
)
# what the team chose for a part, the value named first: "we went with simdjson for the X's json", "we use V for the X"
_CHOSEN = re.compile(
    r"^we(?:'ve| have)?\s+(?:went with|go with|chose|choose|picked|pick|settled on|opted for|use|standardi[sz]ed on)"
    r"\s+[\w.+#/-]+(?:\s+[\w.+#/-]+)?\s+(?:for|in|on)\s+(?:the|our|all|every)\s+[a-z]",
    re.IGNORECASE,
)
# a part, a dash, and its value: "the X — S-band, nothing else is licensed for it" (a colon said as a dash)
_DASHED = re.compile(rf"^(?i:(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?)\s+[—–-]\s+(?=\S)")
# a named part's attribute, in the possessive, given a named value: "the signal bridge's protocol is Modbus TCP", "our
# tariff engine's vendor is Kestrel Controls", "the hub's protocol is EtherNet/IP" (a capitalised name, or a token
# with a slash, an underscore, a dot or a digit, ending the sentence)
_OWN_ATTRIBUTE = re.compile(
    rf"^(?i:(?:the|our)\s+{_SUBJECT_WORD}(?:\s+{_SUBJECT_WORD}){{0,4}}?)['’]s\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}\s+"
    r"(?:is|are)\s+(?:[A-Z][\w/.+-]*|[\w.+-]*[/_.\d][\w/.+-]*)(?:\s+[A-Z][\w/.+-]*){0,2}\s*[.!]?$"
)


# a standing operational rule: whom to page, alert or escalate to, and on what condition ("Page #ops-lynx when
# the tax calculator breaks", "Escalate to @sre-heron if the gateway is down", "If the export fails, alert
# #data"); the condition's subject is a thing of the setup, not the assistant or the moment ("ping me when
# you're done" is a request)
_NOTIFY = (
    r"(?:page|alert|notify|ping|escalate(?: (?:it |this )?to)?|call|wake(?: up)?|loop in|cc|"
    r"post (?:in|to)|message|tell)"
)
_TARGET = (
    r"(?:[#@][\w-]+|(?-i:[A-Z][\w'-]+(?: [A-Z][\w'-]+)?)|the [\w-]+(?: [\w-]+)? (?:team|channel|on-?call|rotation)|"
    r"the (?:duty|on-?call) [\w-]+)"
)
_CONDITION = (
    r"(?:when|whenever|if|once|as soon as)\s+(?!(?:you|u|i|we|it|this|that|they|done|finished|ready)\b)"
    r"(?:the|our|an?y?|its|\w+)\b"
)
_RULE_THEN = re.compile(rf"^{_NOTIFY}\s+{_TARGET}(?:\s+\S+){{0,6}}?\s+{_CONDITION}", re.IGNORECASE)
_RULE_IF = re.compile(rf"^{_CONDITION}[^,;.]{{3,120}}[,;]\s*(?:then\s+)?{_NOTIFY}\s+{_TARGET}", re.IGNORECASE)
# a gate of the team's process: before every merge, push, deploy or release of a part, a command in backticks must
# run or pass ("Before merging anything that touches the leak detector, run `make hil-test`", "before deploying
# the scheduler, always run `just smoke`"); the step is a gerund or "any(thing)", never "this" of the moment
_GATE_STEP = (
    r"before\s+(?:(?:merging|deploying|pushing|releasing|shipping|committing|tagging)\b|"
    r"(?:you\s+)?(?:merge|deploy|push|release|ship|commit|tag)\s+(?:anything|any)\b)"
)
_RULE_GATE = re.compile(
    rf"^(?:always\s+)?{_GATE_STEP}[^,;.`]{{0,100}}[,;]\s*(?:always\s+|please\s+)?"
    r"(?:run|execute|use|make sure|check that|check)\s+(?:that\s+)?`[^`]{2,80}`",
    re.IGNORECASE,
)
# a standing how-to: for anyone who wants to see, reach or check a named part, the way in, with the identifier to
# use ("if you want to watch the X live, tail ops.events.v3 on the bus", "if you need the X's numbers, grep
# depot_metrics in the warehouse"), or where to send people who ask about it; the part is never a thing of the
# moment ("if you want to fix the test, ...")
_RULE_HOWTO = re.compile(
    rf"^(?:if|when(?:ever)?)\s+(?:you|anyone|someone)\s+(?:wants?|needs?|has|have)\s+(?:to\s+[a-z]+\s+)?"
    rf"(?:the|our)\s+(?!{_MOMENT_WORD}\b)[^,;.]{{2,80}}[,;]\s*(?:just\s+)?[a-z]+\s+(?:the\s+)?"
    r"(?:`[^`]{2,80}`|[\w./:-]*[_./\d][\w./:-]*\w)"
    # "quick way to see if the X is alive: curl /status.json on it"
    r"|^(?:the\s+)?(?:quick(?:est)?|easiest|simplest|fastest|best|usual)\s+way\s+to\s+[^:;]{3,80}?\b(?:the|our)\s+"
    rf"(?!{_MOMENT_WORD}\b)[^:;]{{2,80}}:\s*(?:just\s+)?[a-z]+\s+(?:the\s+)?"
    r"(?:`[^`]{2,80}`|[\w./:-]*[_./\d][\w./:-]*\w)"
    # "if anyone asks why the X works that way, point them at V": where to send people with questions about a part
    r"|^(?:if|when(?:ever)?)\s+(?:anyone|someone|somebody|people|users?)\s+asks?\b[^,;]{0,100}?\b(?:the|our)\s+"
    rf"(?!{_MOMENT_WORD}\b)[^,;.]{{2,80}}[,;]\s*(?:just\s+)?(?:point|send|refer|direct)\s+them\s+(?:to|at)\s+"
    r"(?:the\s+)?(?:`[^`]{2,80}`|[\w./:-]*[_./\d][\w./:-]*\w)"
    # "when the X acts up, the first place to look is the V dashboard": where to look first, a named place
    rf"|^(?:if|when(?:ever)?)\s+(?:the|our)\s+(?!{_MOMENT_WORD}\b)[^,;.]{{2,80}},\s*"
    r"(?:the\s+)?(?:first|best|usual)\s+(?:place|thing)\s+to\s+(?:look|check|start)\b[^,;.]{0,40}?\s+is\s+(?:the\s+)?(?:[\w./:#-]*[-_./\d#][\w./:#-]*\w|(?-i:[A-Z])[\w-]+)",
    re.IGNORECASE,
)
# a routing rule: a thing's incidents, alerts or outages and whom they go to ("From now on escalate geocoder
# incidents to @night-owls", "Billing alerts go to #pay-ops", "Matchmaker outages get routed to @duty")
_EVENTS = r"(?:incidents?|alerts?|alarms?|outages?|pages?|errors?|failures?|issues?|tickets?|escalations?)"
# the part itself (or its failures) notifying someone: "The payroll exporter pages #payroll-oncall after the
# third failed retry", "The buoy feed alerts #ocean-ops when a buoy goes quiet", "Failures of the publisher page
# the duty forecaster"
_NOTIFIES = r"(?:pages|alerts|notifies|pings|escalates to|wakes up|page|alert|notify)"
_RULE_SAID_OF = re.compile(
    rf"^(?:(?:the|our)\s+)?(?:{_EVENTS}\s+(?:of|from|in)\s+(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,5}}?"
    rf"\s+(?:(?:now|also|automatically)\s+)?{_NOTIFIES}\s+{_TARGET}",
    re.IGNORECASE,
)
_RULE_ROUTE = re.compile(
    rf"^(?:(?:from now on|going forward|from today|as of now)[,:]?\s+)?(?:{_NOTIFY}\s+)?(?:(?:the|all|any|our)\s+)?"
    rf"{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,5}}?\s+{_EVENTS}\s+(?:(?:now\s+)?(?:go|goes|get|gets|are|is)\s+)?"
    rf"(?:(?:routed|sent|escalated|forwarded|posted|paged)\s+)?(?:to|in)\s+{_TARGET}",
    re.IGNORECASE,
)


# where a thing's output goes: a producer, a verb of writing, sending, dumping or landing, and a destination
# of a recognisable shape -- a URL or bucket URI, a path, a #channel, a dotted table name, or a named bucket,
# table, topic, queue, folder or channel ("The geocoder dumps its results into gs://pelican-archive",
# "Everything the stamper produces is written to /srv/out", "We point the exporter's output at
# warehouse.payroll_rows", "Crash dumps end up in the s3-crash bucket")
_WRITE = (
    r"(?:writes?|wrote|dumps?|drops?|puts?|ships?|spits?|sends?|pushes?|exports?|uploads?|saves?|stores?|"
    r"lands?|ends? up|goes|go|flushes|emits?|publishes|streams?|delivers?|outputs?|copies|archives?|syncs?|"
    r"mirrors?|forwards?|posts?|logs?|persists?|appends?|spools?|deposits?|points?|routes?|pipes?|"
    r"(?:writ|dump|send|push|shipp|export|upload|sav|stor|land|publish|stream|post|logg|sync|pip|rout)ing|"
    r"(?:is|are|get|gets) (?:written|dumped|dropped|put|shipped|sent|pushed|exported|uploaded|saved|stored|"
    r"landed|flushed|emitted|published|streamed|delivered|copied|archived|synced|mirrored|forwarded|posted|"
    r"logged|persisted|appended|spooled|deposited|routed|piped|placed|kept))"
)
_DESTINATION_VALUE = (
    r"(?:[a-z][\w+.-]*://\S+|~?/[\w.-]+(?:/[\w.-]*)*|[\w.-]+/[\w./-]+|[#@][\w-]+|[a-z]\w*\.[a-z_]\w*(?:\.\w+)?\b|"
    r"(?:the\s+)?`?[\w.-]*[\w]`?\s+(?:bucket|table|topic|queue|folder|directory|dataset|channel|share|volume|index|"
    r"stream|sink|inbox|mailbox|sheet|spreadsheet|repo|repository)\b)"
)
_DESTINATION = re.compile(
    rf"^(?:(?:everything|whatever|all|anything)\s+(?:that\s+)?)?(?:(?:the|our|its|their)\s+)?"
    rf"{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,7}}?\s+{_WRITE}\s+(?:[\w'-]+\s+){{0,4}}?"
    rf"(?:to|into|in|at|on|onto|under|inside|towards|over to|out to|off to)\s+{_DESTINATION_VALUE}",
    re.IGNORECASE,
)


_DIRECTED = re.compile(  # "We point the exporter's output at warehouse.rows", "I send the logs to #ops-feed"
    rf"^(?:we|i)\s+(?:now\s+)?(?:point|send|route|ship|write|dump|push|pipe|direct|save|store|export|upload|"
    rf"stream|forward|sync|copy|archive)\w*\s+(?:the|our|its|their|all)\s+(?:[\w'-]+\s+){{0,6}}?"
    rf"(?:to|into|at|in|on|onto|under)\s+{_DESTINATION_VALUE}",
    re.IGNORECASE,
)


# a change of the setup to a concrete value, said by the people who made it: "We bumped the geocoder to v3.4.1",
# "I moved the payout scheduler to deploy/ember.toml", "We rolled the matchmaker back to 2.3.0"
_SET_TO = re.compile(
    rf"^(?:we|i)(?:'ve|’ve)?\s+(?:have\s+)?(?:just\s+|now\s+|since\s+|already\s+)?(?:bumped|upgraded|downgraded|rolled|pinned|moved|migrated|"
    rf"switched|changed|set|raised|lowered|lifted|cut|reduced|increased|shifted|rescheduled|renamed|repointed|"
    rf"redirected|rerouted|relocated|locked|froze|capped|loosened|tightened|relaxed|extended|shortened)\s+(?:the|our)\s+{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?"
    rf"\s+(?:(?:back|down|up|over)\s+)?(?:from\s+\S+\s+)?(?:to|at|onto|into)\s+(?=\S)",
    re.IGNORECASE,
)


# the same change said of the part itself, in the passive or with "got": "The matchmaker was rolled back to
# 2.3.0", "The render farm database got renamed from kraken_prod to sable_core", "The relay's output was
# redirected to #ops-feed", "The exporter has been moved to deploy/b.toml", "The X runbook got rewritten as KB-2"
_CHANGE_PARTICIPLE = (
    r"(?:bumped|upgraded|downgraded|rolled|pinned|moved|migrated|switched|changed|set|raised|lowered|lifted|cut|"
    r"reduced|increased|shifted|rescheduled|renamed|repointed|redirected|rerouted|relocated|locked|frozen|capped|"
    r"reassigned|handed|transferred|ported|rewritten|pointed|sent|routed|consolidated|merged|folded|combined)"
)
_SET_TO_PASSIVE = re.compile(
    rf"^(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+"
    rf"(?:was|were|got|gets|has been|have been|had been|is being|just got)\s+(?:just\s+|now\s+)?"
    rf"{_CHANGE_PARTICIPLE}\s+(?:(?:back|down|up|over)\s+)?(?:from\s+\S+\s+)?(?:to|at|onto|into|in|as)\s+(?=\S)",
    re.IGNORECASE,
)


# the same change said as the part's own move, intransitive: "The leak detector went from DNP3 to Modbus TCP when
# the new RTUs were commissioned", "The exporter moved from deploy/a.toml to deploy/b.toml"; the old value (one to
# three words) named after "from", the new one after "to"
_WENT_FROM = re.compile(
    rf"^(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+(?:has\s+|just\s+)?"
    r"(?:went|moved|switched|migrated|changed|jumped|dropped|grew|rose|fell)\s+(?:over\s+)?from\s+"
    r"(?:\S+\s+){1,3}?to\s+(?=\S)"
    # or the old one given up for the new: "the X dropped A in favour of B for releases"
    rf"|^(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+(?:has\s+)?(?:dropped|ditched|"
    r"abandoned|replaced)\s+(?:\S+\s+){1,3}?in\s+favou?r\s+of\s+(?=\S)",
    re.IGNORECASE,
)


# the part's old value denied and its new one given: "The X isn't on A anymore, it's on B since the refresh",
# "the X aren't in A any more; they're in B"
_NOT_ANYMORE = re.compile(
    rf"^(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+(?:isn't|is not|aren't|are not)\s+"
    r"(?:\S+\s+){1,3}?(?:anymore|any more)\s*[,;—–-]\s*(?:it|they)(?:'s|’s|'re|’re|\s+is|\s+are)\s+(?=\S)",
    re.IGNORECASE,
)


# the part stopped doing something with the old value and does it with a new one: "the X stopped pulling from A
# months ago, it reads B", "the exporter has stopped writing to A; it sends to B"
_STOPPED = re.compile(
    rf"^(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+(?:has\s+|just\s+)?stopped\s+"
    r"[a-z]+ing\b[^,;]{1,80}[,;]\s*(?:it|they)\s+(?:now\s+)?[a-z]+s?\s+(?:(?:from|to|in|on|into|at)\s+)?(?=\S)",
    re.IGNORECASE,
)
# the same with the old and the new place after one preposition: the shape names both as places, so a plain word is
# a value there ("sessions aren't in memcached anymore, they're in redis", "isn't on tin any more; it's on cobalt")
_PLACE_NOT_ANYMORE = re.compile(
    rf"^(?:(?:the|our)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+(?:isn't|is not|aren't|are not)\s+"
    r"(?P<at>in|on|at|under|behind|with|inside)\s+(?:the\s+)?[\w.-]+\s+(?:anymore|any more)\s*[,;—–-]\s*"
    r"(?:it|they)(?:'s|’s|'re|’re|\s+is|\s+are)\s+(?P=at)\s+(?:the\s+)?[\w.-]+",
    re.IGNORECASE,
)
# a person who no longer holds a role for a part and the one who holds it now: "Halvard doesn't approve the X releases
# anymore, Seo-yeon does", "Ana doesn't own the exporter any more; Bo does"
_PERSON_NOT_ANYMORE = re.compile(
    r"^[A-Z][\w'-]+\s+(?:doesn't|does not|doesn’t)\s+(?:approve|sign|own|maintain|review|run|lead|handle|manage|"
    r"look|support|release|deploy|operate)\s+(?:[\w'-]+\s+){1,8}?(?:anymore|any more)\s*[,;—–-]\s*"
    r"[A-Z][\w'-]+\s+does\b"
)


# how long a part's data is kept: "We hold triage records for 3117 days", "Strike data is wiped after 48 hours",
# "We keep the blender's snapshots for 6 months before they are pruned"
_SPAN = (
    r"(?:\d[\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+"
    r"(?:days?|weeks?|months?|years?|hours?|minutes?)"
)
_RETAINED = re.compile(
    rf"^(?:(?:we|i)\s+(?:only\s+)?(?:hold|keep|retain|store|archive|preserve)(?:\s+on\s+to)?\s+(?:[\w'-]+\s+){{1,7}}?for\s+{_SPAN}|"
    rf"(?:(?:the|our|all)\s+)?{_SUBJECT_WORD}(?:[\s']+{_SUBJECT_WORD}){{0,6}}?\s+(?:only\s+)?"
    rf"(?:(?:is|are|gets?|will be)\s+(?:kept|retained|held|stored|archived|purged|deleted|wiped|pruned|dropped|"
    rf"expired|removed|erased)|expires?|holds?(?:\s+on\s+to)?\s+(?:[\w'-]+\s+){{1,4}}?)\s+(?:for|after)\s+{_SPAN})",
    re.IGNORECASE,
)


def states_retention(sentence: str) -> bool:
    """Whether ``sentence`` says how long a part's data is kept: "We hold triage records for 3117 days", "Strike
    data is wiped after 48 hours", "The ingester only holds on to strike data for 48 hours". English only; one
    anchored match with bounded repeats."""
    return _RETAINED.match(sentence.strip()) is not None


def states_new_value(sentence: str) -> bool:
    """Whether ``sentence`` says that a part of the setup was changed to a concrete value, by the people who
    changed it or of the part itself ("We bumped the geocoder to v3.4.1", "The matchmaker was rolled back to
    2.3.0 after the spike", "The render farm database got renamed from kraken_prod to sable_core", "The leak
    detector went from DNP3 to Modbus TCP", "The X isn't on A anymore, it's on B"): a change verb, the part (one
    to seven words), "to"/"at"/"into" and a value after it (or the old value denied, then "it's" and the new).
    Such a sentence states the current value, so its past tense is no narration of something over
    (``durable.is_transient``). English only; linear (anchored matches with bounded repeats, one search)."""
    sentence = sentence.strip()
    for pattern in (_SET_TO, _SET_TO_PASSIVE, _WENT_FROM, _NOT_ANYMORE, _STOPPED):
        match = pattern.match(sentence)
        if match is not None and _VALUE.search(sentence, match.end()) is not None:
            return True
    if _PLACE_NOT_ANYMORE.match(sentence) is not None or _PERSON_NOT_ANYMORE.match(sentence) is not None:
        return True
    retired = _RETIRED_THEN.match(sentence)  # "#old was archived, the X's announcements go to #new now"
    return retired is not None and states_value(retired.group("rest"))


def states_destination(sentence: str) -> bool:
    """Whether ``sentence`` says where a thing's output goes: a producer (one to eight words, or "everything
    the X produces"), a verb of writing, sending, dumping or landing in any tense or the passive ("dumps its
    results into", "is written to", "ends up in", "ships ... off to", "we point the X's output at"), and a
    destination of a recognisable shape (a URL or bucket URI, a path, a #channel or @handle, a dotted table
    name, a named bucket, table, topic, queue, folder or channel). ``states_value`` asks it, after its own
    tests of length and of a subject of the moment. English only; linear (anchored matches with bounded
    repeats)."""
    return _DESTINATION.match(sentence) is not None or _DIRECTED.match(sentence) is not None


def states_rule(sentence: str) -> bool:
    """Whether ``sentence`` is a standing operational rule: a notifying or escalating verb (page, alert,
    notify, ping, escalate to, call, wake up ...), a target (a #channel, an @handle, a capitalised name, "the
    platform team") and a condition whose subject is a thing of the setup, before or after it: "Page #ops-lynx
    when the tax calculator breaks", "Escalate to @sre if the gateway is down", "If the nightly export fails,
    alert #data"; or said of the part itself: "The exporter pages #payroll-oncall after the third failed
    retry"; or a gate of the process: "Before merging anything that touches the X, run `make hil-test`"; or a
    how-to with its identifier: "if you want to watch the X live, tail ops.events.v3 on the bus". "Ping me
    when you're done" is a request of the moment, not a rule. English only; linear
    (anchored matches with bounded repeats)."""
    sentence = sentence.strip()
    rules = (_RULE_THEN, _RULE_IF, _RULE_ROUTE, _RULE_SAID_OF, _RULE_GATE, _RULE_HOWTO)
    return any(rule.match(sentence) is not None for rule in rules)


def states_value(sentence: str) -> bool:
    """Whether ``sentence`` gives a part of the user's setup a concrete value with a present-tense relation:
    a subject of one to five words (optionally "for/of ... the <thing>") or a person's name, a relation verb
    (lives in, reads from, consumes, owns, listens on, times out after, is maintained by ...) and, after the
    verb, a value (a path, a file name, a hyphenated or numbered identifier, a #channel, a number, a
    capitalised name): "Configuration for the payout scheduler lives in deploy/ember.toml", "The search indexer
    consumes from the cedar-loop queue", "The report exporter is maintained by Mateo", "Aiko owns the auth
    gateway". A subject of the moment (the error, the test, the output, this function) never counts, and the
    caller has already left out requests, questions, banter and pastes. English only; linear (one anchored
    match with bounded repeats, one search)."""
    sentence = sentence.strip()
    if word_count(sentence) < MIN_VALUE_STATEMENT_WORDS:
        return False
    if _MOMENT.match(sentence) and not _OF_A_PART.match(sentence):
        return False
    if states_destination(sentence):
        return True
    if states_new_value(sentence) or states_retention(sentence):
        return True
    named = _NAMED_SUBJECT.match(sentence) or _AUTHORED.match(sentence)
    if named is not None:
        return True
    labelled = _LABELLED.match(sentence)
    if labelled is not None and _VALUE.search(sentence, labelled.end()) is not None:
        return True
    match = _SETUP_SUBJECT.match(sentence)
    if match is not None and _VALUE.search(sentence, match.end()) is not None:
        return True
    if _OWN_ATTRIBUTE.match(sentence) or _BUILT_ON.match(sentence) or _CHOSEN.match(sentence):
        return True  # "the X's protocol is EtherNet/IP", "the X leans on astropy for the maths"
    for pattern in (_PRACTICE, _DASHED):  # "we tag the X off rel-cobalt", "the X — S-band, ..."
        match = pattern.match(sentence)
        if match is not None and _VALUE.match(sentence, match.end()) is not None:
            return True
    match = _OPEN_SUBJECT.match(sentence)  # any verb, but then an identifier: "the X runbook is KB0010457"
    return match is not None and _IDENTIFIER.search(sentence, match.end()) is not None
