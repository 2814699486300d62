#include <widgets/card/cardstatebar.h>

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <cards/bidicontrols.h>
#include <cards/jsonaccess.h>
#include <cards/strictjson.h>
#include <widgets/common/theme.h>

namespace Tessera {

using nlohmann::json;

namespace {

struct StateLook
{
    StatusTone tone;
    QString symbol;
};

// Words a backend is likely to send, by what they mean to the reader; anything else is neutral news.
StateLook lookOf(const QString &state)
{
    const QString word = state.trimmed().toLower();
    static const QStringList done{QStringLiteral("decided"), QStringLiteral("approved"), QStringLiteral("accepted"),
                                  QStringLiteral("done"), QStringLiteral("completed"), QStringLiteral("resolved")};
    static const QStringList ended{QStringLiteral("expired"), QStringLiteral("cancelled"), QStringLiteral("canceled"),
                                   QStringLiteral("withdrawn"), QStringLiteral("superseded"), QStringLiteral("closed")};
    static const QStringList failed{QStringLiteral("failed"), QStringLiteral("rejected"), QStringLiteral("declined"),
                                    QStringLiteral("error")};
    if (done.contains(word))
        return {StatusTone::Ok, QStringLiteral("\u2713")};
    if (ended.contains(word))
        return {StatusTone::Neutral, QStringLiteral("\u2298")};
    if (failed.contains(word))
        return {StatusTone::Error, QStringLiteral("\u2715")};
    return {StatusTone::Info, QStringLiteral("\u2022")};
}

QString capitalized(QString word)
{
    word.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!word.isEmpty())
        word[0] = word.at(0).toUpper();
    return word;
}

QString shortened(const QString &text)
{
    QString one = text;
    one.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (one.size() <= CardStateBar::kMaxValueChars)
        return one;
    return one.left(CardStateBar::kMaxValueChars) + QChar(0x2026);
}

QString valueText(const json &value)
{
    if (value.is_string())
        return shortened(fromStdString(value.get_ref<const std::string &>()));
    // error_handler replace: a value built in code must not throw here.
    return shortened(fromStdString(value.dump(-1, ' ', false, json::error_handler_t::replace)));
}

using Detail = QPair<QString, QString>; // name, value

// "name: value" lines for what an update carries besides its identity and state.
QList<Detail> detailLinesOf(const QByteArray &updateJson)
{
    QList<Detail> lines;
    if (updateJson.isEmpty())
        return lines;
    const StrictJsonResult parsed = parseStrictJson(std::string_view(updateJson.constData(), size_t(updateJson.size())));
    if (!parsed.ok() || !parsed.value->is_object())
        return lines;
    const json &update = *parsed.value;
    auto addMember = [&](const std::string &name, const json &value) {
        if (value.is_null())
            return;
        if (name == "fields" && value.is_object()) {
            for (auto it = value.begin(); it != value.end(); ++it)
                if (!it->is_null())
                    lines.append({fromStdString(it.key()), valueText(*it)});
            return;
        }
        if (name == "fields" && value.is_array()) {
            for (const json &field : value) {
                if (field.is_object() && field.contains("label") && field.contains("value"))
                    lines.append({valueText(field["label"]), valueText(field["value"])});
                else
                    lines.append({QStringLiteral("fields"), valueText(field)});
            }
            return;
        }
        lines.append({fromStdString(name), valueText(value)});
    };
    // The reference first (it names the record: seed 002 "proposal #124"), then the rest by name.
    if (auto ref = update.find("ref"); ref != update.end())
        addMember("ref", *ref);
    for (auto it = update.begin(); it != update.end(); ++it) {
        const std::string &name = it.key();
        if (name != "ref" && name != "cardId" && name != "state" && name != "type")
            addMember(name, *it);
    }
    return lines;
}

// A rounded chip: the tone on its border and a faint fill; the words carry the meaning.
class StateChip : public QLabel
{
public:
    StateChip(const QString &text, StatusTone tone, QWidget *parent)
        : QLabel(text, parent)
        , m_tone(tone)
    {
        setObjectName(QStringLiteral("cardStateChip"));
        setTextFormat(Qt::PlainText);
        setContentsMargins(10, 2, 10, 2);
        setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
        QFont font = this->font();
        font.setWeight(QFont::DemiBold);
        setFont(font);
    }

protected:
    void paintEvent(QPaintEvent *event) override
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        const QColor tone = toneColor(m_tone, palette());
        QColor fill = tone;
        fill.setAlpha(36);
        painter.setPen(QPen(tone, 1.2));
        painter.setBrush(fill);
        const QRectF r = QRectF(rect()).adjusted(0.6, 0.6, -0.6, -0.6);
        painter.drawRoundedRect(r, r.height() / 2, r.height() / 2);
        painter.end();
        QLabel::paintEvent(event);
    }

private:
    StatusTone m_tone;
};

} // namespace

