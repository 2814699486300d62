#include <widgets/widgetdoc/widgetnodechart.h>

#include <cmath>

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QPieSeries>
#include <QPieSlice>
#include <QSet>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cards/chartdata.h>
#include <widgets/common/theme.h>
#include <widgets/kinds/metricchartcard.h>

namespace Tessera {

namespace {

QStringList distinctLabels(const QStringList &labels)
{
    QSet<QString> used;
    QStringList out;
    for (QString label : labels) {
        if (label.isEmpty())
            label = QChar(0x200B);
        while (used.contains(label))
            label += QChar(0x200B);
        used.insert(label);
        out.append(label);
    }
    return out;
}

// From 0 to 8% above the largest value. Huge or tiny values (issue 13) get the metric chart's labelled
// axis: "%.0f" of 1e308 is hundreds of digits and 1.08e308 rounds up to "inf".
QValueAxis *valueAxis(double maxValue, double *unit)
{
    const ChartRange range{0, maxValue > 0 ? chartPaddedRange(0, maxValue, 0.08).max : 1};
    if (!chartRangeIsPlain(range))
        return createChartValueAxis(range, unit);
    auto *axis = new QValueAxis;
    axis->setRange(range.min, range.max);
    axis->applyNiceNumbers();
    axis->setLabelFormat(axis->max() - axis->min() >= 10 ? QStringLiteral("%.0f") : QStringLiteral("%.1f"));
    return axis;
}

} // namespace

WidgetNodeChart::WidgetNodeChart(const QString &kind, const QStringList &labels, const QList<double> &values,
                                 const QStringList &valueTexts, double height, QWidget *parent)
    : QWidget(parent)
    , m_kind(kind)
{
    setObjectName(QStringLiteral("widgetChart"));
    m_chart = new QChart;
    m_chart->setBackgroundRoundness(0);
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->setMargins(QMargins(2, 2, 8, 2));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setVisible(false);

    double maxValue = 0;
    for (double v : values)
        maxValue = qMax(maxValue, v);

    if (kind == QLatin1String("pie")) {
        auto *pie = new QPieSeries;
        for (qsizetype i = 0; i < values.size(); ++i) {
            const QString text = i < valueTexts.size() ? valueTexts.at(i) : QString::number(values.at(i));
            QPieSlice *slice = pie->append(labels.value(i) + QLatin1String(": ") + text, values.at(i));
            slice->setLabelVisible(values.at(i) > 0);
        }
        pie->setPieSize(0.62);
        m_chart->addSeries(pie);
    } else {
        auto *xAxis = new QBarCategoryAxis;
        xAxis->append(distinctLabels(labels));
        double unit = 1; // what values are divided by on the axis: 1 unless 1.08 * the largest overflows
        QValueAxis *yAxis = valueAxis(maxValue, &unit);
        QAbstractSeries *series = nullptr;
        if (kind == QLatin1String("bar")) {
            auto *set = new QBarSet(QString());
            for (double v : values)
                set->append(v / unit);
            auto *bars = new QBarSeries;
            bars->append(set);
            series = bars;
        } else {
            auto *line = new QLineSeries;
            for (qsizetype i = 0; i < values.size(); ++i)
                line->append(qreal(i), values.at(i) / unit);
            line->setPointsVisible(values.size() <= 40);
            if (kind == QLatin1String("area")) {
                auto *area = new QAreaSeries(line); // takes the line as its upper series
                line->setParent(area);
                series = area;
            } else {
                series = line;
            }
        }
        m_chart->addSeries(series);
        m_chart->addAxis(xAxis, Qt::AlignBottom);
        m_chart->addAxis(yAxis, Qt::AlignLeft);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
        yAxis->setRange(yAxis->min(), yAxis->max());
    }

    m_view = new QChartView(m_chart, this);
    m_view->setObjectName(QStringLiteral("widgetChartView"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setFrameShape(QFrame::NoFrame);
    m_view->setFocusPolicy(Qt::NoFocus);
    const int h = std::isfinite(height) && height > 0 ? qBound(kMinHeight, int(height), kMaxHeight) : kDefaultHeight;
    m_view->setFixedHeight(h);
    m_view->setMinimumWidth(140);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    QStringList summary;
    for (qsizetype i = 0; i < labels.size() && i < 40; ++i)
        summary.append(labels.at(i) + QLatin1String(" ") + valueTexts.value(i));
    const QString kindWord = kind == QLatin1String("pie")    ? tr("Pie chart")
                             : kind == QLatin1String("bar")  ? tr("Bar chart")
                             : kind == QLatin1String("area") ? tr("Area chart")
                                                             : tr("Line chart");
    setAccessibleName(kindWord);
    setAccessibleDescription(kindWord + QLatin1String(": ") + summary.join(QLatin1String(", ")));
    applyPalette();
}

void WidgetNodeChart::applyPalette()
{
    const QPalette pal = palette();
    m_chart->setTheme(isDarkPalette(pal) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundBrush(pal.color(QPalette::Base));
    m_chart->setBackgroundPen(Qt::NoPen);
    m_chart->setPlotAreaBackgroundVisible(false);
    m_chart->legend()->setVisible(false);
    m_view->setBackgroundBrush(pal.color(QPalette::Base));
    QFont labels = font();
    labels.setPointSizeF(labels.pointSizeF() * 0.85);
    for (QAbstractAxis *axis : m_chart->axes()) {
        axis->setLabelsFont(labels);
        axis->setLabelsColor(pal.color(QPalette::Text));
    }
    for (QAbstractSeries *s : m_chart->series()) {
        if (auto *pie = qobject_cast<QPieSeries *>(s)) {
            for (QPieSlice *slice : pie->slices()) {
                slice->setLabelFont(labels);
                slice->setLabelColor(pal.color(QPalette::Text));
                slice->setBorderColor(pal.color(QPalette::Base));
            }
        } else if (auto *area = qobject_cast<QAreaSeries *>(s)) {
            styleTranslucentArea(area);
        }
    }
}

void WidgetNodeChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_chart)
        applyPalette();
}

} // namespace Tessera
