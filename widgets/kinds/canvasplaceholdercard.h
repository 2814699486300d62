#pragma once

// Placeholder for "canvas" cards (seed 000, canvas: title max 120, html 1–65 536 chars, data, up to
// 4 libraries from the allowlist). This version does not run canvases: the block shows the title,
// a short note that interactive canvases are not drawn here (the HTML is kept with the conversation),
// and the libraries requested. A labeled placeholder, not an error.

#include <QStringList>

#include <widgets/card/cardframe.h>

namespace Tessera {

class CanvasPlaceholderCard : public CardFrame
{
    Q_OBJECT

public:
    explicit CanvasPlaceholderCard(const Card &card, QWidget *parent = nullptr);

    QString noteText() const { return m_note; }
    QStringList libraries() const { return m_libraries; }

private:
    QString m_note;
    QStringList m_libraries;
};

} // namespace Tessera