void CardStateBar::paintEvent(QPaintEvent *)
{
    // A hairline under the strip: the state is news about the card, not one of its fields.
    QPainter painter(this);
    painter.setPen(QPen(palette().color(QPalette::Midlight), 1));
    painter.drawLine(QPointF(0, height() - 2.5), QPointF(width(), height() - 2.5));
}

QString CardStateBar::stateChipText(const QString &state)
{
    return lookOf(state).symbol + QLatin1Char(' ') + capitalized(isolatedText(state));
}

CardStateBar::CardStateBar(const CardState &state, QWidget *parent)
    : QFrame(parent)
{
    setObjectName(QStringLiteral("cardStateBar"));
    QList<StatusTone> tones;
    if (state.isDecided()) {
        m_chips.append(QStringLiteral("\u2713 ") + tr("Decided: %1").arg(isolatedText(state.decisionAction)));
        tones.append(StatusTone::Ok);
    }
    // A backend's own "decided" says what the chip above already says.
    if (!state.state.isEmpty() && !(state.isDecided() && state.state.compare(QLatin1String("decided"), Qt::CaseInsensitive) == 0)) {
        m_chips.append(stateChipText(state.state));
        tones.append(lookOf(state.state).tone);
    }
    QList<Detail> details;
    if (state.isDecided() && !state.decisionOutcome.isEmpty() && state.decisionOutcome != state.decisionAction)
        details.append({tr("outcome"), shortened(state.decisionOutcome)});
    details.append(detailLinesOf(state.updateJson));
    for (Detail &detail : details) // what the card sent, drawn beside our own words
        detail = {isolatedText(detail.first), isolatedText(detail.second)};
    qsizetype hidden = 0;
    if (details.size() > kMaxLines) {
        hidden = details.size() - kMaxLines;
        details.resize(kMaxLines);
    }
    for (const Detail &detail : std::as_const(details))
        m_details.append(detail.first + QStringLiteral(": ") + detail.second);

    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 7); // room for the rule below (paintEvent)
    column->setSpacing(3);
    if (!m_chips.isEmpty()) {
        auto *row = new QHBoxLayout;
        row->setSpacing(6);
        for (int i = 0; i < m_chips.size(); ++i)
            row->addWidget(new StateChip(m_chips.at(i), tones.at(i), this));
        row->addStretch(1);
        column->addLayout(row);
    }
    if (!details.isEmpty()) {
        // Names muted, values as text: what the update said, apart from the card's own fields below.
        auto *grid = new QGridLayout;
        grid->setContentsMargins(0, 2, 0, 0);
        grid->setHorizontalSpacing(12);
        grid->setVerticalSpacing(2);
        QFont small = font();
        small.setPointSizeF(small.pointSizeF() * 0.92);
        for (int i = 0; i < details.size(); ++i) {
            auto *name = new QLabel(details.at(i).first, this);
            name->setObjectName(QStringLiteral("cardStateName"));
            name->setTextFormat(Qt::PlainText);
            name->setForegroundRole(QPalette::PlaceholderText);
            name->setFont(small);
            name->setAlignment(Qt::AlignLeft | Qt::AlignTop);
            auto *value = new QLabel(details.at(i).second, this);
            value->setObjectName(QStringLiteral("cardStateDetail"));
            value->setTextFormat(Qt::PlainText);
            value->setWordWrap(true);
            value->setFont(small);
            value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
            value->setAccessibleName(details.at(i).first);
            grid->addWidget(name, i, 0);
            grid->addWidget(value, i, 1);
        }
        grid->setColumnStretch(1, 1);
        column->addLayout(grid);
    }
    if (hidden > 0) {
        auto *more = new QLabel(tr("\u2026 %n more not shown (at most %1 lines)", nullptr, int(hidden)).arg(kMaxLines), this);
        more->setObjectName(QStringLiteral("cardStateMore"));
        more->setForegroundRole(QPalette::PlaceholderText);
        column->addWidget(more);
    }

    QStringList sentence;
    for (const QString &chip : std::as_const(m_chips))
        sentence.append(chip.section(QLatin1Char(' '), 1)); // the words without the symbol
    sentence.append(m_details);
    m_summary = sentence.join(QStringLiteral(". "));
    setAccessibleName(tr("Card state"));
    setAccessibleDescription(m_summary);
}

} // namespace Tessera
