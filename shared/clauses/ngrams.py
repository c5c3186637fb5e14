"""Character n-gram counts over a fixed vocabulary, vectorised with NumPy.

The clause model's character 3–5-grams ("char_wb": n-grams inside each whitespace-separated
word padded with one space on each side) are two thirds of its scoring time through
scikit-learn's CountVectorizer, whose analyzer builds every n-gram as a Python string and
looks it up in a dict. Scoring is the largest cost on the draft path, so this computes the
same counts from a polynomial hash of each window over the text's code points, matched
against the hashed vocabulary in an open-addressing table: the same matrix (a test compares them on
real contracts and random text), about ten times faster.

A window whose hash equals a vocabulary entry's but whose text differs would be miscounted;
with 64-bit hashes and ~10^5 entries that is about one window in 10^14, and a collision
inside the vocabulary itself is refused when the counter is built.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

_P = np.uint64(0x100000001B3)  # FNV-64 prime: any large odd multiplier spreads code points
_LEN = np.uint64(0x9E3779B97F4A7C15)  # mixes the window length in: "abc" never equals "abc "
_FIB = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: a hash's top bits pick its slot


def _window_hashes(codes: np.ndarray, lo: int, hi: int):
    """For n = lo..hi, the hash of the n code points starting at every index (windows running
    past the end are junk; callers mask them). Each length extends the previous one."""
    h = np.zeros(len(codes), np.uint64)
    power = np.uint64(1)
    with np.errstate(over="ignore"):
        for k in range(hi):
            if k == 0:
                h += codes
            elif k < len(codes):
                h[: len(codes) - k] += codes[k:] * power
            power = power * _P
            if k + 1 >= lo:
                yield k + 1, h ^ (_LEN * np.uint64(k + 1))


def _codes(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)


def _term_hashes(terms: list[str]) -> np.ndarray:
    """The hash of each term as a whole, computed per term length in one go."""
    out = np.zeros(len(terms), np.uint64)
    by_len: dict[int, list[int]] = {}
    for i, t in enumerate(terms):
        by_len.setdefault(len(t), []).append(i)
    for n, idx in by_len.items():
        codes = _codes("".join(terms[i] for i in idx)).reshape(len(idx), n) if n else np.zeros((len(idx), 0), np.uint64)
        h = np.zeros(len(idx), np.uint64)
        power = np.uint64(1)
        with np.errstate(over="ignore"):
            for k in range(n):
                h += codes[:, k] * power
                power = power * _P
            out[idx] = h ^ (_LEN * np.uint64(n))
    return out


class CharNgramCounter:
    """``transform(texts)``: counts of ``vocabulary``'s char_wb n-grams, as CountVectorizer(
    analyzer="char_wb", lowercase=True, ngram_range=ngram_range, vocabulary=vocabulary)."""

    def __init__(self, vocabulary: dict[str, int], ngram_range: tuple[int, int] = (3, 5)) -> None:
        self.lo, self.hi = ngram_range
        self.n_features = max(vocabulary.values()) + 1 if vocabulary else 0
        terms = list(vocabulary)
        hashes = _term_hashes(terms)
        if len(np.unique(hashes)) != len(hashes):
            raise ValueError("two vocabulary entries share a hash; use CountVectorizer for this vocabulary")
        # An open-addressing table (linear probing) at load factor <= 1/4: one gather per
        # window instead of a binary search.
        self._bits = max(4, int(np.ceil(np.log2(max(1, len(terms)) * 4))))
        size = 1 << self._bits
        self._keys = np.zeros(size, np.uint64)
        self._used = np.zeros(size, bool)
        self._ids = np.zeros(size, np.int64)
        self._probes = 0
        slots = self._slot(hashes)
        for h, slot, term in zip(hashes.tolist(), slots.tolist(), terms):
            step = 0
            while self._used[(slot + step) & (size - 1)]:
                step += 1
            at = (slot + step) & (size - 1)
            self._keys[at], self._used[at], self._ids[at] = h, True, vocabulary[term]
            self._probes = max(self._probes, step)

    def _slot(self, h: np.ndarray) -> np.ndarray:
        with np.errstate(over="ignore"):
            return ((h * _FIB) >> np.uint64(64 - self._bits)).astype(np.int64)

    def _lookup(self, h: np.ndarray) -> np.ndarray:
        """Feature id of each hash, -1 where it is not in the vocabulary."""
        found = np.full(len(h), -1, np.int64)
        pending = np.arange(len(h))
        slot = self._slot(h)
        mask = (1 << self._bits) - 1
        for step in range(self._probes + 1):
            at = (slot[pending] + step) & mask
            match = self._used[at] & (self._keys[at] == h[pending])
            found[pending[match]] = self._ids[at[match]]
            pending = pending[~match & self._used[at]]  # an empty slot ends the search
            if not len(pending):
                break
        return found

    def transform(self, texts: list[str]) -> sp.csr_matrix:
        # Each word padded with a space on both sides, exactly as scikit-learn's char_wb does;
        # words of all texts in one array, windows never crossing a word's end.
        padded, doc_of_word = [], []
        for d, text in enumerate(texts):
            words = text.lower().split()
            padded += [f" {w} " for w in words]
            doc_of_word += [d] * len(words)
        if not padded:
            return sp.csr_matrix((len(texts), self.n_features), dtype=np.float32)
        lengths = np.fromiter((len(w) for w in padded), np.int64, len(padded))
        codes = _codes("".join(padded))
        ends = np.cumsum(lengths)
        end_at = np.repeat(ends, lengths)                      # per position: end of its word
        doc_at = np.repeat(np.asarray(doc_of_word, np.int64), lengths)
        pos = np.arange(len(codes))
        rows, cols = [], []
        for n, h in _window_hashes(codes, self.lo, self.hi):
            valid = pos + n <= end_at
            ids = self._lookup(h[valid])
            hit = ids >= 0
            rows.append(doc_at[valid][hit])
            cols.append(ids[hit])
        r, c = np.concatenate(rows), np.concatenate(cols)
        m = sp.csr_matrix((np.ones(len(r), np.float32), (r, c)), shape=(len(texts), self.n_features), dtype=np.float32)
        m.sum_duplicates()
        return m
