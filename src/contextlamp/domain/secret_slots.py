"""The slot layer: a credential stated as one, in any of 20 languages, is a secret whatever its value is made of.

A stated credential is a *credential noun* (password, passphrase, PIN, passcode, backup or recovery codes, a
security answer, an API key, token or secret, in English, German, French, Spanish, Portuguese, Italian, Dutch,
Swedish, Danish/Norwegian, Polish, Czech, Russian/Ukrainian, Turkish, Japanese, Chinese, Korean, Indonesian,
Vietnamese, Arabic and Hindi) followed by its *slot*: a separator (``:``, ``=``, "is", "lautet", "est", "es",
"é", "è", "är", "jest", "—", は, 是, 为, 는/은 …) or a quote, then the value. The noun may be followed by a
prepositional phrase naming what it opens ("the door PIN **for the server room** is 80417", "password **für
den Router**: …"); any other word after the noun makes it a modifier of another noun ("password *policy*:",
"the password *field* must …"), which is prose, never a slot.

The value then counts as a secret whatever it is made of (``amber-otter-lantern-42``, ``80417``, ``sunshine``,
a list of codes), unless it reads as prose about the credential, decided per class by secret_values.py:

- a placeholder (``<password>``, ``${VAR}``, ``***``, ``[secret removed]``);
- a first word that is a function word, a state or a verb in one of the languages ("is **required**", "est
  **obligatoire**", "ist **falsch**", "is **stored** hashed", "is **in** the vault", "is **what** you set"), or
  an English participle, adverb or adjective by its ending (-ed, -ing, -ly, -able, -ible, -ive, -ous);
- a number with a unit ("is 12 characters long", "is six digits");
- a value written in a spaceless script (Han, kana, Hangul: 密码是**必填项**): credentials are typed in ASCII.

Per class: a PIN is 3 to 12 digits (``#``/``*`` allowed); codes are a list holding at least two code-like
tokens (a digit inside) or a seed phrase of 12+ words; a token, key or secret needs 8+ characters shaped like
a credential (secret_shape.accept_stated_token or accept_stated_password) or letters with digits that are not a
version, unit or algorithm name ("the secret is patience" and "the token is RS256-signed" are prose); a
password or a security answer is anything else that is not prose. Every value is bounded (at most a few
hundred characters), so a check costs a bounded time per candidate and the scan stays linear (secret_scan.py).

Every other language of the lexicon (secret_lexicon.py) is read by secret_window.accept_after_noun_window: the words
after a password noun to the end of its clause, the value after ``:`` or a copula, or before a clause-final copula
(Persian, Urdu, Hindi, Marathi, Basque …), whatever it is made of, unless one of its words is a function word of
some language (stopwords-iso) or an English prose word (:func:`accept_stated_words`; docs/secrets.md, "The slot in
every language of the lexicon").

Where each part lives: the nouns and the slot's grammar in secret_grammar.py, the value checks per class in
secret_values.py, the any-language, any-order rules in secret_window.py; this module builds the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from contextlamp.domain.secret_between import between_rules
from contextlamp.domain.secret_changes import accept_changed, change_rules
from contextlamp.domain.secret_codes import code_rules
from contextlamp.domain.secret_glued import glued_rules
from contextlamp.domain.secret_grammar import (
    AFTER_NOUN,
    ANSWER_NOUNS,
    ANSWER_NOUNS_CJK,
    CJK_VALUE,
    CODE_LIST,
    CODES_LEAD,
    CODES_NOUNS,
    CODES_NOUNS_CJK,
    LABELLED,
    MODIFIER,
    PASSWORD_NOUNS,
    PASSWORD_NOUNS_CJK,
    PHRASE,
    PIN_NOUNS,
    PIN_NOUNS_CJK,
    PLAIN,
    QUOTED,
    SEPARATOR,
    SEPARATOR_CJK,
    TOKEN_NOUNS,
    TOKEN_NOUNS_CJK,
    WS,
)
from contextlamp.domain.secret_keyed import keyed_rules
from contextlamp.domain.secret_rules import Rule
from contextlamp.domain.secret_values import (
    accept_answer,
    accept_code_list,
    accept_codes,
    accept_passphrase,
    accept_password,
    accept_pin,
    accept_token,
    accept_unlabelled,
    quoted_check,
)
from contextlamp.domain.secret_window import any_order_rules

CLASSES: tuple[tuple[str, str, str, Callable[[str], bool]], ...] = (
    ("Password", PASSWORD_NOUNS, PASSWORD_NOUNS_CJK, accept_password),
    ("PIN", PIN_NOUNS, PIN_NOUNS_CJK, accept_pin),
    ("Two-Factor Backup Codes", CODES_NOUNS, CODES_NOUNS_CJK, accept_codes),
    ("Security Question Answer", ANSWER_NOUNS, ANSWER_NOUNS_CJK, accept_answer),
    ("Stated Token", TOKEN_NOUNS, TOKEN_NOUNS_CJK, accept_token),
)


def slot_rules() -> tuple[Rule, ...]:
    """The slot layer's rules: per class, a quoted value, a labelled or stated value, and the CJK forms."""
    rules: list[Rule] = []
    for kind, nouns, nouns_cjk, check in CLASSES:
        # the noun (not inside a word), then its modifier
        bare = rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:{nouns})(?:{WS}+(?:{AFTER_NOUN}))?"
        noun = bare + MODIFIER
        value = CODE_LIST if kind == "Two-Factor Backup Codes" else None
        # a refused list is skipped whole (its value runs to the end of the sentence: re-reading it for every
        # noun inside would cost up to 400 characters a candidate)
        resume: Literal["value", "after"] = "after" if value else "value"
        # a quote right after a prepositional phrase is its object ("the password of the 'testuser'"): a value
        # after a phrase needs a separator
        rules.append(Rule(kind, rf"{bare}(?:{MODIFIER}{SEPARATOR}|{WS}*){QUOTED}", quoted_check(check)))
        if value:  # a list after ":", a copula or a lead-in ("backup codes for the Google account 8954… 7866…")
            rules.append(Rule(kind, rf"{noun}{CODES_LEAD}{CODE_LIST}", accept_code_list, "after"))
        else:
            rules.append(Rule(kind, rf"{noun}{WS}*(?::=|=>|->|[:=＝]){WS}*{LABELLED}", check, resume))
            rules.append(Rule(kind, rf"{noun}{SEPARATOR}{PLAIN}", check, resume, peek=True))
        if kind == "Password":  # words after a copula, unquoted: the whole phrase is the value
            rules.append(Rule(kind, rf"{noun}{SEPARATOR}{PHRASE}", accept_passphrase))
        if kind == "PIN":  # digits right after the noun: "gate code 8642#", "PIN 4921"
            rules.append(Rule(kind, rf"{noun}{WS}+([#*]?[0-9]{{3,12}}[#*]?)(?:[^\p{{L}}\p{{N}}]|$)", check))
        rules.append(Rule(kind, rf"(?:{nouns_cjk}){SEPARATOR_CJK}(?:{QUOTED}|{value or CJK_VALUE})", check, resume))
        if kind == "Password":  # Turkish and Russian state a password without a copula: "şifre: x", "пароль x1"
            rules.append(
                Rule(
                    kind,
                    rf"(?i)(?:^|[^\p{{L}}\p{{N}}_])(?:şifre(?:si|m)?|parola(?:sı)?|pin{WS}kodu|kapı{WS}kodu|пароль|пин-код)"
                    rf"(?:{WS}+(?:от|для|к|на){WS}+\p{{Cyrillic}}{{1,30}})?{WS}+"
                    r"([^\s\p{Z}\"'`,;]{3,64})",
                    accept_unlabelled,
                )
            )
    rules += any_order_rules(also=accept_changed)
    rules += glued_rules()
    rules += change_rules()
    rules += between_rules()  # stop 47: words between the noun and its separator
    rules += keyed_rules()  # stop 48: recovery keys, answers and labels in parentheses, any language
    rules += code_rules()  # stop 49: a code after its name and a separator mark, any language
    return tuple(rules)
