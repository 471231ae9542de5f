from centaur_testlib import basic, corner, edge, eq, true
from solution import LoginAuthenticator


@basic
def test_add_and_authenticate():
    auth = LoginAuthenticator()
    eq(auth.add_user("ada", "s3cret"), True, "add_user")
    eq(auth.authenticate_user("ada", "s3cret"), True, "correct password")
    eq(auth.authenticate_user("ada", "S3cret"), False, "wrong password")


@basic
def test_remove_user():
    auth = LoginAuthenticator()
    auth.add_user("ada", "s3cret")
    auth.add_user("bob", "hunter2")
    eq(auth.remove_user("ada"), True, "remove_user")
    eq(auth.authenticate_user("ada", "s3cret"), False, "removed user logs in")
    eq(auth.authenticate_user("bob", "hunter2"), True, "other user logs in")
    eq(sorted(auth.user_credentials), ["bob"], "remaining users")


@basic
def test_change_password():
    auth = LoginAuthenticator()
    auth.add_user("ada", "s3cret")
    eq(auth.change_password("ada", "s3cret", "new-pass"), True, "change_password")
    eq(auth.authenticate_user("ada", "new-pass"), True, "new password")
    eq(auth.authenticate_user("ada", "s3cret"), False, "old password")


@basic
def test_stored_value_is_a_hash_of_the_password():
    # any hashing technique will do (RealHumanEval's task): the same password gives the same value,
    # other passwords other values, and the password itself is never stored
    auth = LoginAuthenticator()
    auth.add_user("ada", "s3cret")
    stored = auth.user_credentials
    eq(sorted(stored), ["ada"], "users")
    eq(stored["ada"] == auth._hash_password("s3cret"), True, "the stored value is the password's hash")
    eq(stored["ada"] == "s3cret", False, "the password itself is stored")
    eq(auth._hash_password("abc") == auth._hash_password("abc"), True, "the same password hashes the same")
    eq(auth._hash_password("abc") == auth._hash_password("abd"), False, "two passwords hash the same")


@edge
def test_duplicate_user_is_rejected():
    auth = LoginAuthenticator()
    auth.add_user("ada", "first")
    eq(auth.add_user("ada", "second"), False, "second add_user")
    eq(auth.authenticate_user("ada", "first"), True, "original password still works")
    eq(auth.authenticate_user("ada", "second"), False, "rejected password")


@edge
def test_unknown_users():
    auth = LoginAuthenticator()
    eq(auth.authenticate_user("ghost", "boo"), False, "authenticate_user")
    eq(auth.remove_user("ghost"), False, "remove_user")
    eq(auth.change_password("ghost", "boo", "boo2"), False, "change_password")
    eq(auth.user_credentials, {}, "user_credentials")


@edge
def test_wrong_old_password_changes_nothing():
    auth = LoginAuthenticator()
    auth.add_user("ada", "s3cret")
    eq(auth.change_password("ada", "guess", "new-pass"), False, "change_password")
    eq(auth.authenticate_user("ada", "s3cret"), True, "old password still works")
    eq(auth.authenticate_user("ada", "new-pass"), False, "new password")


@edge
def test_invalid_usernames_and_passwords():
    auth = LoginAuthenticator()
    eq(auth.add_user("", "pw"), False, "empty username")
    eq(auth.add_user("ada", ""), False, "empty password")
    eq(auth.add_user(None, "pw"), False, "username None")
    eq(auth.add_user("bob", 1234), False, "password not a string")
    eq(auth.user_credentials, {}, "user_credentials")


@edge
def test_invalid_new_password_is_rejected():
    auth = LoginAuthenticator()
    auth.add_user("ada", "s3cret")
    eq(auth.change_password("ada", "s3cret", ""), False, "empty new password")
    eq(auth.change_password("ada", "s3cret", None), False, "new password None")
    eq(auth.authenticate_user("ada", "s3cret"), True, "old password still works")


@corner
def test_usernames_are_case_sensitive():
    auth = LoginAuthenticator()
    eq(auth.add_user("Ada", "one"), True, "add Ada")
    eq(auth.add_user("ada", "two"), True, "add ada")
    eq(auth.authenticate_user("Ada", "two"), False, "Ada with ada's password")
    eq(auth.authenticate_user("ada", "two"), True, "ada")
    eq(auth.remove_user("ADA"), False, "remove ADA")


@corner
def test_instances_do_not_share_users():
    first = LoginAuthenticator()
    second = LoginAuthenticator()
    first.add_user("ada", "s3cret")
    eq(second.authenticate_user("ada", "s3cret"), False, "user seen by another authenticator")
    eq(second.add_user("ada", "other"), True, "add the same name to another authenticator")
    eq(first.authenticate_user("ada", "s3cret"), True, "first authenticator unchanged")


@corner
def test_remove_then_add_again_and_same_password():
    auth = LoginAuthenticator()
    auth.add_user("ada", "s3cret")
    auth.remove_user("ada")
    eq(auth.remove_user("ada"), False, "second remove_user")
    eq(auth.add_user("ada", "fresh"), True, "add after removal")
    eq(auth.change_password("ada", "fresh", "fresh"), True, "change to the same password")
    eq(auth.authenticate_user("ada", "fresh"), True, "authenticate")


@corner
def test_unicode_and_whitespace_passwords():
    auth = LoginAuthenticator()
    auth.add_user("zoë", "pässwörd ✓")
    auth.add_user("sam", " ")
    eq(auth.user_credentials["zoë"] == auth._hash_password("pässwörd ✓"), True, "hash of a non-ASCII password")
    eq(auth.authenticate_user("zoë", "pässwörd ✓"), True, "non-ASCII password")
    eq(auth.authenticate_user("sam", " "), True, "one-space password")
    eq(auth.authenticate_user("sam", ""), False, "empty password")
    true(all(v not in ("pässwörd ✓", " ") for v in auth.user_credentials.values()), "a plain password is stored")
