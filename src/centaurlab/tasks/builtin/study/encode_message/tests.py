from centaur_testlib import basic, corner, edge, eq
from solution import encode


@basic
def test_single_word():
    eq(encode("Hello"), "hGLLQ")


@basic
def test_with_space_and_punctuation():
    eq(encode("Quiet Day!"), "qWKGT dCY!")


@basic
def test_lowercase_sentence():
    eq(encode("see you soon"), "SGG YQW SQQN")


@edge
def test_empty_string():
    eq(encode(""), "")


@edge
def test_all_vowels_both_cases():
    eq(encode("aeiouAEIOU"), "CGKQWcgkqw")


@edge
def test_no_vowels():
    eq(encode("Rhythm"), "rHYTHM")


@edge
def test_y_is_not_a_vowel():
    eq(encode("yY"), "Yy")


@corner
def test_non_letters_unchanged():
    eq(encode("123 ,.;-_!? \t\n"), "123 ,.;-_!? \t\n")


@corner
def test_mixed_everything():
    eq(encode("Abc XYZ 42, Uo?"), "cBC xyz 42, wQ?")


@corner
def test_length_preserved_on_long_input():
    text = "The Quick Brown Fox " * 50
    out = encode(text)
    eq(len(out), len(text), "length")
    eq(out[:20], "tHG qWKCK bRQWN fQX ")
