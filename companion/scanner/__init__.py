"""Card scanner: frame sources, QR decoding, one scan per card (see docs/scanner.md)."""
