#include <app/expectations.h>

#include <QMap>

#include <cards/transcript.h>

namespace Tessera {

namespace {

constexpr int kMaxCount = 1000000;

} // namespace

QString Expectation::text() const
{
    return type == Type::CardsAtLeast ? QStringLiteral("cardsAtLeast:%1").arg(count) : QStringLiteral("cardKind:") + kind;
}

bool parseExpectation(const QString &text, Expectation *out)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon < 0)
        return false;
    const QString name = text.left(colon).trimmed();
    const QString value = text.mid(colon + 1).trimmed();
    Expectation e;
    if (name == QLatin1String("cardsAtLeast")) {
        bool ok = false;
        e.type = Expectation::Type::CardsAtLeast;
        e.count = value.toInt(&ok);
        if (!ok || e.count < 0 || e.count > kMaxCount)
            return false;
    } else if (name == QLatin1String("cardKind")) {
        e.type = Expectation::Type::CardKind;
        e.kind = value;
        if (e.kind.isEmpty() || e.kind.contains(QLatin1Char(' ')))
            return false;
    } else {
        return false;
    }
    *out = e;
    return true;
}

QStringList unmetExpectations(const Transcript &transcript, const QList<Expectation> &expectations)
{
    int valid = 0;
    QMap<QString, int> kinds; // sorted: the message lists them in a stable order
    for (const Message &m : transcript.messages) {
        for (const Card &card : m.cards) {
            if (!card.isValid())
                continue;
            ++valid;
            ++kinds[card.kindName()];
        }
    }
    QStringList lines;
    for (const Expectation &e : expectations) {
        const QString head = QStringLiteral("expectation not met: %1: ").arg(e.text());
        if (e.type == Expectation::Type::CardsAtLeast && valid < e.count) {
            lines.append(head + (valid == 1 ? QStringLiteral("the conversation has 1 valid card")
                                            : QStringLiteral("the conversation has %1 valid cards").arg(valid)));
        } else if (e.type == Expectation::Type::CardKind && !kinds.contains(e.kind)) {
            const QString present = kinds.isEmpty() ? QStringLiteral("none") : QStringList(kinds.keys()).join(QStringLiteral(", "));
            lines.append(head + QStringLiteral("no valid %1 card (valid kinds: %2)").arg(e.kind, present));
        }
    }
    return lines;
}

} // namespace Tessera
