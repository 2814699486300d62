#include <app/mcpelicitationcard.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Tessera {

namespace {

using json = nlohmann::json;
using Type = McpElicitationField::Type;

QString placeholderFor(const McpElicitationField &field)
{
    if (field.format == QLatin1String("email"))
        return QStringLiteral("name@example.org");
    if (field.format == QLatin1String("uri"))
        return QStringLiteral("https://…");
    if (field.format == QLatin1String("date"))
        return QStringLiteral("YYYY-MM-DD");
    if (field.format == QLatin1String("date-time"))
        return QStringLiteral("YYYY-MM-DDTHH:MM:SSZ");
    return QString();
}

QString scalarText(const json &value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    return value.is_number() ? QString::fromStdString(value.dump()) : QString();
}

} // namespace

McpElicitationCard::McpElicitationCard(const QString &serverName, const McpElicitationForm &form, QWidget *parent)
    : CardFrame(QStringLiteral("form"), tr("%1 asks").arg(serverName), parent)
    , m_form(form)
{
    setObjectName(QStringLiteral("mcpElicitationCard"));
    auto *message = new QLabel(form.message, this);
    message->setObjectName(QStringLiteral("elicitationMessage"));
    message->setWordWrap(true);
    message->setTextFormat(Qt::PlainText); // a server's words, never markup
    bodyLayout()->addWidget(message);

    auto *fields = new QFormLayout;
    fields->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const McpElicitationField &field : std::as_const(m_form.fields)) {
        QWidget *editor = editorFor(field);
        editor->setObjectName(QStringLiteral("field_") + field.name);
        editor->setToolTip(field.description);
        editor->setAccessibleName(field.title);
        editor->setAccessibleDescription(field.description);
        m_editors.append(editor);
        auto *label = new QLabel(field.required ? tr("%1 *").arg(field.title) : field.title, this);
        label->setTextFormat(Qt::PlainText);
        label->setBuddy(editor);
        fields->addRow(label, editor);
    }
    bodyLayout()->addLayout(fields);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("elicitationError"));
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->hide();
    bodyLayout()->addWidget(m_error);
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(QStringLiteral("elicitationOutcome"));
    m_outcome->hide();
    bodyLayout()->addWidget(m_outcome);

    auto *buttons = new QHBoxLayout;
    auto *acceptButton = new QPushButton(tr("Accept"), this);
    acceptButton->setObjectName(QStringLiteral("elicitationAccept"));
    acceptButton->setDefault(true);
    auto *declineButton = new QPushButton(tr("Decline"), this);
    declineButton->setObjectName(QStringLiteral("elicitationDecline"));
    auto *cancelButton = new QPushButton(tr("Cancel"), this);
    cancelButton->setObjectName(QStringLiteral("elicitationCancel"));
    m_buttons = {acceptButton, declineButton, cancelButton};
    buttons->addWidget(acceptButton);
    buttons->addWidget(declineButton);
    buttons->addWidget(cancelButton);
    buttons->addStretch();
    bodyLayout()->addLayout(buttons);
    connect(acceptButton, &QPushButton::clicked, this, [this] { accept(); });
    connect(declineButton, &QPushButton::clicked, this, &McpElicitationCard::decline);
    connect(cancelButton, &QPushButton::clicked, this, &McpElicitationCard::cancel);
}

QWidget *McpElicitationCard::editorFor(const McpElicitationField &field)
{
    switch (field.type) {
    case Type::Boolean: {
        auto *box = new QCheckBox(this);
        box->setChecked(field.defaultValue.is_boolean() && field.defaultValue.get<bool>());
        return box;
    }
    case Type::Choice: {
        auto *combo = new QComboBox(this);
        if (!field.required || field.defaultValue.is_null())
            combo->addItem(tr("(none)"), QString());
        for (int i = 0; i < field.options.size(); ++i)
            combo->addItem(field.optionTitles.value(i), field.options.at(i));
        combo->setCurrentIndex(qMax(0, combo->findData(scalarText(field.defaultValue))));
        return combo;
    }
    case Type::MultiChoice: {
        auto *group = new QWidget(this);
        auto *layout = new QVBoxLayout(group);
        layout->setContentsMargins(0, 0, 0, 0);
        for (int i = 0; i < field.options.size(); ++i) {
            auto *box = new QCheckBox(field.optionTitles.value(i), group);
            box->setProperty("optionValue", field.options.at(i));
            bool chosen = false;
            if (field.defaultValue.is_array()) {
                for (const json &item : field.defaultValue)
                    chosen = chosen || scalarText(item) == field.options.at(i);
            }
            box->setChecked(chosen);
            layout->addWidget(box);
        }
        return group;
    }
    case Type::String:
    case Type::Number:
    case Type::Integer:
        break;
    }
    auto *line = new QLineEdit(this);
    line->setText(scalarText(field.defaultValue));
    line->setPlaceholderText(placeholderFor(field));
    if (field.maxLength > 0 && field.type == Type::String)
        line->setMaxLength(field.maxLength);
    return line;
}

