#pragma once

// Sample transcript lines (kept out of the test source: moc cannot parse these raw strings).

#include <QByteArray>

#include <initializer_list>

namespace {

const char kUser[] = R"({"role":"user","content":"Where did the money go this week?","x_client":{"seat":4}})";
const char kCall[] = R"({"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"alert\",\"payload\":{\"severity\":\"info\",\"message\":\"from the call\"}}"}}]})";
const char kResult[] = R"({"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"rendered: alert","structured":{"card":{"kind":"alert","specVersion":1,"payload":{"severity":"warning","message":"from the result"}}}})";
const char kProse[] = R"({"role":"assistant","content":"Pharma led the **inflows**.","turn_id":"t1","created_at":"2026-08-08T10:00:00Z","id":"m4"})";
const char kLoneCall[] = R"({"role":"assistant","content":"Here:","tool_calls":[{"id":"call_2","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"text\",\"payload\":{\"text\":\"hello\"}}"}},{"id":"call_3","type":"function","function":{"name":"web_search","arguments":"{}"}}]})";

QByteArray lines(std::initializer_list<const char *> parts)
{
    QByteArray data;
    for (const char *p : parts)
        data += QByteArray(p) + '\n';
    return data;
}

} // namespace
