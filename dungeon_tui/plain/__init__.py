"""The plain mode: the game in lines of text for a screen reader or a braille display.

It reads answers from standard input and prints lines: what happened, the choices numbered, and
on request the sheets, cards, log, rolls and the active figure's surroundings in words.  It
draws nothing (no map, no panels, no box drawing, no colour) and says nothing a game's presenter
does not already say: the words are the presenter's and the events'; this package only orders
them into lines."""
