class Tokenizer:
    """Splits text into words and numbers the most frequent words of a corpus."""

    def __init__(self, max_vocab_size=200):
        self.max_vocab_size = max_vocab_size
        self.word_to_id = {}
        self.id_to_word = {}

    def tokenize(self, text):
        """Lowercase the text and split it at whitespace. Do not change."""
        return text.lower().split()

    def build_vocabulary(self, corpus):
        """Give ids 0, 1, ... to the max_vocab_size most frequent words of the corpus
        (a list of texts), most frequent first; ties go to the word seen first."""
        # TODO
        pass

    def get_word_id(self, word):
        """The id of the word (case is ignored), or None. Do not change."""
        return self.word_to_id.get(word.lower())

    def get_word_by_id(self, word_id):
        """The word with this id, or None. Do not change."""
        return self.id_to_word.get(word_id)
