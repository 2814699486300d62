#include "transcript.h"

#include <QFile>
#include <QSet>

#include <nlohmann/json.hpp>

#include "jsonaccess.h"
#include "strictjson.h"

namespace Tessera {

using nlohmann::json;

namespace {

const char kCardPointer[] = "/structured/card";

MessageRole roleFromName(const QString &name)
{
    if (name == QLatin1String("user"))
        return MessageRole::User;
    if (name == QLatin1String("assistant"))
        return MessageRole::Assistant;
    if (name == QLatin1String("tool"))
        return MessageRole::Tool;
    if (name == QLatin1String("system") || name == QLatin1String("developer"))
        return MessageRole::System;
    return MessageRole::Unknown;
}

// content is a string, null, or an array of parts ({type: "text", text}) in the Chat Completions shape.
QString contentText(const json &content)
{
    if (content.is_string())
        return fromStdString(content.get_ref<const std::string &>());
    QString text;
    if (content.is_array()) {
        for (const json &part : content) {
            if (part.is_string()) {
                const QString partText = fromStdString(part.get_ref<const std::string &>());
                if (!text.isEmpty() && !partText.isEmpty())
                    text += QLatin1String("\n\n");
                text += partText;
            } else if (part.is_object()) {
                const QString partText = jsonString(part, "text");
                if (!partText.isEmpty()) {
                    if (!text.isEmpty())
                        text += QLatin1String("\n\n");
                    text += partText;
                }
            }
        }
    }
    return text;
}

bool isCardTool(const QString &name)
{
    return name == QLatin1String("emit_card") || name == QLatin1String("render_ui");
}

QByteArray trimLineEnd(QByteArray line)
{
    while (line.endsWith('\r'))
        line.chop(1);
    return line;
}

bool isBlank(const QByteArray &line)
{
    for (char c : line) {
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

} // namespace

json Message::json() const
{
    if (!isReadable())
        return nullptr;
    StrictJsonResult result = parseStrictJson(std::string_view(rawLine.constData(), size_t(rawLine.size())));
    return result.ok() ? std::move(*result.value) : nlohmann::json();
}

Message parseTranscriptLine(const QByteArray &line, int lineNumber)
{
    Message message;
    message.lineNumber = lineNumber;
    message.rawLine = line;

    StrictJsonOptions options;
    options.spanPointer = kCardPointer;
    const StrictJsonResult result = parseStrictJson(std::string_view(line.constData(), size_t(line.size())), options);

    if (!result.ok()) {
        const QString pointer = fromStdString(result.errorPointer);
        if (result.spanBegin != std::string::npos && result.spanEnd == std::string::npos
            && pointer.startsWith(QLatin1String(kCardPointer))) {
            // The line broke inside the card: show the card's fallback rather than losing the message.
            message.role = MessageRole::Tool;
            message.roleName = QStringLiteral("tool");
            const QByteArray raw = line.mid(qsizetype(result.spanBegin));
            message.cards.append(Card::unparseable(raw, fromStdString(result.spanKind),
                                                   {pointer.mid(int(sizeof(kCardPointer)) - 1), fromStdString(result.error)}));
            return message;
        }
        message.readError = QStringLiteral("not valid JSON: ") + fromStdString(result.error);
        return message;
    }

    const json &value = *result.value;
    if (!value.is_object()) {
        message.readError = QStringLiteral("not a message object");
        return message;
    }
    for (const std::string &pointer : result.duplicateKeys) {
        // Inside the card, the card reports its own duplicates; "card" itself twice is the line's.
        if (QString::fromStdString(pointer).startsWith(QLatin1String(kCardPointer) + QLatin1Char('/')))
            continue;
        message.readError = QStringLiteral("key %1 appears more than once").arg(fromStdString(pointer));
        return message;
    }

    message.roleName = jsonString(value, "role");
    message.role = roleFromName(message.roleName);
    if (auto it = value.find("content"); it != value.end())
        message.content = contentText(*it);
    message.id = jsonString(value, "id");
    message.turnId = jsonString(value, "turn_id");
    message.createdAt = jsonString(value, "created_at");
    message.toolCallId = jsonString(value, "tool_call_id");
    message.toolName = jsonString(value, "name");

    if (auto calls = value.find("tool_calls"); calls != value.end() && !calls->is_array() && !calls->is_null()) {
        // A shape Tessera cannot read is shown as such, never dropped in silence.
        message.readError = QStringLiteral("tool_calls must be an array");
        return message;
    }
    if (auto calls = value.find("tool_calls"); calls != value.end() && calls->is_array()) {
        for (const json &call : *calls) {
            if (!call.is_object())
                continue;
            ToolCall toolCall;
            toolCall.id = jsonString(call, "id");
            auto function = call.find("function");
            if (function != call.end() && function->is_object()) {
                toolCall.name = jsonString(*function, "name");
                auto args = function->find("arguments");
                if (args != function->end()) {
                    if (args->is_string()) {
                        const std::string &text = args->get_ref<const std::string &>();
                        toolCall.arguments = QByteArray(text.data(), qsizetype(text.size()));
                    } else {
                        toolCall.arguments = QByteArray::fromStdString(args->dump());
                    }
                }
            }
            message.toolCalls.append(toolCall);
        }
    }

    if (result.spanBegin != std::string::npos && result.spanEnd != std::string::npos) {
        const QByteArray raw = line.mid(qsizetype(result.spanBegin), qsizetype(result.spanEnd - result.spanBegin));
        message.cards.append(Card::fromEnvelopeText(raw, CardSource::ToolResult));
    } else if (auto structured = value.find("structured"); structured != value.end() && structured->is_object()) {
        if (auto card = structured->find("card"); card != structured->end()) {
            // Present but not an object: validation says so, with the value as its raw text.
            message.cards.append(Card::fromEnvelopeText(QByteArray::fromStdString(card->dump()), CardSource::ToolResult));
        }
    }
    return message;
}

Transcript Transcript::fromJsonLines(const QByteArray &data)
{
    Transcript transcript;
    qsizetype start = 0;
    if (data.startsWith("\xEF\xBB\xBF"))
        start = 3;
    int lineNumber = 0;
    while (start < data.size()) {
        qsizetype end = data.indexOf('\n', start);
        if (end < 0)
            end = data.size();
        ++lineNumber;
        const QByteArray line = trimLineEnd(data.mid(start, end - start));
        start = end + 1;
        if (isBlank(line))
            continue;
        transcript.messages.append(parseTranscriptLine(line, lineNumber));
    }

    // Calls whose result carries structured.card draw the card there; the others draw from arguments.
    QSet<QString> answeredCalls;
    for (const Message &m : std::as_const(transcript.messages)) {
        if (m.role == MessageRole::Tool && !m.cards.isEmpty() && !m.toolCallId.isEmpty())
            answeredCalls.insert(m.toolCallId);
    }
    for (Message &m : transcript.messages) {
        for (const ToolCall &call : std::as_const(m.toolCalls)) {
            if (isCardTool(call.name) && (call.id.isEmpty() || !answeredCalls.contains(call.id)))
                m.cards.append(Card::fromToolCall(call.name, call.arguments));
        }
    }
    return transcript;
}

bool Transcript::readFile(const QString &path, Transcript *transcript, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    *transcript = fromJsonLines(file.readAll());
    return true;
}

int Transcript::cardCount() const
{
    int count = 0;
    for (const Message &m : messages)
        count += int(m.cards.size());
    return count;
}

int Transcript::fallbackCount() const
{
    int count = 0;
    for (const Message &m : messages) {
        if (!m.isReadable())
            ++count;
        for (const Card &card : m.cards) {
            if (!card.isValid() || card.kind() == CardKind::Unknown)
                ++count;
        }
    }
    return count;
}

} // namespace Tessera
