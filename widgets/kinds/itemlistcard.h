#pragma once

// Renderer for "item_list" cards (seed 000, item_list: title max 120, 1–50 items {id 1–120 — a stable
// identifier, never a URL; name 1–200; status ok|warn|error|neutral; meta max 200}).
//
// One focusable row per item: a status dot (tone color with the tone's symbol inside; the status word
// in the tooltip and accessible description, so status is never color alone), the name, the meta
// line. A click, or Enter/Return/Space on the focused row, emits itemActivated(id); the id is passed
// on as text and never opened. Tab and the Up/Down arrow keys move between rows. Rows wrap their text
// and the card sizes by heightForWidth (no inner scroll bar).

#include <QStringList>

#include <widgets/card/cardframe.h>

namespace Tessera {

class ItemListCard : public CardFrame
{
    Q_OBJECT

public:
    explicit ItemListCard(const Card &card, QWidget *parent = nullptr);

    int itemCount() const { return int(m_rows.size()); }
    QStringList itemIds() const { return m_ids; }
    QWidget *itemWidget(int index) const; // the focusable row; nullptr when out of range

Q_SIGNALS:
    void itemActivated(const QString &itemId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QStringList m_ids;
    QList<QWidget *> m_rows; // children
};

} // namespace Tessera
