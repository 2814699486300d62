#pragma once

// Widget templates (seed 003 "Skill Widget Templates"): a personality directory's ui/*.widget.json files,
// each {"name", "description", "document"}, where document is a widget document (widgetdocument.h) whose
// strings may hold {{placeholder}} tokens by the rules of validateWidgetTemplateDocument. The agent fills
// the placeholders and sends the result as a ```dorkos-ui fence, which is then checked and drawn like any
// widget document; a template itself is never a card and never drawn.
//
// A file's problems ("structural errors") carry the file as "ui/NAME.widget.json" and a JSON Pointer
// into it: "/name", "/document/root/value", "" for the whole file. Rules of the file (unknown members
// are ignored, PRODUCT.md §1):
//   name         required, 1–kWidgetTemplateMaxName characters: letters, digits, "-", "_" or "."; unique in
//                the directory (the second file using it has the problem)
//   description  required, not empty, at most kWidgetTemplateMaxDescription characters
//   document     required, an object: the template document
// plus: the file is strict JSON (widgetdocument.h's parser rules: no duplicate keys, UTF-8), at most
// kWidgetTemplateMaxBytes bytes; at most kWidgetTemplateMaxFiles files are read (sorted by name), more is
// one problem on "ui/".

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <cards/card.h>

namespace Tessera {

inline constexpr int kWidgetTemplateMaxName = 64;
inline constexpr int kWidgetTemplateMaxDescription = 500;
inline constexpr qint64 kWidgetTemplateMaxBytes = 256 * 1024;
inline constexpr int kWidgetTemplateMaxFiles = 100;

struct WidgetTemplate
{
    QString file;          // "ui/issue-stat.widget.json"
    QString name;
    QString description;
    QByteArray documentJson; // the document as compact JSON (placeholders unfilled)
    QStringList placeholders; // the names used, each once, in the order documentJson holds them
};

struct WidgetTemplateProblem
{
    QString file;    // "ui/issue-stat.widget.json" ("ui/" for the directory)
    QString pointer; // JSON Pointer into the file; "" = the whole file
    QString message;
    // "ui/issue-stat.widget.json: /document/root/value: a placeholder is …" (no pointer part for "").
    QString line() const;
};

struct WidgetTemplateSet
{
    QList<WidgetTemplate> templates;       // the good ones, sorted by file name
    QList<WidgetTemplateProblem> problems; // every problem of every file, in file order
    // false: the directory (or a file in it) could not be read at all; `unreadable` says what.
    bool readable = true;
    QString unreadable;
};

// The issues of one template file's bytes (pointers as above); empty = a good template. Fills *out
// (when given) with the template when there are none.
QList<ValidationIssue> checkWidgetTemplate(const QByteArray &bytes, WidgetTemplate *out = nullptr);

// Every ui/*.widget.json under personalityDir. No ui/ directory: no templates, no problems. A
// personalityDir that is not a readable directory, a ui that is not a directory, or a file that cannot
// be opened: readable false. An entry that is not a regular file nor a link to one (a FIFO, a socket,
// a device) is a problem "is not a regular file: not opened" and is never opened.
WidgetTemplateSet loadWidgetTemplates(const QString &personalityDir);

} // namespace Tessera
