#pragma once

// A toned pill (seed 003 badge; list item badges, the compare "Recommended" mark). The tone is said by
// the words on it, never by color alone; colors come from theme.h, read at paint time (theme switches).

#include <QWidget>

#include <widgets/common/theme.h>

namespace Tessera {

// seed 003 tones: "success" -> Ok, "warning" -> Warn, "error" -> Error, "info" -> Info, else Neutral.
StatusTone widgetTone(QStringView tone);

class WidgetNodeBadge : public QWidget
{
    Q_OBJECT

public:
    WidgetNodeBadge(const QString &text, StatusTone tone, QWidget *parent = nullptr);

    QString text() const { return m_text; }
    StatusTone tone() const { return m_tone; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QString m_text;
    StatusTone m_tone;
};

} // namespace Tessera
