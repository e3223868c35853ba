"""Printable tag kit: sticker sheets and proxy cards carrying `GAME/ID` QR tags.

`selection` picks the physical cards, `sizes` holds the scan floor and paper
sizes, `layout` places everything on pages (pure geometry in millimetres),
`draw` and `items` paint it with fpdf2, and `kit` writes the PDF atomically.
"""
