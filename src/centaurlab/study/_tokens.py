"""Participant tokens that prove themselves: `<participant id>.<nonce>.<signature>`, signed with an
HMAC key kept in the store (`store.shared_secret`), so every server process on the same database
checks a token without a query. A signature only says the token was once issued: whether it is the
participant's current one (a later join replaces it) is `_participants.check_token`'s to say, against
the digest stored with the participant, which the routes read with the participant and the telemetry
writer in its own transaction.

Tokens issued before signing existed (random strings without dots) keep working through the digest
lookup; they simply do not take the query-free path."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading

from .. import store

SECRET_NAME = "participant-tokens"


class StoredKey:
    """An HMAC-SHA256 under a secret kept in the store by name, read once per process: every server
    process signs and checks with the same key without a query per request."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self._key: bytes | None = None
        self._lock = threading.Lock()

    def mac(self, message: str) -> bytes:
        with self._lock:
            if self._key is None:
                with store.session_scope(self.url) as session:
                    self._key = store.shared_secret(session, self.name)
            key = self._key
        return hmac.new(key, message.encode(), hashlib.sha256).digest()


class TokenSigner:
    def __init__(self, url: str) -> None:
        self.url = url
        self._key = StoredKey(url, SECRET_NAME)

    def _sign(self, participant_id: str, nonce: str) -> str:
        mac = self._key.mac(f"{participant_id}.{nonce}")
        return base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")

    def issue(self, participant_id: str) -> str:
        nonce = secrets.token_urlsafe(12)
        return f"{participant_id}.{nonce}.{self._sign(participant_id, nonce)}"

    def verify(self, token: str | None) -> str | None:
        """The participant id the token was issued to, or None when it is not one of ours."""
        if not token or token.count(".") != 2:
            return None
        participant_id, nonce, signature = token.split(".")
        if not participant_id or not nonce:
            return None
        expected = self._sign(participant_id, nonce).encode()
        return participant_id if hmac.compare_digest(signature.encode(), expected) else None
