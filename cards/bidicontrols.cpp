#include <cards/bidicontrols.h>

#include <algorithm>

#include <QList>

namespace Tessera {

namespace {

const QChar kLeftToRightIsolate(0x2066);
const QChar kFirstStrongIsolate(0x2068);
const QChar kPopDirectionalIsolate(0x2069);
const QChar kLeftToRightOverride(0x202D);
const QChar kPopDirectionalFormatting(0x202C);

bool hasRightToLeftLetters(const QString &text)
{
    const QList<uint> points = text.toUcs4();
    for (uint c : points) {
        const QChar::Direction direction = QChar::direction(char32_t(c));
        if (direction == QChar::DirR || direction == QChar::DirAL)
            return true;
    }
    return false;
}

} // namespace

bool isBidiControl(char32_t c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

QString withVisibleBidiControls(const QString &text)
{
    const QList<uint> points = text.toUcs4();
    if (std::none_of(points.cbegin(), points.cend(), [](uint c) { return isBidiControl(char32_t(c)); }))
        return text;
    QString out;
    out.reserve(text.size() + 8);
    for (uint point : points) {
        const char32_t c = point;
        if (isBidiControl(c)) {
            out += QChar(0x27E8);
            out += QStringLiteral("U+%1").arg(point, 4, 16, QLatin1Char('0')).toUpper();
            out += QChar(0x27E9);
        } else {
            out += QString::fromUcs4(&c, 1);
        }
    }
    return out;
}

QString isolatedText(const QString &text)
{
    const QString shown = withVisibleBidiControls(text);
    return hasRightToLeftLetters(shown) ? kFirstStrongIsolate + shown + kPopDirectionalIsolate : shown;
}

QString leftToRightText(const QString &text)
{
    const QString shown = withVisibleBidiControls(text);
    return hasRightToLeftLetters(shown) ? kLeftToRightOverride + shown + kPopDirectionalFormatting : shown;
}

QString firstStrongIsolate(const QString &text)
{
    return text.isEmpty() ? text : kFirstStrongIsolate + text + kPopDirectionalIsolate;
}

QString leftToRightIsolate(const QString &text)
{
    return text.isEmpty() ? text : kLeftToRightIsolate + text + kPopDirectionalIsolate;
}

QString isolatedTitle(const QString &text, Qt::LayoutDirection direction)
{
    return direction == Qt::RightToLeft ? firstStrongIsolate(withVisibleBidiControls(text)) : isolatedText(text);
}

} // namespace Tessera
