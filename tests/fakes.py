"""Test doubles shared by several test modules."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeEndpoint:
    """A /v1/chat/completions server whose next answer (or HTTP status) the test sets."""

    def __init__(self) -> None:
        self.answer: str = "[]"
        self.status = 200
        self.requests: list[dict[str, Any]] = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                endpoint.requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
                payload = {
                    "id": "x",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": "stop",
                            "message": {"role": "assistant", "content": endpoint.answer},
                        }
                    ],
                }
                data = json.dumps(payload).encode() if endpoint.status == 200 else b'{"error": "boom"}'
                self.send_response(endpoint.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class FakeIssuer:
    """An OpenID Connect provider's signing side: RSA keys, a JWKS endpoint on loopback, and tokens.

    ``rotate()`` starts signing with a new key (``kid``) that the JWKS then lists too, as a provider does.
    """

    def __init__(self, issuer: str = "https://id.example.com", audience: str = "contextlamp") -> None:
        from cryptography.hazmat.primitives.asymmetric import rsa
        from jwt.algorithms import RSAAlgorithm

        self.issuer = issuer
        self.audience = audience
        self._rsa = rsa
        self._to_jwk = RSAAlgorithm.to_jwk
        self.keys: list[tuple[str, Any]] = []
        self.jwks_fetches = 0
        self.rotate()
        issuer_self = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                issuer_self.jwks_fetches += 1
                keys = [
                    {**json.loads(issuer_self._to_jwk(k.public_key())), "kid": kid, "use": "sig", "alg": "RS256"}
                    for kid, k in issuer_self.keys
                ]
                data = json.dumps({"keys": keys}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.jwks_url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks.json"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def rotate(self) -> str:
        """Add a new signing key and sign with it from now on; returns its kid."""
        kid = f"key-{len(self.keys) + 1}"
        self.keys.append((kid, self._rsa.generate_private_key(public_exponent=65537, key_size=2048)))
        return kid

    def token(self, sub: str = "alice", *, key: Any = None, kid: str | None = None, **overrides: Any) -> str:
        """A signed RS256 access token; ``overrides`` replace or (with None) remove claims."""
        import time

        import jwt

        now = int(time.time())
        claims: dict[str, Any] = {"iss": self.issuer, "aud": self.audience, "sub": sub, "iat": now, "exp": now + 600}
        for name, value in overrides.items():
            if value is None:
                claims.pop(name, None)
            else:
                claims[name] = value
        current_kid, current_key = self.keys[-1]
        return jwt.encode(claims, key or current_key, algorithm="RS256", headers={"kid": kid or current_kid})

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
