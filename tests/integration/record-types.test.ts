/**
 * The dashboard's hand-kept record types (src/dashboard/data/records.ts) against the live schema:
 * every field an interface declares must exist in its collection with a type that can carry it,
 * so a renamed or retyped field fails here instead of on a screen.
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_COLLECTIONS } from '../../src/dashboard/data/records';
import { startPocketBase, type TestServer } from '../helpers/pocketbase';

const RECORDS_FILE = resolve(import.meta.dirname, '../../src/dashboard/data/records.ts');

/** What a TypeScript field type needs from the schema. */
type Shape = 'string' | 'number' | 'boolean' | 'string[]' | 'json';

interface SchemaField {
  name: string;
  type: string;
  maxSelect?: number;
}

/** The PocketBase field types that can carry each shape. */
function carries(field: SchemaField, shape: Shape): boolean {
  const multiple = (field.maxSelect ?? 1) > 1;
  switch (shape) {
    case 'string':
      return (
        ['text', 'email', 'url', 'editor', 'date', 'autodate'].includes(field.type) ||
        (['select', 'relation', 'file'].includes(field.type) && !multiple)
      );
    case 'number':
      return field.type === 'number';
    case 'boolean':
      return field.type === 'bool';
    case 'string[]':
      return field.type === 'json' || (['select', 'relation', 'file'].includes(field.type) && multiple);
    case 'json':
      return field.type === 'json';
  }
}

/** Each record interface of the file with its own fields' shapes, read by the TypeScript checker. */
function declaredFields(): Map<string, Map<string, Shape>> {
  const program = ts.createProgram([RECORDS_FILE], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(RECORDS_FILE)!;
  const shapeOf = (type: ts.Type): Shape => {
    const parts = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    if (parts.every((t) => t.flags & ts.TypeFlags.StringLike)) return 'string';
    if (parts.every((t) => t.flags & ts.TypeFlags.NumberLike)) return 'number';
    if (parts.every((t) => t.flags & ts.TypeFlags.BooleanLike)) return 'boolean';
    const [only] = parts;
    if (parts.length === 1 && only && checker.isArrayType(only)) {
      const [element] = checker.getTypeArguments(only as ts.TypeReference);
      if (element && element.flags & ts.TypeFlags.StringLike) return 'string[]';
    }
    return 'json';
  };
  const result = new Map<string, Map<string, Shape>>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || !node.name.text.endsWith('Record')) return;
    const fields = new Map<string, Shape>();
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) continue;
      fields.set(member.name.text, shapeOf(checker.getTypeAtLocation(member)));
    }
    result.set(node.name.text, fields);
  });
  return result;
}

let server: TestServer;
const schema = new Map<string, SchemaField[]>();

beforeAll(async () => {
  server = await startPocketBase();
  for (const collection of await server.admin.collections.getFullList()) {
    schema.set(collection.name, collection.fields as SchemaField[]);
  }
});

afterAll(async () => server?.stop());

describe('dashboard record types', () => {
  const declared = declaredFields();

  it('names a collection for every record interface', () => {
    expect([...declared.keys()].sort()).toEqual(Object.keys(RECORD_COLLECTIONS).sort());
  });

  it('declares only fields the live schema has, with compatible types', () => {
    const problems: string[] = [];
    for (const [name, fields] of declared) {
      const collection = RECORD_COLLECTIONS[name as keyof typeof RECORD_COLLECTIONS];
      const live = schema.get(collection);
      if (!live) {
        problems.push(`${name}: collection '${collection}' does not exist`);
        continue;
      }
      for (const [field, shape] of fields) {
        const found = live.find((f) => f.name === field);
        if (!found) problems.push(`${name}.${field}: no field '${field}' in '${collection}'`);
        else if (!carries(found, shape))
          problems.push(`${name}.${field}: ${shape} does not fit the '${found.type}' field of '${collection}'`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads field types the way the check relies on', () => {
    const site = declared.get('SiteRecord')!;
    expect(site.get('domain')).toBe('string');
    expect(site.get('dns_verified')).toBe('boolean');
    expect(site.get('monthly_visitors')).toBe('number');
    expect(site.get('manager_ids')).toBe('string[]');
    expect(declared.get('RuleRecord')!.get('changes')).toBe('json');
    expect(carries({ name: 'x', type: 'text' }, 'number')).toBe(false);
    expect(carries({ name: 'x', type: 'relation', maxSelect: 999 }, 'string')).toBe(false);
  });
});
