#include <mcp/mcpelicitation.h>

#include <cmath>

#include <QCoreApplication>

#include <cards/strictjson.h>

namespace Tessera {

namespace {

using json = nlohmann::json;
using Type = McpElicitationField::Type;

QString str(const json &value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

bool fail(QString *error, const QString &at, const QString &message)
{
    *error = at + QStringLiteral(": ") + message;
    return false;
}

int intMember(const json &object, const char *name)
{
    const auto it = object.find(name);
    return it != object.end() && it->is_number_unsigned() ? int(std::min<std::uint64_t>(it->get<std::uint64_t>(), 1u << 20))
                                                          : -1;
}

// Options of a choice: enum (+ legacy enumNames), or oneOf/anyOf of {const, title}.
bool readOptions(const json &schema, const QString &at, McpElicitationField *field, QString *error)
{
    if (const auto values = schema.find("enum"); values != schema.end()) {
        if (!values->is_array() || values->empty())
            return fail(error, at + QStringLiteral("/enum"), QStringLiteral("must be a non-empty array of strings"));
        const json names = schema.value("enumNames", json::array());
        for (std::size_t i = 0; i < values->size(); ++i) {
            if (!(*values)[i].is_string())
                return fail(error, at + QStringLiteral("/enum/") + QString::number(i), QStringLiteral("must be a string"));
            field->options.append(str((*values)[i]));
            field->optionTitles.append(names.is_array() && i < names.size() && names[i].is_string() ? str(names[i]) : str((*values)[i]));
        }
        return true;
    }
    for (const char *member : {"oneOf", "anyOf"}) {
        const auto list = schema.find(member);
        if (list == schema.end())
            continue;
        if (!list->is_array() || list->empty())
            return fail(error, at + QLatin1Char('/') + QLatin1String(member), QStringLiteral("must be a non-empty array of {const, title}"));
        for (std::size_t i = 0; i < list->size(); ++i) {
            const json &option = (*list)[i];
            if (!option.is_object() || !option.contains("const") || !option["const"].is_string())
                return fail(error, at + QLatin1Char('/') + QLatin1String(member) + QLatin1Char('/') + QString::number(i),
                            QStringLiteral("must be {\"const\": string, \"title\": string}"));
            field->options.append(str(option["const"]));
            field->optionTitles.append(option.contains("title") && option["title"].is_string() ? str(option["title"]) : str(option["const"]));
        }
        return true;
    }
    return false; // not a choice
}

bool parseField(const std::string &name, const json &schema, const QString &at, McpElicitationField *field, QString *error)
{
    field->name = QString::fromStdString(name);
    if (!schema.is_object())
        return fail(error, at, QStringLiteral("must be an object (a field's schema)"));
    field->title = str(schema.value("title", json())).isEmpty() ? field->name : str(schema["title"]);
    field->description = str(schema.value("description", json()));
    const QString type = str(schema.value("type", json()));
    field->defaultValue = schema.value("default", json());
    if (type == QLatin1String("string")) {
        QString optionsError;
        if (readOptions(schema, at, field, &optionsError) || !optionsError.isEmpty()) {
            if (!optionsError.isEmpty())
                return (*error = optionsError, false);
            field->type = Type::Choice;
        } else {
            field->type = Type::String;
            field->format = str(schema.value("format", json()));
            field->minLength = intMember(schema, "minLength");
            field->maxLength = intMember(schema, "maxLength");
        }
    } else if (type == QLatin1String("number") || type == QLatin1String("integer")) {
        field->type = type == QLatin1String("number") ? Type::Number : Type::Integer;
        for (const char *bound : {"minimum", "maximum"}) {
            const json value = schema.value(bound, json());
            if (!value.is_null() && !value.is_number())
                return fail(error, at + QLatin1Char('/') + QLatin1String(bound), QStringLiteral("must be a number"));
            (std::string(bound) == "minimum" ? field->minimum : field->maximum) = value;
        }
    } else if (type == QLatin1String("boolean")) {
        field->type = Type::Boolean;
    } else if (type == QLatin1String("array")) {
        const json items = schema.value("items", json());
        QString optionsError;
        if (!items.is_object() || !readOptions(items, at + QStringLiteral("/items"), field, &optionsError))
            return fail(error, at + QStringLiteral("/items"),
                        optionsError.isEmpty() ? QStringLiteral("an array field must list its options (enum or anyOf)") : optionsError);
        field->type = Type::MultiChoice;
        field->minLength = intMember(schema, "minItems");
        field->maxLength = intMember(schema, "maxItems");
    } else {
        return fail(error, at + QStringLiteral("/type"),
                    QStringLiteral("\"%1\" is not a field Tessera can show (string, number, integer, boolean, or a choice)").arg(type));
    }
    if (!field->defaultValue.is_null()) {
        json checked;
        QString problem;
        McpElicitationForm probe;
        probe.fields = {*field};
        probe.fields[0].required = false;
        if (!probe.content(json::object(), &checked, &problem))
            return fail(error, at + QStringLiteral("/default"), problem.mid(problem.indexOf(QLatin1String(": ")) + 2));
    }
    return true;
}

// One value against its field; the value as sent into *out.
bool checkValue(const McpElicitationField &f, const json &value, json *out, QString *why)
{
    auto bounded = [&f, why](double number) {
        if (f.minimum.is_number() && number < f.minimum.get<double>())
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be at least %1").arg(QString::fromStdString(f.minimum.dump())), false);
        if (f.maximum.is_number() && number > f.maximum.get<double>())
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be at most %1").arg(QString::fromStdString(f.maximum.dump())), false);
        return true;
    };
    switch (f.type) {
    case Type::String: {
        if (!value.is_string())
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be text"), false);
        const qsizetype length = str(value).size();
        if (f.minLength >= 0 && length < f.minLength)
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be at least %1 characters").arg(f.minLength), false);
        if (f.maxLength >= 0 && length > f.maxLength)
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be at most %1 characters").arg(f.maxLength), false);
        break;
    }
    case Type::Number:
        if (!value.is_number())
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be a number"), false);
        if (!bounded(value.get<double>()))
            return false;
        break;
    case Type::Integer: {
        const bool integral = value.is_number_integer() || (value.is_number_float() && std::trunc(value.get<double>()) == value.get<double>());
        if (!integral)
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be a whole number"), false);
        if (!bounded(value.get<double>()))
            return false;
        *out = value.is_number_float() ? json(std::llround(value.get<double>())) : value;
        return true;
    }
    case Type::Boolean:
        if (!value.is_boolean())
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be true or false"), false);
        break;
    case Type::Choice:
        if (!value.is_string() || !f.options.contains(str(value)))
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be one of: %1").arg(f.options.join(QStringLiteral(", "))), false);
        break;
    case Type::MultiChoice: {
        if (!value.is_array())
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be a list of: %1").arg(f.options.join(QStringLiteral(", "))), false);
        for (const json &item : value) {
            if (!item.is_string() || !f.options.contains(str(item)))
                return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "must be a list of: %1").arg(f.options.join(QStringLiteral(", "))), false);
        }
        if (f.minLength >= 0 && int(value.size()) < f.minLength)
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "needs at least %1 chosen").arg(f.minLength), false);
        if (f.maxLength >= 0 && int(value.size()) > f.maxLength)
            return (*why = QCoreApplication::translate("Tessera::McpElicitationForm", "takes at most %1 chosen").arg(f.maxLength), false);
        break;
    }
    }
    *out = value;
    return true;
}

} // namespace

