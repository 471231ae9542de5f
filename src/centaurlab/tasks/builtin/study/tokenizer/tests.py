import random

from centaur_testlib import basic, corner, edge, eq
from solution import Tokenizer


def built(corpus, size=200):
    tok = Tokenizer(max_vocab_size=size)
    tok.build_vocabulary(corpus)
    return tok


@basic
def test_example_from_description():
    tok = built(["the cat sat on the mat", "The dog sat"], 3)
    eq(tok.word_to_id, {"the": 0, "sat": 1, "cat": 2}, "word_to_id")
    eq(tok.get_word_id("Sat"), 1, "get_word_id('Sat')")
    eq(tok.get_word_id("dog"), None, "get_word_id('dog')")
    eq(tok.get_word_by_id(2), "cat", "get_word_by_id(2)")


@basic
def test_ids_follow_decreasing_frequency():
    tok = built(["b a c b a b", "d c b"])
    eq(tok.word_to_id, {"b": 0, "a": 1, "c": 2, "d": 3}, "word_to_id")
    eq(tok.id_to_word, {0: "b", 1: "a", 2: "c", 3: "d"}, "id_to_word")


@basic
def test_size_limit():
    tok = built(["red red red green green blue", "blue blue blue yellow"], 2)
    eq(tok.word_to_id, {"blue": 0, "red": 1}, "word_to_id")
    eq(tok.get_word_by_id(1), "red", "get_word_by_id(1)")
    eq(tok.get_word_id("green"), None, "get_word_id('green')")


@edge
def test_ties_broken_by_first_appearance():
    tok = built(["zeta alpha", "mid zeta alpha mid"])
    eq(tok.word_to_id, {"zeta": 0, "alpha": 1, "mid": 2}, "word_to_id")


@edge
def test_tie_at_the_size_limit():
    tok = built(["x y z w", "w z y x"], 2)
    eq(tok.word_to_id, {"x": 0, "y": 1}, "word_to_id")


@edge
def test_empty_corpus_and_zero_size():
    eq(built([]).word_to_id, {}, "empty corpus")
    tok = built(["a b c a"], 0)
    eq(tok.word_to_id, {}, "max_vocab_size 0: word_to_id")
    eq(tok.id_to_word, {}, "max_vocab_size 0: id_to_word")
    eq(tok.get_word_id("a"), None, "max_vocab_size 0: get_word_id")


@edge
def test_unknown_lookups_and_empty_vocabulary():
    tok = Tokenizer()
    eq(tok.get_word_id("anything"), None, "before build_vocabulary")
    eq(tok.get_word_by_id(0), None, "before build_vocabulary")
    tok.build_vocabulary(["one two"])
    eq(tok.get_word_by_id(2), None, "id too large")
    eq(tok.get_word_by_id(-1), None, "negative id")
    eq(tok.get_word_id("three"), None, "unknown word")


@corner
def test_case_is_ignored_but_punctuation_is_not():
    tok = built(["Cat cat CAT cat. cat,"])
    eq(tok.word_to_id, {"cat": 0, "cat.": 1, "cat,": 2}, "word_to_id")
    eq(tok.get_word_id("CaT"), 0, "get_word_id('CaT')")
    eq(tok.get_word_id("CAT."), 1, "get_word_id('CAT.')")


@corner
def test_whitespace_of_all_kinds():
    tok = built(["  a\tb\n\nb  ", "", "   ", "c\r\na"])
    eq(tok.word_to_id, {"a": 0, "b": 1, "c": 2}, "word_to_id")


@corner
def test_rebuilding_replaces_the_vocabulary():
    tok = built(["old words here old"])
    tok.build_vocabulary(["new new text"])
    eq(tok.word_to_id, {"new": 0, "text": 1}, "word_to_id")
    eq(tok.id_to_word, {0: "new", 1: "text"}, "id_to_word")
    eq(tok.get_word_id("old"), None, "word from the old vocabulary")


@corner
def test_large_corpus_against_counts():
    rng = random.Random(4)
    words = [f"w{i}" for i in range(300)]
    weights = [1 / (i + 1) for i in range(300)]
    corpus = [" ".join(rng.choices(words, weights, k=50)) for _ in range(400)]
    tok = built(corpus, 50)
    counts, first = {}, {}
    for text in corpus:
        for w in text.split():
            counts[w] = counts.get(w, 0) + 1
            first.setdefault(w, len(first))
    ranked = sorted(counts, key=lambda w: (-counts[w], first[w]))[:50]
    eq(tok.word_to_id, {w: i for i, w in enumerate(ranked)}, "word_to_id")
    eq(tok.id_to_word, {i: w for i, w in enumerate(ranked)}, "id_to_word")
    eq(len(tok.word_to_id), 50, "vocabulary size")
