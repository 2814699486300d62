#include <widgets/widgetdoc/widgetnodeicon.h>

#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace Tessera {

namespace {

// Each icon draws in a 24 x 24 box with a 2-unit round stroke (Lucide's grid).
using Draw = void (*)(QPainter &);

void polyline(QPainter &p, std::initializer_list<QPointF> points)
{
    p.drawPolyline(QList<QPointF>(points).constData(), int(points.size()));
}

void circle(QPainter &p, qreal cx, qreal cy, qreal r)
{
    p.drawEllipse(QPointF(cx, cy), r, r);
}

void dotAt(QPainter &p, qreal cx, qreal cy, qreal r)
{
    const QBrush old = p.brush();
    p.setBrush(p.pen().color());
    p.drawEllipse(QPointF(cx, cy), r, r);
    p.setBrush(old);
}

void drawCheck(QPainter &p) { polyline(p, {{20, 6}, {9, 17}, {4, 12}}); }
void drawCheckCircle(QPainter &p)
{
    circle(p, 12, 12, 10);
    polyline(p, {{8, 12}, {11, 15}, {16, 9}});
}
void drawX(QPainter &p)
{
    p.drawLine(QPointF(18, 6), QPointF(6, 18));
    p.drawLine(QPointF(6, 6), QPointF(18, 18));
}
void drawXCircle(QPainter &p)
{
    circle(p, 12, 12, 10);
    p.drawLine(QPointF(15, 9), QPointF(9, 15));
    p.drawLine(QPointF(9, 9), QPointF(15, 15));
}
void drawCircle(QPainter &p) { circle(p, 12, 12, 10); }
void drawCircleDot(QPainter &p)
{
    circle(p, 12, 12, 10);
    dotAt(p, 12, 12, 2);
}
void drawClock(QPainter &p)
{
    circle(p, 12, 12, 10);
    polyline(p, {{12, 6}, {12, 12}, {16, 14}});
}
void drawRocket(QPainter &p)
{
    // Pointing up-right: a body, a window, two fins and an exhaust.
    p.save();
    p.translate(12, 12);
    p.rotate(45);
    QPainterPath body;
    body.moveTo(0, -10);
    body.cubicTo(4.5, -6, 4.5, 1, 3, 5);
    body.lineTo(-3, 5);
    body.cubicTo(-4.5, 1, -4.5, -6, 0, -10);
    p.drawPath(body);
    circle(p, 0, -3, 1.6);
    polyline(p, {{-3, 1}, {-6, 5}, {-6, 7}, {-3, 5}});
    polyline(p, {{3, 1}, {6, 5}, {6, 7}, {3, 5}});
    p.drawLine(QPointF(0, 7), QPointF(0, 10));
    p.restore();
}
void drawAlertTriangle(QPainter &p)
{
    QPainterPath tri;
    tri.moveTo(12, 3);
    tri.lineTo(22, 20);
    tri.lineTo(2, 20);
    tri.closeSubpath();
    p.drawPath(tri);
    p.drawLine(QPointF(12, 9), QPointF(12, 13));
    dotAt(p, 12, 16.5, 1);
}
void drawAlertCircle(QPainter &p)
{
    circle(p, 12, 12, 10);
    p.drawLine(QPointF(12, 7), QPointF(12, 13));
    dotAt(p, 12, 16.5, 1);
}
void drawInfo(QPainter &p)
{
    circle(p, 12, 12, 10);
    p.drawLine(QPointF(12, 11), QPointF(12, 17));
    dotAt(p, 12, 7.5, 1);
}
QPainterPath starPath(qreal cx, qreal cy, qreal outer, qreal inner)
{
    QPainterPath path;
    for (int i = 0; i < 10; ++i) {
        const qreal r = i % 2 == 0 ? outer : inner;
        const qreal a = qDegreesToRadians(-90.0 + i * 36.0);
        const QPointF pt(cx + r * qCos(a), cy + r * qSin(a));
        if (i == 0)
            path.moveTo(pt);
        else
            path.lineTo(pt);
    }
    path.closeSubpath();
    return path;
}
void drawStar(QPainter &p) { p.drawPath(starPath(12, 12.5, 10, 4.2)); }
void drawSparkles(QPainter &p)
{
    QPainterPath s;
    s.moveTo(10, 3);
    s.quadTo(11, 9, 17, 10);
    s.quadTo(11, 11, 10, 17);
    s.quadTo(9, 11, 3, 10);
    s.quadTo(9, 9, 10, 3);
    p.drawPath(s);
    p.drawLine(QPointF(19, 16), QPointF(19, 22));
    p.drawLine(QPointF(16, 19), QPointF(22, 19));
}
void drawHeart(QPainter &p)
{
    QPainterPath h;
    h.moveTo(12, 20);
    h.cubicTo(2, 13, 2, 5, 7.5, 4.5);
    h.cubicTo(10, 4.3, 11.5, 6, 12, 7.5);
    h.cubicTo(12.5, 6, 14, 4.3, 16.5, 4.5);
    h.cubicTo(22, 5, 22, 13, 12, 20);
    p.drawPath(h);
}
void drawZap(QPainter &p)
{
    QPainterPath z;
    z.moveTo(13, 2);
    z.lineTo(4, 14);
    z.lineTo(12, 14);
    z.lineTo(11, 22);
    z.lineTo(20, 10);
    z.lineTo(12, 10);
    z.closeSubpath();
    p.drawPath(z);
}
void drawCalendar(QPainter &p)
{
    p.drawRoundedRect(QRectF(3, 4, 18, 18), 2, 2);
    p.drawLine(QPointF(3, 10), QPointF(21, 10));
    p.drawLine(QPointF(8, 2), QPointF(8, 6));
    p.drawLine(QPointF(16, 2), QPointF(16, 6));
}
void drawUser(QPainter &p)
{
    circle(p, 12, 8, 4);
    QPainterPath s;
    s.moveTo(4, 21);
    s.cubicTo(4, 15, 20, 15, 20, 21);
    p.drawPath(s);
}
void drawFile(QPainter &p)
{
    polyline(p, {{14, 2}, {6, 2}, {4, 4}, {4, 20}, {6, 22}, {18, 22}, {20, 20}, {20, 8}, {14, 2}});
    polyline(p, {{14, 2}, {14, 8}, {20, 8}});
}
void drawFileText(QPainter &p)
{
    drawFile(p);
    p.drawLine(QPointF(8, 13), QPointF(16, 13));
    p.drawLine(QPointF(8, 17), QPointF(16, 17));
}
void drawFolder(QPainter &p)
{
    polyline(p, {{2, 6}, {4, 4}, {9, 4}, {11, 7}, {20, 7}, {22, 9}, {22, 18}, {20, 20}, {4, 20}, {2, 18}, {2, 6}});
}
void drawFlag(QPainter &p)
{
    p.drawLine(QPointF(4, 22), QPointF(4, 3));
    QPainterPath f;
    f.moveTo(4, 3);
    f.cubicTo(8, 1, 12, 5, 20, 3);
    f.lineTo(20, 14);
    f.cubicTo(12, 16, 8, 12, 4, 14);
    p.drawPath(f);
}
void drawLock(QPainter &p)
{
    p.drawRoundedRect(QRectF(4, 11, 16, 11), 2, 2);
    QPainterPath s;
    s.moveTo(7, 11);
    s.lineTo(7, 7);
    s.arcTo(QRectF(7, 2, 10, 10), 180, -180);
    s.lineTo(17, 11);
    p.drawPath(s);
}
void drawMail(QPainter &p)
{
    p.drawRoundedRect(QRectF(2, 4, 20, 16), 2, 2);
    polyline(p, {{2, 6}, {12, 13}, {22, 6}});
}
void drawHome(QPainter &p)
{
    polyline(p, {{3, 10}, {12, 3}, {21, 10}});
    polyline(p, {{5, 9}, {5, 21}, {19, 21}, {19, 9}});
    polyline(p, {{10, 21}, {10, 14}, {14, 14}, {14, 21}});
}
void drawSettings(QPainter &p)
{
    circle(p, 12, 12, 3);
    circle(p, 12, 12, 7);
    for (int i = 0; i < 8; ++i) {
        const qreal a = qDegreesToRadians(i * 45.0);
        p.drawLine(QPointF(12 + 7 * qCos(a), 12 + 7 * qSin(a)), QPointF(12 + 10 * qCos(a), 12 + 10 * qSin(a)));
    }
}
void drawSun(QPainter &p)
{
    circle(p, 12, 12, 4);
    for (int i = 0; i < 8; ++i) {
        const qreal a = qDegreesToRadians(i * 45.0);
        p.drawLine(QPointF(12 + 7 * qCos(a), 12 + 7 * qSin(a)), QPointF(12 + 10 * qCos(a), 12 + 10 * qSin(a)));
    }
}
void drawMoon(QPainter &p)
{
    QPainterPath m;
    m.moveTo(20, 14.5);
    m.cubicTo(17, 20, 8, 21, 4.5, 15);
    m.cubicTo(1.5, 9, 5, 3.5, 10, 3);
    m.cubicTo(7, 7, 8, 13, 12, 15);
    m.cubicTo(14.5, 16.5, 18, 16, 20, 14.5);
    p.drawPath(m);
}
void drawCloud(QPainter &p)
{
    QPainterPath c;
    c.moveTo(7, 19);
    c.cubicTo(2, 19, 2, 12, 7, 12);
    c.cubicTo(7.5, 6, 16, 5, 17.5, 11);
    c.cubicTo(22, 11, 22, 19, 17.5, 19);
    c.closeSubpath();
    p.drawPath(c);
}
void drawArrowRight(QPainter &p)
{
    p.drawLine(QPointF(5, 12), QPointF(19, 12));
    polyline(p, {{12, 5}, {19, 12}, {12, 19}});
}
void drawArrowUp(QPainter &p)
{
    p.drawLine(QPointF(12, 19), QPointF(12, 5));
    polyline(p, {{5, 12}, {12, 5}, {19, 12}});
}
void drawArrowDown(QPainter &p)
{
    p.drawLine(QPointF(12, 5), QPointF(12, 19));
    polyline(p, {{5, 12}, {12, 19}, {19, 12}});
}
void drawTrendingUp(QPainter &p)
{
    polyline(p, {{2, 18}, {9, 11}, {13, 15}, {22, 6}});
    polyline(p, {{16, 6}, {22, 6}, {22, 12}});
}
void drawTrendingDown(QPainter &p)
{
    polyline(p, {{2, 6}, {9, 13}, {13, 9}, {22, 18}});
    polyline(p, {{16, 18}, {22, 18}, {22, 12}});
}
void drawPlus(QPainter &p)
{
    p.drawLine(QPointF(12, 5), QPointF(12, 19));
    p.drawLine(QPointF(5, 12), QPointF(19, 12));
}
void drawMinus(QPainter &p) { p.drawLine(QPointF(5, 12), QPointF(19, 12)); }
void drawPlay(QPainter &p)
{
    QPainterPath t;
    t.moveTo(7, 4);
    t.lineTo(19, 12);
    t.lineTo(7, 20);
    t.closeSubpath();
    p.drawPath(t);
}
void drawPause(QPainter &p)
{
    p.drawRect(QRectF(6, 4, 4, 16));
    p.drawRect(QRectF(14, 4, 4, 16));
}
void drawSearch(QPainter &p)
{
    circle(p, 11, 11, 7);
    p.drawLine(QPointF(16, 16), QPointF(21, 21));
}
void drawBell(QPainter &p)
{
    QPainterPath b;
    b.moveTo(4, 17);
    b.lineTo(20, 17);
    b.cubicTo(18, 15, 18, 13, 18, 9);
    b.cubicTo(18, 2, 6, 2, 6, 9);
    b.cubicTo(6, 13, 6, 15, 4, 17);
    p.drawPath(b);
    p.drawLine(QPointF(10, 21), QPointF(14, 21));
}
void drawMessage(QPainter &p)
{
    polyline(p, {{21, 15}, {21, 5}, {19, 3}, {5, 3}, {3, 5}, {3, 21}, {7, 17}, {19, 17}, {21, 15}});
}
void drawCode(QPainter &p)
{
    polyline(p, {{16, 18}, {22, 12}, {16, 6}});
    polyline(p, {{8, 6}, {2, 12}, {8, 18}});
}
void drawDatabase(QPainter &p)
{
    p.drawEllipse(QRectF(3, 2, 18, 6));
    QPainterPath side;
    side.moveTo(3, 5);
    side.lineTo(3, 19);
    side.arcTo(QRectF(3, 16, 18, 6), 180, 180);
    side.lineTo(21, 5);
    p.drawPath(side);
    QPainterPath mid;
    mid.moveTo(3, 12);
    mid.arcTo(QRectF(3, 9, 18, 6), 180, 180);
    p.drawPath(mid);
}
void drawShield(QPainter &p)
{
    QPainterPath s;
    s.moveTo(12, 22);
    s.cubicTo(4, 18, 4, 13, 4, 5);
    s.lineTo(12, 2);
    s.lineTo(20, 5);
    s.cubicTo(20, 13, 20, 18, 12, 22);
    p.drawPath(s);
}
void drawTrophy(QPainter &p)
{
    QPainterPath cup;
    cup.moveTo(6, 3);
    cup.lineTo(18, 3);
    cup.lineTo(18, 9);
    cup.cubicTo(18, 16, 6, 16, 6, 9);
    cup.closeSubpath();
    p.drawPath(cup);
    polyline(p, {{6, 5}, {3, 5}, {3, 8}, {6, 10}});
    polyline(p, {{18, 5}, {21, 5}, {21, 8}, {18, 10}});
    p.drawLine(QPointF(12, 14), QPointF(12, 19));
    p.drawLine(QPointF(7, 21), QPointF(17, 21));
}
void drawThumbsUp(QPainter &p)
{
    p.drawRect(QRectF(2, 10, 4, 12));
    polyline(p, {{6, 10}, {10, 3}, {12, 3}, {13, 5}, {12, 10}, {19, 10}, {21, 12}, {19, 20}, {17, 22}, {6, 22}});
}
void drawGitBranch(QPainter &p)
{
    p.drawLine(QPointF(6, 3), QPointF(6, 15));
    circle(p, 18, 6, 3);
    circle(p, 6, 18, 3);
    QPainterPath b;
    b.moveTo(18, 9);
    b.cubicTo(18, 14, 9, 12, 7, 16);
    p.drawPath(b);
}
void drawPackage(QPainter &p)
{
    polyline(p, {{12, 2}, {21, 7}, {21, 17}, {12, 22}, {3, 17}, {3, 7}, {12, 2}});
    polyline(p, {{3, 7}, {12, 12}, {21, 7}});
    p.drawLine(QPointF(12, 12), QPointF(12, 22));
}
void drawLink(QPainter &p)
{
    p.drawRoundedRect(QRectF(2, 8, 11, 8), 4, 4);
    p.drawRoundedRect(QRectF(11, 8, 11, 8), 4, 4);
}
void drawDownload(QPainter &p)
{
    p.drawLine(QPointF(12, 3), QPointF(12, 15));
    polyline(p, {{7, 10}, {12, 15}, {17, 10}});
    polyline(p, {{3, 15}, {3, 21}, {21, 21}, {21, 15}});
}
void drawRefresh(QPainter &p)
{
    QPainterPath a;
    a.arcMoveTo(QRectF(3, 3, 18, 18), 60);
    a.arcTo(QRectF(3, 3, 18, 18), 60, 270);
    p.drawPath(a);
    polyline(p, {{21, 3}, {20.5, 8}, {15.5, 7.5}});
}
void drawDot(QPainter &p) { dotAt(p, 12, 12, 4); }

const QHash<QString, Draw> &icons()
{
    static const QHash<QString, Draw> table = {
        {QStringLiteral("check"), &drawCheck},
        {QStringLiteral("check-circle"), &drawCheckCircle},
        {QStringLiteral("circle-check"), &drawCheckCircle},
        {QStringLiteral("check-circle-2"), &drawCheckCircle},
        {QStringLiteral("x"), &drawX},
        {QStringLiteral("x-circle"), &drawXCircle},
        {QStringLiteral("circle-x"), &drawXCircle},
        {QStringLiteral("circle"), &drawCircle},
        {QStringLiteral("circle-dot"), &drawCircleDot},
        {QStringLiteral("clock"), &drawClock},
        {QStringLiteral("rocket"), &drawRocket},
        {QStringLiteral("alert-triangle"), &drawAlertTriangle},
        {QStringLiteral("triangle-alert"), &drawAlertTriangle},
        {QStringLiteral("alert-circle"), &drawAlertCircle},
        {QStringLiteral("circle-alert"), &drawAlertCircle},
        {QStringLiteral("info"), &drawInfo},
        {QStringLiteral("star"), &drawStar},
        {QStringLiteral("sparkles"), &drawSparkles},
        {QStringLiteral("heart"), &drawHeart},
        {QStringLiteral("zap"), &drawZap},
        {QStringLiteral("calendar"), &drawCalendar},
        {QStringLiteral("user"), &drawUser},
        {QStringLiteral("file"), &drawFile},
        {QStringLiteral("file-text"), &drawFileText},
        {QStringLiteral("folder"), &drawFolder},
        {QStringLiteral("flag"), &drawFlag},
        {QStringLiteral("lock"), &drawLock},
        {QStringLiteral("mail"), &drawMail},
        {QStringLiteral("home"), &drawHome},
        {QStringLiteral("house"), &drawHome},
        {QStringLiteral("settings"), &drawSettings},
        {QStringLiteral("sun"), &drawSun},
        {QStringLiteral("moon"), &drawMoon},
        {QStringLiteral("cloud"), &drawCloud},
        {QStringLiteral("arrow-right"), &drawArrowRight},
        {QStringLiteral("arrow-up"), &drawArrowUp},
        {QStringLiteral("arrow-down"), &drawArrowDown},
        {QStringLiteral("trending-up"), &drawTrendingUp},
        {QStringLiteral("trending-down"), &drawTrendingDown},
        {QStringLiteral("plus"), &drawPlus},
        {QStringLiteral("minus"), &drawMinus},
        {QStringLiteral("play"), &drawPlay},
        {QStringLiteral("pause"), &drawPause},
        {QStringLiteral("search"), &drawSearch},
        {QStringLiteral("bell"), &drawBell},
        {QStringLiteral("message-square"), &drawMessage},
        {QStringLiteral("message-circle"), &drawMessage},
        {QStringLiteral("code"), &drawCode},
        {QStringLiteral("database"), &drawDatabase},
        {QStringLiteral("shield"), &drawShield},
        {QStringLiteral("trophy"), &drawTrophy},
        {QStringLiteral("thumbs-up"), &drawThumbsUp},
        {QStringLiteral("git-branch"), &drawGitBranch},
        {QStringLiteral("package"), &drawPackage},
        {QStringLiteral("link"), &drawLink},
        {QStringLiteral("download"), &drawDownload},
        {QStringLiteral("refresh-cw"), &drawRefresh},
    };
    return table;
}

} // namespace