json McpElicitationCard::values() const
{
    json out = json::object();
    for (int i = 0; i < m_form.fields.size(); ++i) {
        const McpElicitationField &field = m_form.fields.at(i);
        const std::string key = field.name.toStdString();
        QWidget *editor = m_editors.at(i);
        switch (field.type) {
        case Type::Boolean:
            out[key] = static_cast<QCheckBox *>(editor)->isChecked();
            break;
        case Type::Choice:
            if (const QString value = static_cast<QComboBox *>(editor)->currentData().toString(); !value.isEmpty())
                out[key] = value.toStdString();
            break;
        case Type::MultiChoice: {
            json chosen = json::array();
            for (const QCheckBox *box : editor->findChildren<QCheckBox *>()) {
                if (box->isChecked())
                    chosen.push_back(box->property("optionValue").toString().toStdString());
            }
            out[key] = chosen;
            break;
        }
        case Type::String:
        case Type::Number:
        case Type::Integer: {
            const QString text = static_cast<QLineEdit *>(editor)->text();
            if (text.trimmed().isEmpty())
                break;
            bool ok = false;
            if (field.type == Type::Integer) {
                const qlonglong number = text.trimmed().toLongLong(&ok);
                out[key] = ok ? json(number) : json(text.toStdString()); // not a number: content() says so
            } else if (field.type == Type::Number) {
                const double number = text.trimmed().toDouble(&ok);
                out[key] = ok ? json(number) : json(text.toStdString());
            } else {
                out[key] = text.toStdString();
            }
            break;
        }
        }
    }
    return out;
}

bool McpElicitationCard::accept()
{
    if (m_answered)
        return false;
    json content;
    QString problem;
    if (!m_form.content(values(), &content, &problem)) { // an empty field is absent: its default, if any
        m_error->setText(tr("Not sent: %1").arg(problem));
        m_error->show();
        return false;
    }
    finish(QStringLiteral("accept"), content, tr("Accepted: sent to the server."));
    return true;
}

void McpElicitationCard::decline()
{
    if (!m_answered)
        finish(QStringLiteral("decline"), json::object(), tr("Declined: nothing was sent."));
}

void McpElicitationCard::cancel()
{
    if (!m_answered)
        finish(QStringLiteral("cancel"), json::object(), tr("Cancelled: nothing was sent."));
}

QString McpElicitationCard::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

QString McpElicitationCard::outcomeText() const
{
    return m_outcome->isHidden() ? QString() : m_outcome->text();
}

void McpElicitationCard::close(const QString &said)
{
    m_answered = true;
    for (QWidget *editor : std::as_const(m_editors))
        editor->setEnabled(false);
    for (QPushButton *button : std::as_const(m_buttons))
        button->hide();
    m_error->hide();
    m_outcome->setText(said);
    m_outcome->show();
}

void McpElicitationCard::finish(const QString &action, const json &content, const QString &said)
{
    close(said);
    Q_EMIT answered(action, content);
}

void McpElicitationCard::showAnswered(const QString &action)
{
    if (action == QLatin1String("accept"))
        close(tr("Accepted: sent to the server."));
    else if (action == QLatin1String("decline"))
        close(tr("Declined: nothing was sent."));
    else
        close(tr("Cancelled: nothing was sent."));
}

void McpElicitationCard::showExpired()
{
    close(tr("Not answered: the turn ended first, and the server was told it was cancelled."));
}

void McpElicitationCard::reopen(const QString &reason)
{
    m_answered = false;
    for (QWidget *editor : std::as_const(m_editors))
        editor->setEnabled(true);
    for (QPushButton *button : std::as_const(m_buttons))
        button->show();
    m_outcome->hide();
    m_error->setText(tr("Not sent: %1").arg(reason));
    m_error->show();
}

McpElicitationForm McpElicitationCard::withValues(McpElicitationForm form, const json &content)
{
    if (!content.is_object())
        return form;
    for (McpElicitationField &field : form.fields) {
        const std::string key = field.name.toStdString();
        if (content.contains(key))
            field.defaultValue = content[key];
        else if (field.type != Type::Boolean)
            field.defaultValue = json(); // left empty when it was sent: its default applied on the server
    }
    return form;
}

} // namespace Tessera
