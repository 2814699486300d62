// The peer of `tessera validate FILE.jsonl` for tessera-bench (issue 17): Node's JSON.parse and zod 4
// (pinned in package.json) over the same transcript, printing one line per invalid card or unreadable
// line. The zod schemas are built from Tessera's own payload schemas (resources/schemas, the draft-7
// keywords they use), so both sides check the same catalog. Run: node bench/peers/validate.mjs FILE
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const schemaDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'resources', 'schemas');

function toZod(s) {
  if (s.oneOf) return z.union(s.oneOf.map(toZod));
  if (s.enum) return z.enum(s.enum.map(String));
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const one = (type) => {
    switch (type) {
      case 'string': {
        let t = z.string();
        if (s.minLength !== undefined) t = t.min(s.minLength);
        if (s.maxLength !== undefined) t = t.max(s.maxLength);
        if (s.pattern) t = t.regex(new RegExp(s.pattern, 'u'));
        return t;
      }
      case 'integer': return z.number().int();
      case 'number': return z.number();
      case 'boolean': return z.boolean();
      case 'null': return z.null();
      case 'array': {
        let t = z.array(s.items ? toZod(s.items) : z.unknown());
        if (s.minItems !== undefined) t = t.min(s.minItems);
        if (s.maxItems !== undefined) t = t.max(s.maxItems);
        return t;
      }
      case 'object': {
        const required = new Set(s.required ?? []);
        const shape = {};
        for (const [key, value] of Object.entries(s.properties ?? {}))
          shape[key] = required.has(key) ? toZod(value) : toZod(value).optional();
        return z.looseObject(shape);
      }
      default: return z.unknown();
    }
  };
  return types.length === 1 ? one(types[0]) : z.union(types.map(one));
}

const payloads = {};
for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.json')))
  payloads[file.slice(0, -5)] = toZod(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')));
const envelope = z.looseObject({ kind: z.enum(Object.keys(payloads)), specVersion: z.number().int(), payload: z.unknown() });

let invalid = 0;
const out = [];
readFileSync(process.argv[2], 'utf8').split('\n').forEach((line, index) => {
  if (!line.trim()) return;
  let message;
  try { message = JSON.parse(line); } catch (e) { invalid++; out.push(`line ${index + 1}: (unreadable): ${e.message}`); return; }
  const card = message?.structured?.card;
  if (card === undefined) return;
  let result = envelope.safeParse(card);
  if (result.success) result = payloads[card.kind].safeParse(card.payload);
  if (result.success) return;
  invalid++;
  const issue = result.error.issues[0];
  out.push(`line ${index + 1}: ${card.kind ?? '(no kind)'}: /${issue.path.join('/')}: ${issue.message}`);
});
if (out.length) process.stdout.write(out.join('\n') + '\n');
process.exit(invalid === 0 ? 0 : 1);