QStringList widgetIconNames()
{
    QStringList names = icons().keys();
    names.sort();
    return names;
}

bool isWidgetIconKnown(QStringView name)
{
    return icons().contains(name.toString());
}

void paintWidgetIcon(QPainter *painter, const QRectF &rect, QStringView name, const QColor &color)
{
    const qreal side = qMin(rect.width(), rect.height());
    if (side <= 0)
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->translate(rect.center().x() - side / 2, rect.center().y() - side / 2);
    painter->scale(side / 24.0, side / 24.0);
    QPen pen(color, 2.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    const Draw draw = icons().value(name.toString(), &drawDot);
    draw(*painter);
    painter->restore();
}

WidgetNodeIcon::WidgetNodeIcon(const QString &name, int size, QWidget *parent)
    : QWidget(parent)
    , m_name(name)
{
    setFixedSize(size, size);
    setAccessibleName(isWidgetIconKnown(name) ? name : QString());
}

void WidgetNodeIcon::setColor(const QColor &color)
{
    m_color = color;
    update();
}

void WidgetNodeIcon::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    QColor color = m_color.isValid() ? m_color : palette().color(QPalette::Text);
    if (!isWidgetIconKnown(m_name))
        color = palette().color(QPalette::PlaceholderText); // the neutral dot
    paintWidgetIcon(&painter, QRectF(rect()).adjusted(1, 1, -1, -1), m_name, color);
}

} // namespace Tessera
