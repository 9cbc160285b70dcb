"""A URL whose path carries a hook's secret (vendor52, stop 49, #28): whoever has the URL can post to the hook.

Automation and chat services give an incoming hook as a URL, and the URL is the credential: Zapier catch hooks
(``hooks.zapier.com/hooks/catch/<account>/<code>/``), Make (``hook.<zone>.make.com/<32 characters>``), Slack
and Microsoft Teams incoming webhooks, Netlify build hooks (``/build_hooks/<id>``), Cloudflare Pages deploy hooks
(``/deploy_hooks/<uuid>``), Workato, Relay and many more ("anyone with this URL can trigger the Zap", Zapier's
"Catch Hook" help). No list of vendors can keep up, so the rule is general: an ``http(s)`` URL that names a hook
(a host label ``hook``/``hooks``/``webhook``/``webhooks``, or a path segment such as ``hooks``, ``webhook``,
``build_hooks``, ``deploy_hooks``) and, after that name, a path segment that reads as random (:func:`random_segment`:
a UUID, or 6+ letters and digits mixed with several distinct characters, or 16+ base64url characters of every
class). The whole URL is the value, so redaction removes it and keeps the sentence.

Public look-alikes stay storable: a hook's settings page (``github.com/o/r/settings/hooks/123456789``: an id of
digits), documentation (``docs.github.com/en/webhooks/using-webhooks``: words), a placeholder
(``hooks.slack.com/services/T00000000/B00000000/XXXXXXXX``: too few distinct characters), a host that merely
contains the word (``hookdeck.com/docs``). Keyed on ``hook`` (the rule runs only where the word is); the pattern is
one RE2 character-class run, the check reads each candidate URL once.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from contextlamp.domain.secret_rules import Rule

_HOOK_LABEL = frozenset({"hook", "hooks", "webhook", "webhooks"})
_HOOK_SEGMENT = re.compile(r"(?i)(?:[a-z]{1,20}[_-])?(?:web)?hooks?")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_ALNUM = re.compile(r"[A-Za-z0-9]{6,200}")
_B64URL = re.compile(r"[A-Za-z0-9_-]{16,200}")


def random_segment(segment: str) -> bool:
    """Whether a URL path segment reads as a secret code: a UUID; 6-200 letters and digits with both, and at least
    max(4, a third of its length) distinct characters (``hsdb6m``, 32 random characters; not ``T00000000``, not
    ``v2``, not ``2026``); or 16-200 base64url characters with a capital, a small letter and a digit."""
    if _UUID.fullmatch(segment):
        return True
    letters = any(c.isalpha() for c in segment)
    digits = any(c.isdigit() for c in segment)
    if _ALNUM.fullmatch(segment):
        return letters and digits and len(set(segment.lower())) >= max(4, len(segment) // 3)
    if _B64URL.fullmatch(segment):
        return digits and any(c.isupper() for c in segment) and any(c.islower() for c in segment)
    return False


def hook_url(url: str) -> bool:
    """Whether ``url`` names a hook and carries a random path segment after that name (module docstring)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    segments = [s.rstrip(".,;:!?") for s in parts.path.split("/") if s]
    labels = (parts.hostname or "").split(".")
    if any(label in _HOOK_LABEL for label in labels[:-2]):
        after = segments
    else:
        named = [i for i, s in enumerate(segments) if _HOOK_SEGMENT.fullmatch(s)]
        if not named:
            return False
        after = segments[named[0] + 1 :]
    return any(random_segment(s) for s in after)


HOOK_RULES: tuple[tuple[Rule, tuple[str, ...]], ...] = (
    (
        Rule(
            "Webhook URL",
            r"(?i)\b(https?://[a-z0-9.-]{1,253}(?::[0-9]{1,5})?/(?:[^\s\"'<>`\\|)\]]*[^\s\"'<>`\\|)\].,;:!?])?)",
            hook_url,
            resume="after",
        ),
        ("hook",),
    ),
)
