"""Stop 43 (precise13, #28 false refusals): sentences whose value is public, a placeholder, a length rule or a
styled name are storable, while the same slots with a real value stay refused."""

from __future__ import annotations

import pytest

from contextlamp.domain.secret_scan import SecretScanner

SCANNER = SecretScanner()

STORABLE = [
    # a name styled in mathematical letters (a gamertag, a title) is typography, as sub/superscripts are
    "Her gamertag is 𝐍𝐢𝐠𝐡𝐭𝐎𝐰𝐥𝟕𝟕 on Discord.",
    "The poster title is 𝐢𝐏𝐡𝐨𝐧𝐞𝟏𝟓𝐏𝐫𝐨.",
    "Her gamertag is 𝙿𝚒𝚡𝚎𝚕𝟾𝚋𝚒𝚝 on Discord.",
    # a formula with a fraction and a Greek variable
    "The drag force is ½ρv²C_dA.",
    # a DER SubjectPublicKeyInfo in base64 and an IPFS content id are public
    "The public key for webhook verification is MCowBQYDK2VwAyEAxMQDQSwwxP6w37uJ3Rqs3wuPM5nI9NSfvfLhlcfNAag.",
    "The IPFS CID of the star chart is bafybeit2a3bnb7wwrftce2bbesrs4cohy3ho3zpwrqkg5xarspzabp3poh.",
    # a masked value and a value the sentence calls a placeholder
    "GITHUB_TOKEN = 'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is the redacted form in the screenshot.",
    "In the sample config the password is P@ssw0rd (a placeholder); change it before deploying.",
    # a length rule after the credential noun
    "パスワードは12文字以上にしてください。",
    "パスワードは3317文字以上にしてください。",
    "비밀번호는 16자 이상이어야 합니다.",
    "비밀번호는 2041자 이상이어야 합니다.",
    # a Wi-Fi network named with Romanian's naming verb
    "Rețeaua wifi pentru oaspeți se numește Cabinet-Oaspeti-12.",
    # a count of words after a backup-code noun is a length, a path is where credentials are kept
    "A mnemonic seed phrase is 12 or 24 words from the BIP39 list; never store one here.",
    "davfs2 reads credentials from /etc/davfs2/secrets or ~/.davfs2/secrets.",
    # a PEM header that prose follows explains the format
    "Private keys begin with -----BEGIN PRIVATE KEY----- in PEM format.",
    # a WebSocket handshake value is sent in clear text
    "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo= from the RFC example.",
    # a phrase that modifies the noun (a migration between password managers) gives no value
    "Are we moving the lab machine passwords from KeePass to 1Password?",
]

REFUSED = [
    "so the chat filter doesn't eat it, here it is: 𝗣𝘂𝗡𝗼𝗭𝗜𝗵𝗪𝗣𝗫𝗦𝗡𝗵𝘆𝗭𝘆𝗕𝗡𝗯𝗤",
    "my pw 𝐓𝐫𝟎𝐮𝐛𝟒𝐝𝐨𝐫&𝟑",
    "the key is MC4CAQAwBQYDK2VwBCIEIHn1pQ0s3rT8yLx2mZc9vB4kWq7eR1uYj5oP6aS8dF0g",
    "GITHUB_TOKEN = 'ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z0a'",
    "In the config the password is P@ssw0rd-Zk91; change it before deploying.",
    "パスワードは3317です",
    "Rețeaua wifi pentru oaspeți se numește Cabinet, parola este Zk91-lantern-otter.",
    "backup codes: 1234 5678 9012",
    "my password is Zk91/lantern/otter",
    "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----",
    "Here is mine -----BEGIN RSA PRIVATE KEY----- abc",  # one word after the header: a paste cut short
    "password for the NAS Tr0ub4dor&3",
    "camudé la contraseña del sirvidor a tamarind-ndiwo-kalo",
    "hasło do laptopa to teraz qwer3340",
]


@pytest.mark.parametrize("text", STORABLE)
def test_public_placeholder_length_and_styled_names_are_storable(text: str) -> None:
    assert SCANNER.kinds(text) == []


@pytest.mark.parametrize("text", REFUSED)
def test_the_same_slots_with_a_real_value_stay_refused(text: str) -> None:
    assert SCANNER.kinds(text) != []


def test_a_phrase_after_the_noun_that_holds_a_value_is_scrubbed_from_distilled_items() -> None:
    """save_session's path: a value after a prepositional phrase ("do laptopa to teraz …") is still removed."""
    assert SCANNER.scrub("hasło do laptopa to teraz qwer3340").text is None
