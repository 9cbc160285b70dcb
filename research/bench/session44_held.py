"""session44's held-out set for save_session (issue 28 item 4): secrets said in passing, and public hex ids.

``python research/bench/session44_held.py gen`` writes ``research/bench/data/session44-held.jsonl`` (seeded,
deterministic; written before any fix, not tuned on): 25 transcripts where a fake credential is said in passing
among durable facts, in forms the breaker44 set does not use (value first in backticks or parentheses, a login
pair with a slash, an inline JSON object, an assistant echo, a 64-hex key named as a private key, secret or seed),
and 25 durable facts that hold public hex (commit hashes, checksums, digests, fingerprints, transaction hashes,
contract addresses) in 7 languages.

``python research/bench/session44_held.py run <tree>`` saves each transcript through the public CLI
``contextlamp session save FILE --personal --json`` of ``<tree>`` (JSON-messages and ``User:`` line forms, a fresh
data directory each) and counts transcripts whose secret value is anywhere in the data directory's bytes (raw or
JSON-escaped, any letter case: a value that opens a sentence comes back capitalised); then saves the public
facts as digests of 5 and counts the facts kept verbatim; and checks both layers agree (``save_context``'s
scanner refuses each secret line, stores each public fact).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import string
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "session44-held.jsonl")
R = random.Random(4444)
AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
WORDS = ["anvil", "birch", "cobalt", "dune", "ember", "flint", "garnet", "heron"]
WORDS += ["indigo", "juniper", "kestrel", "loam", "mica", "nimbus", "onyx", "pewter"]


def rs(n: int, alphabet: str = AN) -> str:
    return "".join(R.choice(alphabet) for _ in range(n))


def pw() -> str:
    return rs(R.randint(12, 16), AN + "!#%*@")


def words() -> str:
    return "-".join(R.choice(WORDS) for _ in range(3)) + str(R.randint(10, 99))


def pin() -> str:
    return str(R.randint(1000, 99999999)).zfill(6)


def generate() -> list[dict]:
    rows: list[dict] = []
    ack = "Noted."

    def sess(text: str, v: str, lang: str = "en", echo: str | None = None) -> None:
        turns = [
            {"role": "user", "text": "Some context about our setup before we continue."},
            {"role": "assistant", "text": "Sure, go ahead."},
            {"role": "user", "text": text.format(v=v)},
            {"role": "assistant", "text": echo.format(v=v) if echo else ack},
            {"role": "user", "text": "We release every second Wednesday and the on-call rotation is weekly."},
        ]
        rows.append({"set": "secret_session", "lang": lang, "line": text.format(v=v), "turns": turns, "secrets": [v]})

    sess("For the record, `{v}` unlocks the staging database (user deploy) on db-stage.internal.", pw())
    sess("The shared mailbox is ops@acme.test and {v} is its password, so do not rotate it before Friday.", words())
    sess("Remember {v}: that is the router admin password, and the router sits in the attic.", pw())
    sess("Our Jenkins runs on port 8081; admin/{v} gets you in.", pw())
    sess("The alarm panel by the back door disarms with {v}; the installer is SecuriTec.", pin())
    sess("Vault unseal passphrase, in case I forget: {v}. Vault runs on vault.internal:8200.", words())
    sess(
        "The VPN pre-shared key is {v} and WireGuard listens on port 51820.",
        pw(),
        echo="Noted: VPN PSK {v}, WireGuard on port 51820.",
    )
    sess("{v} ist das Root-Passwort vom Proxmox-Host; der Host steht im Keller.", pw(), "de")
    sess("Pour info, {v} c'est le code du portail ; on a changé de serrurier en mai.", pin(), "fr")
    sess("We switched the NAS to RAID 6 (admin pw {v}) last weekend.", pw())
    sess("- postgres superuser: postgres / {v}\n- the replica lags about two seconds", pw())
    sess('The backup job logs in with {{"user": "svc_backup", "pass": "{v}"}} and runs at 02:00.', pw())
    sess("The bank's telephone PIN is {v}, and our account manager is Ms. Okoye.", pin())
    sess("Apunta: la clave del wifi de la oficina es {v}, y la impresora está en la sala 3.", words(), "es")
    sess("Il PIN della SIM aziendale è {v}; il contratto scade a marzo.", pin(), "it")
    sess("{v} é a senha do roteador, e o técnico vem na terça.", words(), "pt")
    sess("ghp_{v} is the token the release bot uses; it posts to #releases.", rs(36))
    sess("The deployer wallet's private key is 0x{v}; the deployer targets Arbitrum.", rs(64, HEX))
    sess("The release signing key's secret (ed25519, hex) is {v}, and releases are signed by Kai.", rs(64, HEX))
    sess("The HMAC secret for the webhooks is {v} and webhooks retry five times.", rs(64, HEX))
    sess("Login for the supplier portal is jonas.k with {v}; orders go out on Mondays.", pw())
    sess(
        "Grafana lives at grafana.internal and the admin login is the usual one.",
        pw(),
        echo="So the Grafana password is {v}, I'll use that next time.",
    )
    sess("Use {v} when the Synology asks for the encryption key; the volume is Volume 2.", words())
    sess("I changed the Wi-Fi password to {v} yesterday; the SSID is still Casa-Lima.", words())
    sess("{v} modemin yönetici şifresi; modem salonda duruyor.", pw(), "tr")

    def fact(text: str, lang: str = "en") -> None:
        rows.append({"set": "public_fact", "lang": lang, "text": text})

    h40, h64 = (lambda: rs(40, HEX)), (lambda: rs(64, HEX))
    fact(f"git bisect pointed at {h40()} as the first bad commit.")
    fact(f"The regression was introduced in commit {h40()}, so we pinned the parent.")
    fact(f"We deploy the API image by digest sha256:{h64()}.")
    fact(f"The release tarball's SHA-512 is {rs(128, HEX)}.")
    fact(f"The GPG key fingerprint for releases is {h40().upper()}.")
    fact(f"The refund's transaction hash on Etherscan is 0x{h64()}.")
    fact(f"The token contract address is 0x{h40()}.")
    fact(f"Reverting {h40()} fixed the login loop.")
    fact(f"The ISO checksum (sha256) is {h64()}, check it before flashing.")
    fact(f"The MD5 of last night's backup is {rs(32, HEX)}.")
    fact(f"The merge commit for the payments refactor is {h40()}.")
    fact(f"The torrent's infohash is {h40()}.")
    fact(f"The Git LFS object id is sha256:{h64()}.")
    fact(f"The Bitcoin transaction {h64()} is the customer's refund.")
    fact(f"Cherry-pick {h40()} onto the release branch before Friday.")
    fact(f"The firmware image's SHA-256 digest is {h64().upper()}.")
    fact(f"Der Release-Tag zeigt auf den Commit {h40()}.", "de")
    fact(f"L'empreinte SHA-256 de l'archive est {h64()}.", "fr")
    fact(f"El hash del commit que rompió el build es {h40()}.", "es")
    fact(f"Il checksum SHA-256 del file ISO è {h64()}.", "it")
    fact(f"De commit {h40()} heeft de bug opgelost.", "nl")
    fact(f"リリースのコミットは{h40()}です。", "ja")
    fact(f"O hash SHA-256 do pacote é {h64()}.", "pt")
    fact(f"The block hash {h64()} confirmed our payment.")
    fact(f"The container image digest is {h64()}.")
    return rows


def render(turns: list[dict], form: str) -> str:
    if form == "json":
        return json.dumps([{"role": t["role"], "content": t["text"]} for t in turns], ensure_ascii=False)
    return "\n".join(("User: " if t["role"] == "user" else "Assistant: ") + t["text"] for t in turns)


def save(tree: str, text: str) -> bytes:
    """The data directory's bytes after ``contextlamp session save`` of ``text`` in a fresh home."""
    d = tempfile.mkdtemp(prefix="s44h_")
    try:
        fn = os.path.join(d, "t.txt")
        with open(fn, "w", encoding="utf-8") as f:
            f.write(text)
        env = dict(os.environ, PYTHONPATH=tree + "/src", CONTEXTLAMP_USER="s44", CONTEXTLAMP_HOME=os.path.join(d, "h"))
        env.pop("CONTEXTLAMP_DATABASE_URL", None)
        cmd = [sys.executable, "-m", "contextlamp", "session", "save", fn, "--personal", "--json"]
        subprocess.run(cmd, cwd=d, env=env, capture_output=True, text=True, timeout=600)
        out = b""
        for root, _, files in os.walk(os.path.join(d, "h")):
            for name in files:
                with open(os.path.join(root, name), "rb") as f:
                    out += f.read()
        return out
    finally:
        shutil.rmtree(d, ignore_errors=True)


