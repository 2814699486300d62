#pragma once

// The readable text of a card whose kind has no hand-written text form: the two dialects (json_render,
// dorkos_ui) and kinds registered by descriptor. Used by "copy as text" and the Markdown export, so a
// card never copies as its title alone.

#include <QStringList>

namespace Tessera {

class Card;

// One line per visible piece, in reading order: titles, texts, "label: value" pairs, table rows as
// "a | b | c", button labels in brackets. json_render follows the tree from its root; other payloads
// are walked depth first. Empty for an invalid card.
QStringList cardTextLines(const Card &card);
// The same pieces as far as the renderer draws them as text, for find (issue 18): json_render without
// buttons, links, image stand-ins or table headers, one line per field label, value and cell; other
// payloads as cardTextLines.
QStringList cardDrawnTextLines(const Card &card);

} // namespace Tessera
