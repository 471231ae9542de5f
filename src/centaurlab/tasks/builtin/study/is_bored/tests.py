from centaur_testlib import basic, corner, edge, eq
from solution import is_bored


@basic
def test_one_boredom():
    eq(is_bored("The sun is out. I want to swim!"), 1)


@basic
def test_no_boredom():
    eq(is_bored("Hello there. How are you?"), 0)


@basic
def test_all_three_delimiters():
    eq(is_bored("I run. I jump? I swim! You rest."), 3)


@edge
def test_empty_text():
    eq(is_bored(""), 0)


@edge
def test_words_starting_with_capital_i_do_not_count():
    eq(is_bored("Is it raining? It is. Ice is cold."), 0)


@edge
def test_contraction_and_lowercase_do_not_count():
    eq(is_bored("i think so. I'm sure. I, for one, agree"), 0)


@edge
def test_last_sentence_without_delimiter():
    eq(is_bored("We left early. I stayed"), 1)


@edge
def test_i_inside_sentence_does_not_count():
    eq(is_bored("Then I left. Maybe I will return."), 0)


@corner
def test_single_word_sentence():
    eq(is_bored("I. I! I?"), 3)


@corner
def test_whitespace_and_newlines():
    eq(is_bored("  I wake up.\n\tI  eat.\n   \nDone!   I sleep"), 3)


@corner
def test_only_delimiters():
    eq(is_bored("...?!"), 0)


@corner
def test_repeated_delimiters():
    eq(is_bored("Wait... I know!!! Really?? I do"), 2)
