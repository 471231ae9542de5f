import hashlib


class LoginAuthenticator:
    """Stores users with hashed passwords and checks logins."""

    def __init__(self):
        # username -> hash of the password (never the password itself)
        self.user_credentials = {}

    def _hash_password(self, password):
        """Return a hash of the password (any hashing technique)."""
        # TODO
        pass

    def add_user(self, username, password):
        """Add a new user; False if the user exists or an argument is not a non-empty str."""
        # TODO
        pass

    def authenticate_user(self, username, password):
        """True when the user exists and the password is correct."""
        if username not in self.user_credentials:
            return False
        return self.user_credentials[username] == self._hash_password(password)

    def remove_user(self, username):
        """Delete the user; False if there is no such user."""
        # TODO
        pass

    def change_password(self, username, old_password, new_password):
        """Replace the password if the old one is correct and the new one is valid."""
        # TODO
        pass