def run(tree: str) -> None:
    with open(DATA, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    secrets = [r for r in rows if r["set"] == "secret_session"]
    facts = [r for r in rows if r["set"] == "public_fact"]
    sys.path.insert(0, tree + "/src")
    from contextlamp.domain.secret_scan import SecretScanner

    scanner = SecretScanner()
    refused = sum(bool(scanner.kinds(r["line"])) for r in secrets)
    stored = sum(not scanner.kinds(r["text"]) for r in facts)
    leaks = {"json": 0, "lines": 0}
    for r in secrets:
        for form in leaks:
            data = save(tree, render(r["turns"], form))
            v = r["secrets"][0]
            low = data.lower()  # the distiller capitalises a value that opens a sentence ("Nettle-fjord-…")
            if v.lower().encode() in low or json.dumps(v)[1:-1].lower().encode() in low:
                leaks[form] += 1
                print(f"LEAK {form}: {r['line'][:90]}", flush=True)
    kept = 0
    for i in range(0, len(facts), 5):
        group = [f["text"] for f in facts[i : i + 5]]
        data = save(tree, "\n".join("- " + t for t in group))
        for t in group:
            if t.encode() in data:
                kept += 1
            else:
                print(f"DROPPED: {t[:90]}", flush=True)
    print(f"tree {tree}")
    print(f"secret transcripts leaking: json {leaks['json']} / {len(secrets)}, lines {leaks['lines']} / {len(secrets)}")
    print(f"save_context refuses the secret line: {refused} / {len(secrets)}")
    n = len(facts)
    print(f"public hex facts kept by save_session: {kept} / {n}; stored by save_context: {stored} / {n}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["gen"]:
        with open(DATA, "w", encoding="utf-8") as out:
            for row in generate():
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
    else:
        run(sys.argv[2] if sys.argv[1:2] == ["run"] else sys.argv[1])
