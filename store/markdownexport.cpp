#include <store/markdownexport.h>

#include <QStringList>

#include <cards/cardkinds.h>

namespace Tessera {

QString cardToMarkdown(const Card &card)
{
    const QString kind = card.kindName().isEmpty() ? QStringLiteral("(no kind)") : card.kindName();
    if (!card.isValid() || card.kind() == CardKind::Unknown) {
        QString note = QStringLiteral("> _Invalid %1 card").arg(kind);
        if (!card.issues().isEmpty()) {
            const ValidationIssue &issue = card.issues().first();
            note += QStringLiteral(": %1: %2").arg(issue.pointer.isEmpty() ? QStringLiteral("(envelope)") : issue.pointer, issue.message);
        } else {
            note += QStringLiteral(": this version does not know the kind");
        }
        return note + QLatin1Char('_');
    }
    return kindMarkdown(card); // the kind table's form (cards/cardkinds.h)
}

namespace {

// One message's blocks; speaker() writes "**User**" / "**Assistant**" when the speaker changes.
template<typename Speaker>
void appendMessage(QStringList *blocks, const Message &m, Speaker speaker)
{
    if (!m.isReadable()) {
        blocks->append(QStringLiteral("> _Unreadable line %1: %2_").arg(m.lineNumber).arg(m.readError));
        return;
    }
    if (m.role == MessageRole::User) {
        speaker(QStringLiteral("User"));
        if (!m.content.isEmpty())
            blocks->append(m.content.trimmed());
        return;
    }
    if (m.role != MessageRole::Assistant && m.role != MessageRole::Tool)
        return; // system lines draw nothing
    speaker(QStringLiteral("Assistant"));
    if (m.role == MessageRole::Assistant && !m.content.trimmed().isEmpty())
        blocks->append(m.content.trimmed());
    const bool cardAck = isCardToolName(m.toolName);
    if (m.role == MessageRole::Tool && m.cards.isEmpty() && !cardAck) // a card tool's ack draws nothing
        blocks->append(QStringLiteral("_Tool result: %1_").arg(m.toolName.isEmpty() ? QStringLiteral("(unnamed)") : m.toolName));
    for (const ToolCall &call : m.toolCalls) {
        if (!isCardToolName(call.name))
            blocks->append(QStringLiteral("_Tool call: %1_").arg(call.name));
    }
    for (const Card &card : m.cards)
        blocks->append(cardToMarkdown(card));
}

} // namespace

QByteArray transcriptToMarkdown(const Transcript &transcript, const QString &title)
{
    QStringList blocks;
    if (!title.isEmpty())
        blocks.append(QStringLiteral("# ") + title.simplified());
    QString lastSpeaker;
    auto speaker = [&](const QString &who) {
        if (who != lastSpeaker)
            blocks.append(QStringLiteral("**") + who + QStringLiteral("**"));
        lastSpeaker = who;
    };
    // Turn versions (issue 12): only the chosen version is written, as the window shows it, with one
    // muted line where the window puts its switcher (after the question). JSON Lines keeps them all.
    const TurnVersions versions = TurnVersions::of(transcript.messages);
    QList<int> groupAnchoredAt(transcript.messages.size(), -1);
    for (int g = 0; g < versions.groups().size(); ++g) {
        const int anchor = versions.switcherAnchor(g);
        if (anchor >= 0 && anchor < groupAnchoredAt.size())
            groupAnchoredAt[anchor] = g;
    }
    for (int index = 0; index < transcript.messages.size(); ++index) {
        if (!versions.isShown(index))
            continue;
        appendMessage(&blocks, transcript.messages.at(index), speaker);
        if (const int g = groupAnchoredAt.at(index); g >= 0) {
            const TurnVersions::Group &group = versions.groups().at(g);
            blocks.append(QStringLiteral("_Version %1 of %2 of this turn; the others are kept in the JSON Lines export._")
                              .arg(group.chosen)
                              .arg(group.count()));
        }
    }
    return blocks.join(QStringLiteral("\n\n")).toUtf8() + '\n';
}

} // namespace Tessera
