#include <widgets/widgetdoc/widgetnodeboard.h>

#include <iterator>

#include <QGridLayout>
#include <QPainter>
#include <QToolButton>

#include <widgets/widgetdoc/widgetnodebadge.h>
#include <widgets/widgetdoc/widgetnodeicon.h>

namespace Tessera {

namespace {

bool isX(const QString &g)
{
    return g == QLatin1String("X") || g == QLatin1String("x") || g == QStringLiteral("\u2715") || g == QStringLiteral("\u00D7");
}

bool isO(const QString &g)
{
    return g == QLatin1String("O") || g == QLatin1String("o") || g == QStringLiteral("\u25CB");
}

// One square; paints itself so the glyph is drawn the same whether the cell is enabled or not.
class BoardCellButton : public QToolButton
{
public:
    BoardCellButton(const WidgetBoardCell &cell, QWidget *parent)
        : QToolButton(parent)
        , m_cell(cell)
    {
        setFixedSize(WidgetNodeBoard::kCellSize, WidgetNodeBoard::kCellSize);
        setCell(cell);
    }

    void setCell(const WidgetBoardCell &cell)
    {
        m_cell = cell;
        setText(cell.glyph);
        setAccessibleName(cell.isBlank() ? WidgetNodeBoard::tr("empty") : (cell.glyph.isEmpty() ? cell.icon : cell.glyph));
        update();
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        const QPalette pal = palette();
        QColor fill = pal.color(QPalette::AlternateBase);
        if (m_cell.action && isEnabled() && underMouse())
            fill = pal.color(QPalette::Midlight);
        const StatusTone tone = widgetTone(m_cell.tone);
        if (tone != StatusTone::Neutral) {
            QColor tint = toneColor(tone, pal);
            tint.setAlphaF(0.14f);
            p.setBrush(fill);
            p.setPen(Qt::NoPen);
            p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 5, 5);
            fill = tint;
        }
        p.setBrush(fill);
        p.setPen(QPen(pal.color(QPalette::Mid), 1));
        p.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 5, 5);
        const QColor color = WidgetNodeBoard::glyphColor(m_cell.glyph, m_cell.tone, pal);
        if (!m_cell.glyph.isEmpty()) {
            QFont f = font();
            f.setBold(true);
            f.setPixelSize(m_cell.glyph.size() <= 2 ? 22 : 12);
            p.setFont(f);
            p.setPen(color);
            p.drawText(rect(), Qt::AlignCenter, fontMetrics().elidedText(m_cell.glyph, Qt::ElideRight, width() * 2));
        } else if (!m_cell.icon.isEmpty()) {
            paintWidgetIcon(&p, QRectF(rect()).adjusted(10, 10, -10, -10), m_cell.icon,
                            isWidgetIconKnown(m_cell.icon) ? color : pal.color(QPalette::PlaceholderText));
        }
        if (hasFocus()) {
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(QRectF(rect()).adjusted(2, 2, -2, -2), 5, 5);
        }
    }

private:
    WidgetBoardCell m_cell;
};

} // namespace

WidgetNodeBoard::WidgetNodeBoard(const QList<QList<WidgetBoardCell>> &cells, QWidget *parent)
    : QWidget(parent)
    , m_cells(cells)
{
    setObjectName(QStringLiteral("widgetBoard"));
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(3);
    for (int r = 0; r < m_cells.size(); ++r) {
        QList<QAbstractButton *> row;
        for (int c = 0; c < m_cells.at(r).size(); ++c) {
            auto *button = new BoardCellButton(m_cells.at(r).at(c), this);
            button->setObjectName(QStringLiteral("boardCell_%1_%2").arg(r).arg(c));
            if (!m_cells.at(r).at(c).action || m_cells.at(r).at(c).healed) {
                button->setFocusPolicy(Qt::NoFocus);
                button->setAttribute(Qt::WA_TransparentForMouseEvents);
            }
            grid->addWidget(button, r, c);
            row.append(button);
        }
        m_buttons.append(row);
    }
    grid->setColumnStretch(kWidgetBoardMax + 1, 1);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

QAbstractButton *WidgetNodeBoard::cellButton(int row, int column) const
{
    if (row < 0 || row >= m_buttons.size() || column < 0 || column >= m_buttons.at(row).size())
        return nullptr;
    return m_buttons.at(row).at(column);
}

QString WidgetNodeBoard::glyphAt(int row, int column) const
{
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_cells.at(row).size())
        return {};
    return m_cells.at(row).at(column).glyph;
}

QColor WidgetNodeBoard::glyphColorAt(int row, int column) const
{
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_cells.at(row).size())
        return {};
    const WidgetBoardCell &cell = m_cells.at(row).at(column);
    return glyphColor(cell.glyph, cell.tone, palette());
}

bool WidgetNodeBoard::isHealedAt(int row, int column) const
{
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_cells.at(row).size())
        return false;
    return m_cells.at(row).at(column).healed;
}

QColor WidgetNodeBoard::glyphColor(const QString &glyph, const QString &tone, const QPalette &palette)
{
    // Blue and amber stay apart for every common colour-vision deficiency.
    if (isX(glyph))
        return toneColor(StatusTone::Info, palette);
    if (isO(glyph))
        return toneColor(StatusTone::Warn, palette);
    const StatusTone t = widgetTone(tone);
    if (t != StatusTone::Neutral)
        return toneColor(t, palette);
    if (glyph.isEmpty())
        return palette.color(QPalette::Text);
    // The rest of the Okabe–Ito set, light / dark variants (widgetnodeboard.h).
    static const QRgb kLight[] = {0x007a5e, 0xc24e00, 0xb3478f};
    static const QRgb kDark[] = {0x3fc7a0, 0xff8a4c, 0xe59ccc};
    quint32 hash = 2166136261u; // FNV-1a: the same on every run (qHash is seeded per process)
    for (const QChar c : glyph) {
        hash ^= c.unicode();
        hash *= 16777619u;
    }
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    const std::size_t index = hash % std::size(kLight);
    return QColor::fromRgb(dark ? kDark[index] : kLight[index]);
}

void WidgetNodeBoard::placeMark(int row, int column, const QString &mark)
{
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_cells.at(row).size()
        || !m_cells.at(row).at(column).isBlank())
        return;
    m_cells[row][column].glyph = mark;
    static_cast<BoardCellButton *>(m_buttons.at(row).at(column))->setCell(m_cells.at(row).at(column));
}

void WidgetNodeBoard::clearMark(int row, int column)
{
    if (row < 0 || row >= m_cells.size() || column < 0 || column >= m_cells.at(row).size())
        return;
    m_cells[row][column].glyph.clear();
    static_cast<BoardCellButton *>(m_buttons.at(row).at(column))->setCell(m_cells.at(row).at(column));
}

} // namespace Tessera
