#pragma once

// A server's elicitation/create shown as a form card in the conversation (issue 16): the server's name
// and message, one row per field (text, number, whole number, a check box, a drop-down of options, a
// list of check boxes for a multiple choice), defaults filled in, required fields marked, and Accept /
// Decline / Cancel. Accept checks the values with McpElicitationForm::content and says what does not fit
// beside the buttons; the card stays open until it does. Once answered the card keeps the values, turns
// read-only and says which answer went back.
//
// It only draws and collects: answered() carries the answer, and whoever holds the McpClient passes it
// to answerElicitation(key, action, content).

#include <nlohmann/json.hpp>

#include <widgets/card/cardframe.h>

#include <mcp/mcpelicitation.h>

class QLabel;
class QPushButton;

namespace Tessera {

class McpElicitationCard : public CardFrame
{
    Q_OBJECT

public:
    McpElicitationCard(const QString &serverName, const McpElicitationForm &form, QWidget *parent = nullptr);

    // The values as the form shows them now (an object; fields left empty are absent).
    nlohmann::json values() const;
    // What Accept does; false with the error shown when the values do not fit.
    bool accept();
    void decline();
    void cancel();
    bool isAnswered() const { return m_answered; }
    QString errorText() const;
    QString outcomeText() const; // "Accepted: sent to the server." once answered
    // A replay: the card as the answer left it (values shown as sent), read-only; answered() is not emitted.
    void showAnswered(const QString &action);
    // A replay of a request its turn ended without an answer: read-only, saying so.
    void showExpired();
    // The answer did not reach the server (the session refused it): the card opens again, saying why.
    void reopen(const QString &reason);

    // The form with `content` (an accept answer's values) as its defaults: what a replay shows.
    static McpElicitationForm withValues(McpElicitationForm form, const nlohmann::json &content);

Q_SIGNALS:
    // action: "accept" (content: the checked values), "decline" or "cancel" (content: {}).
    void answered(const QString &action, const nlohmann::json &content);

private:
    void finish(const QString &action, const nlohmann::json &content, const QString &said);
    void close(const QString &said);
    QWidget *editorFor(const McpElicitationField &field);

    McpElicitationForm m_form;
    QList<QWidget *> m_editors; // one per field, in m_form.fields' order
    QLabel *m_error = nullptr;
    QLabel *m_outcome = nullptr;
    QList<QPushButton *> m_buttons;
    bool m_answered = false;
};

} // namespace Tessera
