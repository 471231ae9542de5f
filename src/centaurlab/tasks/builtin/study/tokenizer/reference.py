from collections import Counter


class Tokenizer:
    """Splits text into words and numbers the most frequent words of a corpus."""

    def __init__(self, max_vocab_size=200):
        self.max_vocab_size = max_vocab_size
        self.word_to_id = {}
        self.id_to_word = {}

    def tokenize(self, text):
        """Lowercase the text and split it at whitespace."""
        return text.lower().split()

    def build_vocabulary(self, corpus):
        """Give ids 0, 1, ... to the max_vocab_size most frequent words of the corpus
        (a list of texts), most frequent first; ties go to the word seen first."""
        counts = Counter()
        for text in corpus:
            counts.update(self.tokenize(text))
        # Counter keeps first-insertion order and most_common sorts stably by count
        kept = [word for word, _ in counts.most_common()][: max(self.max_vocab_size, 0)]
        self.word_to_id = {word: i for i, word in enumerate(kept)}
        self.id_to_word = {i: word for i, word in enumerate(kept)}

    def get_word_id(self, word):
        """The id of the word (case is ignored), or None."""
        return self.word_to_id.get(word.lower())

    def get_word_by_id(self, word_id):
        """The word with this id, or None."""
        return self.id_to_word.get(word_id)