bool McpElicitationForm::parse(const json &params, McpElicitationForm *out, QString *error)
{
    if (!params.is_object())
        return fail(error, QStringLiteral("(params)"), QStringLiteral("must be an object"));
    if (params.contains("mode") && params["mode"] != "form")
        return fail(error, QStringLiteral("/mode"), QStringLiteral("only form elicitation is supported"));
    McpElicitationForm form;
    form.message = str(params.value("message", json()));
    const json schema = params.value("requestedSchema", json());
    if (!schema.is_object() || schema.value("type", json()) != "object")
        return fail(error, QStringLiteral("/requestedSchema"), QStringLiteral("must be {\"type\": \"object\", \"properties\": …}"));
    const json properties = schema.value("properties", json::object());
    if (!properties.is_object())
        return fail(error, QStringLiteral("/requestedSchema/properties"), QStringLiteral("must be an object"));
    if (properties.size() > std::size_t(kMaxFields))
        return fail(error, QStringLiteral("/requestedSchema/properties"), QStringLiteral("has more than %1 fields").arg(kMaxFields));
    QStringList required;
    if (const auto list = schema.find("required"); list != schema.end() && list->is_array()) {
        for (const json &name : *list)
            required.append(str(name));
    }
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        McpElicitationField field;
        const QString at = QStringLiteral("/requestedSchema/properties/") + QString::fromStdString(escapePointerToken(it.key()));
        if (!parseField(it.key(), it.value(), at, &field, error))
            return false;
        field.required = required.contains(field.name);
        form.fields.append(field);
    }
    form.params = {{"message", params.value("message", json(""))}, {"requestedSchema", schema}};
    *out = form;
    return true;
}

json McpElicitationForm::defaults() const
{
    json out = json::object();
    for (const McpElicitationField &f : fields) {
        if (!f.defaultValue.is_null())
            out[f.name.toStdString()] = f.defaultValue;
    }
    return out;
}

bool McpElicitationForm::content(const json &values, json *out, QString *error) const
{
    if (!values.is_object())
        return fail(error, QStringLiteral("(values)"), QStringLiteral("must be an object of field values"));
    for (auto it = values.begin(); it != values.end(); ++it) {
        const QString name = QString::fromStdString(it.key());
        if (std::none_of(fields.begin(), fields.end(), [&name](const McpElicitationField &f) { return f.name == name; }))
            return fail(error, name, QCoreApplication::translate("Tessera::McpElicitationForm", "is not a field of this form"));
    }
    json result = json::object();
    for (const McpElicitationField &f : fields) {
        const std::string key = f.name.toStdString();
        const json value = values.contains(key) ? values[key] : f.defaultValue;
        if (value.is_null()) {
            if (f.required)
                return fail(error, f.name, QCoreApplication::translate("Tessera::McpElicitationForm", "is required"));
            continue;
        }
        QString why;
        if (!checkValue(f, value, &result[key], &why))
            return fail(error, f.name, why);
    }
    *out = result;
    return true;
}

} // namespace Tessera
