-- Tessera store fixture: schema version 1, as the first store build wrote it (issue 4).
-- tst_storemigration turns this script into a database, one statement per line, and opens it
-- with the running build: the migration to the current version must keep every raw line byte for
-- byte and derive the rest. Line 4 of the first conversation is an item_list with id "cli:ethos"
-- (imagine v1 refused it: it is valid now); line 5 an alert with severity "fatal" (invalid);
-- line 7 holds invalid UTF-8 (0xC3 before the quote), line 8 is not JSON.
PRAGMA application_id = 1414746689;
CREATE TABLE conversations(id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, source TEXT NOT NULL DEFAULT '');
CREATE TABLE messages(conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE, seq INTEGER NOT NULL, raw_line BLOB NOT NULL, role TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL, PRIMARY KEY(conversation_id, seq));
INSERT INTO conversations VALUES('11111111-1111-4111-8111-111111111111', 'Where did the money go this week?', '2026-01-05T10:00:00.000Z', '2026-01-05T10:02:00.000Z', '/home/ana/flows.jsonl');
INSERT INTO conversations VALUES('22222222-2222-4222-8222-222222222222', 'Show the TITAN setup', '2026-01-06T09:00:00.000Z', '2026-01-06T09:01:00.000Z', '/home/ana/titan.jsonl');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 1, CAST('{"role":"user","content":"Where did the money go this week?","turn_id":"turn_1","created_at":"2026-01-05T10:00:00Z"}' AS BLOB), 'user', '2026-01-05T10:01:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 2, CAST('{"role":"assistant","content":null,"turn_id":"turn_1","tool_calls":[{"id":"call_1","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"data_table\",\"payload\":{\"columns\":[{\"key\":\"s\",\"label\":\"Sector\"}],\"rows\":[{\"s\":\"Pharma\"}]}}"}}]}' AS BLOB), 'assistant', '2026-01-05T10:02:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 3, CAST('{"role":"tool","tool_call_id":"call_1","name":"emit_card","content":"rendered: data_table","turn_id":"turn_1","structured":{"card":{"kind":"data_table","specVersion":1,"payload":{"title":"Sector flow","columns":[{"key":"s","label":"Sector"}],"rows":[{"s":"Pharma"}]}}}}' AS BLOB), 'tool', '2026-01-05T10:03:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 4, CAST('{"role":"tool","tool_call_id":"call_2","name":"emit_card","content":"rendered: item_list","turn_id":"turn_1","structured":{"card":{"kind":"item_list","specVersion":1,"payload":{"items":[{"id":"cli:ethos","name":"cli:ethos","status":"ok"}]}}}}' AS BLOB), 'tool', '2026-01-05T10:04:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 5, CAST('{"role":"tool","tool_call_id":"call_3","name":"emit_card","content":"rendered: alert","turn_id":"turn_1","structured":{"card":{"kind":"alert","specVersion":1,"payload":{"severity":"fatal","message":"Feed down."}}}}' AS BLOB), 'tool', '2026-01-05T10:05:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 6, CAST('{"role":"assistant","content":"Pharma led the inflows.","turn_id":"turn_1","x_unknown":{"kept":true}}' AS BLOB), 'assistant', '2026-01-05T10:06:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 7, X'7B22726F6C65223A22617373697374616E74222C22636F6E74656E74223A22636166C3227D', '', '2026-01-05T10:07:00.000Z');
INSERT INTO messages VALUES('11111111-1111-4111-8111-111111111111', 8, CAST('{not json' AS BLOB), '', '2026-01-05T10:08:00.000Z');
INSERT INTO messages VALUES('22222222-2222-4222-8222-222222222222', 1, CAST('{"role":"user","content":"Show the TITAN setup","turn_id":"turn_2","created_at":"2026-01-06T09:00:00Z"}' AS BLOB), 'user', '2026-01-06T10:01:00.000Z');
INSERT INTO messages VALUES('22222222-2222-4222-8222-222222222222', 2, CAST('{"role":"assistant","content":null,"turn_id":"turn_2","tool_calls":[{"id":"call_9","type":"function","function":{"name":"emit_card","arguments":"{\"kind\":\"detail\",\"payload\":{\"title\":\"TITAN\",\"fields\":[{\"label\":\"Entry\",\"value\":\"3412\"}]}}"}}]}' AS BLOB), 'assistant', '2026-01-06T10:02:00.000Z');
PRAGMA user_version = 1;
