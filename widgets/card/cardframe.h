#pragma once

// The common container every card widget draws in: a rounded panel on the palette's Base color,
// an optional bold title, then the kind's body. Sets the accessible name ("Table: Sector flow", the
// kind's spoken name from the renderer table)
// and description so a screen reader can tell cards apart.
//
// Keyboard focus (issue 18): while the frame or anything inside it has focus, a 2 px ring in
// focusRingColor() (theme.h) is drawn around the panel, in both themes; hasFocusRing() says so.
//
// Sizing: the view asks heightForWidth(); subclasses keep their bodies height-for-width correct
// (wrapping labels) or give their heavy child a fixed height.

#include <QFrame>

#include <widgets/common/theme.h>

class QHBoxLayout;
class QLabel;
class QVBoxLayout;

namespace Tessera {

class Card;

class CardFrame : public QFrame
{
    Q_OBJECT

public:
    // Takes kind and title from the card; title may be empty (no header row).
    explicit CardFrame(const Card &card, QWidget *parent = nullptr);
    CardFrame(const QString &kindName, const QString &title, QWidget *parent = nullptr);
    ~CardFrame() override;

    QVBoxLayout *bodyLayout() const { return m_body; } // Not owned by the caller.
    QLabel *titleLabel() const { return m_title; }     // nullptr when there is no title
    QString kindName() const { return m_kindName; }
    // A 5 px bar in the tone's color along the left edge (alerts, fallbacks). Never the only signal of
    // a status: the card also says it in words.
    void setAccentTone(StatusTone tone);
    // A control at the end of the header row, beside the title (the title keeps the rest of the row).
    // The row is made on first use, also for a frame with no title. Owned by the frame.
    void addHeaderWidget(QWidget *widget);
    // True while the frame or one of its children has keyboard focus (the ring is drawn).
    bool hasFocusRing() const { return m_focusRing; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void build(const QString &title);
    void updateFocusRing();

    QString m_kindName;
    QLabel *m_title = nullptr;
    QVBoxLayout *m_body = nullptr;
    QHBoxLayout *m_header = nullptr; // title and header widgets; null until addHeaderWidget
    bool m_hasAccent = false;
    StatusTone m_accent = StatusTone::Neutral;
    bool m_focusRing = false;
};

} // namespace Tessera
