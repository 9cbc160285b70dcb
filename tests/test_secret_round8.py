"""#28, round 8: ordinary text of real conversations is not refused, and what it was refused for was a class, not
a sentence: a label or heading that ends in a colon, an HTML attribute, a file or its path after a credential key,
a constant's name, a prepositional object in quotes, an English infinitive after "to", a verb that goes on with a
preposition. Each class has its credential counterpart, still refused: a bold markdown label ("**Password:**
X") and an HTML password field's value are read as the credentials they are. Made-up values (none from the benches)."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

ORDINARY = [
    # a markdown heading or a YAML key after a credential noun: a label, the value (if any) follows it
    "3. **Password hygiene**: rotate the shared ones every quarter.",
    "**Enable password sync**: turn it on in the browser settings.",
    "Parameters:\n  DbPassword:\n    Type: String\n    Description: the database password for the stack\nOutputs:\n"
    "  ClusterEndpoint:\n    Value: !GetAtt Cluster.Endpoint",
    # an HTML form: attribute names after type="password"
    '<label for="pw">Password</label> <input type="password" name="pw" id="pw" autocomplete="off">',
    # a file, or its path, after a credential key
    "export GOOGLE_APPLICATION_CREDENTIALS=/home/mina/keys/loader-sa-4471.json",
    "SERVICE_ACCOUNT_CREDENTIALS = 'orchard-prod-118842-4f2c9ab81d07.json'",
    r"API_TOKEN_FILE = 'D:\secrets\deploy\token-7781.txt'",
    "kubectl create secret generic cache --from-file=password=./cache-pass.txt",
    # a constant's name where a value could stand
    "We moved the token from GITHUB_TOKEN to RELEASE_BOT_TOKEN last week.",
    # a quoted name after a prepositional phrase: whose password, not which
    'Then reset the password of the "deploybot" account from the admin page.',
    # "to" + an infinitive after a credential noun
    "Pick a long master password to guard your vault, and a different password for each site to limit the damage.",
    # a verb that goes on with a preposition
    "The recovery password is split across three sealed envelopes.",
    # a number a few words after "PIN" with no copula or colon stating it
    "The PIN pad on terminal 4471 is broken again.",
    "Raised PIN reset ticket 48213 with the bank.",
    # a value that starts with "%" and is a stand-in: printf, Python's %(name)s, a Windows variable, a template
    'cursor.execute("ALTER USER app PASSWORD %s", (pw,))',
    "set PGPASSFILE=%APPDATA%\\postgresql\\pgpass.conf",
    "DATABASE_PASSWORD = '%(db_password)s'",
    # a Wi-Fi network's name, or a state, after "the wifi is"
    "Guest Wi-Fi: Harbour-5G, ask at the desk for the key.",
    "The wifi at the studio is down again.",
]

SECRETS = [
    ("**Password**: Quartz-Lantern-8812", "Quartz-Lantern-8812"),
    ("- **Guest Wi-Fi password:** plumtreelodge", "plumtreelodge"),
    ("*PIN*: 6604", "6604"),
    ('<input type="password" value="hR7#kq2Lmz">', "hR7#kq2Lmz"),
    ("<input value='Sn0wfall-2231' name='pw' type=password>", "Sn0wfall-2231"),
    ("SERVICE_ACCOUNT_PASSWORD = 'pV9sQ2mX7rT4'", "pV9sQ2mX7rT4"),
    ('The password is "deploybot77".', "deploybot77"),
    ("I set the router password to wovelkarrin yesterday.", "wovelkarrin"),
    ("Hasło do routera to kwiatmorze", "kwiatmorze"),
    ("Mój PIN to 70318", "70318"),
    # a PIN a few words after its noun, stated by a copula, a colon or a clause-final copula, in any word order
    ("Die Geheimzahl meiner Bankkarte ist 40718263", "40718263"),
    ("το PIN της πιστωτικής κάρτας είναι 58302716", "58302716"),
    ("कार्ड का पिन 71920465 है", "71920465"),
    ("PIN of the office alarm: 660291", "660291"),
    # a value that only starts with "%" is a value
    ("sshpass -p '%7QwzLk@e4Rbn' ssh admin@10.0.0.8", "%7QwzLk@e4Rbn"),
    ("curl -u ops:%Tb9x!Lm2Qv -X GET https://metrics.internal/api", "%Tb9x!Lm2Qv"),
    # a random value stated as "the wifi" with no credential noun
    ("the wifi at the studio is Vb8qLz3mT9wK2r, network is Atelier", "Vb8qLz3mT9wK2r"),
    ("The recovery password is velvetmarsh.", "velvetmarsh"),
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_is_not_refused(scanner: SecretScanner, text: str) -> None:
    assert scanner.kinds(text) == []


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_the_credential_beside_each_class_is_still_refused_and_removed(
    scanner: SecretScanner, text: str, secret: str
) -> None:
    assert scanner.kinds(text)
    assert secret not in scanner.redact(text)
