import hashlib


def _valid(text):
    return isinstance(text, str) and text != ""


class LoginAuthenticator:
    """Stores users with hashed passwords and checks logins."""

    def __init__(self):
        # username -> hash of the password (never the password itself)
        self.user_credentials = {}

    def _hash_password(self, password):
        """A hash of the password: here SHA-256 of its UTF-8 bytes, in hexadecimal (any hash would do)."""
        return hashlib.sha256(password.encode("utf-8")).hexdigest()

    def add_user(self, username, password):
        """Add a new user; False if the user exists or an argument is not a non-empty str."""
        if not (_valid(username) and _valid(password)) or username in self.user_credentials:
            return False
        self.user_credentials[username] = self._hash_password(password)
        return True

    def authenticate_user(self, username, password):
        """True when the user exists and the password is correct."""
        if not isinstance(password, str) or username not in self.user_credentials:
            return False
        return self.user_credentials[username] == self._hash_password(password)

    def remove_user(self, username):
        """Delete the user; False if there is no such user."""
        if username not in self.user_credentials:
            return False
        del self.user_credentials[username]
        return True

    def change_password(self, username, old_password, new_password):
        """Replace the password if the old one is correct and the new one is valid."""
        if not _valid(new_password) or not self.authenticate_user(username, old_password):
            return False
        self.user_credentials[username] = self._hash_password(new_password)
        return True
