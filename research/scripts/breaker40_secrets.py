"""Stop 40's breaker: credentials in wordings nobody listed, through the real Claude Code hooks and through ``contextlamp
save`` (research/notes/breaker-stop40.md, "Credentials"). Each case is one session in a fresh scratch HOME (the
credential turn, then an ordinary fact); reported: whether the value is in the data directory's bytes after the
hooks, whether the next session start injects it, and what ``contextlamp save`` does with the same text.

``python research/scripts/breaker40_secrets.py [CASE...]``
"""

# ruff: noqa: E501  (the cases read best one a line)

from __future__ import annotations

import sys

from breaker40 import Scratch

FACT = "The ledger api listens on port 7311 in staging."
# name: (user turns, the value that must not be stored, assistant replies or None)
CASES: dict[str, tuple[list[str], str, list[str] | None]] = {
    "value-before-noun": (["Kestrel-Ridge-4410 is the new root password for the NAS, fyi"], "Kestrel-Ridge-4410", None),
    "key-emoji-label": (
        ["guest wifi 🔑 OtterMarsh58 (the sticker on the router is out of date)"],
        "OtterMarsh58",
        None,
    ),
    "across-two-turns": (
        ["what's the router admin password again?", "oh right, I remember now: it's Puffin-Harbour-1977"],
        "Puffin-Harbour-1977",
        ["I don't have it stored.", "ok"],
    ),
    "parenthesised-which-uses": (
        ["Log in to the router (user admin, which uses Heron-Quay-5512 to sign in) before changing DNS."],
        "Heron-Quay-5512",
        None,
    ),
    "correction-of-password": (
        ["Correction: the billing db password isn't Fjord-1 anymore, it's Fjord-Glacier-2291"],
        "Fjord-Glacier-2291",
        None,
    ),
    "assistant-reads-it-out": (
        ["can you find the staging admin login in config/staging.yml?"],
        "Walnut-Forge-39",
        ["Found it: the staging admin user is `ops` and its password is `Walnut-Forge-39`."],
    ),
    "lautet-de": (
        ["Das neue Kennwort für die Fritzbox lautet Biber#2210, bitte nicht weitergeben."],
        "Biber#2210",
        None,
    ),
    "pass-label-lines": (
        ["creds for the SFTP drop:\nuser: partner-upload\npass: Ochre-Lantern-61"],
        "Ochre-Lantern-61",
        None,
    ),
    "same-as-x-plus": (
        ["the new Jenkins admin password is the old one with 2026 at the end: Larch!2026"],
        "Larch!2026",
        None,
    ),
    "sign-in-with": (
        ["you can sign in to the staging Grafana with admin and Marigold-Tundra-83"],
        "Marigold-Tundra-83",
        None,
    ),
    "unlocks-with": (["the shared field laptop unlocks with Quokka-Basin-7720"], "Quokka-Basin-7720", None),
    "gate-code-spaced": (["Gate code at the depot changed, it's now 5 9 1 3 then the bell key"], "5 9 1 3", None),
    "markdown-link-userinfo": (
        ["[admin console](https://admin:Tr0ut-Lake-88@console.internal.example) is where the flags live"],
        "Tr0ut-Lake-88",
        None,
    ),
    "kv-in-prose-no-noun": (
        ["for the staging broker use ingest / Cobalt-Sparrow-2291 as the login"],
        "Cobalt-Sparrow-2291",
        None,
    ),
    "pw-abbrev-arrow": (["root pw -> Gannet_Rock_812 on the backup box"], "Gannet_Rock_812", None),
    "secret-set-to": (
        ["I set the webhook secret to 7c1e9b44d0a2f6e83b5d7a1c9e0f4b26 in the Stripe dashboard"],
        "7c1e9b44d0a2f6e83b5d7a1c9e0f4b26",
        None,
    ),
}


def main() -> None:
    chosen = sys.argv[1:] or list(CASES)
    for name in chosen:
        turns, value, replies = CASES[name]
        s = Scratch()
        s.claude([*turns, FACT], replies=[*(replies or ["ok"] * len(turns)), "Noted."])
        on_disk = value.encode() in s.data_bytes()
        context = s.claude(["thanks"])
        injected = value in context
        saved = s.run("save", " ".join(turns[-1:]))
        said = (
            (saved.stdout.strip() or saved.stderr.strip()).splitlines()[0][:90]
            if (saved.stdout or saved.stderr)
            else ""
        )
        print(f"{name:26} hooks_on_disk={on_disk} injected_next_start={injected} | save: {said!r}")


if __name__ == "__main__":
    main()
