"""Issue #28, stop 46 (table18): a credential whose noun and value are apart is refused or redacted, and its
look-alikes stay storable: a column under a credential header, ``(noun value)`` without a colon, a ``$``-led value
that is no reference, a clause between the noun and the colon, the answer to a question about a credential (on
the next line, in the next turn), a token wrapped over lines at any boundary; Stripe object ids are no tokens; an
imported observation is judged as written, whatever the importer puts before it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from contextlamp.app.distilling import redacted_turns
from contextlamp.app.importing import Importer, parts_redacted
from contextlamp.app.service import Caller, MemoryService
from contextlamp.domain.secret_scan import REDACTED, SecretScanner

SCANNER = SecretScanner()

SECRETS = {
    "table with rule line": "| Host | Login | Password |\n|---|---|---|\n| ferry-pos | ops | juwah6r62ff1 |",
    "table without rule line": "| Сервер | Пользователь | Пароль |\n| db-replica-2 | postgres | 7LpZkZo#EN.9d#?I |",
    "table, CJK header": "| 服务器 | 用户 | 密码 |\n| db-replica-2 | postgres | 41243261 |",
    "tab separated": "Server\tBenutzer\tPasswort\ndb1\tapp\twiese-turm-44",
    "aligned on spaces": "Host     Login    Password\ndb1      app      lantern-fern-12",
    "paren": "Log into the billing portal (password 495625205) and download the March invoice.",
    "paren, CJK": "カードのロックが解除された（暗証番号19438）ので、買い物できます。",
    "paren, bare code": "Carte débloquée (code 5750), tu peux payer l'hôtel avec.",
    "dollar-led": "password: $X*ihAy2AA",
    "dollar-led, copula": "The admin password is $+Q01idEDa1",
    "dollar-led assignment": "DB_PASSWORD=$kL9#mq2Zp",
    "clause before colon": "DB password, read it backwards: gnikrowsiht",
    "clause, German": "Kennwort der Fähre, rückwärts geschrieben damit es keiner kopiert: Xq7!mm29Lp",
    "reply on the next line": "Dana: what's the printer password again?\nMe: meadow.7933",
    "reply, Spanish": "—¿Cuál era la contraseña de la impresora?\n—307451",
    "reply on the same line": "「プリンターのパスワードって何だっけ？」「3uap55mkbcだよ」",
    "wrapped, prefix cut": "token (wrapped by my terminal):\nglpat-jL\nsn9mVKt0d\ntkolDKtz4",
    "wrapped AWS key": "AKIAAF\nH9WWTZS\nROTCRT3",
}

ORDINARY = {
    "table of roles": "| Host | Login | Role |\n|---|---|---|\n| nas | admin | owner |\n| ferry-pos | selin | 1 |",
    "password column says where": "| Host | Login | Password |\n|---|---|---|\n| db1 | admin | in the vault |",
    "paren version": "Upgrade the ferry app (version 4.2.2) before Friday.",
    "paren count": "We sold 40 tickets (about 12 more than May).",
    "paren error code": "The kiosk failed (error code 0x4F) twice.",
    "paren where": "Die Zugangsdaten (Passwort im Tresor) liegen bei Tom.",
    # a parenthesis whose last word is a word names no value (a blind replay of breaker45 after the merge):
    "paren compound noun": "We keep all shared passwords in pass (the Unix password manager); Sofia is the admin.",
    "paren where, Russian": "Имя сети Wi-Fi: Dacha-24 (пароль в HashiCorp Vault).",
    "paren where, Japanese": "共有パスワードは全部 pass (the Unix password manager) にあります。",
    "dollar reference": "password: $DB_PASSWORD",
    "dollar braces": "Set the password to ${PGPASSWORD} in the unit file, never inline.",
    "dollar path": "The password is $HOME/.pgpass",
    "clause, no value": "The admin password, as we agreed last week: only Greta keeps it.",
    "reply, no value": "Ines: what was the ferry kiosk password again?\nMe: no idea, ask Tom at the office.",
    "inline question": "The login form has two fields, Username and Password, and a 'Forgot password?' link.",
    "inline question, Hindi": "लॉगिन फ़ॉर्म में दो फ़ील्ड हैं, यूज़रनेम और पासवर्ड, और 'पासवर्ड भूल गए?' लिंक।",
    "stripe invoice": "Stripe customer cus_s5tiGy2ilsWYPT was refunded for invoice in_lepuCCj1YEbHcymJzCUBFK3v.",
    "stripe charge": "Dispute opened against ch_3MtHbELkdIwHu7ixl4OzzPMv, Greta answers it Monday.",
    "file list": "files:\nREADME.md\nsetup.py\npyproject.toml",
    "id list": "invoices:\nin_1MtHbELkdIwHu7ixl4OzzPMv\nch_3MtHbELkdIwHu7ixl4OzzPMv",
}


@pytest.mark.parametrize("text", SECRETS.values(), ids=SECRETS.keys())
def test_credential_apart_from_its_noun_is_refused(text: str) -> None:
    assert SCANNER.kinds(text)


@pytest.mark.parametrize("text", ORDINARY.values(), ids=ORDINARY.keys())
def test_look_alike_stays_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


def test_table_cell_is_redacted_and_the_table_kept() -> None:
    text = "| Host | Login | Password |\n| db1 | app | Xq7!mm29Lp |"
    redacted = SCANNER.redact(text)
    assert "Xq7!mm29Lp" not in redacted and "| db1 | app |" in redacted


def test_wrapped_token_is_removed_whole() -> None:
    text = "token (wrapped by my terminal):\nnpm_QnB3hIuTL\neUlfSQFGKXJQE\nhKEc1zaxeL7zdV"
    redacted = SCANNER.redact(text)
    assert "eUlfSQFGKXJQE" not in redacted and "hKEc1zaxeL7zdV" not in redacted


def test_answer_to_an_earlier_turn_is_redacted() -> None:
    removed: set[str] = set()
    turns = [
        "Il faut configurer la double authentification.",
        "Vous avez sauvegardé les codes de récupération ?",
        "Oui, les voici : 3f0p-5ro8, 7hk2-p0q1, 9zz1-aa2m, k2k2-77ab",
    ]
    out = redacted_turns(SCANNER, turns, removed)
    assert "3f0p-5ro8" not in out[2] and "k2k2-77ab" not in out[2] and REDACTED in out[2]
    assert removed


def test_value_sent_after_its_noun_in_a_turn_of_its_own_is_redacted() -> None:
    turns = ["The staging box is ready. Its password is", "Go on?", "Xrjw*EFw6@8 (sorry, hit enter too early)."]
    out = redacted_turns(SCANNER, turns)
    assert "Xrjw*EFw6@8" not in out[2] and out[1] == "Go on?"


def test_reply_of_words_in_the_next_turn_is_kept() -> None:
    turns = ["How do I reset my password?", "Go to settings, then Security, then click Reset and follow the mail."]
    assert redacted_turns(SCANNER, turns) == turns


@pytest.mark.parametrize(
    "observation",
    [
        "db.internal:5432:orders:svc_billing:nr+HBHddDtbmM39",
        "| host | user | password |\n|---|---|---|\n| db1 | app | Xq7!mm29Lp |",
    ],
)
def test_import_judges_the_observation_as_written(observation: str) -> None:
    content = f"row s0485: {observation}"
    redacted, kinds = parts_redacted(SCANNER, content, (observation,))
    scrubbed = SCANNER.scrub(redacted)
    assert kinds
    assert scrubbed.text is None or ("nr+HBHddDtbmM39" not in scrubbed.text and "Xq7!mm29Lp" not in scrubbed.text)


def test_mcp_memory_import_stores_no_secret_the_observation_holds(
    service: MemoryService, alice: Caller, tmp_path: Path
) -> None:
    observations = [
        "db.internal:5432:orders:svc_billing:nr+HBHddDtbmM39",
        "| host | user | password |\n|---|---|---|\n| db1 | app | Xq7!mm29Lp |",
        "The choir rehearses on Tuesdays in the old school hall.",
    ]
    path = tmp_path / "memory.jsonl"
    entity = {"type": "entity", "name": "row s0485", "entityType": "row", "observations": observations}
    path.write_text(json.dumps(entity) + "\n", encoding="utf-8")
    Importer(service, service.clock).run("mcp-memory", path, alice.principal)
    stored = "\n".join(
        e.content for i in service.list_context(alice, limit=50).items if (e := service.get_entry(alice, i.id))
    )
    assert "choir rehearses" in stored
    assert "nr+HBHddDtbmM39" not in stored and "Xq7!mm29Lp" not in stored
