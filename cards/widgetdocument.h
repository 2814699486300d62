#pragma once

// DorkOS widget documents (seed 003 "Generative UI") as a card dialect: {version: 1, title?, root}.
// A ```dorkos-ui fenced block inside assistant Markdown is one document; the transcript parser turns each
// fence into a Card of kind "dorkos_ui" (CardSource::ProseFence) whose raw text is the fence's JSON, and
// the prose block draws it in place. An envelope {"kind":"dorkos_ui","specVersion":1,"payload":{…}} is
// the same document arriving as a card.

#include <QList>
#include <QString>
#include <QStringView>

#include <nlohmann/json_fwd.hpp>

#include "card.h"

namespace Tessera {

// One fenced block in Markdown text.
struct ProseFence
{
    qsizetype begin = 0;  // offset of the opening ``` line in the text (UTF-16 units)
    qsizetype end = 0;    // offset just past the closing fence line, or the text's end when unclosed
    QString json;         // the text between the fence lines
    bool closed = false;  // false: still streaming (draw a skeleton)
};

// Every ```dorkos-ui fence in text, in order (CommonMark fences: ``` or ~~~, 3+ chars, up to 3 spaces
// of indent, the info string's first word is "dorkos-ui").
QList<ProseFence> findWidgetFences(QStringView markdown);

// Issues in a widget document, pointers under "/payload". Called by CardValidator.
void validateWidgetDocument(const nlohmann::json &payload, QList<ValidationIssue> &issues);

} // namespace Tessera
