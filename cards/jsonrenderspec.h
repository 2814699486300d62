#pragma once

// json-render specs (seed 001 "Native cards"): a flat map of elements with one root, as a card dialect.
// Arrives as {"kind":"json_render","specVersion":1,"payload":{"root":…,"elements":{…}}} or as send_card
// tool arguments {spec, text} (Card::fromToolCall("send_card", …) stamps the envelope, payload = spec
// plus the call's "text").
// Components: Card, Section, Text, Fields, Field, Table, Divider, Image, Actions, Button, LinkButton.

#include <QList>
#include <QString>

#include <nlohmann/json_fwd.hpp>

#include "card.h"

namespace Tessera {

// Issues in a json_render payload, pointers under "/payload" (unknown component, missing root, a child
// that does not exist, a cycle, …). Called by CardValidator.
void validateJsonRenderSpec(const nlohmann::json &payload, QList<ValidationIssue> &issues);

// The note a Button press sends (seed 001): "[Button pressed by NAME; action=ID]", with brackets,
// semicolons and line breaks removed from NAME and ID so a crafted name cannot forge a second press.
QString buttonPressNote(const QString &presserName, const QString &actionId);

} // namespace Tessera
