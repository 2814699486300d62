#pragma once

// The intermediate form of a card on its way out to another surface (issue 14): what every source maps
// onto (json-render specs directly, the catalog kinds through exportmapping.cpp's table, widget-document
// nodes through its node table) and what every surface writer reads. It is not a wire format: each
// surface writer turns it into that surface's own message.
//
// Every string remembers where it came from, as a JSON Pointer into the card's payload
// ("/elements/approve/props/label", "/fields/2/value", "/root/children/0/label"), so an issue about a
// limit can name the place in the card to shorten.

#include <QList>
#include <QString>
#include <QStringList>

namespace Tessera {

// A string of the card and its JSON Pointer into the payload ("" when the card has no such value).
struct ExportString
{
    QString text;
    QString pointer;

    bool isEmpty() const { return text.isEmpty(); }
};

enum class ExportTextStyle { Plain, Bold, Muted };

struct ExportField
{
    ExportString label;
    ExportString value;
};

// A Button reports its id when pressed (seed 001 "Button presses"); a link opens its URL and reports
// nothing. One Buttons element is one row of them, as one json-render Actions element is.
struct ExportButton
{
    enum class Style { Default, Primary, Danger };
    bool isLink = false;
    ExportString id;    // Button: what a press reports
    ExportString label;
    ExportString url;   // link: the address
    Style style = Style::Default;
};

struct ExportElement
{
    enum class Kind {
        Text,    // text (style)
        Fields,  // fields
        Table,   // columns, numeric, rows (every row one cell per column)
        Buttons, // buttons: Button and LinkButton in their order
        Image,   // url, text = alt text
        Divider,
        Code,    // text = the source, language
    };

    Kind kind = Kind::Text;
    QString pointer; // the element itself
    ExportString text;
    ExportTextStyle style = ExportTextStyle::Plain;
    QString language;
    QList<ExportField> fields;
    QList<ExportString> columns;
    QList<bool> numeric; // per column: right-aligned
    QList<QList<ExportString>> rows;
    QList<ExportButton> buttons;
    ExportString url;
};

// One card, ready for a surface writer.
struct ExportCard
{
    ExportString title;
    ExportString subtitle;
    // The plain-text version (seed 001 send_card's "text"; the kind's copy-as-text otherwise): Slack's and
    // Teams' notification text, and WhatsApp's and Telegram's body when the card shows nothing else.
    ExportString plainText;
    QList<ExportElement> elements;

    int buttonCount() const;  // Buttons (not links) over every Buttons element
    int linkCount() const;    // links over every Buttons element
};

// Characters as everywhere in Tessera: Unicode code points (a surrogate pair is one).
int codePointCount(const QString &text);
// UTF-8 bytes, for the limits a platform counts in bytes (Telegram callback_data).
int utf8ByteCount(const QString &text);

} // namespace Tessera
