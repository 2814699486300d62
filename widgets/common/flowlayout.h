#pragma once

// A layout that places items left to right (right to left in RTL) and starts a new line when the next
// item does not fit: action pills and button rows. heightForWidth, so the conversation view can size
// a card holding one. Hidden items take no room.

#include <QLayout>
#include <QList>

namespace Tessera {

class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(int spacing); // spacing: pixels between items and between lines
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;    // one line
    QSize minimumSize() const override; // the widest item
    void setGeometry(const QRect &rect) override;

private:
    // Places (or only measures) the items inside rect; returns the height used.
    int arrange(const QRect &rect, bool place) const;

    QList<QLayoutItem *> m_items;
    int m_spacing;
};

} // namespace Tessera
